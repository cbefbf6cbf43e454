// The commentThread machine's implementations by name and the rules its guards share with the panel (which buttons
// show). Its states are in commentThreadMachine.ts (top level) and commentThread*States.ts (the ready regions).
import { assign, emit, fromCallback, fromPromise, raise, setup, type AnyActorRef, type EventObject } from 'xstate';
import { appendPage, findComment, updateComment, type CommentsPage, type ThreadComment } from './commentTree';
import { sameAddress } from '../../domain/address';
import { canReplyAtLevel, commentTextError } from './rules';
import type {
  CommentRequests,
  CommentThreadContext,
  CommentThreadEmitted,
  CommentThreadEvent,
  CommentThreadInput,
  EditorTarget,
  FetchCommentsInput,
  FetchRepliesInput,
  PostCommentInput,
} from './commentThreadTypes';

export const SUBMIT_DEBOUNCE_MS = 100; // docs/requirements.md#comments "Save and post debounce 100 ms"

type Ctx = CommentThreadContext;

/** May this target be opened now? The same rules drive which buttons the panel shows. */
export function canOpenEditor(context: Pick<Ctx, 'comments' | 'viewer' | 'editor'>, target: EditorTarget): boolean {
  if (context.editor !== null) return false;
  if (target.mode === 'new') return true;
  const comment = findComment(context.comments, target.commentId);
  if (!comment || comment.deleted || !context.viewer) return false;
  if (target.mode === 'reply') return canReplyAtLevel(comment.level);
  return sameAddress(comment.userInfo.address, context.viewer);
}

export const isReply = (context: Ctx) =>
  context.editor?.mode === 'reply' || (context.editor?.mode === 'edit' && findComment(context.comments, context.editor.commentId)?.parent_id != null);

// The thread's list fields after a first page (initial load or a refresh for another viewer).
export const firstPage = (page: CommentsPage) => ({
  comments: appendPage([], page),
  totalCount: page.totalCount,
  endCursor: page.pageInfo.endCursor,
  hasNextPage: page.pageInfo.hasNextPage,
});

/** The input of a read of the thread's first page, for its viewer (the first load, another viewer, after a write). */
export const firstPageInput = ({ context }: { context: Ctx }): FetchCommentsInput => ({ tokenId: context.tokenId, after: null, viewer: context.viewer });

export const notify = (kind: 'success' | 'error', text: string) => ({ type: 'notify' as const, params: { kind, text } });

export const commentThreadSetup = setup({
  types: {
    context: {} as CommentThreadContext,
    events: {} as CommentThreadEvent,
    input: {} as CommentThreadInput,
    emitted: {} as CommentThreadEmitted,
  },
  actors: {
    // The thread's stored record, as stored (any version; storedThread.ts reads it). Nothing stored unless provided.
    restoreDraft: fromPromise<unknown, { tokenId: string }>(async () => undefined),
    // Sends viewer.changed with the registered viewer's address on every change (silent unless provided).
    watchViewer: fromCallback<EventObject>(() => undefined),
    // Keeps the thread's draft record as the thread changes (commentThreadPersistence): it hears the thread's
    // snapshots for as long as the thread runs. Nothing is kept unless provided.
    keepDraft: fromCallback<EventObject, { thread: AnyActorRef }>(() => undefined),
    fetchComments: fromPromise<CommentsPage, FetchCommentsInput>(async () => {
      throw new Error('fetchComments is provided by src/services/comments');
    }),
    fetchReplies: fromPromise<CommentsPage, FetchRepliesInput>(async () => {
      throw new Error('fetchReplies is provided by src/services/comments');
    }),
    postComment: fromPromise<ThreadComment, PostCommentInput>(async () => {
      throw new Error('postComment is provided by src/services/comments');
    }),
    updateComment: fromPromise<{ text: string; updatedAt: string }, { commentId: string; text: string }>(async () => {
      throw new Error('updateComment is provided by src/services/comments');
    }),
    deleteComment: fromPromise<CommentRequests['deleteComment']['output'], CommentRequests['deleteComment']['input']>(async () => {
      throw new Error('deleteComment is provided by src/services/comments');
    }),
    voteComment: fromPromise<CommentRequests['voteComment']['output'], CommentRequests['voteComment']['input']>(async () => {
      throw new Error('voteComment is provided by src/services/comments');
    }),
  },
  actions: {
    openWalletDialog: () => {},
    changeDraft: assign({ draft: ({ event }) => (event.type === 'draft.change' ? event.text : ''), error: null }),
    assignViewer: assign({ viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.address : context.viewer) }),
    closeEditor: assign({ editor: null, draft: '', error: null }),
    notify: emit((_, params: { kind: 'success' | 'error'; text: string }) => ({ type: 'comments.notify' as const, ...params })),
    // A request's answer about one comment (deleted, voted) replaces that comment in the thread.
    changeComment: assign(({ context }, params: { commentId: string; change: (comment: ThreadComment) => ThreadComment }) => ({
      comments: updateComment(context.comments, params.commentId, params.change),
    })),
    // After a successful write the thread re-reads its first page (the list's comments.written).
    written: raise({ type: 'comments.written' }),
  },
  guards: {
    canOpen: ({ context, event }) => event.type === 'editor.open' && canOpenEditor(context, event.target),
    restoredDraftApplies: ({ context }) => context.restored !== null && canOpenEditor(context, context.restored.target),
    connected: ({ context }) => context.viewer !== null,
    signedInNow: ({ event }) => event.type === 'viewer.changed' && event.address !== null,
    draftInvalid: ({ context }) => commentTextError(context.draft, isReply(context)) !== null,
    editing: ({ context }) => context.editor?.mode === 'edit',
    hasNextPage: ({ context }) => context.hasNextPage,
    hasMoreReplies: ({ context, event }) => event.type === 'replies.loadMore' && !!findComment(context.comments, event.commentId)?.repliesPage.hasNextPage,
    viewerDiffers: ({ context, event }) => event.type === 'viewer.changed' && (event.address?.toLowerCase() ?? null) !== (context.viewer?.toLowerCase() ?? null),
    canDelete: ({ context, event }) => {
      if (event.type !== 'comment.delete' || context.editor !== null) return false;
      const comment = findComment(context.comments, event.commentId);
      return !!comment && !comment.deleted && sameAddress(comment.userInfo.address, context.viewer);
    },
    canVote: ({ context, event }) => {
      if (event.type !== 'comment.vote' || context.editor !== null || !context.viewer) return false;
      const comment = findComment(context.comments, event.commentId);
      return !!comment && !comment.deleted;
    },
  },
  delays: { submitDebounce: SUBMIT_DEBOUNCE_MS },
});
