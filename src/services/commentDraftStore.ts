// The comment drafts' store: each token thread's draft record (machines/comments/storedThread.ts) in its own
// idb-keyval store. The thread reads its record back in its first state (the flow's restoreDraft actor); the record
// is handed over as stored, in whatever format the build that wrote it used, and the machine migrates it.
import type { StoredThread } from '../../machines/comments/storedThread';
import { createRecordQueue } from './recordQueue';

export const commentRecordKey = (tokenId: string) => `comment:${tokenId}`;
// A draft that cannot be stored (no IndexedDB, quota) only fails to survive a reload. Earlier builds' records
// (versions 1 and 2) are read as `unknown` and migrated by the thread.
export const commentRecords = createRecordQueue<StoredThread | { version: number }>('artbazaar-drafts', 'comments');

/**
 * Resolves once every write asked for so far is stored, including those asked in the rest of the current
 * synchronous run: XState tells the thread's observer of a send right after it starts the send's actor.
 */
export function commentDraftsStored(): Promise<void> {
  return commentRecords.stored();
}

/** A token thread's stored record as stored (any version), or undefined when there is none or storage fails. */
export function readStoredThread(tokenId: string): Promise<unknown> {
  return commentRecords.read(commentRecordKey(tokenId));
}
