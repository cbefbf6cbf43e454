import type { FetchPage, Page as Connection } from '../../machines/lists/pagedListMachine';
import { graphqlOperation, graphqlRequest } from './graphql';

export interface PersonInfo {
  id?: string | null;
  address: string;
  alias?: string | null;
  avatar?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export interface Price {
  amount: string;
  currency: string;
}

export interface MarketplaceToken {
  id: string;
  _id: string;
  tokenId: string;
  name: string;
  thumbnailUrl?: string | null;
  mediaUrl?: string | null;
  mediaType: string;
  likesCount: number;
  isSold: boolean;
  chainId: number;
  createdAt: string;
  /** Media settings (e.g. a generative token's seed); the collection's attributes name the seed variable. */
  attributes?: unknown;
  collection: { id: string; _id: string; name: string; address?: string | null; chainId: number; attributes?: unknown };
  creatorInfo: PersonInfo;
  tokenHolding?: { id: string; chainId: number; salePrice?: Price | null; owner: PersonInfo; createdAt: string } | null;
}

export type { Page as Connection, PageInfo } from '../../machines/lists/pagedListMachine';

export interface MarketplaceFilter {
  mediaTypes?: string[];
  chainIds?: number[];
  creator?: string;
  token_ids?: string[];
}

// Explore sort names and their (sortBy, sortDir), as fixed in the GraphQL interface.
export const EXPLORE_SORTS = {
  newest: { sortBy: '_id', sortDir: -1 },
  oldest: { sortBy: '_id', sortDir: 1 },
  most_liked: { sortBy: 'likesCount', sortDir: -1 },
  highest_price: { sortBy: 'price', sortDir: -1 },
  lowest_price: { sortBy: 'price', sortDir: 1 },
} as const;
export type ExploreSort = keyof typeof EXPLORE_SORTS;

export interface MarketplaceTokensVariables {
  filters?: MarketplaceFilter;
  sort?: { sortBy: string; sortDir: number };
  pagination?: { page?: number; after?: string | null; perPage?: number };
}

const PERSON_FIELDS = 'id address alias avatar firstName lastName';

export const getMarketplaceTokensOperation = graphqlOperation<
  { getMarketplaceTokens: Connection<MarketplaceToken> },
  MarketplaceTokensVariables
>(
  'getMarketplaceTokens',
  `query getMarketplaceTokens($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
  getMarketplaceTokens(filters: $filters, sort: $sort, pagination: $pagination) {
    totalCount
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    edges { cursor node {
      id _id tokenId name thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt attributes
      collection { id _id name address chainId attributes }
      creatorInfo { ${PERSON_FIELDS} }
      tokenHolding { id chainId createdAt salePrice { amount currency } owner { ${PERSON_FIELDS} } }
    } }
  }
}`,
);

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

/** The GraphQL filter of explore filters: empty lists and a missing artist are left out. */
export function marketplaceFilter(filters: { media?: readonly string[]; chain?: readonly number[]; artist?: string | null }): MarketplaceFilter | undefined {
  const filter: MarketplaceFilter = {};
  if (filters.media?.length) filter.mediaTypes = [...filters.media];
  if (filters.chain?.length) filter.chainIds = [...filters.chain];
  if (filters.artist) filter.creator = filters.artist;
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

export interface MarketplaceCollection {
  id: string;
  _id: string;
  name: string;
  symbol: string;
  description?: string | null;
  chainId: number;
  cover?: string | null;
  thumbnail?: string | null;
  address?: string | null;
  mediaType: string;
  tokenCount: number;
  soldOut: boolean;
  likesCount: number;
  floorPrice?: Price | null;
  createdAt: string;
  creatorInfo: PersonInfo;
}

export const getMarketplaceCollectionsOperation = graphqlOperation<
  { getMarketplaceCollections: Connection<MarketplaceCollection> },
  MarketplaceTokensVariables
>(
  'getMarketplaceCollections',
  `query getMarketplaceCollections($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
  getMarketplaceCollections(filters: $filters, sort: $sort, pagination: $pagination) {
    totalCount
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    edges { cursor node {
      id _id name symbol description chainId cover thumbnail address mediaType tokenCount soldOut likesCount createdAt
      floorPrice { amount currency }
      creatorInfo { ${PERSON_FIELDS} }
    } }
  }
}`,
);

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

// Enough collections to name every artist of a curated marketplace in one request (the server's maximum page).
const ARTIST_SOURCE_PAGE = 100;

/** The artists a visitor can filter by: the distinct creators of the marketplace's collections, by display order. */
export async function getMarketplaceArtists(signal?: AbortSignal): Promise<PersonInfo[]> {
  const page = await getMarketplaceCollections({ sort: { sortBy: '_id', sortDir: -1 }, pagination: { perPage: ARTIST_SOURCE_PAGE } }, signal);
  const byAddress = new Map<string, PersonInfo>();
  for (const { node } of page.edges) {
    const address = node.creatorInfo.address.toLowerCase();
    if (!byAddress.has(address)) byAddress.set(address, { ...node.creatorInfo, address });
  }
  return [...byAddress.values()];
}

/** Favourites: the tokens an account liked, newest like first (explore's myFavorites view, the dashboard tab). */
export interface LikedTokensParams {
  account: string;
}

export const getLikedTokensByAccountOperation = graphqlOperation<
  { getLikedTokensByAccount: Connection<MarketplaceToken> },
  { account_id: string; pagination?: { after?: string | null; perPage?: number } }
>(
  'getLikedTokensByAccount',
  `query getLikedTokensByAccount($account_id: String!, $pagination: PaginationInput) {
  getLikedTokensByAccount(account_id: $account_id, pagination: $pagination) {
    totalCount
    pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
    edges { cursor node {
      id _id tokenId name thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt attributes
      collection { id _id name address chainId attributes }
      creatorInfo { ${PERSON_FIELDS} }
      tokenHolding { id chainId createdAt salePrice { amount currency } owner { ${PERSON_FIELDS} } }
    } }
  }
}`,
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
