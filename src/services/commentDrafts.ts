// Comment drafts: each token thread's persisted snapshot (commentThreadPersistence), stored as { version, snapshot }
// in its own idb-keyval store (./commentDraftStore.ts). Writes run one at a time in the order asked, so a draft typed
// earlier can never overwrite the clear that came after it. This module holds the thread machine's persistence and
// loads with the thread's chunk; the store and its read, which the comments panel needs first, do not import it.
import {
  PERSISTED_THREAD_VERSION,
  keptDraft,
  persistedThread,
  type CommentThreadSnapshot,
} from '../../machines/comments/commentThreadPersistence';
import { commentRecordKey, commentRecords } from './commentDraftStore';

export { commentDraftsStored, readCommentThread, storedCommentThread } from './commentDraftStore';

// What the last queued write holds for its thread: a snapshot that leaves the kept draft as it was (a page loaded, a
// vote) writes nothing.
let lastQueued: { tokenId: string; kept: string } | null = null;

/** The thread actor's observer: stores its persisted snapshot whenever the draft a reload would keep changes. */
export function persistCommentThread(snapshot: CommentThreadSnapshot): void {
  const { tokenId } = snapshot.context;
  const draft = keptDraft(snapshot);
  const kept = draft ? JSON.stringify(draft) : '';
  if (lastQueued?.tokenId === tokenId && lastQueued.kept === kept) return;
  lastQueued = { tokenId, kept };
  const persisted = persistedThread(snapshot);
  commentRecords.write(commentRecordKey(tokenId), persisted ? { version: PERSISTED_THREAD_VERSION, snapshot: persisted } : null);
}
