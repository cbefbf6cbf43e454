// GraphQL reads of the dashboard's tabs (docs/requirements.md#dashboard): purchased tokens, received and sent offers.
// Favorites reuse getLikedTokensByAccount (services/marketplace.ts).
import type { FetchPage } from '../../../machines/lists/pagedListMachine';
import { graphql, PageInfoFields, PersonFields, TokenCardFields, type ResultOf } from '../../graphql/graphql';
import { graphqlRequest } from '../graphql';
import type { MarketplaceToken } from '../marketplace';

/** An offer as the dashboard lists it (docs/requirements.md#trading-offers): tokenId on chain, token_id and container_id the _ids, price per unit. */
const DashboardOfferFields = graphql(
  `
  fragment DashboardOfferFields on Offer {
    id chainId saleId allOutSaleId marketplace tokenId token_id container_id seller amount state createdAt
    price { amount currency }
    buyer { ...PersonFields }
  }
`,
  [PersonFields],
);

export type DashboardOffer = ResultOf<typeof DashboardOfferFields>;

type PageArgs = { after?: string | null; perPage?: number };
const pagination = (after: string | null | undefined, perPage: number): PageArgs => ({ perPage, ...(after ? { after } : {}) });

// ---- Purchased tokens: getBoughtTokens ----

export interface BoughtTokensParams {
  owner: string;
}

export const getBoughtTokensOperation = graphql(
  `
  query getBoughtTokens($filters: BoughtTokenFilter!, $pagination: PaginationInput) {
    getBoughtTokens(filters: $filters, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...TokenCardFields } }
    }
  }
`,
  [PageInfoFields, TokenCardFields],
);

export const fetchBoughtTokensPage: FetchPage<MarketplaceToken, BoughtTokensParams> = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(getBoughtTokensOperation, { filters: { owner: params?.owner ?? '' }, pagination: pagination(after, perPage) }, { signal });
  return data.getBoughtTokens;
};

// ---- Received offers: getMyTokensWithOffers ----

export interface ReceivedOffersParams {
  seller: string;
  /** Collection _id: only the tokens of that collection (My creations' 'View All Offers'). */
  collection?: string | null;
}

export const getMyTokensWithOffersOperation = graphql(
  `
  query getMyTokensWithOffers($filters: TokensWithOffersFilter!, $pagination: PaginationInput) {
    getMyTokensWithOffers(filters: $filters, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id
        token { ...TokenCardFields }
        offers { ...DashboardOfferFields }
      } }
    }
  }
`,
  [PageInfoFields, TokenCardFields, DashboardOfferFields],
);

/** A token of the viewer's (id: its _id) with the offers in state made on the viewer's open sales of it, newest first. */
export type TokenWithOffers = ResultOf<typeof getMyTokensWithOffersOperation>['getMyTokensWithOffers']['edges'][number]['node'];

// Offers are trade state: no cached answer offline, it could offer an Accept that no longer applies.
export const fetchReceivedOffersPage: FetchPage<TokenWithOffers, ReceivedOffersParams> = async ({ params, after, perPage }, signal) => {
  const filters = { seller: params?.seller ?? '', ...(params?.collection ? { container_id: params.collection } : {}) };
  const data = await graphqlRequest(getMyTokensWithOffersOperation, { filters, pagination: pagination(after, perPage) }, { signal });
  return data.getMyTokensWithOffers;
};

// ---- Sent offers: getMyBazaarOffers ----

export interface SentOffersParams {
  buyer: string;
}

export const getMyBazaarOffersOperation = graphql(
  `
  query getMyBazaarOffers($address: String!, $pagination: PaginationInput) {
    getMyBazaarOffers(address: $address, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        ...DashboardOfferFields
        saleActive
        sellerInfo { ...PersonFields }
        token { ...TokenCardFields }
      } }
    }
  }
`,
  [PageInfoFields, PersonFields, TokenCardFields, DashboardOfferFields],
);

/**
 * An offer the viewer made: token with tokenHolding = the seller's holding; saleActive false (with state made) when
 * the sale was cancelled or sold out, so the offer can only be retracted.
 */
export type SentOffer = ResultOf<typeof getMyBazaarOffersOperation>['getMyBazaarOffers']['edges'][number]['node'];

export const fetchSentOffersPage: FetchPage<SentOffer, SentOffersParams> = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(getMyBazaarOffersOperation, { address: params?.buyer ?? '', pagination: pagination(after, perPage) }, { signal });
  return data.getMyBazaarOffers;
};
