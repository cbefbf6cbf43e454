// The comment thread as the GraphQL server answers it, from the tree the thread machine keeps: each comment's
// replies are { totalCount, pageInfo, nodes } (src/services/comments.ts reads them back into ThreadComment).
import type { RepliesPageInfo, ThreadComment } from '../../machines/comments/commentTree';

export interface WireComment extends Omit<ThreadComment, 'replies' | 'repliesPage'> {
  replies: { totalCount: number; pageInfo: { endCursor: string | null; hasNextPage: boolean }; nodes: WireComment[] };
}

export function wireComment({ replies, repliesPage, ...comment }: ThreadComment): WireComment {
  return {
    ...comment,
    replies: { totalCount: repliesPage.totalCount, pageInfo: { endCursor: repliesPage.endCursor, hasNextPage: repliesPage.hasNextPage }, nodes: replies.map(wireComment) },
  };
}

/** A page of the thread (or of one comment's replies) as the server answers it. */
export function wirePage(comments: ThreadComment[], pageInfo: { endCursor: string | null; hasNextPage: boolean } = { endCursor: null, hasNextPage: false }, totalCount = comments.length) {
  return { totalCount, pageInfo, edges: comments.map((comment) => ({ cursor: comment.id, node: wireComment(comment) })) };
}

/** The page info of replies all shown. */
export const allShown = (replies: readonly unknown[]): RepliesPageInfo => ({ totalCount: replies.length, endCursor: null, hasNextPage: false });
