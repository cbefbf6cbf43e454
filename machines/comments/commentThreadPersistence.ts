// What of a comment thread survives a reload: typed work, as the draft record of storedThread.ts. The thread reads
// it back in its first state (`restoring`), through the restoreDraft actor the services provide.
import type { SnapshotFrom } from 'xstate';
import type { CommentDraft, commentThreadMachine } from './commentThreadMachine';
import { findComment } from './commentTree';
import { storedThreadOf, type StoredThread } from './storedThread';

export { PERSISTED_THREAD_VERSION, migrateStoredThread, restoredDraft, type StoredThread } from './storedThread';

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
 * The record to store, or null when there is nothing to keep (the stored one is then forgotten). The list is
 * server data, read again after a reload; the kept draft reopens in its editor once its target is allowed.
 */
export function persistedThread(snapshot: CommentThreadSnapshot): StoredThread | null {
  return storedThreadOf(keptDraft(snapshot));
}

/** While the thread is still reading its stored record it has nothing of its own to store (nor to forget). */
export const isRestoring = (snapshot: CommentThreadSnapshot): boolean => snapshot.matches('restoring');
