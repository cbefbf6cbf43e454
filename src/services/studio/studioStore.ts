// The studio's reload store (the creator studio: "a reload, a crash or a lost connection at any point of the studio loses
// nothing"): one versioned record per canvas ('new' before the collection exists) in its own idb-keyval
// store, as comment drafts are kept. The record is stored by structured clone, so the unsaved cover stays a Blob.
// Writes run one at a time in the order asked; a record asked again before its turn is written once, with its last
// value. The record's shape is machines/studio/studioPersistence.ts's; this store only keeps it.
import type { PersistedStudioRecord } from '../../../machines/studio/studioPersistence';
import { createRecordQueue } from '../recordQueue';

/** The key of a studio's record: its canvas, or 'new' on /studio/create. */
export const studioRecordKey = (containerId: string | null | undefined) => `studio:${containerId ?? 'new'}`;

// No IndexedDB or no room: the studio still works, a reload then starts from the server's state.
const records = createRecordQueue<PersistedStudioRecord | { version: number }>('artbazaar-studio', 'studios', (error) =>
  console.warn('studio: the step could not be kept for a reload', error),
);

/** Keeps a studio's record (null forgets it). */
export function storeStudioRecord(containerId: string | null | undefined, record: PersistedStudioRecord | null): void {
  records.write(studioRecordKey(containerId), record);
}

/** Resolves once every write asked for so far is stored. */
export function studioRecordsStored(): Promise<void> {
  return records.stored();
}

/** A studio's stored record as stored (an earlier build's version too), or null (none, or storage failed). The caller migrates it. */
export async function readStudioRecord(containerId: string | null | undefined): Promise<PersistedStudioRecord | { version: number } | null> {
  return (await records.read(studioRecordKey(containerId))) ?? null;
}
