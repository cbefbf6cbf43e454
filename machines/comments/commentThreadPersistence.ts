// What of a comment thread survives a reload: typed work, as the thread machine's persisted snapshot.
import { createActor, type Snapshot, type SnapshotFrom } from 'xstate';
import { commentThreadMachine, type CommentDraft } from './commentThreadMachine';
import { findComment } from './commentTree';

export { PERSISTED_THREAD_VERSION } from './constants';

export type CommentThreadSnapshot = SnapshotFrom<typeof commentThreadMachine>;

/**
 * The draft a reload brings back: the open editor's text while it is being typed (or waits for the wallet to sign
 * in before it is sent), or a restored draft still waiting to reopen. None once the text is sent (posting, saving): the server may already have it, and a second
 * Post would duplicate it; a failed send returns to editing, so the draft is kept again. Untyped text (an empty
 * new comment, an edit not changed yet) is no work to lose.
 */
export function keptDraft(snapshot: CommentThreadSnapshot): CommentDraft | null {
  const { editor, draft, restored, comments } = snapshot.context;
  if (!editor) return restored;
  const typing = (['editing', 'debouncing', 'signingIn', 'signedIn'] as const).some((state) => snapshot.matches({ ready: { editor: { open: state } } }));
  if (!typing) return null;
  const untouched = editor.mode === 'edit' ? draft === findComment(comments, editor.commentId)?.text : draft.trim() === '';
  return untouched ? null : { target: editor, text: draft };
}

/**
 * The snapshot to persist, or null when there is nothing to keep. It is the thread as a fresh page would start it,
 * loading its first page (the list is server data, refetched) and carrying the kept draft, which reopens in its
 * editor once its target is allowed. Restore it with `createActor(providedMachine, { snapshot })`.
 */
export function persistedThread(snapshot: CommentThreadSnapshot): Snapshot<unknown> | null {
  const restored = keptDraft(snapshot);
  if (!restored) return null;
  const { tokenId, viewer } = snapshot.context;
  // Never started: the actor only builds the initial snapshot (its fetch runs when the restored actor starts).
  return createActor(commentThreadMachine, { input: { tokenId, viewer, restored } }).getPersistedSnapshot();
}
