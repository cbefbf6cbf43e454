import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { likeButtonMachine, type LikeButtonContext, type LikeButtonEvent } from '../../machines/likes/likeButtonMachine';
import type { LikeToggleMachine } from '../../machines/likes/likeToggleMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const input = { tokenId: '17', likesCount: 5 };
const SHOWN_COUNT = 8;

const modelEvents: Array<EventObject & Record<string, unknown>> = [
  { type: 'like.warm' },
  { type: 'like.toggle', likesCount: SHOWN_COUNT },
  { type: 'xstate.done.actor.loadToggle', output: null },
  { type: 'xstate.error.actor.loadToggle', error: new Error('chunk failed') },
];

const ctx = (state: AnyMachineSnapshot) => state.context as LikeButtonContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, queued: ctx(state).queued, started: ctx(state).toggle !== null });

// The graph is walked on a copy whose loaded toggle is a marker (a graph walk starts no actors); the real actor runs
// every step with the real actions.
const graphMachine = likeButtonMachine.provide({
  actions: {
    startToggle: assign({ toggle: () => ({}) as LikeButtonContext['toggle'] }),
    replayQueued: assign({ queued: null }),
    forwardToggle: () => {},
  },
});
const model = createMachineTestModel(graphMachine, { project, input, events: () => modelEvents });
const paths = modelPaths(model);

/** A stand-in for the lazily loaded toggle: records what it is sent and the input it started with. */
function fakeToggle() {
  const received: EventObject[] = [];
  const inputs: unknown[] = [];
  const logic = setup({}).createMachine({
    entry: ({ event }) => inputs.push((event as { input?: unknown }).input),
    on: { '*': { actions: ({ event }) => received.push(event) } },
  }) as unknown as LikeToggleMachine;
  return { logic, received, inputs };
}

function startButton() {
  const loadToggle = controlled<LikeToggleMachine>();
  const warmUps: number[] = [];
  const unavailable: number[] = [];
  const toggle = fakeToggle();
  const actor = createActor(
    likeButtonMachine.provide({
      actors: {
        warmUp: fromCallback(() => {
          warmUps.push(1);
          return () => warmUps.pop();
        }),
        loadToggle: loadToggle.logic,
      },
      actions: { notifyUnavailable: () => unavailable.push(1) },
    }),
    { input },
  ).start();
  return { actor, loadToggle, warmUps, unavailable, toggle };
}

function harness() {
  let run: ReturnType<typeof startButton> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  // Toggles the model has sent, and which of them the loaded toggle should have received.
  let expectedForwarded = 0;
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startButton();
        },
        'like.warm': (step: { event: EventObject }) => get().actor.send(step.event as LikeButtonEvent),
        'like.toggle': (step: { event: EventObject }) => {
          const before = real();
          const unavailableBefore = get().unavailable.length;
          get().actor.send(step.event as LikeButtonEvent);
          if (before.matches('ready')) expectedForwarded += 1;
          // Before the behaviour is there the click waits; without it (load failed) the failure notice shows.
          if (before.matches('dormant') || before.matches('loading')) expect(ctx(real()).queued).toEqual({ likesCount: SHOWN_COUNT });
          if (before.matches('unavailable')) expect(get().unavailable.length).toBe(unavailableBefore + 1);
        },
        'xstate.done.actor.loadToggle': async () => {
          const queued = ctx(real()).queued;
          get().loadToggle.last().resolve(get().toggle.logic);
          await flush();
          // The queued click is replayed once, with the count it was made on.
          if (queued) expectedForwarded += 1;
          expect(get().toggle.inputs).toEqual([{ tokenId: '17', likesCount: 5, registered: false, liked: false }]);
        },
        'xstate.error.actor.loadToggle': async () => {
          const queued = ctx(real()).queued;
          const unavailableBefore = get().unavailable.length;
          get().loadToggle.last().reject(new Error('chunk failed'));
          await flush();
          expect(get().unavailable.length).toBe(unavailableBefore + (queued ? 1 : 0));
        },
      },
      states: checkedStates(real, project, {
        dormant: (snap) => {
          expect(get().warmUps).toHaveLength(1);
          expect(get().loadToggle.calls).toHaveLength(0);
          expect(ctx(snap).toggle).toBeNull();
        },
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(get().warmUps).toHaveLength(0);
          expect(get().loadToggle.calls).toHaveLength(1);
        },
        ready: (snap) => {
          expect(ctx(snap).toggle).not.toBeNull();
          expect(ctx(snap).queued).toBeNull();
          const toggles = get().toggle.received.filter((event) => event.type === 'like.toggle');
          expect(toggles).toHaveLength(expectedForwarded);
          for (const event of toggles) expect(event).toEqual({ type: 'like.toggle', likesCount: SHOWN_COUNT });
        },
        unavailable: (snap) => {
          expect(ctx(snap).toggle).toBeNull();
          expect(ctx(snap).queued).toBeNull();
        },
      }),
    },
  };
}

describe('likeButtonMachine (model-based)', () => {
  modelCoverageTests(likeButtonMachine, paths, harness);
});

describe('likeButtonMachine (examples)', () => {
  it('behavior: two clicks before the behaviour loads make one toggle, on the count shown at the last', async () => {
    const run = startButton();
    run.actor.send({ type: 'like.toggle', likesCount: 3 });
    run.actor.send({ type: 'like.toggle', likesCount: 4 });
    expect(run.loadToggle.calls).toHaveLength(1);
    run.loadToggle.last().resolve(run.toggle.logic);
    await flush();
    expect(run.toggle.received.filter((event) => event.type === 'like.toggle')).toEqual([{ type: 'like.toggle', likesCount: 4 }]);
  });
});
