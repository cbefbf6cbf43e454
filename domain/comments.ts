// See docs/requirements.md#comments "Comment and reply: trimmed text must not be empty ('Comment cannot be empty', 'Reply cannot be
// empty')": the schemas of the comments REST routes and the forms, on the plain rules of domain/commentRules.ts.
import * as z from 'zod/mini';
import { COMMENT_EMPTY_MESSAGE, REPLY_EMPTY_MESSAGE } from './messages';
import { COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE } from './commentRules';
import { firstIssue } from './validate';

export * from './commentRules';

const text = (emptyMessage: string) =>
  z.string({ error: emptyMessage }).check(z.trim(), z.minLength(1, emptyMessage), z.maxLength(COMMENT_MAX_LENGTH, COMMENT_TOO_LONG_MESSAGE));

/** A comment's text, trimmed: 'Comment cannot be empty', or too long. */
export const commentTextSchema = text(COMMENT_EMPTY_MESSAGE);
/** A reply's text, trimmed: 'Reply cannot be empty', or too long. */
export const replyTextSchema = text(REPLY_EMPTY_MESSAGE);

/** The schemas' message for a comment or reply text, or null. */
export const commentSchemaError = (value: string, isReply: boolean) => firstIssue(isReply ? replyTextSchema : commentTextSchema, value);
