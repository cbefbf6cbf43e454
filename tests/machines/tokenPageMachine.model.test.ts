import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createTokenPageMachine, TOKEN_SOLD_NOTICE, type TokenPageEvent } from '../../machines/token/tokenPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

interface Page {
  name: string;
  token: { _id: string };
}

const FOUND: Page = { name: 'Quiet Orbit', token: { _id: '7' } };
// The same token refetched after a live sale change: now listed.
const LISTED: Page = { name: 'Quiet Orbit', token: { _id: '7' }, listed: true } as Page;

const machine = createTokenPageMachine<Page>();
const input = { id: 'a' };
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

// Concrete payloads: a found and a missing token, a failure, and a load of another holding id.
const events = (): EventObject[] => [
  { type: 'xstate.done.actor.fetchTokenPage', output: FOUND } as EventObject,
  { type: 'xstate.done.actor.refreshTokenPage', output: LISTED } as EventObject,
  { type: 'xstate.done.actor.refreshTokenPage', output: null } as EventObject,
  { type: 'xstate.error.actor.refreshTokenPage', error: new Error('Database unavailable') } as EventObject,
  // This token's sale changes, another token's, and an offer (the offers list follows those itself).
  { type: 'live.received', name: 'CreatedSale', doc: { token_id: '7' } } as EventObject,
  { type: 'live.received', name: 'CreatedSale', doc: { token_id: '8' } } as EventObject,
  { type: 'live.received', name: 'OfferMade', doc: { token_id: '7' } } as EventObject,
  { type: 'live.reconnected' } as EventObject,
  { type: 'xstate.done.actor.fetchTokenPage', output: null } as EventObject,
  { type: 'xstate.error.actor.fetchTokenPage', error: new Error('Database unavailable') } as EventObject,
  // Only one other id: after it, a load of the same id must change nothing (checked in the executor).
  { type: 'token.load', id: 'b' } as EventObject,
];

const model = createMachineTestModel(machine, { input, project, events });
// Simple paths that end on a loaded page: each way through failures, retries and holding changes.
const paths = modelPaths(model, { toState: (state) => state.matches('ready') });
const refreshes = (event: EventObject) =>
  event.type === 'live.reconnected' || ((event as unknown as { name: string }).name !== 'OfferMade' && (event as unknown as { doc: { token_id: string } }).doc.token_id === '7');

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
        'xstate.done.actor.refreshTokenPage': async (step: { event: EventObject }) => {
          const call = fetch.last();
          expect(call.input).toEqual({ id: real().context.id });
          call.resolve((step.event as unknown as { output: Page | null }).output);
          await flush();
        },
        'xstate.error.actor.refreshTokenPage': async (step: { event: EventObject }) => {
          fetch.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
        'live.received': (step: { event: EventObject }) => {
          const before = real();
          const inFlight = fetch.calls.at(-1);
          const calls = fetch.calls.length;
          actor?.send(step.event as TokenPageEvent);
          if (before.matches('ready') && refreshes(step.event)) {
            // A refetch in place; one already running is replaced by it.
            expect(fetch.calls).toHaveLength(calls + 1);
            if (before.matches({ ready: 'refreshing' })) expect(inFlight?.signal.aborted).toBe(true);
          } else {
            expect(fetch.calls).toHaveLength(calls);
          }
        },
        'live.reconnected': (step: { event: EventObject }) => {
          const before = real();
          const calls = fetch.calls.length;
          actor?.send(step.event as TokenPageEvent);
          expect(fetch.calls).toHaveLength(before.matches('ready') ? calls + 1 : calls);
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
          // The loaded page, or the same token refetched after a sale change; a failed or empty refetch keeps it.
          expect([FOUND, LISTED]).toContainEqual(snap.context.page);
          expect(snap.context.error).toBeNull();
          expect(snap.can({ type: 'token.retry' })).toBe(false);
        },
        'ready.current': (snap) => {
          expect(snap.context.page).not.toBeNull();
        },
        'ready.refreshing': (snap) => {
          // The page stays on screen while it is refetched.
          expect([FOUND, LISTED]).toContainEqual(snap.context.page);
          expect(fetch.last().signal.aborted).toBe(false);
          expect(fetch.last().input).toEqual({ id: snap.context.id });
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
