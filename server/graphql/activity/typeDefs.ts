// GraphQL: a token's history (getActivity), for a token, a collection, an artist or an account.
export const activityTypeDefs = /* GraphQL */ `
  "The token an activity row is about."
  type ActivityToken {
    "Token _id."
    _id: ID!
    "On-chain token id."
    tokenId: String!
    name: String!
    "Collection _id."
    container_id: ID!
    "The collection's contract address."
    collectionAddress: String
    collectionName: String!
    "A holding of the token with units today (its page is /token/{holdingId}); null when none is left."
    holdingId: ID
  }

  "One on-chain event of a token's history."
  type Activity {
    id: ID!
    "mint, transfer, listing_created, listing_cancelled, listing_sold, offer_created, offer_cancelled or offer_sold."
    type: String!
    chainId: Int!
    token: ActivityToken!
    "The seller, the buyer making or retracting an offer, a transfer's sender; null for a mint."
    from: PersonInfo
    "A sale's buyer, an offer's seller, a transfer's receiver."
    to: PersonInfo
    "Units (ERC-1155)."
    amount: String!
    "Listing, offer or sale price; null for a mint or a transfer."
    price: Price
    transactionHash: String!
    blockNumber: Float!
    "The block's time (ISO 8601)."
    createdAt: String!
  }

  type ActivityEdge {
    cursor: String!
    node: Activity!
  }

  type ActivityConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [ActivityEdge!]!
  }

  "Whose history: exactly one of them."
  input ActivityFilter {
    "Token _id."
    token: ID
    "Collection _id."
    collection: ID
    "An artist's address: the history of their collections."
    artist: String
    "An account's address: what it sold, bought, offered, minted and transferred."
    account: String
  }

  extend type Query {
    "On-chain history, newest first (perPage 1..100, default 20; later pages by pagination.after)."
    getActivity(filter: ActivityFilter!, pagination: PaginationInput): ActivityConnection!
  }
`;
