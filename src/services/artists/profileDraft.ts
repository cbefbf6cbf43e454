// The artist profile form's reload store: one `{ version, address, values }` draft per signed-in address in its own
// idb-keyval store, written through the shared ordered queue (a draft typed earlier never overwrites the clear that
// came after it). Stored by structured clone: the cropped cover and new portfolio images stay Blobs. The record's
// shape and what is kept are machines/profile/artistProfileDraft.ts's; this store only keeps and reads it.
import { artistDraftRecord, type ArtistProfileDraftRecord } from '../../../machines/profile/artistProfileDraft';
import type { ArtistProfileValues } from '../../../machines/profile/artistProfileForm';
import { createRecordQueue } from '../recordQueue';

const recordKey = (address: string) => `artist:${address.toLowerCase()}`;

// No IndexedDB or no room: the form still works, a reload then starts from the saved record.
const records = createRecordQueue<ArtistProfileDraftRecord>('artbazaar-artist-drafts', 'drafts', (error) =>
  console.warn('artist profile: the draft could not be kept for a reload', error),
);

/** The form machine's persistDraft action: keeps the address's draft (null forgets it). */
export function storeArtistDraft(address: string, values: ArtistProfileValues | null): void {
  records.write(recordKey(address), artistDraftRecord(address, values));
}

/** Resolves once every write asked for so far is stored. */
export function artistDraftsStored(): Promise<void> {
  return records.stored();
}

/** The address's stored record (unchecked: restoredArtistDraft checks it), or null (none, or storage failed). */
export async function readArtistDraft(address: string): Promise<unknown> {
  return (await records.read(recordKey(address))) ?? null;
}
