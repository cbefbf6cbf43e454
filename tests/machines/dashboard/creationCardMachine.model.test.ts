import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  COVER_CHILD_ID,
  createCreationCardMachine,
  SELL_CHILD_ID,
  type CardCollection,
  type CardListings,
  type LoadCardInput,
  type LoadCardOutput,
} from '../../../machines/dashboard/creationCardMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from '../support/modelTesting';

const ADDRESS = '0xa16e02e87b7454126e5e10d957a927a7f5b5d2be';
const SELLER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const LISTED: CardCollection = { _id: '7', address: ADDRESS, chainId: 31337, soldOut: false };
const SOLD_OUT: CardCollection = { ...LISTED, soldOut: true };
const SALE = { allOutSaleId: '3', price: { amount: '20000000000000000', currency: 'ETH' } };
const NOTHING_LISTED: CardListings = { allOutSale: null };
const COLLECTION_SALE: CardListings = { allOutSale: SALE };
const LIVE_REFRESH_DELAY_MS = 2000;

const machine = createCreationCardMachine();
type Snap = AnyMachineSnapshot;
type Output = LoadCardOutput<CardCollection, CardListings>;
const nameOf = (value: unknown) =>
  value === null ? 'none' : value === LISTED ? 'listed' : value === SOLD_OUT ? 'soldOut' : value === NOTHING_LISTED ? 'nothing' : value === COLLECTION_SALE ? 'sale' : 'other';
const project = (state: Snap) => ({
  value: state.value,
  collection: nameOf(state.context.collection),
  listings: nameOf(state.context.listings),
  error: state.context.error,
  // Only whether this is the first load matters.
  first: state.context.loads === 0,
});

const done = (output: Output) => ({ type: 'xstate.done.actor.loadCard', output }) as EventObject;
const model = createMachineTestModel(machine, {
  input: { collection: LISTED, seller: SELLER },
  project,
  events: () => [
    done({ collection: null, listings: NOTHING_LISTED }),
    done({ collection: SOLD_OUT, listings: COLLECTION_SALE }),
    { type: 'xstate.error.actor.loadCard', error: new Error('Network down') } as EventObject,
  ],
  // A refresh only from a settled card (loading again restarts the same load).
  filterEvents: (state, event) => {
    if (/^(card\.|lists\.|cover\.)/.test(event.type)) return !state.matches('loading');
    if (event.type === 'xstate.done.actor.loadCard') {
      const output = (event as unknown as { output: Output }).output;
      // The first load never refreshes the collection (it came with the list).
      return state.context.loads === 0 ? output.collection === null : output.collection !== null;
    }
    return true;
  },
});
const paths = modelPaths(model, { filterEvents: () => false });

/** The cover editor child, as the card sees it: what it was started with and what the card told it. */
function coverStub() {
  const inputs: unknown[] = [];
  const heard: EventObject[] = [];
  const logic = fromCallback<EventObject, unknown>(({ input, receive }) => {
    inputs.push(input);
    receive((event) => heard.push(event));
  });
  return { inputs, heard, logic };
}

function harness() {
  const load = controlled<Output, LoadCardInput>();
  const cover = coverStub();
  const goToOffers = vi.fn();
  let settled = 0;
  let actor: ReturnType<typeof start> | undefined;
  function start() {
    return createActor(machine.provide({ actors: { loadCard: load.logic, collectionCover: cover.logic as never }, actions: { goToOffers } }), {
      input: { collection: LISTED, seller: SELLER },
    }).start();
  }
  const real = () => actor!.getSnapshot();
  const send = (step: { event: EventObject }) => void actor?.send(step.event as never);
  const settle = async (step: { event: EventObject }) => {
    const event = step.event as { output?: Output; error?: Error };
    if (event.error) load.last().reject(event.error);
    else load.last().resolve(event.output!);
    settled += 1;
    await flush();
  };
  const coverHeard = () => {
    // The cover child runs for the card's life, made once for the collection and its creator (the seller here).
    expect(real().children[COVER_CHILD_ID]).toBeDefined();
    expect(cover.inputs).toEqual([{ collectionId: '7', creator: SELLER }]);
    // Every settled load (loaded or failed) tells the cover the collection is shown.
    expect(cover.heard).toEqual(Array.from({ length: settled }, () => ({ type: 'cover.shown' })));
  };
  const sell = () => real().children[SELL_CHILD_ID] as { getSnapshot(): { context: { soldOut: boolean; allOutSale: unknown } } } | undefined;
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'card.refresh': send,
        // View All Offers: the received offers of this collection, whatever the card shows; the card stays as it is.
        'card.viewOffers': (step: { event: EventObject }) => {
          const before = real().value;
          const calls = load.calls.length;
          const opened = goToOffers.mock.calls.length;
          send(step);
          expect(goToOffers).toHaveBeenCalledTimes(opened + 1);
          expect(goToOffers).toHaveBeenLastCalledWith(expect.anything(), { collectionId: '7' });
          expect(real().value).toEqual(before);
          expect(load.calls).toHaveLength(calls);
        },
        'lists.stale': send,
        // The cover editor saved a cover: the card loads the collection again.
        'cover.saved': (step: { event: EventObject }) => {
          const calls = load.calls.length;
          send(step);
          expect(load.calls).toHaveLength(calls + 1);
        },
        'card.actionDone': (step: { event: EventObject }) => {
          const calls = load.calls.length;
          send(step);
          expect(load.calls).toHaveLength(calls + 1);
          // Once more when the indexer caught up.
          vi.advanceTimersByTime(LIVE_REFRESH_DELAY_MS - 1);
          expect(load.calls).toHaveLength(calls + 1);
          vi.advanceTimersByTime(1);
          expect(load.calls).toHaveLength(calls + 2);
          // The first of the two loads was replaced (aborted) by the second.
          expect(load.calls.at(-2)!.signal.aborted).toBe(true);
        },
        'xstate.done.actor.loadCard': settle,
        'xstate.error.actor.loadCard': settle,
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(load.last().input).toEqual({ id: '7', seller: SELLER, fresh: snap.context.loads > 0 });
          expect(load.last().signal.aborted).toBe(false);
          coverHeard();
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.listings).not.toBeNull();
          expect(snap.context.error).toBeNull();
          // The sell panel child hears the loaded data.
          const context = sell()!.getSnapshot().context;
          expect(context.soldOut).toBe(snap.context.collection.soldOut);
          expect(context.allOutSale).toEqual(snap.context.listings.allOutSale ? SALE : null);
          coverHeard();
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Network down');
          expect(snap.can({ type: 'card.refresh' })).toBe(true);
          // The sell panel stays when listings were loaded before.
          expect(Boolean(sell())).toBe(snap.context.listings !== null);
          coverHeard();
        },
      }),
    },
  };
}

describe('creationCardMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  modelCoverageTests(machine, paths, harness);

  it('a refresh replaces a running load: its late answer is dropped', async () => {
    const load = controlled<Output, LoadCardInput>();
    const actor = createActor(machine.provide({ actors: { loadCard: load.logic } }), { input: { collection: LISTED, seller: SELLER } }).start();
    const first = load.last();
    actor.send({ type: 'card.refresh' });
    expect(first.signal.aborted).toBe(true);
    first.resolve({ collection: null, listings: COLLECTION_SALE });
    await flush();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    load.last().resolve({ collection: null, listings: NOTHING_LISTED });
    await flush();
    expect(actor.getSnapshot().context.listings).toBe(NOTHING_LISTED);
    actor.stop();
  });
});
