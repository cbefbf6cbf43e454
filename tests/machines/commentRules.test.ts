import { describe, expect, it } from 'vitest';
import { sameAddress } from '../../domain/address';
import { addComment, appendPage, appendReplies, findComment, updateComment, type ThreadComment } from '../../machines/comments/commentTree';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_TOO_LONG_MESSAGE,
  COMMENTS_PAGE_SIZE,
  MAX_STORED_LEVEL,
  SHOWN_LEVELS,
  canReplyAtLevel,
  commentStatus,
  commentTextError,
} from '../../machines/comments/rules';

const T0 = '2026-11-01T10:00:00.000Z';
const node = (id: string, parent: string | null, replies: ThreadComment[] = [], createdAt = T0): ThreadComment => ({
  id, text: id, parent_id: parent, level: parent === null ? 0 : 1, deleted: false, createdAt, updatedAt: createdAt, votes: 0, myVote: null,
  userInfo: { address: '0xa', alias: null, avatar: null, firstName: null, lastName: null }, replies,
  repliesPage: { totalCount: replies.length, endCursor: null, hasNextPage: false },
});

describe('comment rules (requirements: comments)', () => {
  it('constants: page size 20; levels from 0, shown to 5 levels (0–4), replies allowed below level 4 so stored up to level 4', () => {
    expect([COMMENTS_PAGE_SIZE, SHOWN_LEVELS, MAX_STORED_LEVEL]).toEqual([20, 5, 4]);
    expect([0, 1, 2, 3, 4, 5].map(canReplyAtLevel)).toEqual([true, true, true, true, false, false]);
  });

  it('text: trimmed non-empty with the comment or reply message, and a length limit', () => {
    expect(commentTextError(' \n ', false)).toBe('Comment cannot be empty');
    expect(commentTextError('', true)).toBe('Reply cannot be empty');
    expect(commentTextError('  ok  ', true)).toBeNull();
    expect(commentTextError(`  ${'x'.repeat(COMMENT_MAX_LENGTH)}  `, false)).toBeNull();
    expect(commentTextError('x'.repeat(COMMENT_MAX_LENGTH + 1), false)).toBe(COMMENT_TOO_LONG_MESSAGE);
  });

  it('lifecycle: active → edited (updatedAt ≠ createdAt) → deleted', () => {
    expect(commentStatus({ deleted: false, createdAt: T0, updatedAt: T0 })).toBe('active');
    expect(commentStatus({ deleted: false, createdAt: T0, updatedAt: '2026-11-01T10:00:00.001Z' })).toBe('edited');
    expect(commentStatus({ deleted: true, createdAt: T0, updatedAt: '2026-11-01T11:00:00.000Z' })).toBe('deleted');
  });

  it('authorship compares addresses case-insensitively; nobody matches a missing address', () => {
    expect(sameAddress('0xAbC', '0xabc')).toBe(true);
    expect(sameAddress(null, '0xabc')).toBe(false);
  });
});

describe('comment tree', () => {
  const tree = [node('a', null, [node('b', 'a')]), node('c', null)];

  it('finds nested comments and replaces one without touching other branches', () => {
    expect(findComment(tree, 'b')?.id).toBe('b');
    const changed = updateComment(tree, 'b', (comment) => ({ ...comment, text: 'B' }));
    expect(findComment(changed, 'b')?.text).toBe('B');
    expect(changed[1]).toBe(tree[1]);
    expect(findComment(tree, 'b')?.text).toBe('b');
  });

  it('a new top-level comment goes first, a reply last under its parent; a further page skips known ids', () => {
    expect(addComment(tree, node('n', null)).map((c) => c.id)).toEqual(['n', 'a', 'c']);
    expect(findComment(addComment(tree, node('r', 'a')), 'a')?.replies.map((c) => c.id)).toEqual(['b', 'r']);
    const page = { totalCount: 3, pageInfo: { endCursor: null, hasNextPage: false }, edges: [{ cursor: 'x', node: node('c', null) }, { cursor: 'y', node: node('d', null) }] };
    expect(appendPage(tree, page).map((c) => c.id)).toEqual(['a', 'c', 'd']);
  });

  it("a reply posted here counts in its parent's total; a page of replies is appended once, oldest first, with the server's count and cursor", () => {
    const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    // 'a' shows 1 of its 30 replies; a reply posted now (minute 59) is shown at once, before its turn in the pages.
    const parent = { ...node('a', null, [node('b', 'a', [], at(1))]), repliesPage: { totalCount: 30, endCursor: 'k1', hasNextPage: true } };
    const posted = addComment([parent], node('mine', 'a', [], at(59)));
    expect(findComment(posted, 'a')?.repliesPage).toEqual({ totalCount: 31, endCursor: 'k1', hasNextPage: true });
    const page = { totalCount: 31, pageInfo: { endCursor: 'k3', hasNextPage: true }, edges: [{ cursor: 'k2', node: node('b2', 'a', [], at(2)) }, { cursor: 'k3', node: node('b3', 'a', [], at(3)) }] };
    const more = appendReplies(posted, 'a', page);
    expect(findComment(more, 'a')?.replies.map((c) => c.id)).toEqual(['b', 'b2', 'b3', 'mine']);
    expect(findComment(more, 'a')?.repliesPage).toEqual({ totalCount: 31, endCursor: 'k3', hasNextPage: true });
    // The last page holds the posted reply too: it stays once.
    const last = { totalCount: 31, pageInfo: { endCursor: 'k9', hasNextPage: false }, edges: [{ cursor: 'k9', node: node('mine', 'a', [], at(59)) }] };
    expect(findComment(appendReplies(more, 'a', last), 'a')?.replies.map((c) => c.id)).toEqual(['b', 'b2', 'b3', 'mine']);
    expect(findComment(appendReplies(more, 'a', last), 'a')?.repliesPage.hasNextPage).toBe(false);
  });
});
