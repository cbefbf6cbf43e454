// Dashboard "My creations" and the collection tokens view: the creator's collections, their open listings, and a
// collection's tokens as the signed-in owner sees them (GraphQL dashboard module, team brief SDL).
import type { FetchPage } from '../../../machines/lists/pagedListMachine';
import { graphql, PageInfoFields, PersonFields, TokenCardFields, type ResultOf, type VariablesOf } from '../../graphql/graphql';
import { graphqlRequest } from '../graphql';
import type { MarketplaceToken } from '../marketplace';

/** A collection as My creations shows it (address: null until the collection is published on chain). */
const CreatedCollectionFields = graphql(
  `
  fragment CreatedCollectionFields on Collection {
    id _id name symbol description chainId cover thumbnail address mediaType tokenCount soldOut createdAt
    creatorInfo { ...PersonFields }
  }
`,
  [PersonFields],
);

export type CreatedCollection = ResultOf<typeof CreatedCollectionFields>;

export interface CreatedCollectionsParams {
  creator: string;
}

export const getCreatedCollectionsOperation = graphql(
  `
  query getCreatedCollections($filters: CreatedCollectionFilter!, $pagination: PaginationInput) {
    getCreatedCollections(filters: $filters, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...CreatedCollectionFields } }
    }
  }
`,
  [PageInfoFields, CreatedCollectionFields],
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

export const getCreatedCollectionOperation = graphql(
  `
  query getCreatedCollection($ids: [ID!]) {
    getCollections(filters: { ids: $ids }, pagination: { perPage: 1 }) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...CreatedCollectionFields } }
    }
  }
`,
  [PageInfoFields, CreatedCollectionFields],
);

/** One collection by `_id`, fresh from the server (a card's refresh after an edit, a sale or a live event). */
export async function getCreatedCollection(id: string, signal?: AbortSignal): Promise<CreatedCollection | null> {
  const data = await graphqlRequest(getCreatedCollectionOperation, { ids: [id] }, { signal });
  return data.getCollections.edges[0]?.node ?? null;
}

export const getCollectionListingOperation = graphql(
  `
  query getCollectionListing($filters: ListingFilter, $pagination: PaginationInput) {
    getCollectionListing(filters: $filters, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { id allOutSaleId container_id chainId seller price { amount currency } tokensListed createdAt } }
    }
  }
`,
  [PageInfoFields],
);

/** One open all-out (whole-collection) sale; tokensListed: the open token sales in it. */
export type CollectionListing = ResultOf<typeof getCollectionListingOperation>['getCollectionListing']['edges'][number]['node'];

export const getTokenListingOperation = graphql(
  `
  query getTokenListing($filters: ListingFilter, $pagination: PaginationInput) {
    getTokenListing(filters: $filters, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id saleId allOutSaleId tokenHolding_id chainId listedDate amount sale_price { amount currency }
        token { id _id tokenId name thumbnailUrl }
      } }
    }
  }
`,
  [PageInfoFields],
);

/** One open per-token sale; amount: the units still listed. */
export type TokenListing = ResultOf<typeof getTokenListingOperation>['getTokenListing']['edges'][number]['node'];

export type ListingFilter = NonNullable<VariablesOf<typeof getCollectionListingOperation>['filters']>;

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
  const options = { signal };
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

export const getDashboardCollectionTokensOperation = graphql(
  `
  query getDashboardCollectionTokens($container_id: ID!, $owner: String!, $pagination: PaginationInput) {
    getDashboardCollectionTokens(container_id: $container_id, owner: $owner, pagination: $pagination) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node { ...TokenCardFields } }
    }
  }
`,
  [PageInfoFields, TokenCardFields],
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
