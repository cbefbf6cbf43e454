// A studio stored by the previous build survives the upgrade: the record it wrote (tests/fixtures/stored/studio.v2.json,
// recorded from it: a new image collection saved as c-new, one upload done and the next under way) is migrated by
// the studio's first state, which returns to the upload step with the typed values and the queue.
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { PERSISTED_STUDIO_VERSION, migrateStudioRecord, restoredResume } from '../../../machines/studio/studioPersistence';
import storedV2 from '../../fixtures/stored/studio.v2.json';
import { flush } from '../support/modelTesting';
import { startStudio } from './studioRun';
import { canvasOf, ctx } from './studioModel';

const recorded = storedV2.record.snapshot.context;

describe('studio: a record stored by the previous build', () => {
  it('the studio mid-way (version 2 record) comes back on its upload step with its values, and the unfinished upload continues', async () => {
    expect(storedV2.record.version).toBe(2);
    const run = startStudio({ input: { containerId: 'c-new' }, stored: structuredClone(storedV2.record) });
    try {
      expect(run.real().matches('restoring')).toBe(true);
      await flush();
      expect(run.fakes.loadCanvas.last().input).toEqual({ canvasId: 'c-new' });
      const canvas = canvasOf('image', { id: 'c-new' });
      run.fakes.loadCanvas.last().resolve(canvas);
      await flush();
      const after = run.real();
      expect(after.matches('upload')).toBe(true);
      expect(ctx(after).details.values).toEqual(recorded.details.values);
      expect(ctx(after).uploads).toEqual(recorded.uploads);
      const child = after.children.upload as AnyActorRef;
      expect((child.getSnapshot() as { context: { input: unknown } }).context.input).toEqual({ canvasId: 'c-new', screen: 'image', files: recorded.uploads });
      // What the studio stores from then on is the current version.
      expect(run.records.at(-1)).toMatchObject({ version: PERSISTED_STUDIO_VERSION, containerId: 'c-new', resume: { step: 'upload', uploads: recorded.uploads } });
    } finally {
      run.parent.stop();
    }
  });

  it('another canvas, a new collection or an unreadable record starts the studio fresh', async () => {
    for (const [containerId, stored] of [['c1', storedV2.record], [null, storedV2.record], ['c-new', { version: 2, snapshot: 'broken' }], ['c-new', { version: 9 }]] as const) {
      const run = startStudio({ input: containerId ? { containerId } : {}, stored });
      try {
        await flush();
        expect(ctx(run.real()).resumeStep).toBeNull();
        expect(ctx(run.real()).uploads).toEqual([]);
      } finally {
        run.parent.stop();
      }
    }
  });
});

describe('migrateStudioRecord: any stored version as the current one', () => {
  const resume = {
    step: 'upload' as const,
    details: recorded.details.values,
    cover: null,
    coverChoice: null,
    coverChoiceDropped: null,
    uploads: recorded.uploads,
    workTokenId: null,
    thumbnailMode: 'default' as const,
    generative: recorded.generative.values,
    tokenDrafts: {},
    onChain: null,
  };

  it('reads version 2 (the recorded snapshot record), version 1 (the resume alone) and version 3 (the current record)', () => {
    expect(migrateStudioRecord(storedV2.record, 'c-new')).toEqual({ version: PERSISTED_STUDIO_VERSION, containerId: 'c-new', resume });
    const first = { step: 'upload', details: recorded.details.values, uploads: recorded.uploads, workTokenId: null, thumbnailMode: 'default', generative: recorded.generative.values };
    expect(migrateStudioRecord({ version: 1, snapshot: first }, 'c-new')).toEqual({ version: 3, containerId: 'c-new', resume });
    expect(migrateStudioRecord({ version: 3, containerId: 'c-new', resume }, 'c-new')).toEqual({ version: 3, containerId: 'c-new', resume });
  });

  it('keeps the collection a publish receipt named (a reload shows it published) and drops one it cannot read', () => {
    const onChain = {
      canvasId: 'c-new',
      chainId: 31337,
      address: '0x00000000000000000000000000000000000000C1',
      creator: '0x00000000000000000000000000000000000000a1',
      tokenCount: 3,
      publishedAt: '2026-12-07T06:00:00.000Z',
      hash: `0x${'ab'.repeat(32)}`,
    };
    const read = (value: unknown) => restoredResume({ version: 3, containerId: 'c-new', resume: { ...resume, step: 'publish', onChain: value } }, 'c-new')?.onChain;
    expect(read(onChain)).toEqual({ ...onChain, address: '0x00000000000000000000000000000000000000c1' });
    expect(read({ ...onChain, hash: '0xabc' })).toBeNull();
    expect(read({ ...onChain, tokenCount: -1 })).toBeNull();
    expect(read('0xc1')).toBeNull();
  });

  it("keeps a Blob (IndexedDB's structured clone) and reads nothing from another canvas's record or one it cannot read", () => {
    const cover = new Blob(['cover'], { type: 'image/png' });
    expect(restoredResume({ version: 3, containerId: null, resume: { ...resume, step: 'details', cover } }, null)?.cover).toBe(cover);
    for (const [record, containerId] of [
      [storedV2.record, 'c1'],
      [storedV2.record, null],
      [{ version: 3, containerId: 'c-new', resume }, null],
      [{ version: 3, containerId: 'c-new', resume: { ...resume, step: 'nowhere' } }, 'c-new'],
      [{ version: 3, containerId: 'c-new', resume: { ...resume, uploads: undefined } }, 'c-new'],
      [{ version: 2, snapshot: null }, 'c-new'],
      [{ version: 4, containerId: 'c-new', resume }, 'c-new'],
      [undefined, null],
      ['garbage', null],
    ] as const) {
      expect(migrateStudioRecord(record, containerId)).toBeNull();
    }
  });
});
