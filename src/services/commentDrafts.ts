// Comment drafts: each token thread's persisted snapshot (commentThreadPersistence), stored as { version, snapshot }
// in its own idb-keyval store. Writes run one at a time in the order asked, so a draft typed earlier can never
// overwrite the clear that came after it.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
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

let draftStore: UseStore | undefined;
const getDraftStore = () => (draftStore ??= createStore('artbazaar-drafts', 'comments'));
const recordKey = (tokenId: string) => `comment:${tokenId}`;

// The write queue: one write runs at a time; a record asked again before its turn is written once, with its last value.
let writes: Promise<void> = Promise.resolve();
const queued = new Map<string, StoredThread | null>();

function queueWrite(key: string, record: StoredThread | null): void {
  const waiting = queued.has(key);
  queued.set(key, record);
  if (!waiting) writes = writes.then(() => writeRecord(key));
}

async function writeRecord(key: string): Promise<void> {
  const record = queued.get(key) ?? null;
  queued.delete(key);
  try {
    if (record) await set(key, record, getDraftStore());
    else await del(key, getDraftStore());
  } catch {
    // A draft that cannot be stored (no IndexedDB, quota) only fails to survive a reload.
  }
}

/**
 * Resolves once every write asked for so far is stored, including those asked in the rest of the current
 * synchronous run: XState tells the thread's observer of a send right after it starts the send's actor.
 */
export function commentDraftsStored(): Promise<void> {
  return Promise.resolve().then(() => writes);
}

/** A token thread's stored snapshot, or undefined when there is none, it is of another version, or storage fails. */
export async function readCommentThread(tokenId: string): Promise<Snapshot<unknown> | undefined> {
  await writes;
  try {
    const stored = await get<StoredThread>(recordKey(tokenId), getDraftStore());
    return stored?.version === PERSISTED_THREAD_VERSION ? stored.snapshot : undefined;
  } catch {
    return undefined;
  }
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
  queueWrite(recordKey(tokenId), persisted ? { version: PERSISTED_THREAD_VERSION, snapshot: persisted } : null);
}
