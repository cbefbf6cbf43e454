// GraphQL: getCommentsByTokenId — top-level comments newest first (keyset pages of 20), each comment with its first
// 2 replies per level to 5 levels (0–4); getCommentReplies — one comment's replies, oldest first, 20 a page.
import { z } from 'zod';
import { COMMENTS_PAGE_SIZE, REPLIES_PREVIEW } from '../../../domain/comments.js';
import { findVisibleComment } from '../../comments/service.js';
import { findVisibleToken } from '../../studio/visibility.js';
import { badInput, parseListInput } from '../inputs.js';
import type { GraphqlContext, GraphqlModule } from '../module.js';
import { batchLoad } from '../batch.js';
import { toConnection } from '../page.js';
import { DEEPEST_LEVEL, REPLIES_SORT, readCommentsPage, readReplyPreviews, readRepliesPage, replyPreview, type ThreadNode, type ThreadPage } from './thread.js';

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
    "The first ${REPLIES_PREVIEW} replies (oldest first) with their total and cursor; getCommentReplies pages on from replies.pageInfo.endCursor. None below level 4."
    replies: CommentReplies!
  }

  "A comment's first replies: at most ${REPLIES_PREVIEW}, whatever totalCount says (the cost limit prices them so)."
  type CommentReplies {
    "Every direct reply of the comment."
    totalCount: Int!
    pageInfo: PageInfo!
    nodes: [Comment!]!
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
    "One comment's replies, oldest first, ${COMMENTS_PAGE_SIZE} a page by default ('More replies': after = the last page's endCursor, or the thread's replies.pageInfo.endCursor). An unknown comment has an empty page."
    getCommentReplies(comment_id: ID!, pagination: PaginationInput): CommentConnection!
  }
`;

const idSchema = z.string().regex(/^[1-9]\d{0,15}$/);

interface Args {
  token_id: string;
  pagination?: { page?: number | null; after?: string | null; perPage?: number | null } | null;
}

async function getCommentsByTokenId(_parent: unknown, args: Args, context: GraphqlContext) {
  if (!idSchema.safeParse(args.token_id).success) throw badInput('Invalid token_id: a token _id (positive integer).');
  const pagination = { ...args.pagination, perPage: args.pagination?.perPage ?? COMMENTS_PAGE_SIZE };
  const input = parseListInput({ pagination }, ['_id']);
  // A token the viewer may not see (server/studio/visibility.ts) has no comments for them, like an unknown id.
  if (!(await findVisibleToken(context.db, Number(args.token_id), await context.viewer()))) return toConnection(input, [], 0, () => null);
  const page = await readCommentsPage(context.db, context.config.ipfs, {
    tokenId: Number(args.token_id),
    beforeId: input.after?.id ?? null,
    limit: input.perPage + 1,
    // Only the signed-in account's own votes: an address alone proves nothing.
    viewer: await context.viewer(),
  });
  return connectionOf(input, page);
}

const connectionOf = (input: ReturnType<typeof parseListInput>, page: ThreadPage) => toConnection(input, page.rows, page.totalCount, (row) => page.nodes.get(row.id)!);

interface RepliesArgs {
  comment_id: string;
  pagination?: Args['pagination'];
}

async function getCommentReplies(_parent: unknown, args: RepliesArgs, context: GraphqlContext) {
  if (!idSchema.safeParse(args.comment_id).success) throw badInput('Invalid comment_id: a comment _id (positive integer).');
  const pagination = { ...args.pagination, perPage: args.pagination?.perPage ?? COMMENTS_PAGE_SIZE };
  const input = parseListInput({ pagination, sort: REPLIES_SORT }, ['_id']);
  const viewer = await context.viewer();
  // A comment on a token the viewer may not see (server/studio/visibility.ts) has no replies for them, like an unknown id.
  const found = await findVisibleComment(context.db, Number(args.comment_id), viewer);
  const parent = found ? { id: found.row.id, level: found.level } : null;
  return connectionOf(input, await readRepliesPage(context.db, context.config.ipfs, parent, input, viewer));
}

/**
 * Comment.replies: the first replies, only where a query selects them. The comments of one level of a read ask in
 * the same tick, so each level is one batch (readReplyPreviews) and the next level's comments ask in turn.
 */
function replies(parent: ThreadNode, _args: unknown, context: GraphqlContext) {
  if (parent.level >= DEEPEST_LEVEL) return replyPreview([], 0);
  return batchLoad(context, 'Comment.replies', `${parent.id}:${parent.level}`, async (keys: string[]) => {
    const parents = keys.map((key) => {
      const [id, level] = key.split(':').map(Number) as [number, number];
      return { id, level };
    });
    const previews = await readReplyPreviews(context.db, context.config.ipfs, parents, await context.viewer());
    return new Map(keys.map((key, index) => [key, previews.get(parents[index]!.id)!]));
  });
}

export const commentsModule: GraphqlModule = {
  typeDefs,
  resolvers: {
    Query: {
      getCommentsByTokenId: getCommentsByTokenId as (parent: unknown, args: never, context: GraphqlContext) => unknown,
      getCommentReplies: getCommentReplies as (parent: unknown, args: never, context: GraphqlContext) => unknown,
    },
    Comment: { replies: replies as (parent: unknown, args: never, context: GraphqlContext) => unknown },
  },
};
