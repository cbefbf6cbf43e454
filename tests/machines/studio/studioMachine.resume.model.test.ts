// The creator studio "reload-and-resume from every step": for every step of every media type's path (and the update step), the
// model's shortest path to that step is replayed on the real machine; the record the studio persisted there
// (structured-cloned as IndexedDB stores it) is what a NEW studio's first state (restoring) reads, and that studio,
// once its reads answer again, is on the same step with the same form values, cover, thumbnail choice, generative
// values and upload queue (the upload child gets the queue back, so a pending file continues). A record the previous
// build stored (tests/fixtures/stored/studio.v2.json, recorded from it) is migrated and resumed alike.
import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { DRAFT_FILE_MAX_BYTES, draftFileNotKeptMessage } from '../../../domain/drafts';
import { initialStudioContext } from '../../../machines/studio/studioMachine';
import { persistedStudioRecord } from '../../../machines/studio/studioPersistence';
import { flush } from '../support/modelTesting';
import { studioHarness } from './studioHarness';
import { startStudio } from './studioRun';
import { coverChoice, ctx, MEDIA_TYPES, studioModel, studioPaths, type Snap } from './studioModel';

const TARGETS: Record<string, (state: Snap) => boolean> = {
  details: (state) => state.matches({ details: 'editing' }) && ctx(state).cover !== null && !ctx(state).details.coverEditing,
  upload: (state) => state.matches('upload') && ctx(state).uploads.length === 1,
  flipcardPreview: (state) => state.matches({ flipcardPreview: 'showing' }),
  generativeToken: (state) => state.matches({ generativeToken: 'editing' }) && ctx(state).generative.values.seedValue === '42' && !ctx(state).generative.values.name,
  thumbnail: (state) => state.matches({ thumbnail: 'choosing' }) && ctx(state).thumbnail.mode === 'custom',
  // With a card's unsaved typing (nothing typed is lost offline): the restored card starts from it.
  token: (state) => state.matches({ token: 'listing' }) && ctx(state).tokenTotal === 1 && ctx(state).tokenDrafts['1'] !== undefined,
  preview: (state) => state.matches({ preview: 'idle' }),
  update: (state) => state.matches({ update: 'editing' }) && ctx(state).details.values.symbol === 'DAWNX',
  publish: (state) => state.matches({ publish: { flow: 'ready', share: 'idle' } }) && ctx(state).canvas?.state === 'finalized',
};

const cases = MEDIA_TYPES.flatMap((mediaType) => {
  const paths = studioPaths(studioModel({ mediaType }));
  return Object.entries(TARGETS).flatMap(([step, target]) => {
    const path = paths.filter((candidate) => target(candidate.state)).sort((a, b) => a.steps.length - b.steps.length)[0];
    return path ? [[`${mediaType}: ${step}`, step, path] as const] : [];
  });
});

/** What a reload must keep of the studio. */
const kept = (state: Snap) => {
  const c = ctx(state);
  return {
    step: c.step,
    containerId: c.containerId,
    values: c.details.values,
    cover: c.cover === null ? null : { size: c.cover.size, type: c.cover.type },
    uploads: c.uploads,
    workTokenId: c.workToken?.tokenId ?? null,
    thumbnailMode: c.thumbnail.mode,
    generative: c.generative.values,
    coverChoice: c.details.coverFile === null ? null : { size: c.details.coverFile.size, type: c.details.coverFile.type },
    tokenDrafts: c.tokenDrafts,
  };
};

describe('studioMachine: reload and resume from every step', () => {
  it('covers every step of every media type', () => {
    const steps = new Set(cases.map(([, step]) => step));
    expect([...steps].sort()).toEqual(Object.keys(TARGETS).sort());
    expect(cases.filter(([, step]) => step === 'flipcardPreview').map(([title]) => title)).toEqual(['multipart/image: flipcardPreview']);
    expect(cases.filter(([, step]) => step === 'thumbnail')).toHaveLength(3);
  });

  it('behavior: a cover chosen and not cropped yet reopens its crop editor after a reload (Next stays disabled)', async () => {
    const first = startStudio({ input: {}, stored: undefined });
    let restored: ReturnType<typeof startStudio> | undefined;
    try {
      await flush();
      first.studio().send({ type: 'details.change', field: 'name', value: 'Dawn' });
      first.studio().send({ type: 'details.coverEditing', editing: true, file: coverChoice });
      const record = structuredClone(first.records.at(-1)!);
      restored = startStudio({ input: {}, stored: record });
      expect(restored.real().matches('restoring')).toBe(true);
      await flush();
      const after = restored.real();
      expect(after.matches({ details: 'editing' })).toBe(true);
      expect(ctx(after).details.coverEditing).toBe(true);
      expect(after.can({ type: 'details.submit' })).toBe(false);
      expect(await ctx(after).details.coverFile!.text()).toBe('chosen cover');
      expect(ctx(after).details.values.name).toBe('Dawn');
    } finally {
      first.parent.stop();
      restored?.parent.stop();
    }
  });

  it('behavior: a chosen cover over the draft file cap is not kept; the typed values are', () => {
    const huge = { size: DRAFT_FILE_MAX_BYTES + 1, type: 'image/png', name: 'huge.png' } as unknown as Blob;
    const context = { ...initialStudioContext({}), step: 'details' as const };
    const record = persistedStudioRecord({ context: { ...context, details: { ...context.details, values: { ...context.details.values, name: 'Dawn' }, coverEditing: true, coverFile: huge } } });
    // The context a studio restored from the record starts with.
    const kept = initialStudioContext({ resume: record!.resume });
    expect(kept.details.coverFile).toBeNull();
    expect(kept.details.coverEditing).toBe(false);
    expect(kept.details.values.name).toBe('Dawn');
    // The form says the file must be chosen again, until another one is chosen.
    expect(kept.details.coverDropped).toBe('huge.png');
    expect(draftFileNotKeptMessage('huge.png')).toBe('"huge.png" was too large to keep as a draft (over 100 MB): choose it again.');
  });

  it.each(cases)('%s', async (_title, step, path) => {
    const h = studioHarness();
    let restored: ReturnType<typeof startStudio> | undefined;
    try {
      await path.test(h.params);
      const before = h.run().real();
      expect(before.matches(step as never)).toBe(true);
      // The record as IndexedDB gives it back (structured clone: the cover stays a Blob).
      const record = structuredClone(h.run().records.at(-1)!);
      expect(record.containerId).toBe(ctx(before).containerId);
      h.expectNoWarnings();
      h.stop();

      // The page reloads: its studio's first state reads the record back.
      const containerId = ctx(before).containerId;
      restored = startStudio({ input: containerId ? { containerId } : {}, stored: record });
      await flush();
      const canvas = ctx(before).canvas;
      if (canvas) {
        // A fresh page reads its canvas again, then returns to the step it left.
        expect(restored.fakes.loadCanvas.last().input).toEqual({ canvasId: 'c1' });
        restored.fakes.loadCanvas.last().resolve(canvas);
        await flush();
      }
      const again = restored.real();
      expect(again.value).toEqual(step === 'publish' ? { publish: { flow: 'refreshing', share: 'idle' } } : again.value);
      expect(typeof again.value === 'string' ? again.value : Object.keys(again.value)[0]).toBe(step);
      if (step === 'thumbnail' || step === 'flipcardPreview') {
        expect(restored.fakes.loadToken.last().input).toEqual({ canvasId: 'c1', tokenId: ctx(before).workToken!.tokenId });
        restored.fakes.loadToken.last().resolve(ctx(before).workToken!.token!);
        await flush();
      }
      if (step === 'token') {
        restored.fakes.loadTokens.last().resolve({ tokens: ctx(before).tokens, total: ctx(before).tokenTotal });
        await flush();
      }
      if (step === 'publish') {
        restored.fakes.loadCanvas.last().resolve(canvas!);
        await flush();
      }
      const after = restored.real();
      expect(after.value).toEqual(before.value);
      expect(kept(after)).toEqual(kept(before));
      if (step === 'details') expect(await ctx(after).cover!.text()).toBe('cover');
      if (step === 'token') {
        const card = after.children['tokenCard-1'] as AnyActorRef;
        expect((card.getSnapshot() as { context: { name: string } }).context.name).toBe('Tide pool');
      }
      if (step === 'upload') {
        const child = after.children.upload as AnyActorRef;
        expect((child.getSnapshot() as { context: { input: unknown } }).context.input).toEqual({ canvasId: 'c1', screen: canvas!.mediaType, files: ctx(before).uploads });
      }
    } finally {
      h.stop();
      restored?.parent.stop();
    }
  });
});
