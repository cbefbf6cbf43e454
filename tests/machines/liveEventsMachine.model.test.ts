import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor, fromCallback, type Actor, type AnyMachineSnapshot } from 'xstate';
import {
  LIVE_REFRESH_DELAY_MS,
  MAX_TOKEN_PATCHES,
  liveEventsMachine,
  type LiveEventsContext,
  type LiveEventsEvent,
  type LiveSocketCommand,
} from '../../machines/live/liveEventsMachine';
import { liveMessage } from '../domain/liveEventSamples';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const ADDRESS = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const AFTER_REFRESH = 'xstate.after.listRefresh.liveEvents.lists.refreshing';
const SOCKET_ERROR = 'xstate.error.actor.socket';
// The Sold document names the new owner as the API does (a PersonInfo, avatar URL included).
const NEW_OWNER = { id: '3', address: ADDRESS, alias: 'june', avatar: '/ipfs/thumbnail/bafkreijuneavatar', firstName: null, lastName: 'Ray' };

const variants: LiveEventsEvent[] = [
  { type: 'live.account', address: ADDRESS },
  { type: 'live.account', address: null },
  { type: 'live.viewToken', id: '7' },
  { type: 'live.viewToken', id: null },
  { type: 'live.event', ...liveMessage('Sold', { token_id: '7', buyer: ADDRESS, owner: ADDRESS, isSold: true, tokenPrice: null, ownerInfo: NEW_OWNER }) },
  { type: 'live.event', ...liveMessage('TokenLiked', { token_id: '7', updatedFields: { likesCount: 3 } }) },
  { type: 'live.patch', id: '8', patch: { likesCount: 4 } },
];

// Vertices: the connection, the lists, the account, the viewed token and which tokens are patched (the real actor
// starts full of filler patches, left out here, so that every patch on a path evicts one).
const project = (state: AnyMachineSnapshot) => {
  const { patches, patchOrder: _order, ...context } = state.context as LiveEventsContext;
  return { value: state.value, context, patched: Object.keys(patches).filter((id) => !id.startsWith('filler-')).sort() };
};
const model = createMachineTestModel(liveEventsMachine, {
  project,
  events: () => variants,
  // The socket child exists from the first live.needed and fails once: after that it is gone (unavailable).
  filterEvents: (state, event) => !(event.type === SOCKET_ERROR && (state.matches({ connection: 'idle' }) || state.matches({ connection: 'unavailable' }))),
});
// The graph (5 connection states × 2 list states × account × viewed token) is covered by its shortest paths.
const paths = modelPaths(model, { filterEvents: () => false });

function harness() {
  let actor: Actor<typeof liveEventsMachine> | undefined;
  const commands: LiveSocketCommand[] = [];
  const listsStale = vi.fn();
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: { type: string } }) => void actor?.send(step.event as LiveEventsEvent);
  // Every patch is bounded: the patched token becomes the most recent; past MAX_TOKEN_PATCHES the least recent goes.
  const patchAndCheck = (step: { event: { type: string } }, id: string) => {
    const before = real().context;
    send(step);
    const { patches, patchOrder } = real().context;
    const kept = before.patchOrder.filter((other) => other !== id);
    const evicted = kept.length + 1 > MAX_TOKEN_PATCHES ? kept.slice(0, kept.length + 1 - MAX_TOKEN_PATCHES) : [];
    expect(patchOrder).toEqual([...kept.slice(evicted.length), id]);
    expect(Object.keys(patches)).toHaveLength(patchOrder.length);
    expect(patchOrder.length).toBeLessThanOrEqual(MAX_TOKEN_PATCHES);
    for (const gone of evicted) expect(patches[gone]).toBeUndefined();
    expect(patches[id]).toMatchObject({ ...before.patches[id] });
  };
  let socketsStarted = 0;
  const socket = fromCallback<LiveSocketCommand>(({ receive }) => {
    socketsStarted += 1;
    receive((command) => {
      // The test breaks the socket child to drive its error path.
      if ((command.type as string) === 'test.break') throw new Error('socket client failed');
      commands.push(command);
    });
  });
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(liveEventsMachine.provide({ actors: { liveSocket: socket } })).start();
          actor.on('lists.stale', listsStale);
          // Full from the start: every patch on a path evicts the least recently patched filler.
          for (let n = 1; n <= MAX_TOKEN_PATCHES; n += 1) actor.send({ type: 'live.patch', id: `filler-${n}`, patch: { likesCount: n } });
          expect(real().context.patchOrder).toHaveLength(MAX_TOKEN_PATCHES);
        },
        'live.needed': (step: { event: { type: string } }) => {
          send(step);
          // The first consumer starts the one socket of the session.
          expect(socketsStarted).toBe(1);
          expect(real().children.socket).toBeDefined();
        },
        'socket.connected': send,
        'socket.disconnected': send,
        'live.reconnect': (step: { event: { type: string } }) => {
          const before = commands.length;
          send(step);
          // The socket is asked to reconnect at once; its socket.connected then resyncs what is on screen.
          expect(commands.slice(before)).toEqual([{ type: 'socket.reconnect' }]);
          expect(real().hasTag('connected')).toBe(false);
        },
        'socket.failed': send,
        'live.account': send,
        'live.viewToken': send,
        'live.event': (step: { event: { type: string } }) => {
          const event = step.event as Extract<LiveEventsEvent, { type: 'live.event' }>;
          // Every event with a token id patches that token (the variants are a Sold and a TokenLiked of token 7).
          patchAndCheck(step, '7');
          if (event.name === 'Sold') expect(real().context.patches['7']).toEqual({ isSold: true, ownerAddress: ADDRESS, owner: NEW_OWNER, priceWei: null, lastSaleWei: '1000' });
          if (event.name === 'TokenLiked') expect(real().context.patches['7']).toMatchObject({ likesCount: 3 });
        },
        'live.patch': (step: { event: { type: string } }) => {
          const event = step.event as Extract<LiveEventsEvent, { type: 'live.patch' }>;
          patchAndCheck(step, event.id);
          expect(real().context.patches[event.id]).toMatchObject(event.patch);
        },
        'live.resync': (step: { event: { type: string } }) => {
          const before = listsStale.mock.calls.length;
          send(step);
          expect(listsStale).toHaveBeenCalledTimes(before + 1);
        },
        'lists.changed': send,
        [AFTER_REFRESH]: () => {
          const before = listsStale.mock.calls.length;
          vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS - 1);
          expect(listsStale).toHaveBeenCalledTimes(before);
          vi.advanceTimersByTime(1);
          expect(listsStale).toHaveBeenCalledTimes(before + 1);
        },
        [SOCKET_ERROR]: () => {
          (real().children.socket as unknown as { send(e: { type: string }): void }).send({ type: 'test.break' });
        },
      },
      states: checkedStates(real, project, {
        connection: (snap) => expect(['idle', 'connecting', 'connected', 'disconnected', 'unavailable']).toContain((snap.value as { connection: string }).connection),
        'connection.idle': (snap) => {
          // Nothing live on screen yet: no socket child (no client code loaded, no connection).
          expect(socketsStarted).toBe(0);
          expect(snap.children.socket).toBeUndefined();
          expect(snap.hasTag('connected')).toBe(false);
          expect(snap.hasTag('unavailable')).toBe(false);
        },
        'connection.connecting': (snap) => {
          expect(commands).toEqual([]);
          expect(snap.hasTag('connected')).toBe(false);
        },
        'connection.connected': (snap) => {
          expect(snap.hasTag('connected')).toBe(true);
          expect(socketsStarted).toBe(1);
          // 'ready' carries the current registered address (docs/requirements.md#live-events: re-registers on reconnect).
          expect(commands.at(-1)).toEqual({ type: 'socket.register', address: snap.context.address });
        },
        'connection.disconnected': (snap) => {
          expect(snap.hasTag('connected')).toBe(false);
          expect(commands.length).toBeGreaterThan(0);
        },
        'connection.unavailable': (snap) => {
          expect(snap.hasTag('unavailable')).toBe(true);
          // Terminal for the session: a late connect changes nothing.
          expect(snap.can({ type: 'socket.connected' })).toBe(false);
        },
        lists: (snap) => expect(['fresh', 'refreshing']).toContain((snap.value as { lists: string }).lists),
        'lists.fresh': () => expect(vi.getTimerCount()).toBe(0),
        'lists.refreshing': () => expect(vi.getTimerCount()).toBe(1),
      }),
    },
  };
}

describe('liveEventsMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  modelCoverageTests(liveEventsMachine, paths, harness);
});
