import { and, assign, enqueueActions, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { FormDraftParams } from '../forms/formMachine';
import { priceDraftRecord, restoredPriceDraft } from '../forms/priceDraft';
import { walletAddressGuards, walletOf, watchWallet, type WalletChangedEvent } from '../system/systemActors';
import type { ChainAction } from '../trading/chainActions';
import { contractActionMachine } from '../trading/contractActionMachine';
import { TRADE_CHILD_ID, tradeSucceeded } from './dashboardTrade';
import { parsePrice } from '../trading/tradeRules';
import { tradeInput } from '../trading/tradeInput';
import { NATIVE_CURRENCY } from '../../domain/nativeCurrency';

// See docs/requirements.md#dashboard: the sell panel of one collection card. The full collection at one price per token
// (createAllOutSale), or by token (the view links to the collection's tokens); sold out → no form; an open
// all-out sale is cancelled here (cancelAllOutSale). The chain action runs as this machine's contractAction child
// (id 'trade'), whose done output says whether it was mined; then the parent (the creation card) is asked to
// refresh its data (`card.actionDone`).
// Nothing typed is lost offline: the typed price is a draft per account (collectionSellDraftKey): kept on every change
// (persistDraft), read back once the wallet is known (restoring; another wallet reads its own and never sees the
// last one's price), sent only by List collection; a mined listing forgets it, a failed one keeps it.

export type SellMode = 'full' | 'byToken';

export interface OpenAllOutSale {
  allOutSaleId: string;
  price: { amount: string; currency: string };
}

export interface CollectionSellInput {
  collection: {
    _id: string;
    /** Contract address; null while the collection is not published on chain. */
    address: string | null;
    chainId: number;
  };
  soldOut: boolean;
  /** The creator's open all-out sale of this collection, if any. */
  allOutSale: OpenAllOutSale | null;
}

export interface CollectionSellContext extends CollectionSellInput {
  /** The connected wallet's address (read at start, then from the wallet watcher): no wallet, no chain action. */
  address: string | null;
  mode: SellMode;
  /** The price per token as typed (ETH). */
  price: string;
  /** The price was typed or submitted: its validation message shows from then on. */
  touched: boolean;
}

export type CollectionSellEvent =
  | { type: 'mode.select'; mode: SellMode }
  | { type: 'price.change'; value: string }
  | { type: 'sell.submit' }
  /** Cancel the open all-out sale ('Cancel collection sale'). */
  | { type: 'sale.cancel' }
  | WalletChangedEvent
  /** Fresh data from the server (after a refresh or a live update). */
  | { type: 'listing.sync'; soldOut: boolean; allOutSale: OpenAllOutSale | null; address: string | null };

/** What the parent (the creation card) hears after a mined action: refresh now and once the indexer caught up. */
export type CollectionSellParentEvent = { type: 'card.actionDone' };

export type CollectionSellTag = 'busy';

/** The price's validation message once touched (the shared listing price rule), else null. */
export const priceError = (context: Pick<CollectionSellContext, 'price' | 'touched'>): string | null => {
  if (!context.touched) return null;
  const parsed = parsePrice(context.price);
  return 'error' in parsed ? parsed.error : null;
};

const priceWei = (price: string): string | null => {
  const parsed = parsePrice(price);
  return 'wei' in parsed ? parsed.wei : null;
};

/** The draft key of one account's price for one collection. */
export const collectionSellDraftKey = (collectionId: string, address: string) => `collectionSell:${collectionId}:${address.toLowerCase()}`;

// The draft of the price now, for the account (none without a wallet; an empty price forgets it).
const keepDraft = {
  type: 'persistDraft' as const,
  params: ({ context }: { context: CollectionSellContext }): FormDraftParams | null =>
    context.address ? { key: collectionSellDraftKey(context.collection._id, context.address), record: priceDraftRecord(context.price) } : null,
};

/** The full collection at the typed price per token. */
export const listingAction = (context: CollectionSellContext): ChainAction => ({
  type: 'createAllOutSale',
  chainId: context.collection.chainId,
  collection: context.collection.address ?? '',
  priceWei: priceWei(context.price) ?? '',
  currency: NATIVE_CURRENCY,
});

/** The open all-out sale, cancelled. */
export const cancelAction = (context: CollectionSellContext): ChainAction => ({
  type: 'cancelAllOutSale',
  chainId: context.collection.chainId,
  allOutSaleId: context.allOutSale?.allOutSaleId ?? '',
});

export const collectionSellMachine = setup({
  types: {
    input: {} as CollectionSellInput,
    context: {} as CollectionSellContext,
    events: {} as CollectionSellEvent,
    tags: {} as CollectionSellTag,
  },
  actors: {
    contractAction: contractActionMachine,
    watchWallet,
    // Provided by the flow: the record stored under the key (checked by restoredPriceDraft); null when none.
    loadDraft: fromPromise<unknown, string>(async () => null),
  },
  guards: {
    ...walletAddressGuards,
    tradeSucceeded,
    isUnpublished: ({ context }) => context.collection.address === null,
    isSoldOut: ({ context }) => context.soldOut,
    hasAllOutSale: ({ context }) => context.allOutSale !== null,
    isByToken: ({ context }) => context.mode === 'byToken',
    selectsByToken: ({ event }) => event.type === 'mode.select' && event.mode === 'byToken',
    selectsFull: ({ event }) => event.type === 'mode.select' && event.mode === 'full',
    hasValidPrice: ({ context }) => priceWei(context.price) !== null,
    // A sync that leaves nothing to sell here: re-check from the top.
    syncEndsSelling: ({ event }) => event.type === 'listing.sync' && (event.soldOut || event.address === null),
  },
  actions: {
    assignSync: assign(({ context, event }) =>
      event.type === 'listing.sync'
        ? { soldOut: event.soldOut, allOutSale: event.allOutSale, collection: { ...context.collection, address: event.address } }
        : {},
    ),
    assignMode: assign({ mode: ({ context, event }) => (event.type === 'mode.select' ? event.mode : context.mode) }),
    assignPrice: assign({ price: ({ context, event }) => (event.type === 'price.change' ? event.value : context.price), touched: true }),
    touch: assign({ touched: true }),
    clearPrice: assign({ price: '', touched: false }),
    // The cancelled sale is gone on chain once the receipt is in; the refresh confirms it.
    forgetAllOutSale: assign({ allOutSale: null }),
    // Another wallet: the price typed for the last one is not shown (it stays in its draft).
    assignAddress: assign(({ context, event }) => (event.type === 'wallet.changed' ? { address: event.address, price: '', touched: false } : { address: context.address })),
    restoreDraft: assign(({ context, event }) => {
      const price = restoredPriceDraft((event as { output?: unknown }).output);
      return price === null ? {} : { price, touched: context.touched || price !== '' };
    }),
    // Provided by the flow: keeps the record for a reload (src/services/formDrafts.ts); params null without a wallet.
    persistDraft: (_, _params: FormDraftParams | null) => undefined,
    // The parent card refreshes (a sell machine running alone has no one to tell).
    requestRefresh: enqueueActions(({ enqueue, self }) => {
      if (self._parent) enqueue.sendParent({ type: 'card.actionDone' } satisfies CollectionSellParentEvent);
    }),
  },
}).createMachine({
  id: 'collectionSell',
  context: ({ input, self }) => ({ ...input, address: walletOf(self.system)?.address ?? null, mode: 'full', price: '', touched: false }),
  invoke: { src: 'watchWallet' },
  // Another wallet reads its own draft (during a wallet action the address only follows).
  on: { 'wallet.changed': { guard: 'addressDiffers', target: '.restoring', actions: 'assignAddress' } },
  initial: 'restoring',
  states: {
    // The account's draft price is read (no wallet: none), then what to show is decided.
    restoring: {
      always: { guard: 'hasNoWalletAddress', target: 'checking' },
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        input: ({ context }) => collectionSellDraftKey(context.collection._id, context.address ?? ''),
        onDone: { target: 'checking', actions: 'restoreDraft' },
        onError: { target: 'checking' },
      },
      on: {
        'listing.sync': { actions: 'assignSync' },
        // Typed meanwhile: it wins over the stored draft.
        'price.change': { target: 'checking', actions: ['assignPrice', keepDraft] },
      },
    },
    checking: {
      always: [
        { guard: 'isUnpublished', target: 'unpublished' },
        { guard: 'isSoldOut', target: 'soldOut' },
        { target: 'selling' },
      ],
    },
    // Not on chain yet: nothing to list.
    unpublished: {
      on: { 'listing.sync': { target: 'checking', actions: 'assignSync' } },
    },
    // 'This collection is sold out': no sell form.
    soldOut: {
      on: { 'listing.sync': { target: 'checking', actions: 'assignSync' } },
    },
    selling: {
      initial: 'deciding',
      on: {
        'listing.sync': [
          { guard: 'syncEndsSelling', target: 'checking', actions: 'assignSync' },
          // Re-enter so an all-out sale that appeared or went away decides the full-collection form again.
          { target: 'selling', reenter: true, actions: 'assignSync' },
        ],
        'sale.cancel': { guard: and(['hasAllOutSale', 'hasWalletAddress']), target: 'cancelling' },
      },
      states: {
        deciding: {
          always: [{ guard: 'isByToken', target: 'byToken' }, { target: 'full' }],
        },
        full: {
          initial: 'deciding',
          on: { 'mode.select': { guard: 'selectsByToken', target: 'byToken', actions: 'assignMode' } },
          states: {
            deciding: {
              always: [{ guard: 'hasAllOutSale', target: 'listed' }, { target: 'editing' }],
            },
            editing: {
              on: {
                'price.change': { actions: ['assignPrice', keepDraft] },
                'sell.submit': [
                  { guard: and(['hasValidPrice', 'hasWalletAddress']), target: '#collectionSell.listing', actions: 'touch' },
                  { actions: 'touch' },
                ],
              },
            },
            // An open all-out sale: the form gives way to it until it is cancelled.
            listed: {},
          },
        },
        // The view links to the collection tokens view ('Choose tokens').
        byToken: {
          on: { 'mode.select': { guard: 'selectsFull', target: 'full', actions: 'assignMode' } },
        },
      },
    },
    // The full collection at the typed price per token (approval first), as the contractAction child.
    listing: {
      tags: ['busy'],
      invoke: {
        id: TRADE_CHILD_ID,
        src: 'contractAction',
        input: ({ context, self }) => tradeInput(self.system, listingAction(context)),
        onDone: [{ guard: 'tradeSucceeded', target: 'checking', actions: ['clearPrice', keepDraft, 'requestRefresh'] }, { target: 'checking' }],
      },
      // Kept for when the action ends: a live refresh may land while the wallet is open.
      on: { 'listing.sync': { actions: 'assignSync' }, 'wallet.changed': { guard: 'addressDiffers', actions: 'assignAddress' } },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: TRADE_CHILD_ID,
        src: 'contractAction',
        input: ({ context, self }) => tradeInput(self.system, cancelAction(context)),
        onDone: [{ guard: 'tradeSucceeded', target: 'checking', actions: ['forgetAllOutSale', 'requestRefresh'] }, { target: 'checking' }],
      },
      on: { 'listing.sync': { actions: 'assignSync' }, 'wallet.changed': { guard: 'addressDiffers', actions: 'assignAddress' } },
    },
  },
});

export type CollectionSellActor = ActorRefFrom<typeof collectionSellMachine>;
