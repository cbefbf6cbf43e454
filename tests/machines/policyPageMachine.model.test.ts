import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect } from 'vitest';
import { policyPageMachine, type PolicyPageEvent } from '../../machines/content/policyPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const TEXT = 'Terms of Service\nLast updated: September 30th, 2025';
const input = { path: '/tos' };
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchPolicyText', output: TEXT } as EventObject,
  { type: 'xstate.error.actor.fetchPolicyText', error: new Error('Request failed with status 503') } as EventObject,
];

const model = createMachineTestModel(policyPageMachine, { input, project, events });
// Simple paths to the loaded text: directly, and through a failure and its retry.
const paths = modelPaths(model, { toState: (state) => state.matches('ready') });

function harness() {
  const fetchPolicyText = controlled<string, { path: string }>();
  let actor: ReturnType<typeof createActor<typeof policyPageMachine>> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot() as AnyMachineSnapshot;
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(policyPageMachine.provide({ actors: { fetchPolicyText: fetchPolicyText.logic } }), { input }).start();
        },
        'xstate.done.actor.fetchPolicyText': async (step: { event: EventObject }) => {
          fetchPolicyText.last().resolve((step.event as unknown as { output: string }).output);
          await flush();
        },
        'xstate.error.actor.fetchPolicyText': async (step: { event: EventObject }) => {
          fetchPolicyText.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
        'policy.retry': (step: { event: EventObject }) => {
          const calls = fetchPolicyText.calls.length;
          actor!.send(step.event as PolicyPageEvent);
          // A retry asks again, for the same path.
          expect(fetchPolicyText.calls).toHaveLength(calls + 1);
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchPolicyText.last().input).toEqual({ path: '/tos' });
          expect(fetchPolicyText.last().signal.aborted).toBe(false);
          expect(snap.context.text).toBeNull();
          expect(snap.can({ type: 'policy.retry' })).toBe(false);
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.text).toBe(TEXT);
          expect(snap.context.error).toBeNull();
          expect(snap.can({ type: 'policy.retry' })).toBe(false);
        },
        failed: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.error).toBe('Request failed with status 503');
          expect(snap.context.text).toBeNull();
          expect(snap.can({ type: 'policy.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('policyPageMachine (model-based)', () => {
  modelCoverageTests(policyPageMachine, paths, harness);
});
