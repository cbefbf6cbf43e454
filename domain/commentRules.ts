// See docs/requirements.md#comments "Comment and reply: trimmed text must not be empty ('Comment cannot be empty', 'Reply cannot be
// empty')" and docs/requirements.md#comments "Page sizes: ... comments 20"; "Comment replies shown to 5 levels, reply allowed below level 4".
// The comment thread machine and the comments REST routes use these. The rules as plain code, with no zod: the token
// page's comment tree reads them on its first load (domain/comments.ts builds the server's and the forms' schemas on
// them; tests/domain/comments.test.ts holds the two to one answer).
import { COMMENT_EMPTY_MESSAGE, REPLY_EMPTY_MESSAGE } from './messages';

export const COMMENTS_PAGE_SIZE = 20;
/**
 * Not in the seed: ours. A thread read carries each comment's first 2 replies (oldest first) at every level with
 * their total and a cursor; 'More replies' pages on through one comment's replies, COMMENTS_PAGE_SIZE at a time.
 * A thread page is then at most 20 × (1 + 2 + 4 + 8 + 16) comments however many replies were posted.
 */
export const REPLIES_PREVIEW = 2;
/** Levels are counted from 0 (a top-level comment is level 0); the tree is shown this many levels deep (0–4). */
export const SHOWN_LEVELS = 5;
/** A reply may be written only on a comment whose level is below this (levels 0–3). */
export const REPLY_BELOW_LEVEL = 4;
/** Deepest level stored: a reply to a level-3 comment is level 4 (docs/requirements.md#comments "replies (up to depth 4)"). */
export const MAX_STORED_LEVEL = REPLY_BELOW_LEVEL;
/** The top-level comment's level. */
export const TOP_LEVEL = 0;
/** Not in the seed: ours, long enough for a paragraph, short enough to keep threads readable. */
export const COMMENT_MAX_LENGTH = 2000;
/** Not in the seed: ours, for a reply too (the seed names only the empty messages). */
export const COMMENT_TOO_LONG_MESSAGE = `Comment cannot be longer than ${COMMENT_MAX_LENGTH} characters`;
/** Not in the seed: ours, for an API caller (the app offers Reply only where it is allowed). */
export const REPLY_DEPTH_MESSAGE = `Replies are allowed only on comments below level ${REPLY_BELOW_LEVEL}`;

/** The message for a comment or reply text (trimmed): empty, or too long; null when it may be sent. */
export function commentTextError(value: string, isReply: boolean): string | null {
  const empty = isReply ? REPLY_EMPTY_MESSAGE : COMMENT_EMPTY_MESSAGE;
  if (typeof value !== 'string') return empty;
  const text = value.trim();
  if (text.length === 0) return empty;
  return text.length > COMMENT_MAX_LENGTH ? COMMENT_TOO_LONG_MESSAGE : null;
}

export const canReplyAtLevel = (level: number) => level < REPLY_BELOW_LEVEL;
