// GraphQL SDL of the market figures (server/activity/market.ts): price histories and collection statistics.
export const marketTypeDefs = /* GraphQL */ `
  "One point of a price history: a listing (the asked price) or a sale (the paid price), per unit."
  type PricePoint {
    "listing_created, listing_sold or offer_sold."
    type: String!
    "The block's time (ISO 8601)."
    time: String!
    price: Price!
    "Units listed or sold."
    amount: String!
  }

  type PriceHistory {
    "Oldest first: the newest 500 listings and sales."
    points: [PricePoint!]!
    "What is asked today: the token's lowest open listing, or the collection's floor; null when nothing is listed."
    listing: Price
  }

  "Whose prices: exactly one of them."
  input PriceHistoryFilter {
    "Token _id."
    token: ID
    "Collection _id."
    collection: ID
  }

  type CollectionStats {
    "The lowest price a token of the collection is listed at; null when none is listed."
    floorPrice: Price
    "Price × units of every sale, one entry per currency (none before the first sale)."
    volume: [Price!]!
    sales: Int!
    "Accounts holding at least one unit."
    owners: Int!
    "Tokens with an open listing."
    listed: Int!
    tokens: Int!
  }

  extend type Query {
    "A token's or a collection's listings and sales over time, with today's asking price."
    getPriceHistory(filter: PriceHistoryFilter!): PriceHistory!
    "A collection's floor price, volume, sales, owners and listed share; null when there is no such collection for the viewer."
    getCollectionStats(collection: ID!): CollectionStats
  }
`;
