import { describe, expect, it } from 'vitest';
import {
  canReplyAtLevel,
  COMMENT_MAX_LENGTH,
  COMMENTS_PAGE_SIZE,
  commentSchemaError,
  commentTextError,
  commentTextSchema,
  MAX_STORED_LEVEL,
  replyTextSchema,
  SHOWN_LEVELS,
} from '../../domain/comments';
import { firstIssue } from '../../domain/validate';

// See docs/requirements.md#comments "Comment and reply: trimmed text must not be empty ('Comment cannot be empty', 'Reply cannot be empty')".
describe('comment text (requirements: comments)', () => {
  it("comment: 'Comment cannot be empty' for empty or whitespace-only text", () => {
    for (const empty of ['', ' ', '\n\t ']) expect(firstIssue(commentTextSchema, empty)).toBe('Comment cannot be empty');
    expect(commentTextError('  ', false)).toBe('Comment cannot be empty');
  });

  it("reply: 'Reply cannot be empty' for empty or whitespace-only text", () => {
    for (const empty of ['', ' ', '\n']) expect(firstIssue(replyTextSchema, empty)).toBe('Reply cannot be empty');
    expect(commentTextError('\n', true)).toBe('Reply cannot be empty');
  });

  it('too long: more than 2000 characters after trimming, for a comment and a reply', () => {
    expect(COMMENT_MAX_LENGTH).toBe(2000);
    expect(commentTextError(`  ${'x'.repeat(2000)}  `, false)).toBeNull();
    expect(commentTextError('x'.repeat(2001), false)).toBe('Comment cannot be longer than 2000 characters');
    expect(commentTextError('x'.repeat(2001), true)).toBe('Comment cannot be longer than 2000 characters');
  });

  it('parses to the trimmed text; markup is only text', () => {
    expect(commentTextSchema.parse('  Lovely colours \n')).toBe('Lovely colours');
    expect(commentTextError('<b>bold</b> & <img src=x>', false)).toBeNull();
  });

  it('levels (requirements: comments): page size 20, shown to 5 levels, replies below level 4, stored up to level 4', () => {
    expect([COMMENTS_PAGE_SIZE, SHOWN_LEVELS, MAX_STORED_LEVEL]).toEqual([20, 5, 4]);
    expect([1, 2, 3, 4, 5].map(canReplyAtLevel)).toEqual([true, true, true, false, false]);
  });

  it('the plain rule (the token page, no zod) and the schemas (the server, the forms) answer every text alike', () => {
    const corpus = ['', ' ', '\n\t', 'a', ' a ', 'x'.repeat(2000), ` ${'x'.repeat(2000)} `, 'x'.repeat(2001), '\u00a0', '\u2003ok', '<b>x</b>', 42 as unknown as string];
    for (const value of corpus) for (const isReply of [false, true]) expect([value, isReply, commentTextError(value, isReply)]).toEqual([value, isReply, commentSchemaError(value, isReply)]);
  });
});

