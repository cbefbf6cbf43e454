// The commentThread machine's context, events and effect inputs.
import type { ThreadComment } from './commentTree';

export type EditorTarget = { mode: 'new' } | { mode: 'reply'; commentId: string } | { mode: 'edit'; commentId: string };

/** The typed work a reload brings back: the open editor's target and text (one editor per thread at a time). */
export interface CommentDraft {
  target: EditorTarget;
  text: string;
}

export interface CommentThreadInput {
  tokenId: string;
  /** The registered account's address, or null when no wallet is connected. */
  viewer: string | null;
}

export interface CommentThreadContext extends CommentThreadInput {
  comments: ThreadComment[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
  /** The one comment (or the new-comment input) in edit or reply mode; null when none is. */
  editor: EditorTarget | null;
  draft: string;
  /** Inline message under the editor: validation, or the failure of the last save or post. */
  error: string | null;
  /** A draft brought back by a reload (read in `restoring`), applied once it is allowed (e.g. after the wallet reconnects). */
  restored: CommentDraft | null;
  /** The comment whose next replies are loading ('More replies'); null when none is. */
  repliesFor: string | null;
}

export type CommentThreadEvent =
  | { type: 'viewer.changed'; address: string | null }
  | { type: 'comments.retry' }
  | { type: 'comments.loadMore' }
  | { type: 'replies.loadMore'; commentId: string }
  | { type: 'editor.open'; target: EditorTarget }
  | { type: 'draft.change'; text: string }
  | { type: 'editor.submit' }
  | { type: 'editor.cancel' }
  | { type: 'comment.delete'; commentId: string }
  | { type: 'comment.vote'; commentId: string; value: 1 | -1 }
  /** Raised by the thread itself after a post, edit, delete or vote succeeded: the first page is read again. */
  | { type: 'comments.written' };

export type CommentThreadEmitted = { type: 'comments.notify'; kind: 'success' | 'error'; text: string };

export interface FetchCommentsInput {
  tokenId: string;
  after: string | null;
  viewer: string | null;
}
export interface FetchRepliesInput {
  commentId: string;
  /** The endCursor of the comment's replies loaded so far. */
  after: string | null;
  viewer: string | null;
}
export interface PostCommentInput {
  tokenId: string;
  parentId: string | null;
  text: string;
}
/** The requests on one comment (the actions region): what each sends and what its answer carries. */
export interface CommentRequests {
  deleteComment: { input: { commentId: string }; output: { commentId: string; updatedAt: string } };
  voteComment: { input: { commentId: string; value: 1 | -1 }; output: { commentId: string; votes: number; myVote: number | null } };
}
