// The studio's reload record: the machine's persisted snapshot in a { version, snapshot } record per canvas in
// IndexedDB; a studio restored from it starts on the step it left with its values and upload queue; another version,
// or another canvas's record, is discarded.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { initialStudioContext, type StudioContext } from '../../machines/studio/studioMachine';
import { PERSISTED_STUDIO_VERSION, restoredStudioSnapshot } from '../../machines/studio/studioPersistence';
import { studioPersistence } from '../../src/services/studio/studioPersistence';
import { readStudioRecord, storeStudioRecord, studioRecordsStored } from '../../src/services/studio/studioStore';
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
    const snapshot = await studioPersistence.restore('c1');
    expect(snapshot).toMatchObject({ value: { loading: 'fetching' }, context: { containerId: 'c1', resumeStep: 'upload' } });

    const studio = scriptedStudio({ canvas: studioCanvas({ id: 'c1' }) });
    // The input is not used: a restored actor continues from its snapshot.
    const actor = createActor(studio.flows.studio, { snapshot, input: {} }).start();
    await waitFor(actor, (state) => state.matches('upload'));
    expect(actor.getSnapshot().context.details.values).toMatchObject({ name: 'Dawn', mediaType: 'image' });
    expect(actor.getSnapshot().context.uploads).toEqual([expect.objectContaining({ key: '1:one.png:300', bytesUploaded: 100 })]);
    // The file that was uploading continues at once (its bytes are read back from origin-private storage).
    expect(studio.uploads.map((upload) => upload.input.file.key)).toEqual(['1:one.png:300']);
    actor.stop();
  });

  test('behavior: a new collection record moves to its canvas once it has one', async () => {
    studioPersistence.persist({ ...uploadingContext('x'), containerId: null, step: 'details' });
    expect(await studioPersistence.restore(null)).toMatchObject({ value: { details: 'editing' }, context: { step: 'details', containerId: null } });
    studioPersistence.moveNewTo(uploadingContext('c2'));
    expect(await readStudioRecord(null)).toBeNull();
    expect(await studioPersistence.restore('c2')).toMatchObject({ context: { resumeStep: 'upload' } });
  });

  test('behavior: a record of another version, or of another canvas, is discarded', async () => {
    studioPersistence.persist(uploadingContext('c3'));
    await studioRecordsStored();
    const record = (await readStudioRecord('c3'))!;
    storeStudioRecord('c4', { ...record, version: PERSISTED_STUDIO_VERSION + 1 });
    expect(await studioPersistence.restore('c4')).toBeUndefined();
    expect(restoredStudioSnapshot(record, 'c5')).toBeUndefined();
    expect(restoredStudioSnapshot(record, null)).toBeUndefined();
    expect(restoredStudioSnapshot({ version: PERSISTED_STUDIO_VERSION, snapshot: null }, 'c3')).toBeUndefined();
  });

  test('behavior: the unsaved cover is kept in the record as a Blob, through IndexedDB', async () => {
    const cover = new Blob(['cropped cover'], { type: 'image/png' });
    studioPersistence.persist({ ...initialStudioContext({}), step: 'details', cover });
    const snapshot = (await studioPersistence.restore(null)) as { context: StudioContext } | undefined;
    const kept = snapshot?.context.cover;
    expect(kept).toBeInstanceOf(Blob);
    expect(kept).not.toBe(cover);
    expect(kept?.type).toBe('image/png');
    expect(await kept?.text()).toBe('cropped cover');
  });
});
