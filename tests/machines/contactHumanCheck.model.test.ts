import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createHumanCheckMachine, type HumanCheckEvent, type HumanCheckInput, type HumanCheckLoad, type HumanCheckProvider } from '../../machines/contact/humanCheckMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const AFTER_RETRY = 'xstate.after.retry.humanCheck.retrying';
const SITE_KEY = '0x4AAAAAAADnPIDROrmt1Wwj';
const TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
const SECOND_TOKEN = 'XXXX.DUMMY.TOKEN.YYYY';

const machine = createHumanCheckMachine();
// The load counter grows with every retry: left out so the graph stays finite (asserted in the executors).
const project = (state: AnyMachineSnapshot) => {
  const { attempts: _attempts, ...context } = state.context as Record<string, unknown>;
  return { value: state.value, context };
};

function suite(provider: HumanCheckProvider) {
  const events = (): EventObject[] => [
    { type: 'xstate.done.actor.loadHumanCheck', output: { siteKey: provider === 'turnstile' ? SITE_KEY : null } } as EventObject,
    ...(provider === 'turnstile' ? [{ type: 'xstate.done.actor.loadHumanCheck', output: { siteKey: null } } as EventObject] : []),
    { type: 'xstate.error.actor.loadHumanCheck', error: new Error('Request failed with status 503') } as EventObject,
    { type: 'check.solved', token: TOKEN } as EventObject,
    { type: 'check.solved', token: SECOND_TOKEN } as EventObject,
    { type: 'check.expired' },
  ];
  const input: HumanCheckInput = { provider };
  const model = createMachineTestModel(machine, { input, project, events });
  // Simple paths to a solved check: directly, through a failed load and its retry, through expiry and a new token.
  const paths = modelPaths(model, { toState: (state) => state.matches('solved') && state.context.token === SECOND_TOKEN });

  function harness() {
    const load = controlled<HumanCheckLoad, HumanCheckInput>();
    const reported: string[] = [];
    let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
    const real = () => {
      if (!actor) throw new Error('actor not started');
      return actor.getSnapshot() as AnyMachineSnapshot;
    };
    const widgetShown = (snap: AnyMachineSnapshot, token: string | null) => {
      expect(snap.hasTag('widget')).toBe(true);
      expect(snap.context.token).toBe(token);
      expect(snap.context.siteKey).toBe(provider === 'turnstile' ? SITE_KEY : null);
      expect(reported).toEqual([]);
    };
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': () => {
            const logic = machine.provide({ actors: { loadHumanCheck: load.logic }, actions: { reportMissingKey: () => void reported.push('missing') } });
            actor = createActor(logic, { input }).start();
            expect(load.calls).toHaveLength(1);
          },
          'xstate.done.actor.loadHumanCheck': async (step: { event: EventObject }) => {
            load.last().resolve((step.event as unknown as { output: HumanCheckLoad }).output);
            await flush();
          },
          'xstate.error.actor.loadHumanCheck': async (step: { event: EventObject }) => {
            load.last().reject((step.event as unknown as { error: Error }).error);
            await flush();
          },
          [AFTER_RETRY]: () => {
            const calls = load.calls.length;
            // See docs/requirements.md#contact: the next try 8000 ms later, not before.
            vi.advanceTimersByTime(7999);
            expect(load.calls).toHaveLength(calls);
            expect(actor!.getSnapshot().value).toBe('retrying');
            vi.advanceTimersByTime(1);
            expect(load.calls).toHaveLength(calls + 1);
            expect(actor!.getSnapshot().context.attempts).toBe(calls + 1);
          },
          'check.solved': (step: { event: EventObject }) => void actor!.send(step.event as HumanCheckEvent),
          'check.expired': (step: { event: EventObject }) => void actor!.send(step.event as HumanCheckEvent),
        },
        states: checkedStates(real, project, {
          loading: (snap) => {
            expect(snap.hasTag('widget')).toBe(false);
            expect(load.last().input).toEqual({ provider });
            expect(load.last().signal.aborted).toBe(false);
            expect(snap.context.attempts).toBe(load.calls.length);
            expect(snap.context).toMatchObject({ siteKey: null, token: null });
          },
          retrying: (snap) => {
            expect(snap.hasTag('widget')).toBe(false);
            expect(snap.context).toMatchObject({ siteKey: null, token: null });
            expect(snap.can({ type: 'check.solved', token: TOKEN })).toBe(false);
          },
          missing: (snap) => {
            // Turnstile answered without a key: reported once, nothing shown, nothing more happens.
            expect(provider).toBe('turnstile');
            expect(snap.hasTag('widget')).toBe(false);
            expect(reported).toEqual(['missing']);
            expect(snap.can({ type: 'check.solved', token: TOKEN })).toBe(false);
            const calls = load.calls.length;
            vi.advanceTimersByTime(60_000);
            expect(load.calls).toHaveLength(calls);
          },
          ready: (snap) => widgetShown(snap, null),
          solved: (snap) => {
            expect([TOKEN, SECOND_TOKEN]).toContain(snap.context.token);
            widgetShown(snap, snap.context.token as string);
          },
          expired: (snap) => {
            widgetShown(snap, null);
            expect(snap.can({ type: 'check.expired' })).toBe(false);
          },
        }),
      },
    };
  }
  modelCoverageTests(machine, paths, harness);
}

describe('humanCheckMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  describe('Turnstile: the site key, retried every 8000 ms; a missing key shows nothing', () => suite('turnstile'));
  describe('ALTCHA: no key needed', () => suite('altcha'));
});
