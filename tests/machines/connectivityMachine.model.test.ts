import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type Actor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  RECHECK_DELAYS_MS,
  connectivityMachine,
  selectNetworkBlock,
  selectOffline,
  selectStoredSince,
  selectTradeBlock,
  type ConnectivityContext,
  type ConnectivityEvent,
} from '../../machines/offline/connectivityMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

// Two reads of a page: their stored copies' fetch times are fixed so the graph stays finite.
const STORED_AT = { 'getToken:{"id":"1"}': 1_000, 'getOffers:{"id":"1"}': 2_000 } as const;
type Key = keyof typeof STORED_AT;
const KEYS = Object.keys(STORED_AT) as Key[];

const RECHECK = 'xstate.after.recheckDelay.connectivity.data.stored.waiting';

const project = (state: AnyMachineSnapshot) => {
  const { stored, rechecks } = state.context as ConnectivityContext;
  return { value: state.value, stored, rechecks };
};

const model = createMachineTestModel(connectivityMachine, {
  project,
  events: () => [
    { type: 'network.unreachable', source: 'browser' },
    { type: 'network.unreachable', source: 'worker' },
    { type: 'network.unreachable', source: 'read' },
    { type: 'network.reachable', source: 'browser' },
    { type: 'network.reachable', source: 'worker' },
    ...KEYS.map((key) => ({ type: 'answer.stored', key, storedAt: STORED_AT[key] })),
    ...KEYS.map((key) => ({ type: 'answer.network', key })),
  ],
});
// Simple paths that end back online with nothing stored: every way out of offline and out of stored data.
const paths = modelPaths(model, {
  toState: (state) => state.matches({ network: 'online', data: 'fresh' }),
  filterEvents: (_state, event) => {
    const e = event as ConnectivityEvent;
    if (e.type === 'network.unreachable') return e.source === 'worker';
    if (e.type === 'network.reachable') return e.source === 'browser';
    if (e.type === 'answer.stored' || e.type === 'answer.network') return e.key === KEYS[0];
    return true;
  },
});

function harness() {
  let actor: Actor<typeof connectivityMachine> | undefined;
  let restored = 0;
  let rechecked = 0;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (event: EventObject) => actor?.send(event as ConnectivityEvent);
  const sendExpectingRestore = ({ event }: { event: EventObject }) => {
    const wasOffline = selectOffline(real());
    const before = restored;
    send(event);
    // Back from offline the actor announces it once, so pages refetch; online it stays silent.
    expect(restored - before).toBe(wasOffline ? 1 : 0);
    expect(selectOffline(real())).toBe(false);
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(connectivityMachine.provide({ actors: { watchConnectivity: fromCallback(() => undefined) } })).start();
          actor.on('connectivity.restored', () => {
            restored += 1;
          });
          actor.on('connectivity.recheck', () => {
            rechecked += 1;
          });
        },
        // The pause before the next recheck: nothing is announced a moment before it ends; at its end a recheck is
        // announced only online and while rechecks are left; offline or past the last, the stored copy is held.
        [RECHECK]: () => {
          const before = real();
          const { rechecks } = before.context;
          const due = selectOffline(before) === false && rechecks < RECHECK_DELAYS_MS.length;
          const count = rechecked;
          const restores = restored;
          vi.advanceTimersByTime(RECHECK_DELAYS_MS[Math.min(rechecks, RECHECK_DELAYS_MS.length - 1)]! - 1);
          expect(rechecked).toBe(count);
          vi.advanceTimersByTime(1);
          expect(rechecked).toBe(count + (due ? 1 : 0));
          expect(real().context.rechecks).toBe(rechecks + (due ? 1 : 0));
          expect(real().context.stored).toEqual(before.context.stored);
          // A recheck is not a restore: the live socket is not dropped, the config is not read unless it was stored.
          expect(restored).toBe(restores);
        },
        'network.unreachable': ({ event }: { event: EventObject }) => {
          const before = real().context.stored;
          send(event);
          expect(selectOffline(real())).toBe(true);
          expect(real().context.stored).toEqual(before);
        },
        'network.reachable': sendExpectingRestore,
        'answer.stored': ({ event }: { event: EventObject }) => {
          const { key, storedAt } = event as Extract<ConnectivityEvent, { type: 'answer.stored' }>;
          send(event);
          expect(real().context.stored[key]).toBe(storedAt);
          expect(selectTradeBlock(real())).not.toBeNull();
        },
        'answer.network': ({ event }: { event: EventObject }) => {
          const { key } = event as Extract<ConnectivityEvent, { type: 'answer.network' }>;
          sendExpectingRestore({ event });
          expect(key in real().context.stored).toBe(false);
        },
        'page.changed': () => {
          send({ type: 'page.changed' });
          expect(real().context.stored).toEqual({});
        },
      },
      states: checkedStates(real, project, {
        // Parallel regions: their own states are asserted; the root and each region only group them.
        network: () => {},
        data: () => {},
        'network.online': (snap) => {
          expect(selectOffline(snap)).toBe(false);
          expect(selectNetworkBlock(snap)).toBeNull();
        },
        'network.offline': (snap) => {
          expect(selectOffline(snap)).toBe(true);
          expect(selectNetworkBlock(snap)).toBe('offline');
          expect(selectTradeBlock(snap)).toBe('offline');
        },
        'data.fresh': (snap) => {
          expect(snap.context.stored).toEqual({});
          expect(snap.context.rechecks).toBe(0);
          expect(vi.getTimerCount()).toBe(0);
          expect(selectStoredSince(snap)).toBeNull();
          expect(selectTradeBlock(snap)).toBe(selectOffline(snap) ? 'offline' : null);
        },
        'data.stored.waiting': (snap) => {
          // One pause is running: the next recheck's.
          expect(vi.getTimerCount()).toBe(1);
          expect(snap.context.rechecks).toBeLessThanOrEqual(RECHECK_DELAYS_MS.length);
        },
        'data.stored.held': (snap) => {
          // Nothing more is announced until a restore or a navigation.
          expect(vi.getTimerCount()).toBe(0);
          expect(selectOffline(snap) || snap.context.rechecks === RECHECK_DELAYS_MS.length).toBe(true);
        },
        'data.stored': (snap) => {
          const times = Object.values((snap.context as ConnectivityContext).stored);
          expect(times.length).toBeGreaterThan(0);
          // The status shows the oldest age on screen.
          expect(selectStoredSince(snap)).toBe(Math.min(...times));
          // Stored data on screen blocks trades even online; other network actions only follow the network.
          expect(selectTradeBlock(snap)).toBe(selectOffline(snap) ? 'offline' : 'stored');
          expect(selectNetworkBlock(snap)).toBe(selectOffline(snap) ? 'offline' : null);
        },
      }),
    },
  };
}

describe('connectivityMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  modelCoverageTests(connectivityMachine, paths, harness);
});

describe('connectivityMachine', () => {
  it('behavior: the oldest of several stored answers names the age, and a network answer for one leaves the other', () => {
    const actor = createActor(connectivityMachine).start();
    actor.send({ type: 'answer.stored', key: 'b', storedAt: 2_000 });
    actor.send({ type: 'answer.stored', key: 'a', storedAt: 1_000 });
    expect(selectStoredSince(actor.getSnapshot())).toBe(1_000);
    actor.send({ type: 'answer.network', key: 'a' });
    expect(selectStoredSince(actor.getSnapshot())).toBe(2_000);
    expect(selectTradeBlock(actor.getSnapshot())).toBe('stored');
    // A network answer for a read that was never stored changes nothing.
    actor.send({ type: 'answer.network', key: 'c' });
    expect(actor.getSnapshot().context.stored).toEqual({ b: 2_000 });
    actor.send({ type: 'answer.network', key: 'b' });
    expect(actor.getSnapshot().matches({ data: 'fresh' })).toBe(true);
    expect(selectTradeBlock(actor.getSnapshot())).toBeNull();
    actor.stop();
  });

  it('behavior: a navigation forgets the previous page stored answers; the new page reports its own', () => {
    const actor = createActor(connectivityMachine).start();
    actor.send({ type: 'answer.stored', key: 'token', storedAt: 1_000 });
    actor.send({ type: 'page.changed' });
    expect(selectTradeBlock(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'answer.stored', key: 'artist', storedAt: 5_000 });
    expect(selectStoredSince(actor.getSnapshot())).toBe(5_000);
    actor.stop();
  });
});
