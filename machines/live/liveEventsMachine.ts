import { assign, emit, enqueueActions, fromCallback, raise, sendTo, setup, spawnChild, type ActorRefFrom } from 'xstate';
import {
  LIST_CHANGING_EVENTS,
  LIVE_REFRESH_DELAY_MS,
  MAX_TOKEN_PATCHES,
  ON_SALE_NOTICE,
  PRICE_CHANGED_NOTICE,
  UNLISTED_NOTICE,
} from './constants';
import { systemActor } from '../system/systemRegistry';
import type { LiveMessage, LivePayload, PersonInfo } from '../../domain/contracts/liveEvents';

export * from './constants';

/** A live event with its payload (docs/requirements.md#live-events), as the wire's contract reads it: the socket
 * parses every payload (domain/contracts/liveEvents.ts) before it becomes a `live.event`. */
export type { LiveMessage } from '../../domain/contracts/liveEvents';

/** A Sold event's new owner (its ownerInfo) when it names the buyer, else undefined (the address alone is then known). */
export function liveOwnerOf(doc: LivePayload<'Sold'>): PersonInfo | undefined {
  return doc.ownerInfo.address.toLowerCase() === doc.buyer.toLowerCase() ? doc.ownerInfo : undefined;
}

/** A live change to a token (sold, new owner, likes, price) that arrived after a list or page was fetched. */
export interface TokenPatch {
  isSold?: boolean;
  likesCount?: number;
  /** New owner's address after a sale or transfer. */
  ownerAddress?: string;
  /** The new owner (names and avatar) when the event carried them (a Sold event's ownerInfo). */
  owner?: PersonInfo;
  /** Current listing price in wei (decimal string); null when no longer listed. */
  priceWei?: string | null;
  /** The unit price of the sale that just happened (a Sold event's price): the token's last sale now. */
  lastSaleWei?: string;
}

export interface TokenPatchParams {
  /** The token's database id (`_id`). */
  id: string;
  patch: TokenPatch;
}

/**
 * Merges `patch` into the kept patches as the most recently used entry; past MAX_TOKEN_PATCHES the least recently
 * patched tokens are dropped (their cards then show what was fetched, which a list refresh brings up to date).
 */
export function withTokenPatch(patches: Record<string, TokenPatch>, order: readonly string[], { id, patch }: TokenPatchParams, max = MAX_TOKEN_PATCHES) {
  const nextOrder = [...order.filter((kept) => kept !== id), id];
  const next: Record<string, TokenPatch> = { ...patches, [id]: { ...patches[id], ...patch } };
  while (nextOrder.length > max) delete next[nextOrder.shift()!];
  return { patches: next, patchOrder: nextOrder };
}

export interface LiveEffects {
  patch?: TokenPatchParams;
  /** Info notice shown only when the event is about the token the user is looking at. */
  notice?: string;
}

/** What one live event changes on screen (pure: the machine enqueues it). */
export function liveEffects({ name, doc }: LiveMessage, viewedTokenId: string | null): LiveEffects {
  switch (name) {
    case 'Sold': {
      // A partial sale of a multi-unit token leaves it unsold; the server says which (isSold after the sale).
      const owner = liveOwnerOf(doc);
      return {
        patch: {
          id: doc.token_id,
          patch: { isSold: doc.isSold, ownerAddress: doc.buyer, ...(owner ? { owner } : {}), priceWei: doc.tokenPrice, lastSaleWei: doc.price },
        },
      };
    }
    case 'CreatedSale': {
      const notice = doc.previousPrice ? PRICE_CHANGED_NOTICE : ON_SALE_NOTICE;
      return { patch: { id: doc.token_id, patch: { priceWei: doc.tokenPrice } }, ...(viewedTokenId === doc.token_id && { notice }) };
    }
    case 'CancelledSale': {
      const notice = doc.tokenPrice ? PRICE_CHANGED_NOTICE : UNLISTED_NOTICE;
      return { patch: { id: doc.token_id, patch: { priceWei: doc.tokenPrice } }, ...(viewedTokenId === doc.token_id && { notice }) };
    }
    case 'TokenLiked':
    case 'TokenUnliked':
    case 'TokenUpdated':
      return { patch: { id: doc.token_id, patch: { likesCount: doc.updatedFields.likesCount } } };
    default:
      return {};
  }
}

export interface LiveEventsContext {
  /** The registered wallet address the socket announces in 'ready' (null: anonymous). */
  address: string | null;
  /** The token page on screen (token _id), for the price notices. */
  viewedTokenId: string | null;
  /** Live token patches by token `_id`: every card and token view merges its token's over what it fetched. */
  patches: Record<string, TokenPatch>;
  /** The patched token ids, least recently patched first (bounded by MAX_TOKEN_PATCHES). */
  patchOrder: string[];
}

export type LiveEventsEvent =
  // A flow or view that shows live data (tokens, prices, likes, offers, lists, publish status) needs the socket.
  | { type: 'live.needed' }
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected' }
  | { type: 'socket.failed' }
  | ({ type: 'live.event' } & LiveMessage)
  | { type: 'live.account'; address: string | null }
  | { type: 'live.viewToken'; id: string | null }
  // A change the app itself made (a like toggled, a purchase confirmed), shown wherever the token is.
  | { type: 'live.patch'; id: string; patch: TokenPatch }
  | { type: 'live.resync' }
  // The app is back online after an offline spell (the connectivity actor): reconnect now, without waiting for the
  // socket's backoff or its heartbeat to notice, so what is on screen is refetched (live.resync).
  | { type: 'live.reconnect' }
  | { type: 'lists.changed' };

/** What the socket child receives: announce the address (docs/requirements.md#live-events: "emits 'ready' and re-registers on reconnect"). */
export type LiveSocketCommand = { type: 'socket.register'; address: string | null } | { type: 'socket.reconnect' };

/** `lists.stale`: what lists show (explore, collection, dashboard) may be out of date, refetch it. */
export type LiveEventsEmitted = ({ type: 'live.received' } & LiveMessage) | { type: 'lists.stale' };

const notProvided = (name: string) => new Error(`liveEventsMachine: "${name}" not provided`);
const changesLists = (name: string) => (LIST_CHANGING_EVENTS as readonly string[]).includes(name);

/** The app's live feed (socket.io): its connection, the token patches live events bring, their notices and list refetches. */
export const liveEventsMachine = setup({
  types: {
    context: {} as LiveEventsContext,
    events: {} as LiveEventsEvent,
    emitted: {} as LiveEventsEmitted,
  },
  actors: {
    // Spawned on the first live.needed: loads the socket client and connects (after first load), sends back socket.connected/disconnected and live.event,
    // and emits 'ready' on socket.register; also reports live.account and live.viewToken from the app.
    liveSocket: fromCallback<LiveSocketCommand>(() => {
      throw notProvided('liveSocket');
    }),
  },
  actions: {
    patchToken: assign(({ context }, params: TokenPatchParams) => withTokenPatch(context.patches, context.patchOrder, params)),
    // Lists listening (watchListsStale) refetch their first pages.
    listsStale: emit({ type: 'lists.stale' } as const),
    // Info notice through the app's notifications actor (absent in isolated tests: nothing to show then).
    showNotice: ({ system }, params: { text: string }) => {
      systemActor(system, 'notifications')?.send({ type: 'notify.show', kind: 'info', text: params.text });
    },
    register: sendTo('socket', ({ context }): LiveSocketCommand => ({ type: 'socket.register', address: context.address })),
    reconnect: sendTo('socket', { type: 'socket.reconnect' } satisfies LiveSocketCommand),
    assignAddress: assign({ address: ({ context, event }) => (event.type === 'live.account' ? event.address : context.address) }),
  },
  guards: {
    isOtherAddress: ({ context, event }) => event.type === 'live.account' && event.address?.toLowerCase() !== context.address?.toLowerCase(),
  },
  delays: { listRefresh: LIVE_REFRESH_DELAY_MS },
}).createMachine({
  id: 'liveEvents',
  context: { address: null, viewedTokenId: null, patches: {}, patchOrder: [] },
  type: 'parallel',
  on: {
    // The socket child failed (the client library could not load): the app works without live updates.
    'xstate.error.actor.socket': { target: '.connection.unavailable' },
    'live.viewToken': { actions: assign({ viewedTokenId: ({ event }) => event.id }) },
    'live.patch': { actions: { type: 'patchToken', params: ({ event }) => ({ id: event.id, patch: event.patch }) } },
    // Handled here once (no region handles it): patches and notices now, list refetch via lists.changed.
    'live.event': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.emit({ ...event, type: 'live.received' });
        const effects = liveEffects(event, context.viewedTokenId);
        if (effects.patch) enqueue({ type: 'patchToken', params: effects.patch });
        if (effects.notice) enqueue({ type: 'showNotice', params: { text: effects.notice } });
        if (changesLists(event.name)) enqueue.raise({ type: 'lists.changed' });
      }),
    },
  },
  states: {
    connection: {
      initial: 'idle',
      states: {
        // No socket yet (no client code loaded, no connection): a page with nothing live (the home) never opens
        // one. The first consumer's live.needed starts it, and it then stays for the session (no churn).
        idle: {
          on: {
            'live.needed': { target: 'connecting', actions: spawnChild('liveSocket', { id: 'socket' }) },
          },
        },
        connecting: {
          on: {
            'socket.connected': 'connected',
            // The socket client could not be loaded (offline first visit): no live updates this session.
            'socket.failed': 'unavailable',
            'live.account': { actions: 'assignAddress' },
          },
        },
        connected: {
          tags: 'connected',
          entry: 'register',
          on: {
            'socket.disconnected': 'disconnected',
            // Back online: the connection may have outlived the offline spell while events were lost; start anew.
            'live.reconnect': { target: 'disconnected', actions: 'reconnect' },
            // Another wallet account (or signed out): the server moves this socket to that account's room.
            'live.account': { guard: 'isOtherAddress', actions: ['assignAddress', 'register'] },
          },
        },
        disconnected: {
          on: {
            // Events sent while away are lost: refetch what lists show (and re-register, on entry).
            'socket.connected': { target: 'connected', actions: raise({ type: 'live.resync' }) },
            'live.account': { actions: 'assignAddress' },
            'live.reconnect': { actions: 'reconnect' },
          },
        },
        unavailable: {
          tags: 'unavailable',
        },
      },
    },
    lists: {
      initial: 'fresh',
      states: {
        fresh: {
          on: {
            'lists.changed': 'refreshing',
            'live.resync': { actions: 'listsStale' },
          },
        },
        // Debounced: every further list-changing event restarts the wait, one refetch follows a burst.
        refreshing: {
          after: { listRefresh: { target: 'fresh', actions: 'listsStale' } },
          on: {
            'lists.changed': { target: 'refreshing', reenter: true },
            'live.resync': { target: 'fresh', actions: 'listsStale' },
          },
        },
      },
    },
  },
});

export type LiveEventsMachine = typeof liveEventsMachine;
export type LiveEventsActor = ActorRefFrom<LiveEventsMachine>;
