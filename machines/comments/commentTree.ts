// The comment tree the thread holds: types and pure updates (replace one node, add a reply, find by id).

export interface CommentAuthor {
  address: string;
  alias: string | null;
  avatar: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface ThreadComment {
  id: string;
  text: string;
  parent_id: string | null;
  level: number;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  votes: number;
  myVote: number | null;
  userInfo: CommentAuthor;
  replies: ThreadComment[];
}

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

/** Adds a fresh comment: a top-level one goes first (newest first), a reply goes last under its parent. */
export function addComment(comments: readonly ThreadComment[], added: ThreadComment): ThreadComment[] {
  if (added.parent_id === null) return [added, ...comments];
  return updateComment(comments, added.parent_id, (parent) => ({ ...parent, replies: [...parent.replies, added] }));
}

/** Appends a further page of top-level comments, skipping any already shown (one posted meanwhile). */
export function appendPage(comments: readonly ThreadComment[], page: CommentsPage): ThreadComment[] {
  const known = new Set(comments.map((comment) => comment.id));
  return [...comments, ...page.edges.map((edge) => edge.node).filter((node) => !known.has(node.id))];
}
