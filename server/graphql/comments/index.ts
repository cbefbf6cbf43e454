// GraphQL: getCommentsByTokenId — top-level comments newest first (keyset pages of 20), replies nested to 5 levels (0–4).
import { z } from 'zod';
import { COMMENTS_PAGE_SIZE } from '../../../domain/comments.js';
import { readCommentsPage } from '../../rest/commentsStore.js';
import { findVisibleToken } from '../../studio/visibility.js';
import { badInput, parseListInput } from '../inputs.js';
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { toConnection } from '../page.js';

const typeDefs = /* GraphQL */ `
  type Comment {
    id: ID!
    _id: ID!
    text: String!
    user_id: ID!
    token_id: ID!
    parent_id: ID
    createdAt: String!
    updatedAt: String!
    deleted: Boolean!
    "0 for a top-level comment, its parent's level + 1 for a reply; five levels, 0-4 (replies allowed below level 4)."
    level: Int!
    userInfo: PersonInfo!
    "Sum of the +1/-1 votes."
    votes: Int!
    "The signed-in viewer's own vote (1 or -1); null when none or when the request is not signed in."
    myVote: Int
    replies: [Comment!]!
  }

  type CommentEdge {
    cursor: String!
    node: Comment!
  }

  type CommentConnection {
    totalCount: Int!
    pageInfo: PageInfo!
    edges: [CommentEdge!]!
  }

  extend type Query {
    "myVote is the vote of the account signed in with Authorization: Bearer <address>:<key> (no Nonce); null for anyone else."
    getCommentsByTokenId(token_id: ID!, pagination: PaginationInput): CommentConnection!
  }
`;

const tokenIdSchema = z.string().regex(/^[1-9]\d{0,15}$/);

interface Args {
  token_id: string;
  pagination?: { page?: number | null; after?: string | null; perPage?: number | null } | null;
}

async function getCommentsByTokenId(_parent: unknown, args: Args, context: GraphqlContext) {
  if (!tokenIdSchema.safeParse(args.token_id).success) throw badInput('Invalid token_id: a token _id (positive integer).');
  const pagination = { ...args.pagination, perPage: args.pagination?.perPage ?? COMMENTS_PAGE_SIZE };
  const input = parseListInput({ pagination }, ['_id']);
  // A token the viewer may not see (server/studio/visibility.ts) has no comments for them, like an unknown id.
  if (!(await findVisibleToken(context.db, Number(args.token_id), await context.viewer()))) return toConnection(input, [], 0, () => null);
  const { roots, totalCount } = await readCommentsPage(context.db, context.config.ipfs, {
    tokenId: Number(args.token_id),
    beforeId: input.after?.id ?? null,
    limit: input.perPage + 1,
    // Only the signed-in account's own votes: an address alone proves nothing.
    viewer: await context.viewer(),
  });
  const rows = roots.map((node) => ({ id: Number(node.id), node }));
  return toConnection(input, rows, totalCount, (row) => row.node);
}

export const commentsModule: GraphqlModule = {
  typeDefs,
  resolvers: {
    Query: { getCommentsByTokenId: getCommentsByTokenId as (parent: unknown, args: never, context: GraphqlContext) => unknown },
  },
};
