// Nothing typed is lost offline "text and files typed or chosen survive a reload and stay as drafts": the drafts of the forms that
// keep one record each (the contact form, the profile's General tab), in their own idb-keyval store, written through
// the shared ordered queue (a draft typed earlier never overwrites the clear that came after it). Records are stored
// by structured clone, so a chosen file stays a Blob. Each record's shape and what is kept are its machine's; this
// store only keeps and reads them. Keys: 'contact', 'profile:<address>', 'collectionCover:<collection id>:<address>',
// 'royalties:<chain>:<collection>:<address>', 'collectionSell:<collection id>:<address>', 'listing:<holding id>:<address>'.
import { fromPromise } from 'xstate';
import type { FormDraftParams } from '../../machines/forms/formMachine';
import { createRecordQueue } from './recordQueue';

// No IndexedDB or no room: the form still works, a reload then starts it empty.
const records = createRecordQueue<unknown>('artbazaar-form-drafts', 'drafts', (error) => console.warn('a draft could not be kept for a reload', error));

/** Keeps a form's draft record under `key` (null forgets it). */
export function storeFormDraft(key: string, record: unknown): void {
  records.write(key, record ?? null);
}

/** The record under `key` (unchecked: its machine checks it), or null (none, or storage failed). */
export async function readFormDraft(key: string): Promise<unknown> {
  return (await records.read(key)) ?? null;
}

/** Resolves once every write asked for so far is stored. */
export function formDraftsStored(): Promise<void> {
  return records.stored();
}

/**
 * The draft hooks a machine names as the form machine does (machines/forms/formMachine.ts): `loadDraft` reads the
 * record under its input key, the `persistDraft` action keeps its params' record (null params: nothing to keep).
 * Flows of machines that keep drafts outside a form machine provide these.
 */
export const formDraftHooks = {
  actors: { loadDraft: fromPromise<unknown, string>(({ input }) => readFormDraft(input)) },
  actions: {
    persistDraft: (_: unknown, params: FormDraftParams | null) => {
      if (params) storeFormDraft(params.key, params.record);
    },
  },
};
