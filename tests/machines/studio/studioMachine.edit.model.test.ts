// The studio machine opened on an existing canvas (/studio/edit/c1), model-based: the canvas load and its failure and
// retry, the entry step by the canvas state (building → preview, finalized or published → publish), a live
// PublishReady moving the artist to publish, and Add tokens on a generative canvas creating a token from its script.
// Then the publication's live events on this device: PublishReady (sent once, by /publish) changes nothing once the
// artist is publishing; only the indexer's CreatedCollection ends the wait.
import { describe, expect, it } from 'vitest';
import { flush } from '../support/modelTesting';
import { startStudio } from './studioRun';
import { canvasOf, publishedOnChain, publishParameters, studioModel, studioPaths } from './studioModel';
import { PERSISTED_STUDIO_VERSION } from '../../../machines/studio/studioPersistence';
import { runPaths } from './studioSuites';
import { liveMessage } from '../../domain/liveEventSamples';

runPaths('studioMachine: existing generative canvas (model-based)', studioPaths(studioModel({ mediaType: 'multipart/mixed', containerId: 'c1' })), { containerId: 'c1' });

/** The canvas read twice (the studio's load, then the publish step's refresh) answers `canvas`. */
async function openOn(run: ReturnType<typeof startStudio>, canvas: ReturnType<typeof canvasOf>) {
  await flush();
  run.fakes.loadCanvas.last().resolve(canvas);
  await flush();
  run.fakes.loadCanvas.last().resolve(canvas);
  await flush();
}

describe('studioMachine: the publication\'s live events on the publishing device', () => {
  it('PublishReady during and after the wallet step changes nothing; CreatedCollection for this canvas publishes once', async () => {
    const run = startStudio({ input: { containerId: 'c1' }, stored: undefined });
    const finalized = canvasOf('image', { state: 'finalized', tokenCount: 1 });
    const publishReady = { type: 'live.received', ...liveMessage('PublishReady', { _id: 'c1', address: null, baseURI: publishParameters.baseURI }) } as const;
    try {
      // Nothing stored: the first state hands over to the canvas read.
      await openOn(run, finalized);
      expect(run.real().matches({ publish: { flow: 'ready' } })).toBe(true);
      run.studio().send({ type: 'publish.start' });
      // /publish emits PublishReady before it answers: the artist is already here.
      run.studio().send(publishReady);
      expect(run.real().matches({ publish: { flow: 'preparing' } })).toBe(true);
      run.fakes.preparePublish.last().resolve(publishParameters);
      await flush();
      run.fakes.publishAction.last().resolve({ error: null, hash: '0xabc' });
      await flush();
      // A receipt without the factory's log: the indexer is waited for.
      expect(run.real().matches({ publish: { flow: 'reading' } })).toBe(true);
      run.fakes.readPublishReceipt.last().resolve(null);
      await flush();
      expect(run.real().matches({ publish: { flow: 'waiting' } })).toBe(true);
      const reads = run.fakes.loadCanvas.calls.length;
      run.studio().send(publishReady);
      run.studio().send({ type: 'live.received', ...liveMessage('CreatedCollection', { _id: 'c2' }) });
      expect(run.real().matches({ publish: { flow: 'waiting' } })).toBe(true);
      expect(run.fakes.loadCanvas.calls.length).toBe(reads);

      run.studio().send({ type: 'live.received', ...liveMessage('CreatedCollection', { _id: 'c1' }) });
      expect(run.real().matches({ publish: { flow: 'confirming' } })).toBe(true);
      run.fakes.loadCanvas.last().resolve({ ...finalized, state: 'published', address: '0x00000000000000000000000000000000000000c1' });
      await flush();
      expect(run.real().matches({ publish: { flow: 'published' } })).toBe(true);
      expect(run.notices.filter((notice) => notice.text === 'Collection published')).toEqual([{ kind: 'success', text: 'Collection published' }]);
    } finally {
      run.parent.stop();
    }
  });

  it("the receipt's CreatedCollection shows it published at once; the indexer's confirmation after it says nothing more", async () => {
    const run = startStudio({ input: { containerId: 'c1' }, stored: undefined });
    const finalized = canvasOf('image', { state: 'finalized', tokenCount: 1 });
    try {
      await openOn(run, finalized);
      run.studio().send({ type: 'publish.start' });
      run.fakes.preparePublish.last().resolve(publishParameters);
      await flush();
      run.fakes.publishAction.last().resolve({ error: null, hash: '0xabc' });
      await flush();
      run.fakes.readPublishReceipt.last().resolve(publishedOnChain);
      await flush();
      expect(run.real().matches({ publish: { flow: { published: 'indexing' } } })).toBe(true);
      expect(run.real().context.onChain).toEqual(publishedOnChain);
      expect(run.remembered).toEqual([publishedOnChain]);
      // Another canvas's collection changes nothing; this one's has the canvas read again.
      const reads = run.fakes.loadCanvas.calls.length;
      run.studio().send({ type: 'live.received', ...liveMessage('CreatedCollection', { _id: 'c2' }) });
      expect(run.fakes.loadCanvas.calls.length).toBe(reads);
      run.studio().send({ type: 'live.received', ...liveMessage('CreatedCollection', { _id: 'c1' }) });
      expect(run.real().matches({ publish: { flow: { published: 'confirming' } } })).toBe(true);
      run.fakes.loadCanvas.last().resolve({ ...finalized, state: 'published', address: publishedOnChain.address });
      await flush();
      expect(run.real().matches({ publish: { flow: { published: 'indexed' } } })).toBe(true);
      expect(run.real().context.canvas?.address).toBe(publishedOnChain.address);
      expect(run.notices.filter((notice) => notice.text === 'Collection published')).toEqual([{ kind: 'success', text: 'Collection published' }]);
    } finally {
      run.parent.stop();
    }
  });

  it('a reload before the indexer has it opens published (from the kept receipt), not on Publish again', async () => {
    const finalized = canvasOf('image', { state: 'finalized', tokenCount: 1 });
    const stored = {
      version: PERSISTED_STUDIO_VERSION,
      containerId: 'c1',
      resume: {
        step: 'publish',
        details: { name: 'Dawn', symbol: 'DAWN', description: '', royaltiesBasispoints: '0', supplyPerToken: '1', mediaType: 'image', seedVariableName: '', jsLibrary: 'p5', rows: '1', columns: '2' },
        cover: null,
        uploads: [],
        workTokenId: null,
        thumbnailMode: 'default',
        generative: { seedValue: '', name: '' },
        tokenDrafts: {},
        onChain: publishedOnChain,
      },
    };
    const run = startStudio({ input: { containerId: 'c1' }, stored });
    try {
      await openOn(run, finalized);
      expect(run.real().matches({ publish: { flow: { published: 'indexing' } } })).toBe(true);
      expect(run.real().can({ type: 'publish.start' })).toBe(false);
      expect(run.real().can({ type: 'publish.share' })).toBe(false);
    } finally {
      run.parent.stop();
    }
  });
});
