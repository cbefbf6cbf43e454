// The app-wide connectivity actor (systemId 'connectivity'): whether the server can be reached, and which answers on
// screen are the service worker's stored copies (and how old the oldest is). Views read it to show the offline status
// and the data's age, and to disable what needs the network; trade actions (buy, offer, accept, list) also stay
// disabled while any stored answer is on screen, because a stored token could hide a sale.
//
// Stored answers are scoped to the page on screen: a navigation (`page.changed`) forgets them all and the new page's
// reads report theirs again; a network answer for the same read replaces its stored copy.
import { assign, emit, fromCallback, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';

/** Who said the server is (un)reachable: the browser's online/offline, the service worker, or a read's outcome. */
export type ConnectivitySource = 'browser' | 'worker' | 'read';

export type ConnectivityEvent =
  | { type: 'network.unreachable'; source: ConnectivitySource }
  | { type: 'network.reachable'; source: ConnectivitySource }
  /** A read was answered from the worker's stored copy, fetched at `storedAt` (epoch ms). */
  | { type: 'answer.stored'; key: string; storedAt: number }
  /** A read was answered by the server: its stored copy (if any) is no longer on screen. */
  | { type: 'answer.network'; key: string }
  /** The user moved to another page: stored answers of the previous page are no longer on screen. */
  | { type: 'page.changed' };

/** Emitted when the server is reachable again after an offline spell: what is on screen should be refetched. */
export type ConnectivityEmitted = { type: 'connectivity.restored' };

export interface ConnectivityContext {
  /** The stored answers on screen: read key → the stored copy's fetch time (epoch ms). */
  stored: Record<string, number>;
}

const withoutKey = (stored: Record<string, number>, key: string) => {
  const next = { ...stored };
  delete next[key];
  return next;
};

export const connectivityMachine = setup({
  types: {
    context: {} as ConnectivityContext,
    events: {} as ConnectivityEvent,
    emitted: {} as ConnectivityEmitted,
  },
  actors: {
    // Sends the events above from the browser, the service worker and the data layer (src/services/offline/).
    watchConnectivity: fromCallback<EventObject, void>(() => undefined),
  },
  actions: {
    addStored: assign({
      stored: ({ context, event }) => (event.type === 'answer.stored' ? { ...context.stored, [event.key]: event.storedAt } : context.stored),
    }),
    removeStored: assign({
      stored: ({ context, event }) => (event.type === 'answer.network' ? withoutKey(context.stored, event.key) : context.stored),
    }),
    clearStored: assign({ stored: () => ({}) }),
    announceRestored: emit({ type: 'connectivity.restored' } as const),
  },
  guards: {
    // The last stored answer on screen is being replaced by a network answer.
    isLastStored: ({ context, event }) => event.type === 'answer.network' && Object.keys(context.stored).length === 1 && event.key in context.stored,
  },
}).createMachine({
  id: 'connectivity',
  context: { stored: {} },
  invoke: { src: 'watchConnectivity' },
  type: 'parallel',
  states: {
    network: {
      initial: 'online',
      states: {
        online: {
          on: { 'network.unreachable': 'offline' },
        },
        offline: {
          tags: 'offline',
          on: {
            'network.reachable': { target: 'online', actions: 'announceRestored' },
            // The server answered a read: it is reachable.
            'answer.network': { target: 'online', actions: 'announceRestored' },
          },
        },
      },
    },
    data: {
      initial: 'fresh',
      states: {
        fresh: {
          on: { 'answer.stored': { target: 'stored', actions: 'addStored' } },
        },
        stored: {
          tags: 'stored',
          on: {
            'answer.stored': { actions: 'addStored' },
            'answer.network': [{ guard: 'isLastStored', target: 'fresh', actions: 'removeStored' }, { actions: 'removeStored' }],
            'page.changed': { target: 'fresh', actions: 'clearStored' },
          },
        },
      },
    },
  },
});

export type ConnectivityMachine = typeof connectivityMachine;
export type ConnectivityActor = ActorRefFrom<ConnectivityMachine>;
export type ConnectivitySnapshot = SnapshotFrom<ConnectivityMachine>;

/** Whether the server cannot be reached now. */
export const selectOffline = (snapshot: ConnectivitySnapshot) => snapshot.hasTag('offline');

/** The oldest stored answer's fetch time on screen (epoch ms), or null when everything came from the server. */
export function selectStoredSince(snapshot: ConnectivitySnapshot): number | null {
  const times = Object.values(snapshot.context.stored);
  return times.length === 0 ? null : Math.min(...times);
}

/** Why an action that needs the network cannot run now: 'offline', 'stored' (trades only) or null (it can). */
export type NetworkBlock = 'offline' | 'stored' | null;

/** Plain network actions (like, comment, save, upload, …) need a reachable server. */
export const selectNetworkBlock = (snapshot: ConnectivitySnapshot): NetworkBlock => (snapshot.hasTag('offline') ? 'offline' : null);

/** Trades (buy, offer, accept, list) also need every answer on screen to be current. */
export const selectTradeBlock = (snapshot: ConnectivitySnapshot): NetworkBlock =>
  snapshot.hasTag('offline') ? 'offline' : snapshot.hasTag('stored') ? 'stored' : null;
