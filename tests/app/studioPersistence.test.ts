// The studio's reload record: { version, snapshot } per canvas in IndexedDB; a studio restored from it starts with
// the step, values and upload queue it left; another version is discarded.
import { describe, expect, test } from 'vitest';
import { initialStudioContext } from '../../machines/studio/studioMachine';
import type { StudioContext } from '../../machines/studio/studioMachine';
import { restoredStudioInput, STUDIO_RECORD_VERSION, studioPersistence } from '../../src/services/studio/studioPersistence';
import { readStudioRecord, storeStudioRecord } from '../../src/services/studio/studioStore';

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
  test('default: a studio left on the upload comes back there with its values and its queue', async () => {
    studioPersistence.persist(uploadingContext('c1'));
    const stored = await readStudioRecord('c1');
    expect(stored?.version).toBe(STUDIO_RECORD_VERSION);
    const input = restoredStudioInput('c1', stored);
    expect(input).toMatchObject({
      containerId: 'c1',
      resume: { step: 'upload', details: { name: 'Dawn', mediaType: 'image' }, uploads: [{ key: '1:one.png:300', status: 'uploading', bytesUploaded: 100 }] },
    });
    expect(initialStudioContext(input)).toMatchObject({ resumeStep: 'upload', uploads: [{ key: '1:one.png:300' }] });
  });

  test('behavior: a new collection record moves to its canvas once it has one', async () => {
    studioPersistence.persist({ ...uploadingContext('x'), containerId: null, step: 'details' });
    expect((await readStudioRecord(null))?.snapshot).toMatchObject({ step: 'details' });
    studioPersistence.moveNewTo(uploadingContext('c2'));
    expect(await readStudioRecord(null)).toBeNull();
    expect((await readStudioRecord('c2'))?.snapshot).toMatchObject({ step: 'upload' });
  });

  test('behavior: a record of another version is discarded', async () => {
    storeStudioRecord('c3', { version: STUDIO_RECORD_VERSION + 1, snapshot: { step: 'publish' } });
    expect(restoredStudioInput('c3', await readStudioRecord('c3'))).toEqual({ containerId: 'c3', resume: null });
  });
});
