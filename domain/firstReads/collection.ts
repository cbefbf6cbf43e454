// The collection page's first read (src/services/collection.ts, its route's loader). See ./fragments for why it is here.

/**
 * The collection by address and chain. Filter values inline, so the query does not depend on the server's name for
 * the filter input type. Spreads PageInfoFields and PersonFields.
 */
export const COLLECTION_PAGE_OPERATION = `
  query getCollections($address: String!, $chainId: Int!) {
    getCollections(filters: { address: $address, chainId: $chainId }, pagination: { perPage: 1 }) {
      totalCount
      pageInfo { ...PageInfoFields }
      edges { cursor node {
        id _id name symbol description chainId cover thumbnail address mediaType tokenCount createdAt publishedAt
        creatorInfo { ...PersonFields }
      } }
    }
  }
`;
