// The GraphQL schema (SDL) as fixed in the team brief.
export const typeDefs = /* GraphQL */ `
  scalar JSON

  input MarketplaceFilter {
    mediaTypes: [String!]
    chainIds: [Int!]
    creator: String
    token_ids: [String!]
  }

  input SortInput {
    sortBy: String = "_id"
    sortDir: Int = -1
  }

  input PaginationInput {
    page: Int
    after: String
    perPage: Int
  }

  type PageInfo {
    startCursor: String
    endCursor: String
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
  }

  type PersonInfo {
    id: ID
    address: String!
    alias: String
    avatar: String
    firstName: String
    lastName: String
  }

  type Price {
    "Wei as a decimal string."
    amount: String!
    currency: String!
  }

  type TokenHolding {
    id: ID!
    chainId: Int!
    salePrice: Price
    owner: PersonInfo!
    createdAt: String!
  }

  type CollectionSummary {
    id: ID!
    _id: ID!
    name: String!
    address: String
    chainId: Int!
  }

  type Token {
    id: ID!
    _id: ID!
    tokenId: String!
    name: String!
    description: String
    thumbnailUrl: String
    mediaUrl: String
    mediaType: String!
    likesCount: Int!
    isSold: Boolean!
    chainId: Int!
    createdAt: String!
    filename: String
    attributes: JSON
    metadata: JSON
    collection: CollectionSummary!
    creatorInfo: PersonInfo!
    ownerInfo: PersonInfo
    tokenHolding: TokenHolding
  }

  type TokenEdge {
    cursor: String!
    node: Token!
  }

  type TokenConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [TokenEdge!]!
  }

  type Collection {
    id: ID!
    _id: ID!
    name: String!
    symbol: String!
    description: String
    chainId: Int!
    cover: String
    thumbnail: String
    address: String
    mediaType: String!
    tokenCount: Int!
    soldOut: Boolean!
    "Sum of the collection's token likes."
    likesCount: Int!
    "Lowest listing price among its tokens; null when none is listed."
    floorPrice: Price
    createdAt: String!
    creatorInfo: PersonInfo!
    attributes: JSON
  }

  type CollectionEdge {
    cursor: String!
    node: Collection!
  }

  type CollectionConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [CollectionEdge!]!
  }

  type Query {
    getMarketplaceTokens(filters: MarketplaceFilter, sort: SortInput, pagination: PaginationInput): TokenConnection!
    getMarketplaceCollections(
      filters: MarketplaceFilter
      sort: SortInput
      pagination: PaginationInput
    ): CollectionConnection!
  }
`;
