// The comments REST wire (POST /api/v1/comments, PUT/DELETE /api/v1/comments/{id}, POST /api/v1/comments/{id}/vote).
// Threads are read through GraphQL, typed by its own schema.
import * as z from 'zod/mini';
import { wireId } from './wire';

/** POST /comments (JSON or a form): a comment on a token, or a reply (parent_id); the text is checked by domain/comments.ts. */
export const commentPostRequest = z.object({ token_id: wireId, parent_id: z.optional(z.nullable(wireId)), text: z.string() });
/** What a client sends (ids as text); the server reads them as numbers. */
export type CommentPostRequest = z.input<typeof commentPostRequest>;

/** PUT /comments/{id}. */
export const commentEditRequest = z.object({ text: z.string() });
/** POST /comments/{id}/vote: up or down (a form sends the text "1" or "-1"). */
export const commentVoteRequest = z.object({
  value: z.pipe(z.union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], { error: 'value must be 1 or -1' }), z.transform(Number)),
});

export const commentAuthorContract = z.object({
  address: z.string(),
  alias: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
});
export type CommentAuthor = z.infer<typeof commentAuthorContract>;

/** The posted comment (201); a fresh comment has no replies yet. */
export const commentPostedAnswer = z.object({
  id: z.string(),
  text: z.string(),
  parent_id: z.nullable(z.string()),
  level: z.number(),
  deleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  votes: z.number(),
  myVote: z.nullable(z.number()),
  userInfo: commentAuthorContract,
});
export type CommentPostedAnswer = z.infer<typeof commentPostedAnswer>;

export const commentEditedAnswer = z.object({ id: z.string(), text: z.string(), updatedAt: z.string() });
export const commentDeletedAnswer = z.object({ id: z.string(), deleted: z.literal(true), text: z.string(), updatedAt: z.string() });
export const commentVotedAnswer = z.object({ id: z.string(), votes: z.number(), myVote: z.nullable(z.number()) });
export type CommentEditedAnswer = z.infer<typeof commentEditedAnswer>;
export type CommentDeletedAnswer = z.infer<typeof commentDeletedAnswer>;
export type CommentVotedAnswer = z.infer<typeof commentVotedAnswer>;
