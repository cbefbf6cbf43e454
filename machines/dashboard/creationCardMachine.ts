import { assign, cancel, enqueueActions, raise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { collectionCoverMachine, type CoverSavedEvent } from '../collection/collectionCoverMachine';
import { watchListsStale, type ListsStaleEvent } from '../live/watchListsStale';
import { LIVE_REFRESH_DELAY_MS } from '../lists/constants';
import { collectionSellMachine, type CollectionSellParentEvent, type OpenAllOutSale } from './collectionSellMachine';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

// See docs/requirements.md#dashboard: one collection card's server data, the collection (as listed, then refreshed on its
// own) and the creator's current listings of it, the card's sell panel (a collectionSell child) and its cover editor
// (a collectionCover child: once it saved a cover the card refreshes and tells it when the collection is shown). It
// refreshes on live staleness and on request (after an edit or a mined chain action), so the card, its typed price and open
// editors stay in place instead of the whole list reloading under the creator.

/** What the card needs of a collection. */
export interface CardCollection {
  _id: string;
  address?: string | null;
  chainId: number;
  soldOut: boolean;
  /** Who created it: the cover editor's creator (the card's seller when absent). */
  creatorInfo?: { address: string };
}

/** What the card needs of its listings: the open all-out sale, if any. */
export interface CardListings {
  allOutSale: (OpenAllOutSale & Record<string, unknown>) | null;
}

export interface LoadCardInput {
  id: string;
  seller: string;
  /** False on the first load: the collection came with the list, only the listings are fetched. */
  fresh: boolean;
}

export interface LoadCardOutput<TCollection, TListings> {
  /** The refreshed collection; null when it is not in the public list (hidden): the listed copy stays. */
  collection: TCollection | null;
  listings: TListings;
}

export interface CreationCardInput<TCollection> {
  collection: TCollection;
  seller: string;
}

export interface CreationCardContext<TCollection, TListings> {
  collection: TCollection;
  seller: string;
  listings: TListings | null;
  error: string | null;
  /** Loads done so far: the first one only fetches the listings. */
  loads: number;
}

export type CreationCardEvent =
  /** Refetch now (after a cover or description edit, or Retry). */
  | { type: 'card.refresh' }
  /** View All Offers: the received offers filtered to this collection. */
  | { type: 'card.viewOffers' }
  | ListsStaleEvent
  | CoverSavedEvent
  | CollectionSellParentEvent;

export type CreationCardTag = 'loading';

const openSale = (listings: CardListings | null): OpenAllOutSale | null =>
  listings?.allOutSale ? { allOutSaleId: listings.allOutSale.allOutSaleId, price: listings.allOutSale.price } : null;

/** The card's sell panel child. */
export const SELL_CHILD_ID = 'sell';
/** The card's cover editor child. */
export const COVER_CHILD_ID = 'cover';

export function createCreationCardMachine<TCollection extends CardCollection = CardCollection, TListings extends CardListings = CardListings>() {
  type Context = CreationCardContext<TCollection, TListings>;
  type Output = LoadCardOutput<TCollection, TListings>;
  const outputOf = (event: unknown) => (event as { output: Output }).output;

  return setup({
    types: {
      input: {} as CreationCardInput<TCollection>,
      context: {} as Context,
      events: {} as CreationCardEvent,
      tags: {} as CreationCardTag,
    },
    actors: {
      loadCard: notProvided<Output, LoadCardInput>('creationCardMachine', 'loadCard'),
      collectionSell: collectionSellMachine,
      collectionCover: collectionCoverMachine,
      watchListsStale,
    },
    actions: {
      // Provided: navigateTo the dashboard's received offers with `collection` (the collection's _id).
      goToOffers: (_, _params: { collectionId: string }) => undefined,
      // The cover editor keeps its preview until the card settled (loaded or failed, as a reload of the page would).
      showCover: sendTo(COVER_CHILD_ID, { type: 'cover.shown' }),
      // Named so the done event (not in the machine's own union) can be read.
      assignLoaded: assign(({ context, event }) => {
        const output = outputOf(event);
        return { collection: output.collection ?? context.collection, listings: output.listings, error: null, loads: context.loads + 1 };
      }),
      // The sell panel starts with the first listings and hears every later load (by value: same answer, no change).
      // (Runs after assignLoaded: the first successful load is loads === 1.)
      syncSell: enqueueActions(({ context, enqueue }) => {
        const sync = { soldOut: context.collection.soldOut, address: context.collection.address ?? null, allOutSale: openSale(context.listings) };
        if (context.loads === 1) {
          enqueue.spawnChild('collectionSell', {
            id: SELL_CHILD_ID,
            input: { collection: { _id: context.collection._id, address: sync.address, chainId: context.collection.chainId }, soldOut: sync.soldOut, allOutSale: sync.allOutSale },
          });
          return;
        }
        enqueue.sendTo(SELL_CHILD_ID, { type: 'listing.sync', ...sync });
      }),
      // After a mined action: a second refresh once the indexer has surely written the new sale (its live event
      // refreshes too, but a missed socket must not leave the card stale).
      refreshLater: enqueueActions(({ enqueue }) => {
        enqueue(cancel('later'));
        enqueue(raise({ type: 'card.refresh' }, { id: 'later', delay: LIVE_REFRESH_DELAY_MS }));
      }),
    },
  }).createMachine({
    id: 'creationCard',
    context: ({ input }) => ({ collection: input.collection, seller: input.seller, listings: null, error: null, loads: 0 }),
    invoke: [
      { src: 'watchListsStale' },
      {
        id: COVER_CHILD_ID,
        src: 'collectionCover',
        input: ({ context }) => ({ collectionId: context.collection._id, creator: context.collection.creatorInfo?.address ?? context.seller }),
      },
    ],
    on: {
      // A newer load replaces the running one (its answer would be older): loading is entered again, the card's
      // own invocations (its cover editor, the staleness watch) are not (no `reenter`, which would restart them).
      'card.refresh': { target: '.loading' },
      'lists.stale': { target: '.loading' },
      'cover.saved': { target: '.loading' },
      'card.actionDone': { target: '.loading', actions: 'refreshLater' },
      'card.viewOffers': { actions: { type: 'goToOffers', params: ({ context }) => ({ collectionId: context.collection._id }) } },
    },
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        invoke: {
          id: 'loadCard',
          src: 'loadCard',
          input: ({ context }) => ({ id: context.collection._id, seller: context.seller, fresh: context.loads > 0 }),
          onDone: { target: 'ready', actions: ['assignLoaded', 'syncSell', 'showCover'] },
          onError: { target: 'failed', actions: [assign({ error: ({ event }) => errorMessage(event.error) }), 'showCover'] },
        },
      },
      ready: {},
      // The listings could not be loaded: Retry (card.refresh); the last listings, if any, stay shown.
      failed: {},
    },
  });
}

export const creationCardMachine = createCreationCardMachine();
export type CreationCardActor = ActorRefFrom<typeof creationCardMachine>;
