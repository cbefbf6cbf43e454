// SDL of the studio reads (the creator studio): the creator's own canvases (every state) for the studio list.
export const studioTypeDefs = /* GraphQL */ `
  input CanvasFilter {
    "The creator's address: must be the signed-in caller's (Authorization: Bearer <address>:<key>)."
    creator: String!
  }

  "A studio collection: building, finalized or published."
  type Canvas {
    id: ID!
    _id: ID!
    name: String!
    symbol: String!
    description: String!
    "image | gif | multipart/image | multipart/mixed | video"
    mediaType: String!
    "building | finalized | published"
    state: String!
    "The cover's URL; null before one is chosen."
    cover: String
    "The cover's thumbnail URL (grids)."
    coverThumbnail: String
    "Tokens in it now."
    tokenCount: Int!
    supplyPerToken: Int!
    royaltiesBasispoints: Int!
    chainId: Int!
    "The on-chain collection once published."
    address: String
    attributes: JSON
    createdAt: String!
    updatedAt: String!
  }

  type CanvasEdge {
    cursor: String!
    node: Canvas!
  }

  type CanvasConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [CanvasEdge!]!
  }

  extend type Query {
    "The studio list: the signed-in creator's canvases in every state, newest first (UNAUTHENTICATED / FORBIDDEN otherwise)."
    getAllCanvas(filters: CanvasFilter!, pagination: PaginationInput): CanvasConnection!
  }
`;
