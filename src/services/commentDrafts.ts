// Comment drafts: each token thread's persisted snapshot (commentThreadPersistence), stored as { version, snapshot }
// in its own idb-keyval store. Writes run one at a time in the order asked, so a draft typed earlier can never
// overwrite the clear that came after it.
import { createRecordQueue } from './recordQueue';
import { fromPromise, type Snapshot } from 'xstate';
import {
  PERSISTED_THREAD_VERSION,
  keptDraft,
  persistedThread,
  type CommentThreadSnapshot,
} from '../../machines/comments/commentThreadPersistence';

interface StoredThread {
  version: number;
  snapshot: Snapshot<unknown>;
}

const recordKey = (tokenId: string) => `comment:${tokenId}`;
// A draft that cannot be stored (no IndexedDB, quota) only fails to survive a reload.
const records = createRecordQueue<StoredThread>('artbazaar-drafts', 'comments');

/**
 * Resolves once every write asked for so far is stored, including those asked in the rest of the current
 * synchronous run: XState tells the thread's observer of a send right after it starts the send's actor.
 */
export function commentDraftsStored(): Promise<void> {
  return records.stored();
}

/** A token thread's stored snapshot, or undefined when there is none, it is of another version, or storage fails. */
export async function readCommentThread(tokenId: string): Promise<Snapshot<unknown> | undefined> {
  const stored = await records.read(recordKey(tokenId));
  return stored?.version === PERSISTED_THREAD_VERSION ? stored.snapshot : undefined;
}

/** The panel reads its thread's stored snapshot with this before it starts the thread actor from it. */
export const storedCommentThread = fromPromise<Snapshot<unknown> | undefined, { tokenId: string }>(({ input }) => readCommentThread(input.tokenId));

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
  records.write(recordKey(tokenId), persisted ? { version: PERSISTED_THREAD_VERSION, snapshot: persisted } : null);
}
