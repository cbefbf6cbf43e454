// Dashboard "My creations" and the collection tokens view: the creator's collections, their open listings, and a
// collection's tokens as the signed-in owner sees them (GraphQL dashboard module, team brief SDL).
import type { FetchPage, Page as Connection } from '../../../machines/lists/pagedListMachine';
import { graphqlOperation, graphqlRequest } from '../graphql';
import type { MarketplaceToken, PersonInfo, Price } from '../marketplace';

const PERSON_FIELDS = 'id address alias avatar firstName lastName';
const PAGE_FIELDS = 'totalCount pageInfo { startCursor endCursor hasNextPage hasPreviousPage }';

/** A collection as My creations shows it (GraphQL Collection). */
export interface CreatedCollection {
  id: string;
  _id: string;
  name: string;
  symbol: string;
  description?: string | null;
  chainId: number;
  cover?: string | null;
  thumbnail?: string | null;
  /** Null until the collection is published on chain. */
  address?: string | null;
  mediaType: string;
  tokenCount: number;
  soldOut: boolean;
  createdAt: string;
  creatorInfo: PersonInfo;
}

const CREATED_COLLECTION_FIELDS = `id _id name symbol description chainId cover thumbnail address mediaType tokenCount soldOut createdAt
      creatorInfo { ${PERSON_FIELDS} }`;

export interface CreatedCollectionsParams {
  creator: string;
}

export const getCreatedCollectionsOperation = graphqlOperation<
  { getCreatedCollections: Connection<CreatedCollection> },
  { filters: { creator: string; chainId?: number }; pagination: { after?: string; perPage: number } }
>(
  'getCreatedCollections',
  `query getCreatedCollections($filters: CreatedCollectionFilter!, $pagination: PaginationInput) {
  getCreatedCollections(filters: $filters, pagination: $pagination) {
    ${PAGE_FIELDS}
    edges { cursor node { ${CREATED_COLLECTION_FIELDS} } }
  }
}`,
);

/** The pagedList `fetchPage` of My creations: the creator's collections, newest first. */
export const fetchCreatedCollectionsPage: FetchPage<CreatedCollection, CreatedCollectionsParams> = async ({ params, after, perPage }, signal) => {
  const data = await graphqlRequest(
    getCreatedCollectionsOperation,
    { filters: { creator: (params?.creator ?? '').toLowerCase() }, pagination: { perPage, ...(after ? { after } : {}) } },
    { signal },
  );
  return data.getCreatedCollections;
};

export const getCreatedCollectionOperation = graphqlOperation<{ getCollections: Connection<CreatedCollection> }, { ids: string[] }>(
  'getCreatedCollection',
  `query getCreatedCollection($ids: [ID!]) {
  getCollections(filters: { ids: $ids }, pagination: { perPage: 1 }) {
    ${PAGE_FIELDS}
    edges { cursor node { ${CREATED_COLLECTION_FIELDS} } }
  }
}`,
);

/** One collection by `_id`, fresh from the server (a card's refresh after an edit, a sale or a live event). */
export async function getCreatedCollection(id: string, signal?: AbortSignal): Promise<CreatedCollection | null> {
  const data = await graphqlRequest(getCreatedCollectionOperation, { ids: [id] }, { signal, offlineFallback: false });
  return data.getCollections.edges[0]?.node ?? null;
}

/** One open all-out (whole-collection) sale (GraphQL CollectionListing). */
export interface CollectionListing {
  id: string;
  allOutSaleId: string;
  container_id: string;
  chainId: number;
  seller: string;
  price: Price;
  /** Open token sales in it. */
  tokensListed: number;
  createdAt: string;
}

/** One open per-token sale (GraphQL Listing). */
export interface TokenListing {
  id: string;
  saleId: string;
  allOutSaleId?: string | null;
  tokenHolding_id?: string | null;
  chainId: number;
  listedDate: string;
  sale_price: Price;
  /** Units still listed. */
  amount: string;
  token: { id: string; _id: string; tokenId: string; name: string; thumbnailUrl?: string | null };
}

export interface ListingFilter {
  container_id?: string;
  token_id?: string;
  seller?: string;
  chainId?: number;
}

export const getCollectionListingOperation = graphqlOperation<
  { getCollectionListing: Connection<CollectionListing> },
  { filters: ListingFilter; pagination: { perPage: number } }
>(
  'getCollectionListing',
  `query getCollectionListing($filters: ListingFilter, $pagination: PaginationInput) {
  getCollectionListing(filters: $filters, pagination: $pagination) {
    ${PAGE_FIELDS}
    edges { cursor node { id allOutSaleId container_id chainId seller price { amount currency } tokensListed createdAt } }
  }
}`,
);

export const getTokenListingOperation = graphqlOperation<
  { getTokenListing: Connection<TokenListing> },
  { filters: ListingFilter; pagination: { perPage: number } }
>(
  'getTokenListing',
  `query getTokenListing($filters: ListingFilter, $pagination: PaginationInput) {
  getTokenListing(filters: $filters, pagination: $pagination) {
    ${PAGE_FIELDS}
    edges { cursor node {
      id saleId allOutSaleId tokenHolding_id chainId listedDate amount sale_price { amount currency }
      token { id _id tokenId name thumbnailUrl }
    } }
  }
}`,
);

/** How many per-token listings the card lists beside the sell panel; the total is shown with them. */
export const LISTINGS_SHOWN = 5;

export interface CreationListings {
  /** The seller's open all-out sale of the collection (at most one is expected; the newest). */
  allOutSale: CollectionListing | null;
  tokenListings: TokenListing[];
  tokenListingsTotal: number;
}

/** The creator's current listings of one collection: the open all-out sale and the newest per-token sales. */
export async function getCreationListings(containerId: string, seller: string, signal?: AbortSignal): Promise<CreationListings> {
  const filters = { container_id: containerId, seller: seller.toLowerCase() };
  // Always the server's answer: a listing just made or cancelled must not come back from the offline cache.
  const options = { signal, offlineFallback: false };
  const [collection, tokens] = await Promise.all([
    graphqlRequest(getCollectionListingOperation, { filters, pagination: { perPage: 1 } }, options),
    graphqlRequest(getTokenListingOperation, { filters, pagination: { perPage: LISTINGS_SHOWN } }, options),
  ]);
  return {
    allOutSale: collection.getCollectionListing.edges[0]?.node ?? null,
    tokenListings: tokens.getTokenListing.edges.map((edge) => edge.node),
    tokenListingsTotal: tokens.getTokenListing.totalCount,
  };
}

export interface DashboardCollectionTokensParams {
  containerId: string;
  owner: string;
}

const TOKEN_FIELDS = `id _id tokenId name thumbnailUrl mediaUrl mediaType likesCount isSold chainId createdAt attributes
      collection { id _id name address chainId attributes }
      creatorInfo { ${PERSON_FIELDS} }
      tokenHolding { id chainId createdAt salePrice { amount currency } owner { ${PERSON_FIELDS} } }`;

export const getDashboardCollectionTokensOperation = graphqlOperation<
  { getDashboardCollectionTokens: Connection<MarketplaceToken> },
  { container_id: string; owner: string; pagination: { after?: string; perPage: number } }
>(
  'getDashboardCollectionTokens',
  `query getDashboardCollectionTokens($container_id: ID!, $owner: String!, $pagination: PaginationInput) {
  getDashboardCollectionTokens(container_id: $container_id, owner: $owner, pagination: $pagination) {
    ${PAGE_FIELDS}
    edges { cursor node { ${TOKEN_FIELDS} } }
  }
}`,
);

/** The pagedList `fetchPage` of the collection tokens view: tokens in token order, tokenHolding = the owner's where held. */
export const fetchDashboardCollectionTokensPage: FetchPage<MarketplaceToken, DashboardCollectionTokensParams> = async (
  { params, after, perPage },
  signal,
) => {
  const data = await graphqlRequest(
    getDashboardCollectionTokensOperation,
    { container_id: params?.containerId ?? '', owner: (params?.owner ?? '').toLowerCase(), pagination: { perPage, ...(after ? { after } : {}) } },
    { signal },
  );
  return data.getDashboardCollectionTokens;
};
