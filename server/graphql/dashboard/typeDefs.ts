// SDL of the dashboard and trading reads (trading and the dashboard), as fixed in the team brief; base types in ../typeDefs.ts,
// Offer / OfferConnection in ../browsing/typeDefs.ts.
export const dashboardTypeDefs = /* GraphQL */ `
  input TokensWithOffersFilter {
    seller: String!
    "Collection _id."
    container_id: ID
  }

  input ListingFilter {
    "Collection _id."
    container_id: ID
    "Token _id."
    token_id: ID
    seller: String
    chainId: Int
  }

  input CreatedCollectionFilter {
    creator: String!
    chainId: Int
  }

  input BoughtTokenFilter {
    owner: String!
    "Collection _id."
    container_id: ID
  }

  extend type Offer {
    "The token, with tokenHolding = the seller's holding (its id opens /token/$id and the token dashboard)."
    token: Token!
    sellerInfo: PersonInfo!
    "The sale is still open (not cancelled, units left); false + state made => show OFFER_UNAVAILABLE_MESSAGE."
    saleActive: Boolean!
  }

  type TokenWithOffers {
    "Token _id."
    id: ID!
    token: Token!
    "Offers in state made on the seller's open sales of this token, newest first."
    offers: [Offer!]!
  }

  type TokenWithOffersEdge {
    cursor: String!
    node: TokenWithOffers!
  }

  type TokenWithOffersConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [TokenWithOffersEdge!]!
  }

  "A marketplace listing: one open per-token sale."
  type Listing {
    id: ID!
    saleId: String!
    allOutSaleId: String
    "The seller's holding of the token; null when the seller no longer holds units."
    tokenHolding_id: ID
    chainId: Int!
    marketplace: String!
    listedDate: String!
    "Seller address (lower case)."
    owner: String!
    ownerInfo: PersonInfo!
    creatorInfo: PersonInfo!
    sale_price: Price!
    "Units still listed."
    amount: String!
    token: Token!
    collection: CollectionSummary!
  }

  type ListingEdge {
    cursor: String!
    node: Listing!
  }

  type ListingConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [ListingEdge!]!
  }

  "One open all-out (whole-collection) sale."
  type CollectionListing {
    id: ID!
    allOutSaleId: String!
    container_id: ID!
    chainId: Int!
    marketplace: String!
    seller: String!
    price: Price!
    collection: CollectionSummary!
    "open token sales in it"
    tokensListed: Int!
    createdAt: String!
    updatedAt: String!
  }

  type CollectionListingEdge {
    cursor: String!
    node: CollectionListing!
  }

  type CollectionListingConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [CollectionListingEdge!]!
  }

  extend type Query {
    "Offers BY the address (Sent offers): state made (incl. on cancelled sales), newest first."
    getMyBazaarOffers(address: String!, pagination: PaginationInput): OfferConnection!
    "Tokens with offers in state made on the seller's OPEN sales (Received offers), newest offer first."
    getMyTokensWithOffers(filters: TokensWithOffersFilter!, pagination: PaginationInput): TokenWithOffersConnection!
    "A sale by database id, or by on-chain saleId + chainId; null when unknown."
    getSale(id: ID, saleId: String, chainId: Int): BazaarSale
    "Open all-out sales."
    getCollectionListing(filters: ListingFilter, pagination: PaginationInput): CollectionListingConnection!
    "Open per-token sales (incl. those inside an all-out sale), newest first."
    getTokenListing(filters: ListingFilter, pagination: PaginationInput): ListingConnection!
    "The creator's collections (incl. hidden), newest first; Collection has soldOut."
    getCreatedCollections(filters: CreatedCollectionFilter!, pagination: PaginationInput): CollectionConnection!
    "Tokens the owner holds (amount > 0) and did not create, newest acquisition first; tokenHolding = the owner's holding."
    getBoughtTokens(filters: BoughtTokenFilter!, pagination: PaginationInput): TokenConnection!
    "A collection's tokens in token order; tokenHolding = the owner's holding where the owner holds units."
    getDashboardCollectionTokens(container_id: ID!, owner: String!, pagination: PaginationInput): TokenConnection!
  }
`;
