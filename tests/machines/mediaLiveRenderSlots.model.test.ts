import { describe, expect, it } from 'vitest';
import { createActor, type Actor, type AnyMachineSnapshot } from 'xstate';
import { LIVE_RENDER_LIMIT } from '../../machines/media/constants';
import {
  holdsSlot,
  liveRenderSlotsMachine,
  type LiveRenderSlotsContext,
  type LiveRenderSlotsEvent,
} from '../../machines/media/liveRenderSlotsMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

// Two slots and three cards keep the graph small while still reaching "full with one waiting".
const CAPACITY = 2;
const IDS = ['a', 'b', 'c'];

const project = (state: AnyMachineSnapshot) => {
  const { holders, waiting } = state.context as LiveRenderSlotsContext;
  return { value: state.value, holders, waiting };
};

const model = createMachineTestModel(liveRenderSlotsMachine, {
  project,
  input: { capacity: CAPACITY },
  events: () => IDS.flatMap((id): LiveRenderSlotsEvent[] => [{ type: 'slot.request', id }, { type: 'slot.release', id }]),
});
// Shortest paths reach every vertex; simple paths release only 'a', which keeps them to a few hundred.
const paths = modelPaths(model, {
  filterEvents: (_state, event) => event.type === 'slot.request' || (event as LiveRenderSlotsEvent).id === 'a',
});

function harness() {
  let actor: Actor<typeof liveRenderSlotsMachine> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: { type: string } }) => void actor?.send(step.event as LiveRenderSlotsEvent);
  const invariants = (context: LiveRenderSlotsContext) => {
    expect(context.holders.length).toBeLessThanOrEqual(CAPACITY);
    expect(new Set([...context.holders, ...context.waiting]).size).toBe(context.holders.length + context.waiting.length);
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(liveRenderSlotsMachine, { input: { capacity: CAPACITY } }).start();
        },
        'slot.request': send,
        'slot.release': send,
      },
      states: checkedStates(real, project, {
        open: (snap) => {
          const context = snap.context as LiveRenderSlotsContext;
          invariants(context);
          expect(context.holders.length).toBeLessThan(CAPACITY);
          // Nobody waits while a slot is free.
          expect(context.waiting).toEqual([]);
        },
        full: (snap) => {
          const context = snap.context as LiveRenderSlotsContext;
          invariants(context);
          expect(context.holders.length).toBe(CAPACITY);
        },
      }),
    },
  };
}

describe('liveRenderSlots model', () => {
  it('generates a bounded set of paths', () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.length).toBeLessThan(600);
  });
  modelCoverageTests(liveRenderSlotsMachine, paths, harness);
});

describe('liveRenderSlots examples', () => {
  it('grants three slots by default, queues the fourth and hands it the first freed slot', () => {
    const actor = createActor(liveRenderSlotsMachine).start();
    for (const id of ['t1', 't2', 't3', 't4', 't5']) actor.send({ type: 'slot.request', id });
    expect(LIVE_RENDER_LIMIT).toBe(3);
    expect(actor.getSnapshot().context.holders).toEqual(['t1', 't2', 't3']);
    expect(actor.getSnapshot().context.waiting).toEqual(['t4', 't5']);
    expect(actor.getSnapshot().value).toBe('full');
    actor.send({ type: 'slot.release', id: 't2' });
    expect(actor.getSnapshot().context.holders).toEqual(['t1', 't3', 't4']);
    expect(holdsSlot(actor.getSnapshot().context, 't4')).toBe(true);
    expect(holdsSlot(actor.getSnapshot().context, 't5')).toBe(false);
    actor.send({ type: 'slot.release', id: 't5' });
    actor.send({ type: 'slot.release', id: 't1' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ holders: ['t3', 't4'], waiting: [] });
  });

  it('ignores a repeated request and a release of an unknown id', () => {
    const actor = createActor(liveRenderSlotsMachine).start();
    actor.send({ type: 'slot.request', id: 'x' });
    actor.send({ type: 'slot.request', id: 'x' });
    actor.send({ type: 'slot.release', id: 'nobody' });
    expect(actor.getSnapshot().context.holders).toEqual(['x']);
  });
});
