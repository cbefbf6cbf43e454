// The studio's reload record: a versioned record per canvas in IndexedDB, read back by the studio's first state
// (restoring, through the flow's restoreStudio); a studio restored from it starts on the step it left with its values
// and upload queue; another canvas's record, or one this build cannot read, is not this page's.
import { createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { initialStudioContext, type StudioContext } from '../../machines/studio/studioMachine';
import { PERSISTED_STUDIO_VERSION, restoredResume } from '../../machines/studio/studioPersistence';
import { studioPersistence } from '../../src/services/studio/studioPersistence';
import { readStudioRecord, studioRecordKey, studioRecordsStored } from '../../src/services/studio/studioStore';
import { browserStructuredClone } from './studioBrowserClone';
import { scriptedStudio, studioCanvas } from './studioFixtures';

// jsdom's Blob is not one Node's structuredClone knows: the store clones as a browser does (a Blob stays a Blob).
beforeEach(() => vi.stubGlobal('structuredClone', browserStructuredClone));
afterEach(() => vi.unstubAllGlobals());

function uploadingContext(containerId: string): StudioContext {
  const context = initialStudioContext({ containerId });
  return {
    ...context,
    step: 'upload',
    details: { ...context.details, values: { ...context.details.values, name: 'Dawn', mediaType: 'image' } },
    uploads: [{ key: '1:one.png:300', name: 'one.png', size: 300, type: 'image/png', lastModified: 5, status: 'uploading', bytesUploaded: 100 }],
  };
}

describe('studio persistence', () => {
  test('default: a studio left on the upload comes back there with its values, and its queue continues', async () => {
    studioPersistence.persist(uploadingContext('c1'));
    expect((await readStudioRecord('c1'))?.version).toBe(PERSISTED_STUDIO_VERSION);

    const studio = scriptedStudio({ canvas: studioCanvas({ id: 'c1' }) });
    // The page's studio: its first state reads the record through the flow's restoreStudio.
    const actor = createActor(studio.flows.studio, { input: { containerId: 'c1' } }).start();
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    await waitFor(actor, (state) => state.matches('upload'));
    expect(actor.getSnapshot().context.details.values).toMatchObject({ name: 'Dawn', mediaType: 'image' });
    expect(actor.getSnapshot().context.uploads).toEqual([expect.objectContaining({ key: '1:one.png:300', bytesUploaded: 100 })]);
    // The file that was uploading continues at once (its bytes are read back from origin-private storage).
    expect(studio.uploads.map((upload) => upload.input.file.key)).toEqual(['1:one.png:300']);
    actor.stop();
  });

  test('behavior: a new collection record moves to its canvas once it has one', async () => {
    studioPersistence.persist({ ...uploadingContext('x'), containerId: null, step: 'details' });
    expect(restoredResume(await studioPersistence.read(null), null)).toMatchObject({ step: 'details', details: { name: 'Dawn' } });
    studioPersistence.moveNewTo(uploadingContext('c2'));
    expect(await readStudioRecord(null)).toBeNull();
    expect(restoredResume(await studioPersistence.read('c2'), 'c2')).toMatchObject({ step: 'upload' });
  });

  test('behavior: a record of an unknown version, or of another canvas, is not resumed', async () => {
    studioPersistence.persist(uploadingContext('c3'));
    await studioRecordsStored();
    const record = (await readStudioRecord('c3'))!;
    // A record of a version this build does not know (a later build's), as it would sit in IndexedDB.
    await set(studioRecordKey('c4'), { ...record, containerId: 'c4', version: PERSISTED_STUDIO_VERSION + 1 }, createStore('artbazaar-studio', 'studios'));
    expect(restoredResume(await studioPersistence.read('c4'), 'c4')).toBeNull();
    expect(restoredResume(record, 'c5')).toBeNull();
    expect(restoredResume(record, null)).toBeNull();
    expect(restoredResume({ version: PERSISTED_STUDIO_VERSION, containerId: 'c3', resume: null }, 'c3')).toBeNull();
  });

  test('behavior: the unsaved cover is kept in the record as a Blob, through IndexedDB', async () => {
    const cover = new Blob(['cropped cover'], { type: 'image/png' });
    studioPersistence.persist({ ...initialStudioContext({}), step: 'details', cover });
    const kept = restoredResume(await studioPersistence.read(null), null)?.cover;
    expect(kept).toBeInstanceOf(Blob);
    expect(kept).not.toBe(cover);
    expect(kept?.type).toBe('image/png');
    expect(await kept?.text()).toBe('cropped cover');
  });
});
