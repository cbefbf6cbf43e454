// The editorial pages, docs/requirements.md#exhibitions: id, title, subtitle, cover, startDate, endDate, exhibitionIntro (the literal
// text 'undefined' is treated as absent, falling back to curatorialStatement), curatorialStatement, curator,
// curatorNameFormatted, artworks[] {order, token, medium}, artistInfos[], artistNamesFormatted; docs/requirements.md#exhibitions
// getCurrentExhibition(cDate), getExhibitionArtworks(exhibition_id, pagination), getPastExhibitions(pagination).
export const exhibitionsTypeDefs = /* GraphQL */ `
  type ExhibitionArtwork {
    "Position in the viewer (ascending)."
    order: Int!
    medium: String
    token: Token!
  }

  type Exhibition {
    id: ID!
    title: String!
    subtitle: String
    cover: String
    "Width-limited rendition for cards and the thumbnail rail."
    coverThumbnail: String
    "ISO 8601."
    startDate: String!
    "ISO 8601."
    endDate: String!
    "As stored: may be null or the literal text 'undefined' (the app then shows curatorialStatement)."
    exhibitionIntro: String
    curatorialStatement: String
    curator: String
    "The curator's name as shown on the statement page."
    curatorNameFormatted: String
    "Every artwork, sorted by order; tokens whose collection is hidden are left out."
    artworks: [ExhibitionArtwork!]!
    "The exhibited artists, each once, in the order of their first artwork."
    artistInfos: [PersonInfo!]!
    "Their display names joined for a card: 'A, B and C'."
    artistNamesFormatted: String!
  }

  type ExhibitionEdge {
    cursor: String!
    node: Exhibition!
  }

  type ExhibitionConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [ExhibitionEdge!]!
  }

  extend type Query {
    "The exhibition running at cDate (ISO 8601 or epoch milliseconds): start <= cDate <= end; the featured one first, then the latest start. Null when none runs."
    getCurrentExhibition(cDate: String!): Exhibition
    "The exhibition running now, as the home's card shows it (getCurrentExhibition at the server's time; GET /exhibition/featured). Null when none runs."
    getFeaturedExhibition: Exhibition
    "An exhibition's artworks as marketplace tokens, in exhibition order (12 per page in the app)."
    getExhibitionArtworks(exhibition_id: ID!, pagination: PaginationInput): TokenConnection!
    "Exhibitions that have ended (end < now), latest end first (perPage 20, page 1 in the app)."
    getPastExhibitions(pagination: PaginationInput): ExhibitionConnection!
  }
`;
