import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect } from 'vitest';
import { createHomeSectionMachine } from '../../machines/home/homeSectionMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

interface Featured {
  name: string;
}

const FEATURED: Featured = { name: 'Soft Matter' };
const machine = createHomeSectionMachine<Featured>('homeFeaturedCollection');
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchSection', output: FEATURED } as EventObject,
  // Nothing to show (no featured collection, no current exhibition): the section is left out.
  { type: 'xstate.done.actor.fetchSection', output: null } as EventObject,
  { type: 'xstate.error.actor.fetchSection', error: new Error('Request failed with status 500') } as EventObject,
];

const model = createMachineTestModel(machine, { project, events });
const paths = modelPaths(model);

function harness() {
  const fetchSection = controlled<Featured | null>();
  let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot() as AnyMachineSnapshot;
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(machine.provide({ actors: { fetchSection: fetchSection.logic } })).start();
          // Nothing is asked before the section comes near the viewport.
          expect(fetchSection.calls).toHaveLength(0);
        },
        'section.near': (step: { event: EventObject }) => {
          const calls = fetchSection.calls.length;
          const first = actor!.getSnapshot().matches('idle');
          actor!.send(step.event as { type: 'section.near' });
          // Asked once: coming near again (scrolling back and forth) asks nothing more.
          expect(fetchSection.calls).toHaveLength(first ? calls + 1 : calls);
        },
        'xstate.done.actor.fetchSection': async (step: { event: EventObject }) => {
          fetchSection.last().resolve((step.event as unknown as { output: Featured | null }).output);
          await flush();
        },
        'xstate.error.actor.fetchSection': async (step: { event: EventObject }) => {
          fetchSection.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        idle: (snap) => {
          expect(snap.context.data).toBeNull();
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.can({ type: 'section.near' })).toBe(true);
        },
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchSection.last().signal.aborted).toBe(false);
          expect(snap.context.data).toBeNull();
          expect(snap.can({ type: 'section.near' })).toBe(false);
        },
        ready: (snap) => {
          expect(snap.context.data).toEqual(FEATURED);
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.can({ type: 'section.near' })).toBe(false);
        },
        absent: (snap) => {
          // See docs/requirements.md#home: silently swallowed — no data, no error kept, nothing more asked.
          expect(snap.context).toEqual({ data: null });
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.can({ type: 'section.near' })).toBe(false);
        },
      }),
    },
  };
}

describe('homeSectionMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});
