// The GraphQL schema (SDL) as fixed in the team brief.
export const typeDefs = /* GraphQL */ `
  scalar JSON

  input MarketplaceFilter {
    mediaTypes: [String!]
    chainIds: [Int!]
    creator: String
    "The seed's creatorsIds: creator addresses, any of them (at most 20; with creator, either)."
    creatorsIds: [String!]
    token_ids: [String!]
    "Tokens only: buy_now (listed for sale), has_offers (an open offer is made on it); both means both."
    status: [String!]
    "The lowest listing price, in wei (a decimal string); the range includes both ends."
    minPrice: String
    "The highest listing price, in wei (a decimal string)."
    maxPrice: String
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

  "A listing on the Marketplace contract (per token; allOutSaleId set when it belongs to a whole-collection sale)."
  type BazaarSale {
    id: ID!
    "On-chain sale id (decimal string)."
    saleId: String!
    "On-chain all-out sale id; null for a standalone sale."
    allOutSaleId: String
    chainId: Int!
    "Marketplace contract address."
    marketplace: String!
    seller: String!
    amount: String!
    soldAmount: String!
    "Price per unit."
    price: Price!
    wasCancelled: Boolean!
    "Token _id (database id)."
    token_id: ID!
    "Collection _id."
    container_id: ID!
    createdAt: String!
  }

  type TokenHolding {
    id: ID!
    chainId: Int!
    salePrice: Price
    owner: PersonInfo!
    "Units this owner holds (decimal string)."
    amount: String!
    "Active sales of this token (not cancelled, not sold out), oldest first."
    bazaarSales: [BazaarSale!]!
    createdAt: String!
  }

  type CollectionSummary {
    id: ID!
    _id: ID!
    name: String!
    address: String
    chainId: Int!
    chainName: String
    symbol: String
    description: String
    cover: String
    thumbnail: String
    mediaType: String
    "Creator address (lower case)."
    creator: String
    creatorInfo: PersonInfo
    supplyPerToken: Int
    royaltiesBasispoints: Int
    attributes: JSON
    createdAt: String
    publishedAt: String
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
    "The token's metadata JSON as the contract's uri(id) names it, through this server's IPFS gateway; null without a manifest."
    metadataUrl: String
    collection: CollectionSummary!
    creatorInfo: PersonInfo!
    ownerInfo: PersonInfo
    tokenHolding: TokenHolding
    "Price of the current lowest active listing; null when unlisted."
    price: Price
    listedAt: String
    "Unit price of the newest sale (a listing bought or an offer accepted); null when never sold through the marketplace."
    lastSale: Price
    "Block time of the newest sale; null when never sold."
    lastSoldAt: String
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
    "The cover's thumbnail URL, for cards (the cover itself is full size)."
    coverThumbnail: String
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
    "When the collection was published on chain; null before."
    publishedAt: String
    chainName: String
    "Creator address (lower case)."
    creator: String!
    creatorInfo: PersonInfo!
    isFeatured: Boolean!
    state: String!
    supplyPerToken: Int!
    royaltiesBasispoints: Int!
    "The collection's baseURI (seed: specialized)."
    baseUri: String
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
