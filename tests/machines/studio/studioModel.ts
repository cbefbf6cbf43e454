// The studio machine's test model (xstate/graph), shared by the studioMachine*.model.test.ts files: one model per
// start (a new collection of each media type, or an existing canvas), the concrete events of each state (outputs of
// the invoked services consistent with the context), a filter that keeps the graph small, and the projection that
// makes two snapshots the same vertex. The harness (studioHarness.ts) replays each path on the real machine.
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { fromPromise, setup } from 'xstate';
import type { StudioMediaType } from '../../../domain/studio';
import { studioMachine, type StudioContext } from '../../../machines/studio/studioMachine';
import type { StudioCanvas, StudioToken } from '../../../machines/studio/studioTypes';
import type { UploadEntry } from '../../../machines/studio/uploadMachine';
import { createMachineTestModel, modelPaths } from '../support/modelTesting';

export type Snap = AnyMachineSnapshot;
export type ModelEvent = EventObject & Record<string, unknown>;
export const ctx = (state: Snap) => state.context as StudioContext;

export const MEDIA_TYPES: StudioMediaType[] = ['image', 'gif', 'multipart/image', 'multipart/mixed', 'video'];

/** The form a new collection of each media type is given, field by field in this order. */
export function formFill(mediaType: StudioMediaType): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['name', 'Dawn'],
    ['symbol', 'DAWN'],
    ['description', 'Morning light over the bay'],
    // Outside the app there is no config, so no suggested royalty: the artist types it.
    ['royaltiesBasispoints', '500'],
    ['mediaType', mediaType],
  ];
  if (mediaType === 'multipart/mixed') fields.push(['seedVariableName', 'seed']);
  return fields;
}

export function canvasOf(mediaType: StudioMediaType, overrides: Partial<StudioCanvas> = {}): StudioCanvas {
  return {
    id: 'c1',
    name: 'Dawn',
    symbol: 'DAWN',
    description: 'Morning light over the bay',
    mediaType,
    state: 'building',
    cover: null,
    supplyPerToken: 1,
    royaltiesBasispoints: 500,
    attributes: mediaType === 'multipart/mixed' ? { index: { seedVariableName: 'seed', entry: null }, jsLibrary: 'p5' } : null,
    tokenCount: 0,
    createdAt: '2026-11-23T08:00:00.000Z',
    shareToken: 'share-1',
    address: null,
    chainId: 31337,
    ...overrides,
  };
}

export const tokenOf = (tokenId: string, mediaType: string): StudioToken => ({
  tokenId,
  name: `Token ${tokenId}`,
  description: null,
  mediaType,
  mediaUrl: `/ipfs/bafy${tokenId}`,
  thumbnailUrl: null,
  filename: `token-${tokenId}`,
});

export const queuedFile: UploadEntry = { key: '1:dawn.bin:300', name: 'dawn.bin', size: 300, type: 'image/png', status: 'uploading', bytesUploaded: 100 };
export const publishParameters = {
  factory: '0x00000000000000000000000000000000000000fa',
  chainId: 31337,
  name: 'Dawn',
  symbol: 'DAWN',
  howManyTokens: 1,
  supplyPerToken: 1,
  baseURI: 'ipfs://bafymanifest/',
  royaltiesRecipient: '0x00000000000000000000000000000000000000a1',
  royaltiesBasispoints: 0,
};
/** The receipt's CreatedCollection log as the collection it names (readPublishReceipt's answer). */
export const publishedOnChain = {
  canvasId: 'c1',
  chainId: 31337,
  address: '0x00000000000000000000000000000000000000c1',
  creator: '0x00000000000000000000000000000000000000a1',
  tokenCount: 1,
  publishedAt: '2026-12-07T06:00:00.000Z',
  hash: `0x${'ab'.repeat(32)}`,
};
export const coverImage = new Blob(['cover'], { type: 'image/png' });
export const coverChoice = new File(['chosen cover'], 'chosen.png', { type: 'image/png' });
export const tokenDraft = { name: 'Tide pool', description: '', describe: false };
export const customThumbnail = new Blob(['thumb'], { type: 'image/jpeg' });

// PublishReady is sent once /publish pinned the metadata: the canvas read then is finalized (or already published).
const readyCanvas = (canvas: StudioCanvas): StudioCanvas => (canvas.state === 'building' ? { ...canvas, state: 'finalized' } : canvas);
const done = (id: string, output: unknown): ModelEvent => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, message: string): ModelEvent => ({ type: `xstate.error.actor.${id}`, error: new Error(message) });
const PAGE = Array.from({ length: 6 }, (_, index) => String(index + 1));

export interface StudioModelStart {
  /** The media type of the path (the new form is filled with it; an existing canvas has it). */
  mediaType: StudioMediaType;
  /** /studio/edit/c1: the canvas is loaded (building, finalized or published). */
  containerId?: string;
}

/** The canvas an existing-canvas model loads: generative with its script, so Add tokens creates one from it. */
export const loadedCanvas = (mediaType: StudioMediaType) =>
  canvasOf(mediaType, { tokenCount: 1, ...(mediaType === 'multipart/mixed' ? { attributes: { index: { seedVariableName: 'seed', entry: 'sketch.js' }, jsLibrary: 'p5' } } : {}) });

/** The concrete events of a state (the model adds `{ type }` for any own event type not listed). */
export const studioEvents = (start: StudioModelStart) => (state: Snap): ModelEvent[] => {
  const c = ctx(state);
  const media = c.canvas?.mediaType ?? start.mediaType;
  const canvas = c.canvas ?? loadedCanvas(media);
  const fill = formFill(media).find(([field, value]) => c.details.values[field as keyof typeof c.details.values] !== value);
  return [
    // The first state's read of the stored record: nothing stored (the reload cases are studioMachine.resume's), or
    // storage that cannot be read.
    done('restoreStudio', undefined),
    failed('restoreStudio', 'no IndexedDB'),
    ...(fill ? [{ type: 'details.change', field: fill[0], value: fill[1] }] : [{ type: 'details.change', field: 'symbol', value: 'DAWNX' }]),
    { type: 'details.cover', image: coverImage },
    // Opening the crop editor comes with the chosen file (kept for a reload); closing it drops the file.
    { type: 'details.coverEditing', editing: !c.details.coverEditing, file: c.details.coverEditing ? null : coverChoice },
    done('saveDetails', canvasOf(media, c.canvas ? { ...c.canvas, symbol: c.details.values.symbol } : {})),
    failed('saveDetails', 'Canvas name is taken'),
    // The indexer not there yet: the canvas still reads finalized while a published collection is confirmed.
    ...(state.matches({ publish: { flow: { published: 'confirming' } } }) ? [done('loadCanvas', { ...canvas, state: 'finalized' })] : []),
    done('loadCanvas', state.matches({ publish: { flow: 'confirming' } }) || state.matches({ publish: { flow: { published: 'confirming' } } }) ? { ...canvas, state: 'published', address: '0x00000000000000000000000000000000000000c1' } : state.matches('publish') ? readyCanvas(canvas) : canvas),
    ...(state.matches({ loading: 'fetching' }) ? [done('loadCanvas', { ...canvas, state: 'finalized' }), done('loadCanvas', { ...canvas, state: 'published', address: '0x00000000000000000000000000000000000000c1' })] : []),
    failed('loadCanvas', 'Canvas not found'),
    { type: 'upload.changed', files: [queuedFile] },
    { type: 'upload.done', tokenIds: ['1'] },
    { type: 'upload.done', tokenIds: [] },
    done('loadToken', tokenOf(c.workToken?.tokenId ?? '1', media)),
    failed('loadToken', 'Token not found'),
    done('deleteToken', undefined),
    failed('deleteToken', 'Network down'),
    { type: 'generative.change', field: c.generative.values.seedValue ? 'name' : 'seedValue', value: c.generative.values.seedValue ? 'Tide' : '42' },
    done('createGenerativeToken', { ...tokenOf('1', media), name: 'Tide', attributes: { seedValue: '42' } }),
    failed('createGenerativeToken', 'Script not found'),
    { type: 'thumbnail.mode', mode: c.thumbnail.mode === 'default' ? 'custom' : 'default' },
    { type: 'thumbnail.image', image: customThumbnail, filename: 'cover.jpg' },
    { type: 'thumbnail.editing', editing: !c.thumbnail.editing },
    done('captureThumbnail', new Blob(['png'], { type: 'image/png' })),
    failed('captureThumbnail', 'The frame could not be drawn'),
    done('uploadThumbnail', undefined),
    failed('uploadThumbnail', 'tus: 500'),
    state.matches({ token: 'loadingMore' })
      ? done('loadTokens', { tokens: [tokenOf('7', media)], total: 7 })
      : done('loadTokens', { tokens: PAGE.map((id) => tokenOf(id, media)), total: 7 }),
    done('loadTokens', { tokens: [tokenOf('1', media)], total: 1 }),
    done('loadTokens', { tokens: [], total: 0 }),
    failed('loadTokens', 'GraphQL unavailable'),
    { type: 'token.saved', token: { ...tokenOf('1', media), name: 'Renamed' } },
    { type: 'token.deleted', tokenId: '1' },
    // A card's typing, kept by the studio until it is saved (token.saved) or its token deleted.
    { type: 'token.draft', tokenId: '1', draft: c.tokenDrafts['1'] ? null : tokenDraft },
    done('finalizeCanvas', { ...canvas, state: 'finalized' }),
    failed('finalizeCanvas', 'A canvas needs a token'),
    done('preparePublish', publishParameters),
    failed('preparePublish', 'Pinning failed'),
    done('publishAction', { error: null, hash: '0xabc' }),
    done('publishAction', { error: 'User rejected the request.', hash: null }),
    done('readPublishReceipt', publishedOnChain),
    // A receipt without the factory's log, or a chain that does not answer: the indexer is waited for.
    done('readPublishReceipt', null),
    failed('readPublishReceipt', 'RPC unavailable'),
    done('shareCanvas', 'copied'),
    failed('shareCanvas', 'Copy the preview link'),
    { type: 'live.received', name: 'PublishReady', doc: { _id: 'c1' } },
    { type: 'live.received', name: 'CreatedCollection', doc: { _id: 'c1' } },
  ];
};

const MAIN_LINE_DONE = new Set(['restoreStudio', 'saveDetails', 'loadCanvas', 'loadToken', 'createGenerativeToken', 'captureThumbnail', 'uploadThumbnail', 'loadTokens', 'finalizeCanvas', 'preparePublish', 'publishAction', 'readPublishReceipt']);

const formComplete = (c: StudioContext) =>
  !formFill((c.details.values.mediaType || 'image') as StudioMediaType).some(([field, value]) => c.details.values[field as keyof typeof c.details.values] !== value);

/** Keeps the graph small: the form is filled in one order, the cover only on a complete form, a card page once. */
export function studioFilter(state: Snap, event: EventObject): boolean {
  const c = ctx(state);
  const e = event as ModelEvent;
  const complete = formComplete(c);
  // The stored record is read before anything else happens.
  if (state.matches('restoring')) return e.type.endsWith('.restoreStudio');
  switch (e.type) {
    case 'details.change':
      return state.matches('update') ? c.details.values.symbol === 'DAWN' : !complete;
    case 'details.cover':
      return complete && c.cover === null && c.details.coverEditing && state.matches('details');
    case 'details.coverEditing':
      return complete && state.matches('details') && (c.details.coverEditing || c.cover === null);
    case 'details.submit':
      return state.matches('update') || complete || c.details.formError === null;
    case 'upload.changed':
      return c.uploads.length === 0;
    case 'upload.done':
      return (e.tokenIds as string[]).length > 0 || c.canvas?.mediaType === 'gif';
    case 'generative.change':
      return !c.generative.values.name;
    case 'thumbnail.image':
      return c.thumbnail.mode === 'custom' && c.thumbnail.image === null;
    case 'thumbnail.editing':
      return c.thumbnail.mode === 'custom' && (c.thumbnail.editing || c.thumbnail.image === null);
    case 'xstate.done.actor.loadTokens': {
      const total = (e.output as { total: number }).total;
      if (state.matches({ token: 'loadingMore' })) return true;
      // The empty list only on the way back from a deleted card; six of seven on the first load of a path.
      return total === 1 || (total === 7 && c.tokenPages === 1) || (total === 0 && c.tokens.length === 0);
    }
    case 'token.saved':
      return c.tokens[0]?.name !== 'Renamed';
    // Typed before the save, so a saved card shows the save forgot its draft.
    case 'token.draft':
      return c.tokenTotal === 1 && c.tokens[0]?.name !== 'Renamed';
    case 'publish.share':
      return state.matches({ publish: { flow: 'ready' } });
    case 'live.received':
      return e.name === 'PublishReady'
        ? state.matches({ preview: 'idle' })
        : state.matches({ publish: { flow: 'waiting' } }) || state.matches({ publish: { flow: { published: 'indexing' } } });
    default:
      return true;
  }
}

/** The main line of a path to publication (simple paths): each step's way forward only. */
export function mainLine(state: Snap, event: EventObject): boolean {
  const e = event as ModelEvent;
  if (!studioFilter(state, event)) return false;
  const c = ctx(state);
  if (e.type.startsWith('xstate.error.') || e.type.startsWith('live.') || e.type.startsWith('xstate.after.')) return e.type === 'live.received' && e.name === 'CreatedCollection';
  if (e.type.startsWith('xstate.done.actor.')) {
    const id = e.type.slice('xstate.done.actor.'.length);
    if (id === 'publishAction') return (e.output as { error: unknown }).error === null;
    if (id === 'readPublishReceipt') return e.output !== null;
    if (id === 'loadTokens') return (e.output as { total: number }).total === 1;
    return MAIN_LINE_DONE.has(id);
  }
  switch (e.type) {
    case 'details.change':
    case 'generative.change':
    case 'generative.create':
    case 'upload.done':
    case 'preview.finalize':
    case 'preview.confirm':
    case 'publish.start':
      return true;
    case 'details.submit':
      return state.matches('details');
    case 'studio.next':
      return true;
    case 'thumbnail.mode':
      return c.thumbnail.mode === 'default';
    case 'thumbnail.image':
      return true;
    default:
      return false;
  }
}

/** Two snapshots are the same vertex when their state and the current step's data agree (earlier steps' data is not shown). */
export const project = (state: Snap) => {
  const c = ctx(state);
  const base = { value: state.value, step: c.step, canvas: c.canvas?.state ?? null };
  if (state.matches('details') || state.matches('update')) {
    const { values, errors, formError, coverEditing } = c.details;
    return { ...base, values, errors: Object.keys(errors).sort(), formError, coverEditing, coverFile: c.details.coverFile !== null, cover: c.cover !== null };
  }
  if (state.matches('upload')) return { ...base, uploads: c.uploads.length };
  if (state.matches('flipcardPreview') || state.matches('thumbnail') || state.matches('generativeToken')) {
    const { mode, image, editing } = c.thumbnail;
    return {
      ...base,
      workToken: c.workToken ? [c.workToken.tokenId, c.workToken.token !== null] : null,
      thumbnail: [mode, image !== null, editing],
      generative: c.generative.values,
      generativeErrors: Object.keys(c.generative.errors).sort(),
    };
  }
  if (state.matches('token')) return { ...base, tokens: c.tokens.length, renamed: c.tokens[0]?.name === 'Renamed', tokenTotal: c.tokenTotal, tokenPages: c.tokenPages, drafts: Object.keys(c.tokenDrafts) };
  if (state.matches('publish')) return { ...base, publish: c.publish !== null, onChain: c.onChain !== null };
  return base;
};

// The graph is walked on a copy whose services never run (a graph walk starts no actor).
const never = fromPromise(() => new Promise<never>(() => {}));
const graphMachine = studioMachine.provide({
  actors: {
    refreshCanvasList: never,
    loadCanvas: never,
    saveDetails: never,
    loadToken: never,
    deleteToken: never,
    createGenerativeToken: never,
    captureThumbnail: never,
    uploadThumbnail: never,
    loadTokens: never,
    finalizeCanvas: never,
    preparePublish: never,
    readPublishReceipt: never,
    shareCanvas: never,
    upload: setup({}).createMachine({}),
    contractAction: never,
    watchLive: never,
  } as never,
});

/** The model of a new collection of one media type (/studio/create), or of an existing canvas (/studio/edit/c1). */
export function studioModel(start: StudioModelStart) {
  const input = start.containerId ? { containerId: start.containerId } : {};
  return createMachineTestModel(graphMachine, { input, project, events: studioEvents(start), filterEvents: studioFilter });
}

/** Shortest paths to every vertex, plus the simple main-line paths to publication. */
export function studioPaths(model: ReturnType<typeof studioModel>, keep: (state: Snap) => boolean = () => true) {
  return modelPaths(model, { toState: (state) => state.matches({ publish: { flow: 'published' } }), filterEvents: mainLine }).filter((path) => keep(path.state));
}
