// GraphQL operations of the market figures (issue: pictures where people would rather look than read): a token's
// price history, and a collection's with its statistics (server/graphql/market).
import { graphql, type ResultOf } from '../graphql/graphql';
import { graphqlRequest } from './graphql';

export const getTokenMarketOperation = graphql(`
  query getTokenMarket($token: ID!) {
    getPriceHistory(filter: { token: $token }) {
      points { type time amount price { amount currency } }
      listing { amount currency }
    }
  }
`);

export const getCollectionMarketOperation = graphql(`
  query getCollectionMarket($collection: ID!) {
    getPriceHistory(filter: { collection: $collection }) {
      points { type time amount price { amount currency } }
      listing { amount currency }
    }
    getCollectionStats(collection: $collection) {
      floorPrice { amount currency }
      volume { amount currency }
      sales owners listed tokens
    }
  }
`);

export type PriceHistory = ResultOf<typeof getTokenMarketOperation>['getPriceHistory'];
export type PricePoint = PriceHistory['points'][number];
export type CollectionStats = NonNullable<ResultOf<typeof getCollectionMarketOperation>['getCollectionStats']>;

/** Whose figures: a token's or a collection's _id. */
export type MarketParams = { token: string } | { collection: string };

export interface MarketFigures {
  history: PriceHistory;
  /** A collection's statistics (null for a token, or a collection the server no longer shows). */
  stats: CollectionStats | null;
}

/** The figures' `fetchFigures`: one request for a token's history, or a collection's history and statistics. */
export async function fetchMarketFigures(params: MarketParams, signal?: AbortSignal): Promise<MarketFigures> {
  if ('token' in params) {
    const data = await graphqlRequest(getTokenMarketOperation, { token: params.token }, { signal });
    return { history: data.getPriceHistory, stats: null };
  }
  const data = await graphqlRequest(getCollectionMarketOperation, { collection: params.collection }, { signal });
  return { history: data.getPriceHistory, stats: data.getCollectionStats };
}

/** The sales among a history's points (what was paid), as against its listings (what was asked). */
export const isSale = (point: PricePoint) => point.type === 'listing_sold' || point.type === 'offer_sold';
