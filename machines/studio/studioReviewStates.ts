// The studio's last steps (docs/requirements.md#studio-tokens, "Preview step", "Publish step", docs/requirements.md#studio-publish "Collection"): the token
// edit cards (6 a page), the preview with Finalize (confirmed) and the edits while building, and the publication:
// POST /publish pins the metadata (a generative canvas's with each token's recorded render), one CreateTradableCollection transaction (the contractAction child), then
// its receipt's CreatedCollection log → published at once (issue 32 item 5), the indexer confirming it after (live CreatedCollection, or the
// canvas read again); a receipt without the log falls back to waiting for the indexer.
import { enqueueActions } from 'xstate';
import { tradeInput } from '../trading/tradeInput';
import { studioSetup, tokenCardId, TOKEN_PAGE_SIZE } from './studioSetup';
import type { StudioContext } from './studioContext';
import type { StudioToken, TokensPage } from './studioTypes';

const pageOf = (event: unknown) => (event as { output: TokensPage }).output;
/** A card's input: its token, and the typing a reload kept for it. */
const cardInput = (context: StudioContext, token: StudioToken) => ({ canvasId: context.containerId ?? '', token, draft: context.tokenDrafts[token.tokenId] ?? null });

export const tokenState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'token' } }, 'persistStudio'],
  exit: enqueueActions(({ context, enqueue }) => {
    for (const token of context.tokens) enqueue.stopChild(tokenCardId(token.tokenId));
    enqueue.assign({ tokens: [], tokenTotal: 0, tokenPages: 1 });
  }),
  // Nothing typed is lost offline: a card's unsaved name and description are kept for a reload; a restored card starts from them.
  on: { 'token.draft': { actions: ['setTokenDraft', 'persistStudio'] } },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadTokens',
        src: 'loadTokens',
        // A reload shows as many pages as were loaded.
        input: ({ context }) => ({ canvasId: context.containerId ?? '', page: 1, perPage: TOKEN_PAGE_SIZE * context.tokenPages }),
        onDone: [
          { guard: 'loadedEmpty', target: '#studio.upload' },
          {
            target: 'listing',
            actions: enqueueActions(({ context, event, enqueue }) => {
            // One edit card child per token shown; a reloaded list replaces them.
            const page = pageOf(event);
            for (const token of context.tokens) enqueue.stopChild(tokenCardId(token.tokenId));
            for (const token of page.tokens) enqueue.spawnChild('tokenCard', { id: tokenCardId(token.tokenId), input: cardInput(context, token) });
            enqueue.assign({ tokens: page.tokens, tokenTotal: page.total });
          }),
          },
        ],
        onError: { target: 'failed', actions: 'showProblem' },
      },
    },
    failed: { on: { 'studio.retry': { target: 'loading' } } },
    listing: {
      on: {
        'token.more': { guard: 'hasMoreTokens', target: 'loadingMore' },
        'token.add': [{ guard: 'hasScript', target: '#studio.generativeToken' }, { target: '#studio.upload' }],
        'studio.next': { target: '#studio.preview' },
        'token.saved': { actions: ['updateToken', 'persistStudio'] },
        // Deleting the only card returns to the upload; otherwise the list reloads.
        'token.deleted': [
          { guard: 'onlyToken', target: '#studio.upload', actions: 'forgetTokenDraft' },
          { target: 'loading', actions: ['forgetTokenDraft', 'persistStudio'] },
        ],
      },
    },
    loadingMore: {
      tags: 'loading',
      invoke: {
        id: 'loadTokens',
        src: 'loadTokens',
        input: ({ context }) => ({ canvasId: context.containerId ?? '', page: context.tokenPages + 1, perPage: TOKEN_PAGE_SIZE }),
        onDone: {
          target: 'listing',
          actions: enqueueActions(({ context, event, enqueue }) => {
            const page = pageOf(event);
            const known = new Set(context.tokens.map((token) => token.tokenId));
            const added = page.tokens.filter((token) => !known.has(token.tokenId));
            for (const token of added) enqueue.spawnChild('tokenCard', { id: tokenCardId(token.tokenId), input: cardInput(context, token) });
            enqueue.assign({ tokens: [...context.tokens, ...added], tokenTotal: page.total, tokenPages: context.tokenPages + 1 });
          }),
        },
        onError: { target: 'listing', actions: 'showProblem' },
      },
      on: { 'token.saved': { actions: ['updateToken', 'persistStudio'] } },
    },
  },
});

export const previewState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'preview' } }, 'persistStudio'],
  initial: 'idle',
  states: {
    // Finalize and the edits are enabled only while the collection is building.
    idle: {
      on: {
        'preview.finalize': { guard: 'isBuilding', target: 'confirming' },
        'preview.edit': { guard: 'isBuilding', target: '#studio.update', actions: 'fillDetailsFromCanvas' },
        'preview.tokens': { guard: 'isBuilding', target: '#studio.token' },
      },
    },
    confirming: {
      on: {
        'preview.confirm': { target: 'finalizing' },
        'preview.cancel': { target: 'idle' },
      },
    },
    finalizing: {
      tags: 'busy',
      invoke: {
        id: 'finalizeCanvas',
        src: 'finalizeCanvas',
        input: ({ context }) => ({ canvasId: context.containerId ?? '' }),
        onDone: { target: '#studio.publish', actions: ['assignCanvas', 'notifyFinalized'] },
        onError: { target: 'idle', actions: 'showProblem' },
      },
    },
  },
});

const readCanvas = {
  id: 'loadCanvas',
  src: 'loadCanvas' as const,
  input: ({ context }: { context: { containerId: string | null } }) => ({ canvasId: context.containerId ?? '' }),
};

/**
 * Waiting for the indexer: its sibling `confirming` reads the canvas again on the indexer's CreatedCollection for this
 * canvas, after a reconnect (it may have been sent meanwhile), or every publishPoll.
 */
const untilIndexed = {
  after: { publishPoll: 'confirming' },
  on: {
    'live.received': { guard: 'collectionEventHere', target: 'confirming' },
    'live.reconnected': { target: 'confirming' },
  },
} as const;

export const publishState = studioSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: { step: 'publish' } }, 'persistStudio'],
  type: 'parallel',
  states: {
    flow: {
      initial: 'refreshing',
      states: {
        // The canvas as it is now (a PublishReady may bring the artist here from another step or device).
        refreshing: {
          tags: 'loading',
          invoke: { ...readCanvas, onDone: { target: 'deciding', actions: 'assignCanvas' }, onError: { target: 'deciding', actions: 'showProblem' } },
        },
        deciding: {
          always: [
            { guard: 'isPublished', target: 'published' },
            // A reload after the receipt and before the indexer: published, still confirming.
            { guard: 'publishedOnChainHere', target: 'published.indexing' },
            { target: 'ready' },
          ],
        },
        ready: { on: { 'publish.start': { guard: 'isFinalized', target: 'preparing' } } },
        preparing: {
          tags: 'busy',
          invoke: {
            id: 'preparePublish',
            src: 'preparePublish',
            // A generative canvas's tokens are drawn first, for the renders their metadata records.
            input: ({ context }) => ({ canvasId: context.containerId ?? '', canvas: context.canvas }),
            onDone: { target: 'signing', actions: ['assignPublish', 'notifyPrepared'] },
            onError: { target: 'ready', actions: 'showProblem' },
          },
        },
        // The contractAction child shows 'Approve in wallet', the 4001 message or the reason itself.
        signing: {
          tags: 'busy',
          invoke: {
            id: 'publishAction',
            src: 'contractAction',
            input: ({ context, self }) => {
              const params = context.publish!;
              return tradeInput(self.system, {
                type: 'createCollection',
                chainId: params.chainId,
                factory: params.factory,
                name: params.name,
                symbol: params.symbol,
                howManyTokens: params.howManyTokens,
                supplyPerToken: params.supplyPerToken,
                baseURI: params.baseURI,
                royaltiesRecipient: params.royaltiesRecipient,
                royaltiesBasispoints: params.royaltiesBasispoints,
                container_id: context.containerId ?? '',
              });
            },
            onDone: [{ guard: 'tradeSucceeded', target: 'reading', actions: 'assignPublishHash' }, { target: 'ready' }],
          },
        },
        // The mined transaction's receipt names the new collection: shown published now, the indexer confirms it later.
        reading: {
          tags: 'busy',
          invoke: {
            id: 'readPublishReceipt',
            src: 'readPublishReceipt',
            input: ({ context }) => ({
              canvasId: context.containerId ?? '',
              chainId: context.publish!.chainId,
              factory: context.publish!.factory,
              hash: context.publishHash ?? '',
            }),
            onDone: [
              { guard: 'receiptNamesCollection', target: 'published.indexing', actions: ['assignOnChain', 'rememberPublished', 'persistStudio', 'notifyPublished'] },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
        waiting: { tags: 'busy', ...untilIndexed },
        confirming: {
          tags: 'busy',
          invoke: {
            ...readCanvas,
            onDone: [
              { guard: 'outputPublished', target: 'published', actions: ['assignCanvas', 'notifyPublished'] },
              { target: 'waiting', actions: 'assignCanvas' },
            ],
            onError: { target: 'waiting' },
          },
        },
        // `indexed`: the canvas reads published. `indexing`: published from the receipt; the canvas is read again (on
        // the indexer's live CreatedCollection, a reconnect, or every publishPoll) until it reads published.
        published: {
          initial: 'indexed',
          states: {
            indexing: untilIndexed,
            confirming: {
              invoke: {
                ...readCanvas,
                onDone: [{ guard: 'outputPublished', target: 'indexed', actions: 'assignCanvas' }, { target: 'indexing' }],
                onError: { target: 'indexing' },
              },
            },
            indexed: {},
          },
        },
      },
    },
    // Share copies the preview link (or the device's share sheet); the buttons are gone once published.
    share: {
      initial: 'idle',
      states: {
        idle: { on: { 'publish.share': { guard: 'canShare', target: 'sharing' } } },
        sharing: {
          invoke: {
            id: 'shareCanvas',
            src: 'shareCanvas',
            input: ({ context }) => ({ canvas: context.canvas! }),
            onDone: [{ guard: 'wasCopied', target: 'idle', actions: 'notifyCopied' }, { target: 'idle' }],
            onError: { target: 'idle', actions: 'showProblem' },
          },
        },
      },
    },
  },
});
