// Seed 000 §5 "Comment and reply: trimmed text must not be empty ('Comment cannot be empty', 'Reply cannot be
// empty')" and §9 "Page sizes: ... comments 20"; "Comment replies shown to 5 levels, reply allowed below level 4".
// The comment thread machine and the comments REST routes use these.
import * as z from 'zod/mini';
import { COMMENT_EMPTY_MESSAGE, REPLY_EMPTY_MESSAGE } from './messages';
import { firstIssue } from './validate';

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
/** Deepest level stored: a reply to a level-3 comment is level 4 (seed §6 "replies (up to depth 4)"). */
export const MAX_STORED_LEVEL = REPLY_BELOW_LEVEL;
/** The top-level comment's level. */
export const TOP_LEVEL = 0;
/** Not in the seed: ours, long enough for a paragraph, short enough to keep threads readable. */
export const COMMENT_MAX_LENGTH = 2000;
/** Not in the seed: ours, for a reply too (the seed names only the empty messages). */
export const COMMENT_TOO_LONG_MESSAGE = `Comment cannot be longer than ${COMMENT_MAX_LENGTH} characters`;
/** Not in the seed: ours, for an API caller (the app offers Reply only where it is allowed). */
export const REPLY_DEPTH_MESSAGE = `Replies are allowed only on comments below level ${REPLY_BELOW_LEVEL}`;

const text = (emptyMessage: string) =>
  z.string({ error: emptyMessage }).check(z.trim(), z.minLength(1, emptyMessage), z.maxLength(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE));

/** A comment's text, trimmed: 'Comment cannot be empty', or too long. */
export const commentTextSchema = text(COMMENT_EMPTY_MESSAGE);
/** A reply's text, trimmed: 'Reply cannot be empty', or too long. */
export const replyTextSchema = text(REPLY_EMPTY_MESSAGE);

/** The message for a comment or reply text, or null when it may be sent. */
export const commentTextError = (value: string, isReply: boolean) => firstIssue(isReply ? replyTextSchema : commentTextSchema, value);

export const canReplyAtLevel = (level: number) => level < REPLY_BELOW_LEVEL;
