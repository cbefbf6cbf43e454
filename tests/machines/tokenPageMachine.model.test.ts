import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { TokenPatch } from '../../machines/live/liveEventsMachine';
import { createTokenPageMachine, offersParamsOf, shownToken, type TokenPageEvent } from '../../machines/token/tokenPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';
import { startInFakeSystem } from './tokenPageFakeSystem';

interface Page {
  name: string;
  token: {
    _id: string;
    tokenId: string;
    chainId: number;
    isSold: boolean;
    tokenHolding: { owner: { address: string }; bazaarSales: Array<{ saleId: string; seller: string; price: { amount: string; currency: string }; wasCancelled: boolean }> };
  };
}

const OWNER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const BUYER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const token = (sales: Page['token']['tokenHolding']['bazaarSales']): Page['token'] => ({
  _id: '7',
  tokenId: '3',
  chainId: 31337,
  isSold: false,
  tokenHolding: { owner: { address: OWNER }, bazaarSales: sales },
});
const FOUND: Page = { name: 'Quiet Orbit', token: token([]) };
// The same token refetched after a live sale change: now listed.
const LISTED: Page = { name: 'Quiet Orbit', token: token([{ saleId: '4', seller: OWNER, price: { amount: '15', currency: 'ETH' }, wasCancelled: false }]) };
// The token's live patch: sold to another owner.
const SOLD: TokenPatch = { isSold: true, ownerAddress: BUYER };

const machine = createTokenPageMachine<Page>();

/**
 * Stand-ins for the page's children: each records its input and the events the page hands it (the real sale,
 * offers and offer machines have model tests of their own).
 */
const recorder = (id: string) =>
  setup({ types: { context: {} as { input: unknown; received: EventObject[] }, events: {} as EventObject, input: {} as unknown } }).createMachine({
    id,
    context: ({ input }) => ({ input, received: [] }),
    on: { '*': { actions: assign({ received: ({ context, event }) => [...context.received, event] }) } },
  });
// Typed as the page's own children: the stand-ins take any input and event.
const children = { sale: recorder('sale'), tokenOffers: recorder('tokenOffers'), offer: recorder('offer'), commentThread: recorder('commentThread') } as unknown as NonNullable<
  Parameters<typeof machine.provide>[0]['actors']
>;

const input = { id: 'a' };
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

// Concrete payloads: a found and a missing token, a failure, live events for this token and others.
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
  { type: 'token.patched', patch: SOLD } as EventObject,
  { type: 'xstate.error.actor.fetchTokenPage', error: new Error('Database unavailable') } as EventObject,
  { type: 'xstate.error.actor.loadCommentThread', error: new Error('Failed to fetch dynamically imported module') } as EventObject,
];

const model = createMachineTestModel(machine, { input, project, events });
// Simple paths that end on a loaded page: each way through failures and retries (the comments region, independent
// of them, is walked by the shortest paths).
const paths = modelPaths(model, {
  toState: (state) => state.matches('ready'),
  filterEvents: (_state, event) => !event.type.startsWith('comments.') && !event.type.endsWith('.loadCommentThread'),
});
const refreshes = (event: EventObject) =>
  event.type === 'live.reconnected' || ((event as unknown as { name: string }).name !== 'OfferMade' && (event as unknown as { doc: { token_id: string } }).doc.token_id === '7');

function harness() {
  const fetch = controlled<Page | null, { id: string }>();
  const loadThread = controlled<void, unknown>();
  const left: string[] = [];
  let system: ReturnType<typeof startInFakeSystem> | undefined;
  function start() {
    // The real watchLive, viewed-token callback and notifications path, inside a stand-in of the app's system.
    return startInFakeSystem(
      machine.provide({
        actors: { fetchTokenPage: fetch.logic, loadCommentThread: loadThread.logic, ...children },
        actions: { leaveToExplore: () => left.push('/explore') },
      }),
      input,
    );
  }
  const real = () => {
    if (!system) throw new Error('actor not started');
    return system.flow().getSnapshot() as AnyMachineSnapshot;
  };
  const send = (event: TokenPageEvent) => system?.flow().send(event);
  return {
    stop: () => system?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          system = start();
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
        'token.retry': (step: { event: EventObject }) => {
          send(step.event as TokenPageEvent);
        },
        // As the invoked watchTokenPatch reports a change of the liveEvents actor's patch for the token.
        'token.patched': (step: { event: EventObject }) => {
          send(step.event as TokenPageEvent);
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
          // Through the liveEvents actor: the machine hears it with its own watchLive (while ready).
          const { name, doc } = step.event as unknown as { name: string; doc: unknown };
          system!.live.emit(name, doc);
          if (before.matches('ready') && refreshes(step.event)) {
            // A refetch in place; one already running is replaced by it.
            expect(fetch.calls).toHaveLength(calls + 1);
            if (before.matches({ ready: { sales: 'refreshing' } })) expect(inFlight?.signal.aborted).toBe(true);
          } else {
            expect(fetch.calls).toHaveLength(calls);
          }
        },
        'live.reconnected': () => {
          const before = real();
          const calls = fetch.calls.length;
          system!.live.disconnect();
          system!.live.connect();
          expect(fetch.calls).toHaveLength(before.matches('ready') ? calls + 1 : calls);
        },
        // The comments panel came near the screen; the page starts its thread (sent again while it runs: nothing).
        'comments.show': (step: { event: EventObject }) => {
          send(step.event as TokenPageEvent);
        },
        'comments.reload': (step: { event: EventObject }) => {
          send(step.event as TokenPageEvent);
        },
        // The thread's code arrives, or could not load (offline before it was ever cached).
        'xstate.done.actor.loadCommentThread': async () => {
          loadThread.last().resolve(undefined);
          await flush();
        },
        'xstate.error.actor.loadCommentThread': async (step: { event: EventObject }) => {
          loadThread.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          // No token on screen for the live notices while loading.
          expect(system!.live.viewed().at(-1) ?? null).toBeNull();
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
          // The liveEvents actor was told once which token is on screen (a refetch does not re-announce it).
          expect(system!.live.viewed()).toEqual(['7']);
          // The children run, started with the token as first shown; the page handed them each later change.
          const child = (id: string) => snap.children[id] as AnyActorRef;
          const shown = shownToken(snap.context.page as Page, snap.context.patch);
          const sale = child('sale').getSnapshot().context as { input: { token: unknown }; received: EventObject[] };
          expect(sale.received.at(-1) ?? sale.input).toEqual(
            sale.received.length ? { type: 'sale.token', token: shown, patch: snap.context.patch ?? {} } : { token: shown, patch: snap.context.patch ?? {} },
          );
          const offers = child('offers').getSnapshot().context as { input: { params: unknown }; received: Array<{ params: unknown }> };
          expect(offers.received.at(-1)?.params ?? offers.input.params).toEqual(offersParamsOf(shown));
          expect(child('offerActions').getSnapshot().context.input).toEqual({ token: { tokenId: '3', chainId: 31337 } });
        },
        'ready.sales': (snap) => {
          expect(snap.context.page).not.toBeNull();
        },
        'ready.sales.current': (snap) => {
          expect(snap.context.page).not.toBeNull();
        },
        'ready.sales.refreshing': (snap) => {
          // The page stays on screen while it is refetched.
          expect([FOUND, LISTED]).toContainEqual(snap.context.page);
          expect(fetch.last().signal.aborted).toBe(false);
          expect(fetch.last().input).toEqual({ id: snap.context.id });
        },
        'ready.comments': (snap) => {
          expect(snap.context.page).not.toBeNull();
        },
        // Nothing of the thread runs, nor is its code asked for, until its panel nears the screen.
        'ready.comments.waiting': (snap) => {
          expect(snap.children.comments).toBeUndefined();
          expect(loadThread.calls).toHaveLength(0);
          expect(snap.can({ type: 'comments.show' })).toBe(true);
          expect(snap.can({ type: 'comments.reload' })).toBe(false);
        },
        // Its code is asked for (once per try); the thread starts once it is here.
        'ready.comments.loading': (snap) => {
          expect(snap.children.comments).toBeUndefined();
          expect(loadThread.last().signal.aborted).toBe(false);
          expect(snap.can({ type: 'comments.show' })).toBe(false);
          expect(snap.can({ type: 'comments.reload' })).toBe(false);
        },
        // The thread runs for the token's database id; its viewer comes from the wallet session it hears itself.
        'ready.comments.shown': (snap) => {
          const child = snap.children.comments as AnyActorRef;
          expect(child.getSnapshot().status).toBe('active');
          expect(child.getSnapshot().context.input).toEqual({ tokenId: '7', viewer: null });
          expect(snap.can({ type: 'comments.show' })).toBe(false);
          expect(snap.can({ type: 'comments.reload' })).toBe(false);
        },
        // Its code could not load: no thread, and Retry asks for it again.
        'ready.comments.unavailable': (snap) => {
          expect(snap.children.comments).toBeUndefined();
          expect(loadThread.calls.length).toBeGreaterThan(0);
          expect(snap.can({ type: 'comments.reload' })).toBe(true);
          expect(snap.can({ type: 'comments.show' })).toBe(false);
        },
        notFound: (snap) => {
          expect(snap.context.page).toBeNull();
          expect(snap.children.sale).toBeUndefined();
          // Entering notFound announces the sale (the system's notifications actor) and leaves for explore, once.
          expect(system!.notices()).toEqual([{ kind: 'info', text: 'Token has been sold' }]);
          expect(left).toEqual(['/explore']);
          expect(system!.live.viewed()).toEqual([]);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Database unavailable');
          expect(system!.notices()).toEqual([]);
          expect(snap.can({ type: 'token.retry' })).toBe(true);
        },
      }),
    },
  };
}

// Any console warning or error while a test runs fails it: xstate's development warnings (an event sent to a stopped
// actor, an assign called inside a custom action) are bugs of the machine or of the stand-in system around it.
let printed: unknown[][] = [];
beforeEach(() => {
  printed = [];
  const collect = (...args: unknown[]) => {
    printed.push(args);
  };
  vi.spyOn(console, 'warn').mockImplementation(collect);
  vi.spyOn(console, 'error').mockImplementation(collect);
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(printed).toEqual([]);
});

describe('tokenPageMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});

describe('tokenPageMachine', () => {
  it('a non-Error failure still gives a message', async () => {
    const fetch = controlled<Page | null, { id: string }>();
    const system = startInFakeSystem(machine.provide({ actors: { fetchTokenPage: fetch.logic } }), input);
    fetch.last().reject({ weird: true });
    await flush();
    expect(system.flow().getSnapshot().context.error).toBe('Unexpected error');
    system.stop();
  });

  it('stopping the page while a token is on screen clears the viewed token; its live events no longer refetch', async () => {
    const fetch = controlled<Page | null, { id: string }>();
    const system = startInFakeSystem(machine.provide({ actors: { fetchTokenPage: fetch.logic } }), input);
    fetch.last().resolve(FOUND);
    await flush();
    expect(system.live.viewed()).toEqual(['7']);
    system.stopFlow();
    expect(system.live.viewed()).toEqual(['7', null]);
    system.live.emit('Sold', { token_id: '7' });
    expect(fetch.calls).toHaveLength(1);
    system.stop();
  });
});
