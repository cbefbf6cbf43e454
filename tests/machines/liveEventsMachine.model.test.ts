import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor, fromCallback, type Actor, type AnyMachineSnapshot } from 'xstate';
import {
  LIVE_REFRESH_DELAY_MS,
  liveEventsMachine,
  type LiveEventsContext,
  type LiveEventsEvent,
  type LiveSocketCommand,
} from '../../machines/live/liveEventsMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const ADDRESS = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const AFTER_REFRESH = 'xstate.after.listRefresh.liveEvents.lists.refreshing';
const SOCKET_ERROR = 'xstate.error.actor.socket';

const variants: LiveEventsEvent[] = [
  { type: 'live.account', address: ADDRESS },
  { type: 'live.account', address: null },
  { type: 'live.viewToken', id: '7' },
  { type: 'live.viewToken', id: null },
  { type: 'live.event', name: 'Sold', doc: { token_id: '7', buyer: ADDRESS, isSold: true } },
  { type: 'live.event', name: 'TokenLiked', doc: { token_id: '7', updatedFields: { likesCount: 3 } } },
];

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context as LiveEventsContext });
const model = createMachineTestModel(liveEventsMachine, { project, events: () => variants });
// The graph (4 connection states × 2 list states × account × viewed token) is covered by its shortest paths.
const paths = modelPaths(model, { filterEvents: () => false });

function harness() {
  let actor: Actor<typeof liveEventsMachine> | undefined;
  const commands: LiveSocketCommand[] = [];
  const patchToken = vi.fn();
  const listsStale = vi.fn();
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: { type: string } }) => void actor?.send(step.event as LiveEventsEvent);
  const socket = fromCallback<LiveSocketCommand>(({ receive }) => {
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
          actor = createActor(liveEventsMachine.provide({ actors: { liveSocket: socket }, actions: { patchToken, listsStale } })).start();
        },
        'socket.connected': send,
        'socket.disconnected': send,
        'socket.failed': send,
        'live.account': send,
        'live.viewToken': send,
        'live.event': (step: { event: { type: string } }) => {
          const before = patchToken.mock.calls.length;
          send(step);
          const event = step.event as Extract<LiveEventsEvent, { type: 'live.event' }>;
          // Every event with a token id patches that token.
          expect(patchToken.mock.calls.length).toBe(before + 1);
          expect(patchToken.mock.calls.at(-1)![1]).toMatchObject({ id: event.doc.token_id });
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
        connection: (snap) => expect(['connecting', 'connected', 'disconnected', 'unavailable']).toContain((snap.value as { connection: string }).connection),
        'connection.connecting': (snap) => {
          expect(commands).toEqual([]);
          expect(snap.hasTag('connected')).toBe(false);
        },
        'connection.connected': (snap) => {
          expect(snap.hasTag('connected')).toBe(true);
          // 'ready' carries the current registered address (seed 000 §4: re-registers on reconnect).
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
