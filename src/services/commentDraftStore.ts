// The comment drafts' store: each token thread's persisted snapshot as { version, snapshot } in its own idb-keyval
// store, and the read the token page's comments panel makes before the thread starts. It imports no machine: the
// thread machine and what stores its snapshots (./commentDrafts.ts) load with the thread's own chunk, when the panel
// nears the screen, not with the token page.
import { fromPromise, type Snapshot } from 'xstate';
import { PERSISTED_THREAD_VERSION } from '../../machines/comments/constants';
import { createRecordQueue } from './recordQueue';

export interface StoredThread {
  version: number;
  snapshot: Snapshot<unknown>;
}

export const commentRecordKey = (tokenId: string) => `comment:${tokenId}`;
// A draft that cannot be stored (no IndexedDB, quota) only fails to survive a reload.
export const commentRecords = createRecordQueue<StoredThread>('artbazaar-drafts', 'comments');

/**
 * Resolves once every write asked for so far is stored, including those asked in the rest of the current
 * synchronous run: XState tells the thread's observer of a send right after it starts the send's actor.
 */
export function commentDraftsStored(): Promise<void> {
  return commentRecords.stored();
}

/** A token thread's stored snapshot, or undefined when there is none, it is of another version, or storage fails. */
export async function readCommentThread(tokenId: string): Promise<Snapshot<unknown> | undefined> {
  const stored = await commentRecords.read(commentRecordKey(tokenId));
  return stored?.version === PERSISTED_THREAD_VERSION ? stored.snapshot : undefined;
}

/** The panel reads its thread's stored snapshot with this before it starts the thread actor from it. */
export const storedCommentThread = fromPromise<Snapshot<unknown> | undefined, { tokenId: string }>(({ input }) => readCommentThread(input.tokenId));
