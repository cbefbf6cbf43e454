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
  collection: { id: string; _id: string; name: string; address?: string | null; chainId: number };
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
      id _id tokenId name thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt
      collection { id _id name address chainId }
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
