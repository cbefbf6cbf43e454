// Comment drafts: each token thread's draft record (commentThreadPersistence), stored in its own idb-keyval store
// (./commentDraftStore.ts). Writes run one at a time in the order asked, so a draft typed earlier can never overwrite
// the clear that came after it. This module loads with the thread's chunk.
import { isRestoring, keptDraft, persistedThread, type CommentThreadSnapshot } from '../../machines/comments/commentThreadPersistence';
import { commentRecordKey, commentRecords } from './commentDraftStore';

export { commentDraftsStored, readStoredThread } from './commentDraftStore';

// What the last queued write holds for its thread: a snapshot that leaves the kept draft as it was (a page loaded, a
// vote) writes nothing.
let lastQueued: { tokenId: string; kept: string } | null = null;

/** The thread actor's observer: stores its draft record whenever the draft a reload would keep changes. */
export function persistCommentThread(snapshot: CommentThreadSnapshot): void {
  // Still reading the stored record: what is stored is not the thread's to change yet.
  if (isRestoring(snapshot)) return;
  const { tokenId } = snapshot.context;
  const draft = keptDraft(snapshot);
  const kept = draft ? JSON.stringify(draft) : '';
  if (lastQueued?.tokenId === tokenId && lastQueued.kept === kept) return;
  lastQueued = { tokenId, kept };
  commentRecords.write(commentRecordKey(tokenId), persistedThread(snapshot));
}
