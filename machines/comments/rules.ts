// The comment thread's rules: the text and level rules are shared with the server (domain/comments.ts); the
// notices and the lifecycle are the client's.
export {
  COMMENT_MAX_LENGTH,
  COMMENT_TOO_LONG_MESSAGE,
  COMMENTS_PAGE_SIZE,
  MAX_STORED_LEVEL,
  REPLY_BELOW_LEVEL,
  REPLY_DEPTH_MESSAGE,
  SHOWN_LEVELS,
  canReplyAtLevel,
  commentTextError,
} from '../../domain/commentRules';

// See docs/requirements.md#comments notices: "failures to fetch, post, update, delete or vote ... successes: comment posted, updated, deleted; vote registered".
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

/** The comment lifecycle (docs/requirements.md#comments): active → edited (updatedAt ≠ createdAt) → deleted. */
export type CommentStatus = 'active' | 'edited' | 'deleted';
export function commentStatus(comment: { deleted: boolean; createdAt: string; updatedAt: string }): CommentStatus {
  if (comment.deleted) return 'deleted';
  return Date.parse(comment.updatedAt) !== Date.parse(comment.createdAt) ? 'edited' : 'active';
}
