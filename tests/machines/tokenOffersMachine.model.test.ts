import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createPagedListMachine, fetchPageActor, type FetchPageInput, type Page } from '../../machines/lists/pagedListMachine';
import {
  changesTokenOffers,
  createTokenOffersMachine,
  OFFER_LIST_EVENTS,
  OFFERS_REFETCH_DELAY_MS,
  type TokenOffersEvent,
  type TokenOffersParams,
} from '../../machines/token/tokenOffersMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';
import { startInFakeSystem } from './tokenPageFakeSystem';

interface Offer {
  id: string;
}

const AFTER_REFETCH = 'xstate.after.offersRefetch.tokenOffers.pending';
const SELLER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const NEW_OWNER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const input = { pageSize: 12, params: { token: '7', seller: SELLER } };
const machine = createTokenOffersMachine<Offer>();
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

type Event = TokenOffersEvent<TokenOffersParams>;
const variants: Event[] = [
  // One per offer event for this token (the guard passes), and events that must not reload the list.
  ...OFFER_LIST_EVENTS.map((name): Event => ({ type: 'live.received', name, doc: { token_id: '7' } })),
  { type: 'live.received', name: 'OfferMade', doc: { token_id: '8' } },
  { type: 'live.received', name: 'TokenLiked', doc: { token_id: '7' } },
  // The seller changes once (the token was sold); the same params again change nothing.
  { type: 'offers.params', params: { token: '7', seller: NEW_OWNER } },
  { type: 'offers.params', params: { token: '7', seller: SELLER } },
];
const model = createMachineTestModel(machine, { input, project, events: () => variants });
const paths = modelPaths(model, { filterEvents: () => false });

const page = (ids: string[]): Page<Offer> => ({
  totalCount: ids.length,
  pageInfo: { startCursor: ids[0] ?? null, endCursor: ids.at(-1) ?? null, hasNextPage: false, hasPreviousPage: false },
  edges: ids.map((id) => ({ cursor: id, node: { id } })),
});

function harness() {
  const fetch = controlled<Page<Offer>, FetchPageInput<TokenOffersParams>>();
  const list = createPagedListMachine<Offer, TokenOffersParams>().provide({ actors: { fetchPage: fetchPageActor((request, signal) => fetch.fn(request, signal)) } });
  let system: ReturnType<typeof start> | undefined;
  // Calls made when the last matching offer event arrived: none may follow until the delay is over.
  let callsAtBurst = 0;
  function start() {
    // Inside a stand-in of the app's system: live events reach the machine through its own watchLive.
    return startInFakeSystem(machine.provide({ actors: { offersList: list } }), input);
  }
  const actor = { send: (event: Event) => system!.flow().send(event) };
  const real = () => {
    if (!system) throw new Error('actor not started');
    return system.flow().getSnapshot() as AnyMachineSnapshot;
  };
  const items = () => (real().children.list!.getSnapshot().context.items as Offer[]).map((offer) => offer.id);
  // Answers the newest request with the offers as they are now on the server.
  const answer = async (ids: string[]) => {
    fetch.last().resolve(page(ids));
    await flush();
  };
  const expectReload = (calls: number, params: TokenOffersParams) => {
    expect(fetch.calls).toHaveLength(calls + 1);
    expect(fetch.last().input).toEqual({ params, after: null, perPage: 12 });
  };
  return {
    stop: () => system?.stop(),
    params: {
      events: {
        'xstate.init': async () => {
          system = start();
          expectReload(0, input.params);
          await answer(['o1']);
          expect(items()).toEqual(['o1']);
        },
        'live.received': async (step: { event: EventObject }) => {
          const event = step.event as Extract<Event, { type: 'live.received' }>;
          const calls = fetch.calls.length;
          const wasPending = real().matches('pending');
          const changes = event.name !== 'TokenLiked' && event.doc.token_id === real().context.params.token;
          system!.live.emit(event.name, event.doc);
          // Never at once: a burst of one transaction's events gives one reload, after the delay.
          expect(fetch.calls).toHaveLength(calls);
          expect(real().matches('pending')).toBe(changes || wasPending);
          if (changes) callsAtBurst = calls;
        },
        [AFTER_REFETCH]: async () => {
          const calls = fetch.calls.length;
          expect(calls).toBe(callsAtBurst);
          vi.advanceTimersByTime(OFFERS_REFETCH_DELAY_MS - 1);
          expect(fetch.calls).toHaveLength(calls);
          vi.advanceTimersByTime(1);
          expectReload(calls, real().context.params);
          await answer(['o2', 'o1']);
          expect(items()).toEqual(['o2', 'o1']);
        },
        'offers.params': async (step: { event: EventObject }) => {
          const event = step.event as Extract<Event, { type: 'offers.params' }>;
          const before = real().context.params;
          const calls = fetch.calls.length;
          actor.send(event);
          if (event.params.seller === before.seller) {
            expect(fetch.calls).toHaveLength(calls);
          } else {
            expectReload(calls, event.params);
            await answer([]);
            expect(items()).toEqual([]);
          }
        },
        'live.reconnected': async () => {
          const calls = fetch.calls.length;
          system!.live.disconnect();
          system!.live.connect();
          // At once: events sent while the socket was away are lost, so the list may be stale already.
          expectReload(calls, real().context.params);
          await answer(['o3']);
          expect(items()).toEqual(['o3']);
        },
      },
      states: checkedStates(real, project, {
        live: () => {
          expect(vi.getTimerCount()).toBe(0);
          expect(fetch.last().input.params).toEqual(real().context.params);
        },
        pending: () => {
          expect(vi.getTimerCount()).toBe(1);
          expect(fetch.calls).toHaveLength(callsAtBurst);
        },
      }),
    },
  };
}

describe('tokenOffersMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  modelCoverageTests(machine, paths, harness);
});

describe('changesTokenOffers', () => {
  it('offer events of this token only, token ids compared as strings', () => {
    for (const name of OFFER_LIST_EVENTS) expect(changesTokenOffers(name, { token_id: 7 }, '7')).toBe(true);
    expect(changesTokenOffers('OfferMade', { token_id: '8' }, '7')).toBe(false);
    expect(changesTokenOffers('CreatedSale', { token_id: '7' }, '7')).toBe(false);
    expect(changesTokenOffers('Sold', {}, '7')).toBe(false);
    expect(changesTokenOffers('Sold', { token_id: null }, '7')).toBe(false);
  });
});
