// Replays a studio model path on the REAL studio machine started by studioRun.ts: the path's done/error events settle
// its controlled services, and every state node of the studio has an assertion.
import { expect, vi } from 'vitest';
import type { AnyActorRef, EventObject } from 'xstate';
import type { TestParam } from 'xstate/graph';
import type { StudioEvent } from '../../../machines/studio/studioMachine';
import { checkedStates, flush } from '../support/modelTesting';
import { ctx, project, publishParameters, type ModelEvent, type Snap } from './studioModel';
import { startStudio } from './studioRun';

type Run = ReturnType<typeof startStudio>;
const FAKE_OF: Record<string, keyof Run['fakes']> = {
  restoreStudio: 'restoreStudio',
  loadCanvas: 'loadCanvas',
  saveDetails: 'saveDetails',
  loadToken: 'loadToken',
  deleteToken: 'deleteToken',
  createGenerativeToken: 'createGenerativeToken',
  captureThumbnail: 'captureThumbnail',
  uploadThumbnail: 'uploadThumbnail',
  loadTokens: 'loadTokens',
  finalizeCanvas: 'finalizeCanvas',
  preparePublish: 'preparePublish',
  publishAction: 'publishAction',
  readPublishReceipt: 'readPublishReceipt',
  shareCanvas: 'shareCanvas',
};

/** What each settled service must have said (literal notice texts), checked after the studio handled it. */
function afterSettled(run: Run, before: Snap, event: ModelEvent, noticesBefore: number) {
  const last = run.notices.at(-1);
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (id === 'restoreStudio') {
    // Storage that cannot be read (or holds nothing) says nothing: the studio starts fresh.
    expect(run.notices).toEqual([]);
    expect(ctx(run.real()).resumeStep).toBeNull();
    return;
  }
  if (event.type.startsWith('xstate.error.')) {
    // The indexer not answering yet is no failure: the studio waits and reads again.
    if (id === 'loadCanvas' && (before.matches({ publish: { flow: 'confirming' } }) || before.matches({ publish: { flow: { published: 'confirming' } } }))) return;
    // A receipt that cannot be read is no failure either: the studio waits for the indexer, saying nothing.
    if (id === 'readPublishReceipt') {
      expect(run.notices.length).toBe(noticesBefore);
      return;
    }
    const message = (event.error as Error).message;
    // A failed thumbnail upload says the seed's upload failure; every other failure says its reason.
    const text = id === 'uploadThumbnail' ? 'File Upload Failed. Please try again!' : message;
    expect(last).toEqual({ kind: 'error', text });
    // The studio keeps the failure's text as its problem (the notice says it once).
    expect(ctx(run.real()).problem).toBe(text);
    return;
  }
  const output = event.output as Record<string, unknown> | undefined;
  if (id === 'saveDetails') expect(last).toEqual({ kind: 'success', text: ctx(before).canvas ? 'Collection updated' : 'Collection created' });
  if (id === 'saveDetails' && !ctx(before).canvas) expect(run.navigations.at(-1)).toBe('/studio/edit/c1');
  if (id === 'finalizeCanvas') expect(last).toEqual({ kind: 'success', text: 'Collection finalized' });
  if (id === 'preparePublish') expect(last).toEqual({ kind: 'success', text: 'Collection ready to publish' });
  if (id === 'shareCanvas' && output === ('copied' as never)) expect(last).toEqual({ kind: 'success', text: 'Preview link copied' });
  if (id === 'loadCanvas' && before.matches({ publish: { flow: 'confirming' } })) expect(last).toEqual({ kind: 'success', text: 'Collection published' });
  // The indexer confirming a collection already shown published says nothing more.
  if (id === 'loadCanvas' && before.matches({ publish: { flow: { published: 'confirming' } } })) expect(run.notices.length).toBe(noticesBefore);
  if (id === 'readPublishReceipt') {
    if (output) {
      // Published from the receipt: said at once, and kept for the collection page and for a reload.
      expect(last).toEqual({ kind: 'success', text: 'Collection published' });
      expect(run.remembered.at(-1)).toEqual(output);
      expect(run.records.at(-1)?.resume.onChain).toEqual(output);
    } else expect(run.notices.length).toBe(noticesBefore);
  }
}

/** What the studio asked of each service when it was invoked (checked when the path settles it). */
function checkCall(run: Run, before: Snap, id: string) {
  const c = ctx(before);
  const input = run.fakes[FAKE_OF[id]!].last().input as Record<string, unknown>;
  switch (id) {
    case 'restoreStudio':
      // The page's own record is asked for before anything is loaded.
      expect(input).toEqual({ containerId: c.containerId });
      expect(run.fakes.loadCanvas.calls).toHaveLength(0);
      break;
    case 'saveDetails':
      expect(input).toMatchObject({ canvasId: c.containerId, details: { name: c.details.values.name, symbol: c.details.values.symbol, royaltiesBasispoints: Number(c.details.values.royaltiesBasispoints) }, cover: c.cover });
      break;
    case 'createGenerativeToken':
      expect(input).toEqual({ canvasId: 'c1', seedValue: c.generative.values.seedValue.trim(), name: c.generative.values.name.trim() });
      break;
    case 'uploadThumbnail':
      expect(input).toMatchObject({ canvasId: 'c1', tokenId: c.workToken?.tokenId, filename: c.thumbnail.mode === 'custom' ? 'cover.jpg' : 'thumbnail.png' });
      break;
    case 'deleteToken':
    case 'loadToken':
      expect(input).toEqual({ canvasId: 'c1', tokenId: c.workToken?.tokenId });
      break;
    case 'captureThumbnail':
      // The default thumbnail is drawn from the token the step loaded (the gif, the video frame, the generative frame).
      expect(input).toEqual({ canvas: c.canvas, token: c.workToken?.token });
      break;
    case 'shareCanvas':
      expect(input.canvas).toMatchObject({ id: 'c1' });
      break;
    case 'preparePublish':
      // The canvas goes with it: a generative canvas's tokens are drawn for their recorded renders first.
      expect(input).toEqual({ canvasId: 'c1', canvas: c.canvas });
      break;
    case 'readPublishReceipt':
      // The mined transaction the contract action answered with, on the chain and factory /publish named.
      expect(input).toEqual({ canvasId: 'c1', chainId: publishParameters.chainId, factory: publishParameters.factory, hash: '0xabc' });
      break;
    case 'publishAction':
      expect(input.action).toMatchObject({ type: 'createCollection', baseURI: 'ipfs://bafymanifest/', howManyTokens: 1, container_id: 'c1' });
      break;
    default:
      expect(input).toMatchObject({ canvasId: 'c1' });
  }
}

const TRANSIENT = ['loading.deciding', 'entering', 'details.checking', 'update.checking', 'thumbnail.saving.deciding', 'publish.flow.deciding'];

/** The harness a path runs on: event executors and an assertion for every state node of the studio. */
export function studioHarness(input: object = {}) {
  let run: Run | undefined;
  // xstate's development warnings (e.g. "Custom actions should not call `assign()` directly": an assign created
  // while an action runs, as persistStudio building the record once did) are failures of the path.
  const warnings: unknown[][] = [];
  const warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
  const get = () => {
    if (!run) throw new Error('studio not started');
    return run;
  };
  const real = () => get().real();
  const send = (step: { event: EventObject }) => {
    get().studio().send(step.event as StudioEvent);
  };
  const settle = async (step: { event: EventObject }) => {
    const event = step.event as ModelEvent;
    const before = real();
    const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    checkCall(get(), before, id);
    const noticesBefore = get().notices.length;
    const call = get().fakes[FAKE_OF[id]!].last();
    if (event.type.startsWith('xstate.done.')) call.resolve(event.output as never);
    else call.reject(event.error);
    await flush();
    afterSettled(get(), before, event, noticesBefore);
  };
  const events: Record<string, (step: { event: EventObject }) => Promise<void> | void> = {
    'xstate.init': () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      run = startStudio({ input });
    },
    'xstate.after.publishPoll.studio.publish.flow.waiting': async () => {
      vi.advanceTimersByTime(3000);
      await flush();
    },
    'xstate.after.publishPoll.studio.publish.flow.published.indexing': async () => {
      vi.advanceTimersByTime(3000);
      await flush();
    },
  };
  for (const id of Object.keys(FAKE_OF)) {
    events[`xstate.done.actor.${id}`] = settle;
    events[`xstate.error.actor.${id}`] = settle;
  }
  for (const type of [
    'details.change', 'details.cover', 'details.coverEditing', 'details.submit', 'details.cancel', 'upload.changed', 'upload.done', 'generative.change',
    'generative.create', 'thumbnail.mode', 'thumbnail.image', 'thumbnail.editing', 'token.more', 'token.add', 'token.saved', 'token.deleted', 'token.draft',
    'preview.finalize', 'preview.confirm', 'preview.cancel', 'preview.edit', 'preview.tokens', 'publish.start', 'publish.share', 'studio.retry',
    'studio.next', 'studio.back', 'live.received', 'live.reconnected',
  ]) {
    events[type] = send;
  }

  const stepRecorded = (snap: Snap) => {
    // Every step's entry keeps a record a reload starts from: same step, same values.
    const record = get().records.at(-1)!;
    expect(record.resume.step).toBe(ctx(snap).step);
    expect(record.resume.details).toEqual(ctx(snap).details.values);
  };
  const busy = (snap: Snap) => expect(snap.hasTag('busy')).toBe(true);
  const loading = (snap: Snap) => expect(snap.hasTag('loading')).toBe(true);
  const assertions: Record<string, (snap: Snap) => void> = {
    restoring: (snap) => {
      loading(snap);
      // Nothing is read, shown or stored before the stored record is back.
      expect(get().fakes.loadCanvas.calls).toHaveLength(0);
      expect(get().records).toEqual([]);
    },
    loading: loading,
    'loading.fetching': (snap) => expect(get().fakes.loadCanvas.last().input).toEqual({ canvasId: ctx(snap).containerId }),
    failed: (snap) => {
      expect(ctx(snap).problem).toBe('Canvas not found');
      expect(snap.can({ type: 'studio.retry' })).toBe(true);
    },
    details: (snap) => {
      expect(ctx(snap).step).toBe('details');
      stepRecorded(snap);
    },
    'details.editing': (snap) => {
      expect(snap.can({ type: 'details.submit' })).toBe(!ctx(snap).details.coverEditing);
      // The file in the open crop editor is kept for a reload (nothing typed is lost offline); none once it is closed.
      expect(get().records.at(-1)!.resume.coverChoice).toBe(ctx(snap).details.coverEditing ? ctx(snap).details.coverFile : null);
      expect(ctx(snap).details.coverFile !== null).toBe(ctx(snap).details.coverEditing);
      if (ctx(snap).details.formError) expect(ctx(snap).details.formError).toBe('Please fill all necessary fields');
    },
    'details.saving': busy,
    upload: (snap) => {
      const c = ctx(snap);
      expect(c.step).toBe('upload');
      const child = snap.children.upload as AnyActorRef;
      expect((child.getSnapshot() as { context: { input: unknown } }).context.input).toMatchObject({ canvasId: 'c1', screen: c.canvas!.mediaType });
      stepRecorded(snap);
    },
    flipcardPreview: (snap) => expect(ctx(snap).workToken?.tokenId).toBe('1'),
    'flipcardPreview.loading': loading,
    'flipcardPreview.showing': (snap) => {
      expect(snap.can({ type: 'studio.next' })).toBe(true);
      expect(snap.can({ type: 'studio.back' })).toBe(true);
    },
    'flipcardPreview.discarding': busy,
    generativeToken: (snap) => {
      expect(ctx(snap).step).toBe('generativeToken');
      stepRecorded(snap);
    },
    'generativeToken.editing': (snap) => {
      const errors = ctx(snap).generative.errors;
      for (const message of Object.values(errors)) expect(message).toBe('Required Field');
    },
    'generativeToken.creating': busy,
    thumbnail: (snap) => expect(ctx(snap).step).toBe('thumbnail'),
    'thumbnail.loading': loading,
    'thumbnail.failed': (snap) => expect(snap.can({ type: 'studio.retry' })).toBe(true),
    'thumbnail.choosing': (snap) => {
      const { thumbnail } = ctx(snap);
      // Next needs an image in custom mode and a closed crop editor; Back only on the generative path.
      expect(snap.can({ type: 'studio.next' })).toBe(thumbnail.mode === 'default' || (thumbnail.image !== null && !thumbnail.editing));
      expect(snap.can({ type: 'studio.back' })).toBe(ctx(snap).canvas?.mediaType === 'multipart/mixed');
    },
    'thumbnail.saving': busy,
    'thumbnail.saving.capturing': (snap) => expect(ctx(snap).thumbnail.mode).toBe('default'),
    'thumbnail.saving.uploading': (snap) => expect(get().fakes.uploadThumbnail.last().input.image).toBe(ctx(snap).thumbnail.mode === 'custom' ? ctx(snap).thumbnail.image : ctx(snap).thumbnail.captured),
    'thumbnail.discarding': busy,
    token: (snap) => {
      expect(ctx(snap).step).toBe('token');
      stepRecorded(snap);
    },
    'token.loading': loading,
    'token.failed': (snap) => expect(snap.can({ type: 'studio.retry' })).toBe(true),
    'token.listing': (snap) => {
      const c = ctx(snap);
      // One edit card child per token shown (6 a page).
      for (const token of c.tokens) expect(snap.children[`tokenCard-${token.tokenId}`]).toBeDefined();
      // Unsaved typing is kept for a reload (nothing typed is lost offline), and only while it is not saved.
      expect(get().records.at(-1)!.resume.tokenDrafts).toEqual(c.tokenDrafts);
      if (c.tokens[0]?.name === 'Renamed') expect(c.tokenDrafts['1']).toBeUndefined();
      expect(snap.can({ type: 'token.more' })).toBe(c.tokens.length < c.tokenTotal);
    },
    'token.loadingMore': (snap) => expect(get().fakes.loadTokens.last().input).toEqual({ canvasId: 'c1', page: ctx(snap).tokenPages + 1, perPage: 6 }),
    preview: (snap) => {
      expect(ctx(snap).step).toBe('preview');
      stepRecorded(snap);
    },
    'preview.idle': (snap) => {
      const building = ctx(snap).canvas?.state === 'building';
      expect(snap.can({ type: 'preview.finalize' })).toBe(building);
      expect(snap.can({ type: 'preview.edit' })).toBe(building);
    },
    'preview.confirming': (snap) => expect(snap.can({ type: 'preview.confirm' })).toBe(true),
    'preview.finalizing': busy,
    update: (snap) => {
      expect(ctx(snap).step).toBe('update');
      // The media type is locked once the collection exists.
      expect(snap.can({ type: 'details.change', field: 'mediaType', value: 'video' })).toBe(false);
    },
    'update.editing': (snap) => expect(snap.can({ type: 'details.cancel' })).toBe(true),
    'update.saving': busy,
    publish: (snap) => {
      expect(ctx(snap).step).toBe('publish');
      stepRecorded(snap);
    },
    'publish.flow': (snap) => expect(ctx(snap).canvas).not.toBeNull(),
    'publish.flow.refreshing': loading,
    'publish.flow.ready': (snap) => expect(snap.can({ type: 'publish.start' })).toBe(ctx(snap).canvas?.state === 'finalized'),
    'publish.flow.preparing': busy,
    'publish.flow.signing': (snap) => expect(snap.children.publishAction).toBeDefined(),
    'publish.flow.waiting': (snap) => expect(ctx(snap).publish).toEqual(expect.objectContaining({ baseURI: 'ipfs://bafymanifest/' })),
    'publish.flow.confirming': busy,
    'publish.flow.reading': (snap) => {
      busy(snap);
      expect(ctx(snap).publishHash).toBe('0xabc');
    },
    'publish.flow.published': (snap) => {
      // Published on chain: indexed, or named by the receipt while the indexer catches up.
      expect(ctx(snap).canvas?.state === 'published' || ctx(snap).onChain?.canvasId === 'c1').toBe(true);
      // Publish and share are gone once published.
      expect(snap.can({ type: 'publish.share' })).toBe(false);
      expect(snap.can({ type: 'publish.start' })).toBe(false);
    },
    'publish.flow.published.indexing': (snap) => {
      expect(ctx(snap).canvas?.state).toBe('finalized');
      expect(ctx(snap).onChain).toMatchObject({ canvasId: 'c1', address: '0x00000000000000000000000000000000000000c1' });
      expect(snap.hasTag('busy')).toBe(false);
    },
    'publish.flow.published.confirming': (snap) => expect(snap.children.loadCanvas).toBeDefined(),
    'publish.flow.published.indexed': (snap) => expect(ctx(snap).canvas?.state).toBe('published'),
    'publish.share': (snap) => expect(ctx(snap).canvas).not.toBeNull(),
    'publish.share.idle': (snap) => expect(snap.can({ type: 'publish.share' })).toBe(ctx(snap).canvas?.state !== 'published' && ctx(snap).onChain === null),
    'publish.share.sharing': (snap) => expect(get().fakes.shareCanvas.last().input.canvas.id).toBe(ctx(snap).containerId),
  };
  for (const key of TRANSIENT) {
    assertions[key] = () => {
      throw new Error(`${key} is transient: no path rests there`);
    };
  }
  return {
    /** The run a path drove (its fakes and the records the studio kept). */
    run: get,
    /** No xstate warning was printed while the path ran. */
    expectNoWarnings: () => expect(warnings).toEqual([]),
    stop: () => {
      run?.parent.stop();
      vi.useRealTimers();
      warn.mockRestore();
    },
    params: { events, states: checkedStates(real, project, assertions) } as TestParam<Snap, EventObject>,
  };
}
