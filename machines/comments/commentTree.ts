// The comment tree the thread holds: types and pure updates (replace one node, add a reply, append a page of
// replies, find by id).

import type { CommentPostedAnswer } from '../../domain/contracts/comments';

/** A comment's author, and a comment as POST /api/v1/comments answers it: their contracts' (domain/contracts/comments.ts). */
export type { CommentAuthor } from '../../domain/contracts/comments';

/** A comment of a thread: what the server answers for it (the GraphQL read maps its nodes to it), with its replies. */
export interface ThreadComment extends CommentPostedAnswer {
  /** The replies loaded so far, oldest first: the thread read brings the first few, 'More replies' the rest. */
  replies: ThreadComment[];
  /** The server's count of direct replies and where its next page of them starts. */
  repliesPage: RepliesPageInfo;
}

export interface RepliesPageInfo {
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

/** A comment with no replies: a fresh one, or one at the deepest level. */
export const NO_REPLIES: RepliesPageInfo = { totalCount: 0, endCursor: null, hasNextPage: false };

export interface CommentsPage {
  totalCount: number;
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
  edges: { cursor: string; node: ThreadComment }[];
}

export function findComment(comments: readonly ThreadComment[], id: string): ThreadComment | undefined {
  for (const comment of comments) {
    if (comment.id === id) return comment;
    const found = findComment(comment.replies, id);
    if (found) return found;
  }
  return undefined;
}

/** A copy of the tree with the comment `id` replaced by `change(comment)`; other branches are shared. */
export function updateComment(
  comments: readonly ThreadComment[],
  id: string,
  change: (comment: ThreadComment) => ThreadComment,
): ThreadComment[] {
  return comments.map((comment) => {
    if (comment.id === id) return change(comment);
    const replies = updateComment(comment.replies, id, change);
    return replies.some((reply, index) => reply !== comment.replies[index]) ? { ...comment, replies } : comment;
  });
}

/** Adds a fresh comment: a top-level one goes first (newest first), a reply goes last under its parent (and counts). */
export function addComment(comments: readonly ThreadComment[], added: ThreadComment): ThreadComment[] {
  if (added.parent_id === null) return [added, ...comments];
  return updateComment(comments, added.parent_id, (parent) => ({
    ...parent,
    replies: [...parent.replies, added],
    repliesPage: { ...parent.repliesPage, totalCount: parent.repliesPage.totalCount + 1 },
  }));
}

/**
 * Appends a page of one comment's replies, skipping any already shown (one posted meanwhile), oldest first: a reply
 * posted here before its turn in the pages moves after the ones loaded now.
 */
export function appendReplies(comments: readonly ThreadComment[], commentId: string, page: CommentsPage): ThreadComment[] {
  return updateComment(comments, commentId, (parent) => {
    const known = new Set(parent.replies.map((reply) => reply.id));
    const loaded = page.edges.map((edge) => edge.node).filter((node) => !known.has(node.id));
    const replies = [...parent.replies, ...loaded].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    return {
      ...parent,
      replies,
      repliesPage: { totalCount: page.totalCount, endCursor: page.pageInfo.endCursor ?? parent.repliesPage.endCursor, hasNextPage: page.pageInfo.hasNextPage },
    };
  });
}

/** Appends a further page of top-level comments, skipping any already shown (one posted meanwhile). */
export function appendPage(comments: readonly ThreadComment[], page: CommentsPage): ThreadComment[] {
  const known = new Set(comments.map((comment) => comment.id));
  return [...comments, ...page.edges.map((edge) => edge.node).filter((node) => !known.has(node.id))];
}

const loadedCount = (comment: ThreadComment): number => comment.replies.reduce((sum, reply) => sum + 1 + loadedCount(reply), 0);

/**
 * The thread after its first page was read again (after a write): the page's comments as the server has them now,
 * except one that shows more loaded replies here ('More replies'), which is kept; then the comments of further pages
 * not in it.
 */
export function refreshFirstPage(comments: readonly ThreadComment[], page: CommentsPage): ThreadComment[] {
  const shown = new Map(comments.map((comment) => [comment.id, comment]));
  const fresh = page.edges.map(({ node }) => {
    const local = shown.get(node.id);
    return local && loadedCount(local) > loadedCount(node) ? local : node;
  });
  const inPage = new Set(fresh.map((comment) => comment.id));
  return [...fresh, ...comments.filter((comment) => !inPage.has(comment.id))];
}
