// SDL of the browsing queries (marketplace browsing); the base types (Token, Collection, PageInfo, ...) are in ../typeDefs.ts.
export const browsingTypeDefs = /* GraphQL */ `
  input CollectionFilter {
    "Collection address (any case); pair it with chainId for the collection page."
    address: String
    chainId: Int
    "Creator address."
    creator: String
    "Collection _id values."
    ids: [ID!]
  }

  input TokenHoldingFilter {
    owner: String
    "Token _id."
    token_id: ID
    "Collection _id."
    collection_id: ID
  }

  type TokenHoldingNode {
    id: ID!
    chainId: Int!
    salePrice: Price
    owner: PersonInfo!
    amount: String!
    bazaarSales: [BazaarSale!]!
    createdAt: String!
    "The token, shown with this holding as its tokenHolding."
    token: Token!
  }

  type TokenHoldingEdge {
    cursor: String!
    node: TokenHoldingNode!
  }

  type TokenHoldingConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [TokenHoldingEdge!]!
  }

  type Offer {
    id: ID!
    _id: ID!
    chainId: Int!
    "On-chain sale id the offer was made on."
    saleId: String!
    allOutSaleId: String
    marketplace: String!
    "On-chain token id (for retractOffer / acceptOffer)."
    tokenId: String!
    "Token _id."
    token_id: ID!
    "Collection _id."
    container_id: ID!
    buyer: PersonInfo!
    seller: String!
    amount: String!
    "Price per unit."
    price: Price!
    "made | retracted | accepted | invalidated"
    state: String!
    createdAt: String!
    updatedAt: String!
  }

  type OfferEdge {
    cursor: String!
    node: Offer!
  }

  type OfferConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [OfferEdge!]!
  }

  extend type Query {
    "The token page: the token shown with this holding; null when the holding is gone or holds nothing."
    getTokenFromHolding(id: ID!): Token
    "A collection's tokens in token order; exclude leaves one token out (sibling thumbnails). A studio collection that is not published shows its tokens to its signed-in creator and with its preview link's share token only (else none)."
    getTokensByContainerId(container_id: ID!, pagination: PaginationInput, exclude: ID, share: String): TokenConnection!
    "The collection's most recently created token."
    getLastToken(container_id: ID!): Token
    "Collections (hidden ones left out), newest first."
    getCollections(filters: CollectionFilter, pagination: PaginationInput): CollectionConnection!
    "Tokens the account (address or account id) liked, newest like first."
    getLikedTokensByAccount(account_id: String!, pagination: PaginationInput): TokenConnection!
    "Holdings with units, newest first."
    getTokenHoldings(filters: TokenHoldingFilter, pagination: PaginationInput): TokenHoldingConnection!
    "Offers on a token (token _id), optionally only on one seller's sales, newest first."
    getOffersByToken(token: ID!, seller: String, pagination: PaginationInput): OfferConnection!
  }
`;
