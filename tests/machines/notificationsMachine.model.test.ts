import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type Actor, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
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

// See docs/requirements.md#notifications, literal: each kind's hide delay.
const HIDE_MS = { success: 15000, info: 4000, warning: 4000, error: 15000, sticky: 1000000 } as const;
type Kind = keyof typeof HIDE_MS;
const AFTER = (kind: Kind) => `xstate.after.${kind}Hide.notifications.shown.${kind}`;

const APPROVE = 'Approve in wallet';
const SWITCHING = "Switching to 'Hardhat' network";
const shows: Array<Extract<NotificationsEvent, { type: 'notify.show' }>> = [
  { type: 'notify.show', kind: 'success', text: 'Comment updated' },
  { type: 'notify.show', kind: 'info', text: 'Token has been sold' },
  { type: 'notify.show', kind: 'warning', text: 'Check the price' },
  { type: 'notify.show', kind: 'error', text: 'You canceled the request in your wallet.' },
  { type: 'notify.show', kind: 'sticky', text: APPROVE },
  { type: 'notify.show', kind: 'sticky', text: SWITCHING },
];

const project = (state: AnyMachineSnapshot) => {
  const { current, stickies } = state.context as NotificationsContext;
  return {
    value: state.value,
    current: current && { kind: current.kind, text: current.text },
    stickies: stickies.map((n) => n.text),
  };
};

const model = createMachineTestModel(notificationsMachine, {
  project,
  events: () => [
    ...shows,
    // Without an id the harness sends the shown one's id, as the close button does; id 0 is one already gone
    // (a click racing the auto-hide). Ids stay out of the events, as they stay out of the graph's vertices.
    { type: 'notify.dismiss' },
    { type: 'notify.dismiss', id: 0 },
    { type: 'notify.dismissSticky', text: APPROVE },
    { type: 'notify.dismissSticky', text: SWITCHING },
    { type: 'notify.pause' },
    { type: 'notify.resume' },
  ],
});
// Shortest paths reach every vertex; simple paths over a smaller graph (the two stickies and an error) end with a
// sticky shown: the ways a sticky comes back after an error, a close or another sticky's end.
const paths = modelPaths(model, {
  toState: (state) => (state.context as NotificationsContext).current?.kind === 'sticky',
  filterEvents: (_state, event) => {
    const e = event as NotificationsEvent;
    if (e.type === 'notify.show') return e.kind === 'sticky' || e.kind === 'error';
    if (e.type === 'notify.dismiss') return e.id === undefined;
    // The delayed events (xstate.after.*) are not in NotificationsEvent: compare the type as a string.
    const type: string = event.type;
    return type === 'notify.dismissSticky' || type === AFTER('error') || type === AFTER('sticky');
  },
});

function harness() {
  let actor: Actor<typeof notificationsMachine> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (event: NotificationsEvent) => actor?.send(event);
  const afterHide = (kind: Kind) => () => {
    const shown = real().context.current;
    if (!shown) throw new Error('a hide timer fired with nothing shown');
    expect(shown.kind).toBe(kind);
    vi.advanceTimersByTime(HIDE_MS[kind] - 1);
    expect(real().context.current?.id).toBe(shown.id);
    vi.advanceTimersByTime(1);
    expect(real().context.current?.id).not.toBe(shown.id);
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(notificationsMachine).start();
        },
        'notify.show': ({ event }: { event: { type: string } }) => {
          const show = event as Extract<NotificationsEvent, { type: 'notify.show' }>;
          const duplicate = show.kind === 'sticky' && real().context.stickies.some((n) => n.text === show.text);
          const before = real().context.current;
          send(show);
          // One at a time: a new one replaces the one shown at once; a sticky already waiting is not added again.
          if (duplicate) expect(real().context.current).toEqual(before);
          else expect(real().context.current).toMatchObject({ kind: show.kind, text: show.text });
        },
        'notify.dismiss': ({ event }: { event: { type: string } }) => {
          const { id } = event as Extract<NotificationsEvent, { type: 'notify.dismiss' }>;
          const shown = real().context.current;
          send({ type: 'notify.dismiss', id: id ?? shown?.id });
          if (id === 0) expect(real().context.current).toEqual(shown);
          else expect(real().context.current?.id).not.toBe(shown?.id);
        },
        'notify.dismissSticky': ({ event }: { event: { type: string } }) => send(event as NotificationsEvent),
        // Paused, the notice outlives its kind's delay; resumed, the whole delay runs again (checked by afterHide).
        'notify.pause': () => {
          const shown = real().context.current;
          send({ type: 'notify.pause' });
          expect(real().matches({ shown: 'paused' })).toBe(shown !== null);
          if (!shown) return;
          vi.advanceTimersByTime(HIDE_MS[shown.kind] + 1);
          expect(real().context.current).toEqual(shown);
        },
        'notify.resume': () => {
          const shown = real().context.current;
          send({ type: 'notify.resume' });
          expect(real().context.current).toEqual(shown);
          if (shown) expect(real().matches({ shown: shown.kind })).toBe(true);
        },
        ...Object.fromEntries((Object.keys(HIDE_MS) as Kind[]).map((kind) => [AFTER(kind), afterHide(kind)])),
      },
      states: checkedStates(real, project, {
        idle: (snap) => {
          expect(snap.context.current).toBeNull();
          expect(snap.context.stickies).toEqual([]);
        },
        shown: (snap) => {
          const { current, stickies } = snap.context as NotificationsContext;
          expect(current).not.toBeNull();
          const texts = stickies.map((n) => n.text);
          expect(new Set(texts).size).toBe(texts.length);
          expect(stickies.every((n) => n.kind === 'sticky')).toBe(true);
          expect(snap.can({ type: 'notify.dismiss', id: current!.id })).toBe(true);
          expect(snap.can({ type: 'notify.dismiss', id: current!.id + 1000 })).toBe(false);
        },
        'shown.choosing': () => {
          throw new Error('choosing is transient');
        },
        'shown.success': (snap) => expect(snap.context.current?.kind).toBe('success'),
        'shown.info': (snap) => expect(snap.context.current?.kind).toBe('info'),
        'shown.warning': (snap) => expect(snap.context.current?.kind).toBe('warning'),
        'shown.error': (snap) => expect(snap.context.current?.kind).toBe('error'),
        'shown.sticky': (snap) => {
          const { current, stickies } = snap.context as NotificationsContext;
          expect(current?.kind).toBe('sticky');
          // The sticky shown is the newest whose flow still waits.
          expect(stickies.at(-1)).toEqual(current);
        },
        'shown.paused': (snap) => expect(snap.context.current).not.toBeNull(),
        hiding: () => {
          throw new Error('hiding is transient');
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

  it('the model covers every kind and both stickies (shortest paths reach each shown state)', () => {
    const reached = new Set(model.getShortestPaths().map((path) => JSON.stringify(project(path.state))));
    for (const kind of Object.keys(HIDE_MS)) expect([...reached].some((key) => key.includes(`"kind":"${kind}"`))).toBe(true);
    expect([...reached].some((key) => key.includes(`"stickies":${JSON.stringify([APPROVE, SWITCHING])}`))).toBe(true);
  });

  modelCoverageTests(notificationsMachine, paths, harness);
});
