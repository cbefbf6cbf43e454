// The editorial pages, docs/requirements.md#content-pages: id, type, title, cover, ipfsHash (the HTML body in the media store), isFeatured,
// the artist, createdAt; docs/requirements.md#content-pages GET /article, /article/featured, /article/{id} as GraphQL reads, so the app
// keeps every read in urql (REST answers the same from the same reads: server/articles/queries.ts).
export const articlesTypeDefs = /* GraphQL */ `
  type Article {
    id: ID!
    "news, essay, interview, ..."
    type: String!
    title: String!
    cover: String
    "The cover at 480 px wide (webp), for cards."
    coverThumbnail: String
    "The HTML body's content id in the media store."
    ipfsHash: String!
    "The body's URL on this server's IPFS gateway."
    mediaUrl: String
    isFeatured: Boolean!
    "The artist's wallet address (lower case); null for an editorial piece."
    artist: String
    "ISO 8601."
    createdAt: String!
  }

  "An article with its HTML body as stored (not sanitized: the app sanitizes it before rendering)."
  type ArticleWithBody {
    article: Article!
    body: String!
  }

  type ArticleEdge {
    cursor: String!
    node: Article!
  }

  type ArticleConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [ArticleEdge!]!
  }

  extend type Query {
    "The media articles, newest first (created_at, then id); 24 a page unless perPage says (at most 50)."
    getArticles(pagination: PaginationInput): ArticleConnection!
    "The newest featured article; null when none is featured."
    getFeaturedArticle: Article
    "One article with its body; null when there is no article with this id or its body is not in the media store."
    getArticle(id: ID!): ArticleWithBody
  }
`;
