import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type Actor, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { NOTIFICATION_HIDE_MS } from '../../machines/notifications/constants';
import {
  notificationsMachine,
  type NotificationsContext,
  type NotificationsEvent,
} from '../../machines/notifications/notificationsMachine';
import {
  checkedStates,
  createMachineTestModel,
  modelPaths,
  modelCoverageTests,
} from './support/modelTesting';

const AFTER_HIDE = 'xstate.after.hideDelay.notifications.shown';
const STICKY_TEXT = 'Approve in wallet';

const shows: NotificationsEvent[] = [
  { type: 'notify.show', kind: 'success', text: 'Purchase successful' },
  { type: 'notify.show', kind: 'sticky', text: STICKY_TEXT },
  { type: 'notify.show', kind: 'error', text: 'Transaction rejected' },
];

const project = (state: AnyMachineSnapshot) => {
  const { current, queue } = state.context as NotificationsContext;
  const strip = (n: { kind: string; text: string }) => ({ kind: n.kind, text: n.text });
  return { value: state.value, current: current && strip(current), queue: queue.map(strip) };
};

const queueAtMost = (max: number) => (state: AnyMachineSnapshot, event: { type: string }) =>
  event.type !== 'notify.show' || (state.context as NotificationsContext).queue.length < max;

const model = createMachineTestModel(notificationsMachine, {
  project,
  events: () => [...shows, { type: 'notify.dismissSticky', text: STICKY_TEXT }],
  filterEvents: queueAtMost(2),
});
const paths = modelPaths(model, {
  // Simple paths over a smaller graph (one queued at most, two kinds) keep the count reasonable.
  filterEvents: (state, event) =>
    queueAtMost(1)(state, event) && !(event.type === 'notify.show' && (event as unknown as { kind: string }).kind === 'error'),
});

function harness() {
  let actor: Actor<typeof notificationsMachine> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: { type: string } }) => void actor?.send(step.event as NotificationsEvent);
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(notificationsMachine).start();
        },
        'notify.show': send,
        'notify.dismiss': send,
        'notify.dismissSticky': send,
        [AFTER_HIDE]: () => {
          const shown = real().context.current;
          if (!shown) throw new Error('a hide timer fired with nothing shown');
          vi.advanceTimersByTime(NOTIFICATION_HIDE_MS[shown.kind] - 1);
          expect(real().context.current?.id).toBe(shown.id);
          vi.advanceTimersByTime(1);
        },
      },
      states: checkedStates(real, project, {
        idle: (snap) => {
          expect(snap.context.current).toBeNull();
          expect(snap.context.queue).toEqual([]);
        },
        shown: (snap) => {
          const { current, queue } = snap.context as NotificationsContext;
          expect(current).not.toBeNull();
          const stickies = [current!, ...queue].filter((n) => n.kind === 'sticky').map((n) => n.text);
          expect(new Set(stickies).size).toBe(stickies.length);
          expect(snap.can({ type: 'notify.dismiss', id: current!.id })).toBe(true);
          expect(snap.can({ type: 'notify.dismiss', id: current!.id + 1000 })).toBe(false);
        },
      }),
    },
  };
}

describe('notificationsMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('xstate/graph createTestModel refuses delayed machines, hence createMachineTestModel', () => {
    expect(() => createTestModel(notificationsMachine)).toThrow(/not supported/);
  });

  modelCoverageTests(notificationsMachine, paths, harness);
});
