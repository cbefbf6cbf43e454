import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect } from 'vitest';
import { createMarketFiguresMachine } from '../../machines/market/marketFiguresMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

interface Figures {
  floor: string | null;
}

const PARAMS = { collection: '12' };
const FIRST: Figures = { floor: '1000' };
const machine = createMarketFiguresMachine<typeof PARAMS, Figures>();
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchFigures', output: FIRST } as EventObject,
  { type: 'xstate.error.actor.fetchFigures', error: new Error('Request failed with status 500') } as EventObject,
  { type: 'lists.stale' },
  { type: 'figures.retry' },
];

const model = createMachineTestModel(machine, {
  project,
  events,
  input: { params: PARAMS },
});
const paths = modelPaths(model);

function harness() {
  const fetchFigures = controlled<Figures, { params: typeof PARAMS }>();
  let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot() as AnyMachineSnapshot;
  };
  const send = (step: { event: EventObject }) => {
    const calls = fetchFigures.calls.length;
    const reads = real().can(step.event as never) ? 1 : 0;
    const previous = fetchFigures.calls.at(-1);
    const wasRefreshing = real().matches('refreshing');
    actor!.send(step.event as never);
    // Every accepted lists.stale or retry reads the figures again (a read in flight is stopped for the new one).
    expect(fetchFigures.calls).toHaveLength(calls + reads);
    if (wasRefreshing) expect(previous!.signal.aborted).toBe(true);
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(machine.provide({ actors: { fetchFigures: fetchFigures.logic } }), { input: { params: PARAMS } }).start();
          // Read at once, with the page's params.
          expect(fetchFigures.calls).toHaveLength(1);
          expect(fetchFigures.last().input).toEqual({ params: PARAMS });
        },
        'lists.stale': send,
        'figures.retry': send,
        'xstate.done.actor.fetchFigures': async (step: { event: EventObject }) => {
          fetchFigures.last().resolve((step.event as unknown as { output: Figures }).output);
          await flush();
        },
        'xstate.error.actor.fetchFigures': async (step: { event: EventObject }) => {
          fetchFigures.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchFigures.last().signal.aborted).toBe(false);
          expect(snap.context.figures).toBeNull();
          expect(snap.can({ type: 'figures.retry' })).toBe(false);
        },
        ready: (snap) => {
          expect(snap.context.figures).toEqual(FIRST);
          expect(snap.context.error).toBeNull();
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.can({ type: 'lists.stale' })).toBe(true);
        },
        refreshing: (snap) => {
          // The shown figures stay while the new ones are read.
          expect(snap.context.figures).toEqual(FIRST);
          expect(snap.hasTag('loading')).toBe(false);
          expect(fetchFigures.last().signal.aborted).toBe(false);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Request failed with status 500');
          expect(snap.context.figures).toBeNull();
          expect(snap.can({ type: 'figures.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('marketFiguresMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});
