// The artists' pages, docs/requirements.md#artists: id (wallet address), account (web, twitter, instagram, isCreator, name data),
// cover, description, featuredArtwork, featuredArtworkDescription, comments, collections, highlights, articles,
// portfolio; docs/requirements.md#artists getAllArtists(pagination), getArtistInfo(artist_id), getArtistTokens(artist_id, pagination).
export const artistsTypeDefs = /* GraphQL */ `
  "The artist's account: name data and socials."
  type ArtistAccount {
    id: ID!
    "Wallet address (lower case)."
    address: String!
    alias: String
    avatar: String
    firstName: String
    lastName: String
    web: String
    twitter: String
    instagram: String
    isCreator: Boolean!
  }

  type ArtistHighlight {
    date: String!
    achievement: String!
  }

  type ArtistArticle {
    id: ID!
    title: String!
    type: String!
    "The article's HTML body in the media store."
    mediaUrl: String!
  }

  type ArtistPortfolioItem {
    mediaUrl: String!
    "Width-limited rendition for the grid."
    thumbnailUrl: String!
    description: String!
  }

  type ArtistPortfolio {
    context: String!
    items: [ArtistPortfolioItem!]!
  }

  type Artist {
    "Wallet address (lower case)."
    id: ID!
    "The artist record's database id."
    _id: ID!
    "The seed's display-name rule (domain/artist.ts)."
    displayName: String!
    account: ArtistAccount!
    cover: String
    coverThumbnail: String
    description: String
    "The featured token when its collection is on the marketplace (tokenHolding null when nobody holds it)."
    featuredArtwork: Token
    featuredArtworkDescription: String
    "The artist page's comments (about) section: the artist's about text."
    comments: String
    "The artist's published collections, newest first."
    collections: [Collection!]!
    highlights: [ArtistHighlight!]!
    "Oldest first: the artist page shows the first."
    articles: [ArtistArticle!]!
    portfolio: ArtistPortfolio!
  }

  type ArtistEdge {
    cursor: String!
    node: Artist!
  }

  type ArtistConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [ArtistEdge!]!
  }

  extend type Query {
    "Creators with an artist profile, alphabetically by display name (the id breaks ties); perPage 50 in the catalogue."
    getAllArtists(pagination: PaginationInput): ArtistConnection!
    "An artist by wallet address (any case); null when the account has no artist profile."
    getArtistInfo(artist_id: String!): Artist
    "Tokens the artist created on the marketplace, newest first (24 per page in the artworks page)."
    getArtistTokens(artist_id: String!, pagination: PaginationInput): TokenConnection!
    "An account's public name data by wallet address (any case), with or without an artist profile (the artworks page's title); null when no account has that address."
    getPersonInfo(address: String!): PersonInfo
  }
`;
