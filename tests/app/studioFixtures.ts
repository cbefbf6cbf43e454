// The studio's app tests: a signed-in creator, a canvas, and the studio flow with scripted services (every call
// recorded), run through the real routes with renderApp.
import { vi } from 'vitest';
import { fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { PublishedOnChain } from '../../domain/publishedCollection';
import type { StudioMediaType } from '../../domain/studio';
import type { CaptureThumbnailInput, CreateGenerativeTokenInput, LoadTokensInput, PublishReceiptInput, SaveDetailsInput, SaveTokenInput, StudioCanvas, StudioToken, TokenRef, TokensPage, UploadThumbnailInput } from '../../machines/studio/studioTypes';
import type { UploadEvent, UploadFileInput } from '../../machines/studio/uploadMachine';
import { studioFlow, studioTokenCardFlow, studioUploadFlow } from '../../src/services/flows/studio';
import { navigateTo } from '../../src/services/flows/navigation';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

export const creatorSession = () =>
  fakeWalletSession({
    restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' },
    stored: loginOf(ALICE, { isCreator: true }),
    signed: loginOf(ALICE, { isCreator: true }),
  }).machine;

export function studioCanvas(overrides: Partial<StudioCanvas> = {}): StudioCanvas {
  return {
    id: 'c1',
    name: 'Dawn',
    symbol: 'DAWN',
    description: 'Morning light over the bay',
    mediaType: 'image',
    state: 'building',
    cover: null,
    supplyPerToken: 1,
    royaltiesBasispoints: 500,
    attributes: null,
    tokenCount: 0,
    createdAt: '2026-11-23T08:00:00.000Z',
    shareToken: 'share-token-1',
    address: null,
    chainId: 31337,
    ...overrides,
  };
}

export function studioToken(tokenId: string, overrides: Partial<StudioToken> = {}): StudioToken {
  return {
    tokenId,
    name: `Token ${tokenId}`,
    description: null,
    mediaType: 'image',
    mediaUrl: `/ipfs/bafy${tokenId}`,
    thumbnailUrl: `/ipfs/bafy${tokenId}?thumbnail=1`,
    filename: `token-${tokenId}.png`,
    attributes: null,
    ...overrides,
  };
}

/** A GraphQL answer for the preview grid's token read (empty) and the studio list (empty). */
export function stubStudioFetch() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    if (String(input) === '/graphql') {
      const empty = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };
      return Response.json({ data: { getTokensByContainerId: empty, getAllCanvas: empty } });
    }
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  });
}

export interface StudioFakes {
  canvas?: StudioCanvas;
  tokens?: StudioToken[];
  /** The upload worker: the test drives it through the returned `uploads` (sendBack per upload). */
  mediaType?: StudioMediaType;
  /** The app's own reload records (IndexedDB) and move to the created collection's address, instead of keeping none. */
  keepsRecords?: boolean;
  /** Publishing: /publish, the wallet's transaction and its receipt answer at once; the receipt names this collection. */
  receipt?: PublishedOnChain;
}

/** The studio flow over scripted services; `calls` records what the studio asked for. */
export function scriptedStudio(fakes: StudioFakes = {}) {
  let canvas = fakes.canvas ?? studioCanvas(fakes.mediaType ? { mediaType: fakes.mediaType } : {});
  let tokens = fakes.tokens ?? [];
  const calls = {
    saveDetails: [] as SaveDetailsInput[],
    saveToken: [] as SaveTokenInput[],
    deleteToken: [] as TokenRef[],
    cardDeleted: [] as TokenRef[],
    loadTokens: [] as LoadTokensInput[],
    capture: [] as CaptureThumbnailInput[],
    uploadThumbnail: [] as UploadThumbnailInput[],
    generative: [] as CreateGenerativeTokenInput[],
  };
  const uploads: Array<{ input: UploadFileInput; sendBack: (event: UploadEvent) => void }> = [];
  const flow = studioFlow.provide({
    actors: {
      refreshCanvasList: fromPromise(async () => {}),
      loadCanvas: fromPromise(async () => canvas),
      saveDetails: fromPromise(async ({ input }) => {
        calls.saveDetails.push(input);
        canvas = { ...canvas, ...input.details, id: input.canvasId ?? 'c-new' };
        return canvas;
      }),
      loadToken: fromPromise(async ({ input }) => tokens.find((token) => token.tokenId === input.tokenId) ?? studioToken(input.tokenId, { mediaType: canvas.mediaType })),
      deleteToken: fromPromise(async ({ input }) => {
        calls.deleteToken.push(input);
      }),
      createGenerativeToken: fromPromise(async ({ input }) => {
        calls.generative.push(input);
        return studioToken('1', { name: input.name, attributes: { seedValue: input.seedValue } });
      }),
      captureThumbnail: fromPromise(async ({ input }) => {
        calls.capture.push(input);
        return new Blob(['png'], { type: 'image/png' });
      }),
      uploadThumbnail: fromPromise(async ({ input }) => {
        calls.uploadThumbnail.push(input);
      }),
      loadTokens: fromPromise(async ({ input }): Promise<TokensPage> => {
        calls.loadTokens.push(input);
        const start = (input.page - 1) * input.perPage;
        return { tokens: tokens.slice(start, start + input.perPage), total: tokens.length };
      }),
      finalizeCanvas: fromPromise(async (): Promise<StudioCanvas> => (canvas = { ...canvas, state: 'finalized' })),
      ...(fakes.receipt && {
        preparePublish: fromPromise(async () => ({
          factory: '0x00000000000000000000000000000000000000fa',
          chainId: canvas.chainId,
          name: canvas.name,
          symbol: canvas.symbol,
          howManyTokens: canvas.tokenCount,
          supplyPerToken: canvas.supplyPerToken,
          baseURI: 'ipfs://bafymanifest/',
          royaltiesRecipient: ALICE,
          royaltiesBasispoints: canvas.royaltiesBasispoints,
        })),
        // The wallet's transaction, mined.
        contractAction: setup({}).createMachine({ initial: 'mined', states: { mined: { type: 'final' } }, output: { error: null, hash: fakes.receipt.hash } }) as never,
        readPublishReceipt: fromPromise<PublishedOnChain | null, PublishReceiptInput>(async () => fakes.receipt!),
      }),
      upload: studioUploadFlow.provide({
        actors: {
          uploadFile: fromCallback<EventObject, UploadFileInput>(({ input, sendBack }) => {
            uploads.push({ input, sendBack: (event: UploadEvent) => sendBack(event) });
          }),
        },
        actions: { keepFiles: () => {}, forgetFile: () => {} },
      }),
      tokenCard: studioTokenCardFlow.provide({
        actors: {
          saveToken: fromPromise(async ({ input }) => {
            calls.saveToken.push(input);
            const saved = { ...(tokens.find((token) => token.tokenId === input.tokenId) ?? studioToken(input.tokenId)), name: input.name, description: input.description || null };
            tokens = tokens.map((token) => (token.tokenId === saved.tokenId ? saved : token));
            return saved;
          }),
          deleteToken: fromPromise(async ({ input }) => {
            calls.cardDeleted.push(input);
            tokens = tokens.filter((token) => token.tokenId !== input.tokenId);
          }),
        },
      }),
    },
    // Without the app's records a created collection still goes on at its own address, where a new studio loads it.
    actions: fakes.keepsRecords
      ? {}
      : { persistStudio: () => {}, goToCanvas: ({ context }) => navigateTo({ to: '/studio/edit/$containerId', params: { containerId: context.containerId! }, replace: true }) },
  });
  return {
    flows: { studio: flow },
    calls,
    uploads,
    setTokens: (next: StudioToken[]) => {
      tokens = next;
    },
  };
}
