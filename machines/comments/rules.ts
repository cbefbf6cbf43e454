// Comment rules shared by the commentThread machine, the panel and the server (seed 000 §4, §5, §6, §9).
import { commentText, replyText } from '../forms/validators';

// Seed 000 §9: "Page sizes: ... comments 20"; "Comment replies shown to 5 levels, reply allowed below level 4".
export const COMMENTS_PAGE_SIZE = 20;
/** Levels are counted from 1 (a top-level comment); the GraphQL tree nests replies this deep. */
export const SHOWN_LEVELS = 5;
/** A reply may be written only on a comment whose level is below this. */
export const REPLY_BELOW_LEVEL = 4;
/** Deepest level our API can store: a reply to a level-3 comment is level 4 (seed §6 "replies (up to depth 4)"). */
export const MAX_STORED_LEVEL = REPLY_BELOW_LEVEL;
/** Not in the seed: ours, long enough for a paragraph, short enough to keep threads readable. */
export const COMMENT_MAX_LENGTH = 2000;
export const COMMENT_TOO_LONG_MESSAGE = `Comment cannot be longer than ${COMMENT_MAX_LENGTH} characters`;
export const REPLY_DEPTH_MESSAGE = `Replies are allowed only on comments below level ${REPLY_BELOW_LEVEL}`;

// Seed 000 §8 notices: "failures to fetch, post, update, delete or vote ... successes: comment posted, updated, deleted; vote registered".
export const COMMENT_NOTICES = {
  fetchFailed: 'Failed to fetch comments',
  postFailed: 'Failed to post comment',
  updateFailed: 'Failed to update comment',
  deleteFailed: 'Failed to delete comment',
  voteFailed: 'Failed to vote',
  posted: 'Comment posted',
  updated: 'Comment updated',
  deleted: 'Comment deleted',
  voted: 'Vote registered',
} as const;

/** Placeholder shown in place of a deleted comment's text. */
export const DELETED_PLACEHOLDER = 'This comment was deleted';

export const canReplyAtLevel = (level: number) => level < REPLY_BELOW_LEVEL;

/** The message for a comment or reply text, or null when it may be sent (trimmed, non-empty, not too long). */
export function commentTextError(text: string, isReply: boolean): string | null {
  const empty = (isReply ? replyText : commentText)(text, {});
  if (empty) return empty;
  return text.trim().length > COMMENT_MAX_LENGTH ? COMMENT_TOO_LONG_MESSAGE : null;
}

/** Addresses match case-insensitively (seed §5 "address matches, case-insensitive"). */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The comment lifecycle (seed §4): active → edited (updatedAt ≠ createdAt) → deleted. */
export type CommentStatus = 'active' | 'edited' | 'deleted';
export function commentStatus(comment: { deleted: boolean; createdAt: string; updatedAt: string }): CommentStatus {
  if (comment.deleted) return 'deleted';
  return Date.parse(comment.updatedAt) !== Date.parse(comment.createdAt) ? 'edited' : 'active';
}
