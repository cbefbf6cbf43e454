import type { FetchPage, Page as Connection } from '../../machines/lists/pagedListMachine';
import { graphql, PageInfoFields, PersonFields, TokenCardFields, type ResultOf, type VariablesOf } from '../graphql/graphql';
import { EXPLORE_SORTS, MARKETPLACE_TOKENS_OPERATION } from '../../domain/firstReads/explore';
import { graphqlRequest } from './graphql';

/** A person as every list shows them (creator, owner, buyer, seller). */
export type PersonInfo = ResultOf<typeof PersonFields>;

/** A token card's token, as every token list asks it. */
export type MarketplaceToken = ResultOf<typeof TokenCardFields>;

export type Price = NonNullable<NonNullable<MarketplaceToken['tokenHolding']>['salePrice']>;

export type { Page as Connection, PageInfo } from '../../machines/lists/pagedListMachine';

// Explore sort names and their (sortBy, sortDir), as fixed in the GraphQL interface (shared with the server's first answers).
export { EXPLORE_SORTS };
export type ExploreSort = keyof typeof EXPLORE_SORTS;

export const getMarketplaceTokensOperation = graphql(MARKETPLACE_TOKENS_OPERATION, [PageInfoFields, TokenCardFields]);

export type MarketplaceTokensVariables = VariablesOf<typeof getMarketplaceTokensOperation>;
export type MarketplaceFilter = NonNullable<MarketplaceTokensVariables['filters']>;

export async function getMarketplaceTokens(
  variables: MarketplaceTokensVariables,
  signal?: AbortSignal,
): Promise<Connection<MarketplaceToken>> {
  const data = await graphqlRequest(getMarketplaceTokensOperation, variables, { signal });
  return data.getMarketplaceTokens;
}

/** What a token list asks for: the explore filters in product words. */
export interface TokenListParams {
  sort: ExploreSort;
  filters?: MarketplaceFilter;
}

/** The GraphQL filter of explore filters: empty lists and an open price end are left out. */
export function marketplaceFilter(filters: {
  media?: readonly string[];
  chain?: readonly number[];
  /** The seed's creatorsIds. */
  artists?: readonly string[];
  status?: readonly string[];
  /** The price range's ends in wei. */
  minPriceWei?: string | null;
  maxPriceWei?: string | null;
}): MarketplaceFilter | undefined {
  const filter: MarketplaceFilter = {};
  if (filters.media?.length) filter.mediaTypes = [...filters.media];
  if (filters.chain?.length) filter.chainIds = [...filters.chain];
  if (filters.artists?.length) filter.creatorsIds = [...filters.artists];
  if (filters.status?.length) filter.status = [...filters.status];
  if (filters.minPriceWei) filter.minPrice = filters.minPriceWei;
  if (filters.maxPriceWei) filter.maxPrice = filters.maxPriceWei;
  return Object.keys(filter).length ? filter : undefined;
}

export type FetchTokenPage = FetchPage<MarketplaceToken, TokenListParams>;

/** The real `fetchPage` for token lists: one getMarketplaceTokens page after a cursor. */
export const fetchMarketplaceTokensPage: FetchTokenPage = ({ params, after, perPage }, signal) =>
  getMarketplaceTokens(
    {
      filters: params?.filters,
      sort: { ...EXPLORE_SORTS[params?.sort ?? 'newest'] },
      pagination: { perPage, ...(after ? { after } : {}) },
    },
    signal,
  );

export const getMarketplaceCollectionsOperation = graphql(
  `
  query getMarketplaceCollections($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
    getMarketplaceCollections(filters: $filters, sort: $sort, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id _id name symbol description chainId cover coverThumbnail thumbnail address mediaType tokenCount soldOut likesCount createdAt
        floorPrice { amount currency }
        creatorInfo { ...PersonFields }
      } }
    }
  }
`,
  [PageInfoFields, PersonFields],
);

/** A collection card's collection (explore's collection view). */
export type MarketplaceCollection = ResultOf<typeof getMarketplaceCollectionsOperation>['getMarketplaceCollections']['edges'][number]['node'];

export async function getMarketplaceCollections(
  variables: MarketplaceTokensVariables,
  signal?: AbortSignal,
): Promise<Connection<MarketplaceCollection>> {
  const data = await graphqlRequest(getMarketplaceCollectionsOperation, variables, { signal });
  return data.getMarketplaceCollections;
}

export type FetchCollectionPage = FetchPage<MarketplaceCollection, TokenListParams>;

/** The real `fetchPage` for the explore collection view: one getMarketplaceCollections page after a cursor. */
export const fetchMarketplaceCollectionsPage: FetchCollectionPage = ({ params, after, perPage }, signal) =>
  getMarketplaceCollections(
    {
      filters: params?.filters,
      sort: { ...EXPLORE_SORTS[params?.sort ?? 'newest'] },
      pagination: { perPage, ...(after ? { after } : {}) },
    },
    signal,
  );

/** Favourites: the tokens an account liked, newest like first (explore's myFavorites view, the dashboard tab). */
export interface LikedTokensParams {
  account: string;
}

export const getLikedTokensByAccountOperation = graphql(
  `
  query getLikedTokensByAccount($account_id: String!, $pagination: PaginationInput) {
    getLikedTokensByAccount(account_id: $account_id, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...TokenCardFields } }
    }
  }
`,
  [PageInfoFields, TokenCardFields],
);

export type FetchLikedTokenPage = FetchPage<MarketplaceToken, LikedTokensParams>;

/** The real `fetchPage` for favourites: one getLikedTokensByAccount page after a cursor. */
export const fetchLikedTokensPage: FetchLikedTokenPage = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(
    getLikedTokensByAccountOperation,
    // account_id accepts the account's address (or its database id).
    { account_id: params?.account ?? '', pagination: { perPage, ...(after ? { after } : {}) } },
    { signal },
  );
  return data.getLikedTokensByAccount;
};
