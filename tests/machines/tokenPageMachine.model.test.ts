import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createTokenPageMachine, TOKEN_SOLD_NOTICE, type TokenPageEvent } from '../../machines/token/tokenPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

interface Page {
  name: string;
}

const machine = createTokenPageMachine<Page>();
const input = { id: 'a' };
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

// Concrete payloads: a found and a missing token, a failure, and a load of another holding id.
const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchTokenPage', output: { name: 'Quiet Orbit' } } as EventObject,
  { type: 'xstate.done.actor.fetchTokenPage', output: null } as EventObject,
  { type: 'xstate.error.actor.fetchTokenPage', error: new Error('Database unavailable') } as EventObject,
  // Only one other id: after it, a load of the same id must change nothing (checked in the executor).
  { type: 'token.load', id: 'b' } as EventObject,
];

const model = createMachineTestModel(machine, { input, project, events });
// Simple paths that end on a loaded page: each way through failures, retries and holding changes.
const paths = modelPaths(model, { toState: (state) => state.matches('ready') });

function harness() {
  const fetch = controlled<Page | null, { id: string }>();
  const effects: string[] = [];
  let actor: ReturnType<typeof start> | undefined;
  function start() {
    return createActor(
      machine.provide({
        actors: { fetchTokenPage: fetch.logic },
        actions: { announceSold: () => effects.push(`notify:${TOKEN_SOLD_NOTICE}`), leaveToExplore: () => effects.push('navigate:/explore') },
      }),
      { input },
    ).start();
  }
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'xstate.done.actor.fetchTokenPage': async (step: { event: EventObject }) => {
          const call = fetch.last();
          expect(call.input).toEqual({ id: real().context.id });
          call.resolve((step.event as unknown as { output: Page | null }).output);
          await flush();
        },
        'xstate.error.actor.fetchTokenPage': async (step: { event: EventObject }) => {
          fetch.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
        'token.load': (step: { event: EventObject }) => {
          const before = real();
          const inFlight = fetch.calls.at(-1);
          const calls = fetch.calls.length;
          actor?.send(step.event as TokenPageEvent);
          const id = (step.event as unknown as { id: string }).id;
          if (id === before.context.id) {
            // The same holding again changes nothing and starts no request.
            expect(fetch.calls).toHaveLength(calls);
          } else {
            expect(fetch.calls).toHaveLength(calls + 1);
            if (before.hasTag('loading')) expect(inFlight?.signal.aborted).toBe(true);
          }
        },
        'token.retry': (step: { event: EventObject }) => {
          actor?.send(step.event as TokenPageEvent);
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(snap.context.page).toBeNull();
          expect(fetch.last().signal.aborted).toBe(false);
          expect(fetch.last().input).toEqual({ id: snap.context.id });
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.page).toEqual({ name: 'Quiet Orbit' });
          expect(snap.context.error).toBeNull();
          expect(snap.can({ type: 'token.retry' })).toBe(false);
        },
        notFound: (snap) => {
          expect(snap.context.page).toBeNull();
          // Entering notFound announces the sale and leaves for explore, once per arrival.
          expect(effects.slice(-2)).toEqual([`notify:${TOKEN_SOLD_NOTICE}`, 'navigate:/explore']);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Database unavailable');
          expect(snap.can({ type: 'token.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('tokenPageMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});

describe('tokenPageMachine', () => {
  it('a non-Error failure still gives a message', async () => {
    const fetch = controlled<Page | null, { id: string }>();
    const actor = createActor(machine.provide({ actors: { fetchTokenPage: fetch.logic } }), { input }).start();
    fetch.last().reject({ weird: true });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Unexpected error');
    actor.stop();
  });
});
