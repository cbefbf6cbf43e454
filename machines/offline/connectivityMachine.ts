// The app-wide connectivity actor (systemId 'connectivity'): whether the server can be reached, and which answers on
// screen are the service worker's stored copies (and how old the oldest is). Views read it to show the offline status
// and the data's age, and to disable what needs the network; trade actions (buy, offer, accept, list) also stay
// disabled while any stored answer is on screen, because a stored token could hide a sale.
//
// Stored answers are scoped to the page on screen: a navigation (`page.changed`) forgets them all and the new page's
// reads report theirs again; a network answer for the same read replaces its stored copy. A stored answer still on
// screen while the server is reachable (read again at the restore, the server was slow and the worker answered from
// its copy; or read by something no restore refreshes) is asked for again: `connectivity.recheck`, backing off, a
// bounded number of times, so trades are not held by a stale copy until the user reloads.
import { and, assign, emit, fromCallback, setup, stateIn, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';

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

/**
 * `connectivity.restored`: the server is reachable again after an offline spell: what is on screen should be refetched.
 * `connectivity.recheck`: online, stored answers are still on screen a while after they came: their readers read again.
 */
export type ConnectivityEmitted = { type: 'connectivity.restored' } | { type: 'connectivity.recheck' };

/**
 * Online with stored answers on screen, the pauses before each `connectivity.recheck` (about a minute in all); past
 * the list the stored copy stays until the next restore or navigation (a read that keeps failing while others answer).
 */
export const RECHECK_DELAYS_MS = [2_000, 4_000, 8_000, 16_000, 30_000];

export interface ConnectivityContext {
  /** The stored answers on screen: read key → the stored copy's fetch time (epoch ms). */
  stored: Record<string, number>;
  /** How many rechecks were announced since stored answers came on screen (or since the last restore). */
  rechecks: number;
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
    announceRecheck: emit({ type: 'connectivity.recheck' } as const),
    countRecheck: assign({ rechecks: ({ context }) => context.rechecks + 1 }),
    resetRechecks: assign({ rechecks: 0 }),
  },
  delays: {
    recheckDelay: ({ context }) => RECHECK_DELAYS_MS[Math.min(context.rechecks, RECHECK_DELAYS_MS.length - 1)]!,
  },
  guards: {
    // Not every recheck announced yet.
    canRecheck: ({ context }) => context.rechecks < RECHECK_DELAYS_MS.length,
    // The last stored answer on screen is being replaced by a network answer.
    isLastStored: ({ context, event }) => event.type === 'answer.network' && Object.keys(context.stored).length === 1 && event.key in context.stored,
  },
}).createMachine({
  id: 'connectivity',
  context: { stored: {}, rechecks: 0 },
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
          entry: 'resetRechecks',
          on: { 'answer.stored': { target: 'stored', actions: 'addStored' } },
        },
        stored: {
          tags: 'stored',
          initial: 'waiting',
          on: {
            'answer.stored': { actions: 'addStored' },
            // Back from offline (the browser or the worker says so, or a read was answered) the restore refetches
            // what is on screen; the rechecks start over after it.
            'answer.network': [
              { guard: 'isLastStored', target: 'fresh', actions: 'removeStored' },
              { guard: stateIn({ network: 'offline' }), target: '.waiting', reenter: true, actions: ['removeStored', 'resetRechecks'] },
              { actions: 'removeStored' },
            ],
            'page.changed': { target: 'fresh', actions: 'clearStored' },
            'network.reachable': { guard: stateIn({ network: 'offline' }), target: '.waiting', reenter: true, actions: 'resetRechecks' },
          },
          states: {
            // The next recheck is due after its pause; offline then, the restore will refetch instead.
            waiting: {
              after: {
                recheckDelay: [
                  { guard: and(['canRecheck', stateIn({ network: 'online' })]), target: 'waiting', reenter: true, actions: ['countRecheck', 'announceRecheck'] },
                  { target: 'held' },
                ],
              },
            },
            // Every recheck was announced, or the network is gone: the copy stays until a restore or a navigation.
            held: {},
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
