import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  collectionSellDraftKey,
  collectionSellMachine,
  priceError,
  type CollectionSellContext,
  type CollectionSellEvent,
  type CollectionSellInput,
  type OpenAllOutSale,
} from '../../../machines/dashboard/collectionSellMachine';
import type { FormDraftParams } from '../../../machines/forms/formMachine';
import { MINIMUM_PRICE_MESSAGE, REQUIRED_FIELD_MESSAGE } from '../../../machines/forms/validators';
import type { ChainAction } from '../../../machines/trading/chainActions';
import type { ContractActionInput } from '../../../machines/trading/contractActionMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths, settleLastCall } from '../support/modelTesting';

const CREATOR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const SUCCEEDED = { error: null, hash: '0xabc' };
const REJECTED = { error: { message: 'You canceled the request in your wallet.' }, hash: null };
const CANCELLED = { error: null, hash: null };
const tradeDone = (output: unknown) => ({ type: 'xstate.done.actor.trade', output }) as unknown as CollectionSellEvent;

/** Drafts kept (persistDraft's params) and read (loadDraft, settled by the test when `drafts` is given). */
interface DraftHooks {
  kept: Array<FormDraftParams | null>;
  drafts?: ReturnType<typeof controlled<unknown, string>>;
}

/** The sell machine with its contractAction child settled by the test and its refresh requests counted. */
function provided(trade: ReturnType<typeof controlled<unknown, ContractActionInput>>, runs: ChainAction[], onRefresh: () => void, hooks: DraftHooks = { kept: [] }) {
  return collectionSellMachine.provide({
    actors: {
      contractAction: fromPromise<unknown, ContractActionInput>(({ input, signal }) => {
        runs.push(input.action);
        return trade.fn(input, signal);
      }) as never,
      ...(hooks.drafts ? { loadDraft: hooks.drafts.logic } : {}),
    },
    actions: { requestRefresh: onRefresh, persistDraft: (_, params) => void hooks.kept.push(params) },
  });
}
/** A price kept by an earlier visit of the same account. */
const STORED_DRAFT = { version: 1, price: '0.015' };
const DRAFT_KEY = collectionSellDraftKey('7', CREATOR);

const ADDRESS = '0xa16e02e87b7454126e5e10d957a927a7f5b5d2be';
const SALE: OpenAllOutSale = { allOutSaleId: '3', price: { amount: '20000000000000000', currency: 'ETH' } };
const collection = (address: string | null) => ({ _id: '7', address, chainId: 31337 });

const inputs: CollectionSellInput[] = [
  { collection: collection(ADDRESS), soldOut: false, allOutSale: null },
  { collection: collection(ADDRESS), soldOut: false, allOutSale: SALE },
  { collection: collection(ADDRESS), soldOut: true, allOutSale: null },
  { collection: collection(null), soldOut: false, allOutSale: null },
];

// The typed prices: below the minimum, valid (0.015 ETH), cleared.
const PRICES = { invalid: '0.00001', valid: '0.015', empty: '' } as const;
const VALID_WEI = '15000000000000000';
const SYNCS: CollectionSellEvent[] = [
  { type: 'listing.sync', soldOut: false, allOutSale: null, address: ADDRESS },
  { type: 'listing.sync', soldOut: false, allOutSale: SALE, address: ADDRESS },
  { type: 'listing.sync', soldOut: true, allOutSale: null, address: ADDRESS },
  { type: 'listing.sync', soldOut: false, allOutSale: null, address: null },
];

const ctx = (state: AnyMachineSnapshot) => state.context as CollectionSellContext;
const priceKind = (price: string) => (price === PRICES.valid ? 'valid' : price === PRICES.invalid ? 'invalid' : price === '' ? 'empty' : price);
// Compact vertex: what decides behaviour, not the literal objects.
const project = (state: AnyMachineSnapshot) => {
  const c = ctx(state);
  return { value: state.value, wallet: c.address !== null, mode: c.mode, price: priceKind(c.price), touched: c.touched, soldOut: c.soldOut, sale: c.allOutSale !== null, published: c.collection.address !== null };
};

const modelEvents = (): CollectionSellEvent[] => [
  { type: 'mode.select', mode: 'full' },
  { type: 'mode.select', mode: 'byToken' },
  ...Object.values(PRICES).map((value) => ({ type: 'price.change' as const, value })),
  ...SYNCS,
  // The wallet watcher: no wallet runs in a model test, the creator's arrives first on every path.
  { type: 'wallet.changed', address: CREATOR, chainId: 31337 },
  tradeDone(SUCCEEDED),
  tradeDone(REJECTED),
  tradeDone(CANCELLED),
  { type: 'xstate.done.actor.loadDraft', output: STORED_DRAFT } as unknown as CollectionSellEvent,
  { type: 'xstate.done.actor.loadDraft', output: null } as unknown as CollectionSellEvent,
  { type: 'xstate.error.actor.loadDraft', error: new Error('no IndexedDB') } as unknown as CollectionSellEvent,
];

// Keep the graph small: a price change must change the price; a sync must change what it reports.
function filterEvents(state: AnyMachineSnapshot, event: EventObject): boolean {
  const c = ctx(state);
  const typed = event as CollectionSellEvent;
  if (c.address === null || typed.type === 'wallet.changed') return c.address === null && typed.type === 'wallet.changed';
  if ((event.type as string) === 'xstate.done.actor.trade') return state.hasTag('busy');
  if (event.type.includes('actor.loadDraft')) return state.matches('restoring');
  // While the draft is read: only a typed price (it wins) and the settling of the read.
  if (state.matches('restoring')) return typed.type === 'price.change' && typed.value === PRICES.invalid;
  if (typed.type === 'price.change') return typed.value !== c.price;
  if (typed.type === 'listing.sync') {
    const sync = typed;
    return sync.soldOut !== c.soldOut || (sync.allOutSale !== null) !== (c.allOutSale !== null) || (sync.address !== null) !== (c.collection.address !== null);
  }
  return true;
}

const expectedError = (c: CollectionSellContext) =>
  !c.touched ? null : c.price === PRICES.valid ? null : c.price === '' ? REQUIRED_FIELD_MESSAGE : MINIMUM_PRICE_MESSAGE;

describe('collectionSellMachine (model-based)', () => {
  const paths = inputs.flatMap((input) =>
    modelPaths(createMachineTestModel(collectionSellMachine, { input, project, events: modelEvents, filterEvents }), {
      // Simple paths end at the busy states: every way into a wallet action, not every wander around the form.
      toState: (state) => state.hasTag('busy'),
      filterEvents: (state, event) => filterEvents(state, event) && event.type !== 'listing.sync' && event.type !== 'mode.select',
    }),
  );

  it('keeps the generated paths to a reasonable number', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(1500);
  });

  function harness() {
    let actor: ReturnType<typeof createActor<typeof collectionSellMachine>> | undefined;
    const trade = controlled<unknown, ContractActionInput>();
    const drafts = controlled<unknown, string>();
    const kept: Array<FormDraftParams | null> = [];
    const started: ChainAction[] = [];
    let refreshed = 0;
    let expectedRuns = 0;
    let successes = 0;
    const real = () => actor!.getSnapshot();
    const send = (step: { event: EventObject }) => actor!.send(step.event as CollectionSellEvent);
    const runs = () => started;
    const refreshes = () => refreshed;
    const settled = () => {
      expect(runs()).toHaveLength(expectedRuns);
      expect(refreshes()).toBe(successes);
      expect(real().children.trade).toBeUndefined();
    };
    const transient = (key: string) => () => {
      throw new Error(`${key} is transient`);
    };
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': (step: { state: AnyMachineSnapshot }) => {
            const { collection: c, soldOut, allOutSale } = ctx(step.state);
            actor = createActor(
              provided(trade, started, () => (refreshed += 1), { kept, drafts }),
              { input: { collection: c, soldOut, allOutSale } },
            );
            actor.start();
          },
          'wallet.changed': send,
          'mode.select': send,
          'price.change': (step: { event: EventObject }) => {
            const writes = kept.length;
            send(step);
            // Every typed price is kept for the account (an empty one forgets the draft).
            const { price } = ctx(real());
            expect(kept).toHaveLength(writes + 1);
            expect(kept.at(-1)).toEqual({ key: DRAFT_KEY, record: price === '' ? null : { version: 1, price } });
          },
          'listing.sync': send,
          'sell.submit': (step: { event: EventObject }) => {
            if (real().matches({ selling: { full: 'editing' } }) && ctx(real()).price === PRICES.valid) expectedRuns += 1;
            send(step);
          },
          'sale.cancel': (step: { event: EventObject }) => {
            if (real().can({ type: 'sale.cancel' })) expectedRuns += 1;
            send(step);
          },
          'xstate.done.actor.trade': async (step: { event: EventObject }) => {
            const output = (step.event as unknown as { output: typeof SUCCEEDED }).output;
            if (output.hash !== null) successes += 1;
            const listed = real().matches('listing') && output.hash !== null;
            const writes = kept.length;
            trade.last().resolve(output);
            await flush();
            // A mined listing forgets the draft; anything else leaves it alone.
            expect(kept.slice(writes)).toEqual(listed ? [{ key: DRAFT_KEY, record: null }] : []);
          },
          ...settleLastCall('loadDraft', () => drafts.last()),
        },
        states: checkedStates(real, project, {
          checking: transient('checking'),
          restoring: (snap) => {
            // The signed-in account's own draft is read; nothing goes to the wallet meanwhile.
            expect(drafts.last().input).toBe(DRAFT_KEY);
            expect(snap.children.loadDraft).toBeDefined();
            expect(snap.can({ type: 'sell.submit' })).toBe(false);
            expect(ctx(snap).price).toBe('');
            settled();
          },
          unpublished: (snap) => {
            expect(ctx(snap).collection.address).toBeNull();
            expect(snap.can({ type: 'sell.submit' })).toBe(false);
            expect(snap.can({ type: 'mode.select', mode: 'byToken' })).toBe(false);
            settled();
          },
          soldOut: (snap) => {
            expect(ctx(snap).soldOut).toBe(true);
            // Sold out: no sell form and nothing to cancel.
            expect(snap.can({ type: 'sell.submit' })).toBe(false);
            expect(snap.can({ type: 'sale.cancel' })).toBe(false);
            expect(snap.can({ type: 'price.change', value: '1' })).toBe(false);
            settled();
          },
          selling: (snap) => {
            expect(snap.hasTag('busy')).toBe(false);
            expect(ctx(snap).soldOut).toBe(false);
            expect(ctx(snap).collection.address).toBe(ADDRESS);
            expect(snap.can({ type: 'sale.cancel' })).toBe(ctx(snap).allOutSale !== null && ctx(snap).address !== null);
            settled();
          },
          'selling.deciding': transient('selling.deciding'),
          'selling.full': (snap) => {
            expect(ctx(snap).mode).toBe('full');
            expect(snap.can({ type: 'mode.select', mode: 'byToken' })).toBe(true);
          },
          'selling.full.deciding': transient('selling.full.deciding'),
          'selling.full.editing': (snap) => {
            expect(ctx(snap).allOutSale).toBeNull();
            expect(snap.can({ type: 'sell.submit' })).toBe(true);
            expect(priceError(ctx(snap))).toBe(expectedError(ctx(snap)));
          },
          'selling.full.listed': (snap) => {
            expect(ctx(snap).allOutSale).toEqual(SALE);
            expect(snap.can({ type: 'sell.submit' })).toBe(false);
            expect(snap.can({ type: 'price.change', value: '1' })).toBe(false);
          },
          'selling.byToken': (snap) => {
            expect(ctx(snap).mode).toBe('byToken');
            expect(snap.can({ type: 'sell.submit' })).toBe(false);
            expect(snap.can({ type: 'mode.select', mode: 'full' })).toBe(true);
          },
          listing: (snap) => {
            expect(snap.hasTag('busy')).toBe(true);
            expect(snap.can({ type: 'sell.submit' })).toBe(false);
            expect(snap.can({ type: 'sale.cancel' })).toBe(false);
            expect(runs()).toHaveLength(expectedRuns);
            expect(runs().at(-1)).toEqual({ type: 'createAllOutSale', chainId: 31337, collection: ADDRESS, priceWei: VALID_WEI, currency: 'ETH' });
            expect(snap.children.trade).toBeDefined();
            expect(trade.last().signal.aborted).toBe(false);
          },
          cancelling: (snap) => {
            expect(snap.hasTag('busy')).toBe(true);
            expect(snap.can({ type: 'sell.submit' })).toBe(false);
            expect(runs()).toHaveLength(expectedRuns);
            expect(runs().at(-1)).toEqual({ type: 'cancelAllOutSale', chainId: 31337, allOutSaleId: '3' });
            expect(snap.children.trade).toBeDefined();
          },
        }),
      },
    };
  }

  modelCoverageTests(collectionSellMachine, paths, harness);
});

describe('collectionSellMachine (behaviour)', () => {
  const start = async (input: CollectionSellInput, wallet: string | null = CREATOR) => {
    const trade = controlled<unknown, ContractActionInput>();
    const runs: ChainAction[] = [];
    let refreshes = 0;
    const actor = createActor(provided(trade, runs, () => (refreshes += 1)), { input });
    actor.start();
    if (wallet) actor.send({ type: 'wallet.changed', address: wallet, chainId: 31337 });
    // The wallet's (empty) draft is read before the form is decided.
    await flush();
    const end = async (output: unknown) => {
      trade.last().resolve(output);
      await flush();
    };
    return { actor, runs, end, refreshes: () => refreshes };
  };

  it('behavior: the chosen mode survives a live refresh of the listing', async () => {
    const { actor } = await start(inputs[0]!);
    actor.send({ type: 'mode.select', mode: 'byToken' });
    actor.send({ type: 'listing.sync', soldOut: false, allOutSale: SALE, address: ADDRESS });
    expect(actor.getSnapshot().matches({ selling: 'byToken' })).toBe(true);
    actor.send({ type: 'mode.select', mode: 'full' });
    expect(actor.getSnapshot().matches({ selling: { full: 'listed' } })).toBe(true);
  });

  it('behavior: a sync during a wallet action is kept for when it ends (sold out meanwhile)', async () => {
    const { actor, end } = await start(inputs[0]!);
    actor.send({ type: 'price.change', value: PRICES.valid });
    actor.send({ type: 'sell.submit' });
    actor.send({ type: 'listing.sync', soldOut: true, allOutSale: null, address: ADDRESS });
    expect(actor.getSnapshot().matches('listing')).toBe(true);
    await end(REJECTED);
    expect(actor.getSnapshot().matches('soldOut')).toBe(true);
  });

  it('behavior: a failed listing keeps the typed price; a successful one clears it', async () => {
    const { actor, runs, end, refreshes } = await start(inputs[0]!);
    actor.send({ type: 'price.change', value: '1.5' });
    actor.send({ type: 'sell.submit' });
    expect(runs.at(-1)).toMatchObject({ priceWei: '1500000000000000000' });
    await end(REJECTED);
    expect(ctx(actor.getSnapshot()).price).toBe('1.5');
    actor.send({ type: 'sell.submit' });
    await end(SUCCEEDED);
    expect(ctx(actor.getSnapshot()).price).toBe('');
    expect(refreshes()).toBe(1);
  });

  it('behavior: without a wallet address nothing goes to the wallet (the form and its errors still work)', async () => {
    const { actor, runs } = await start(inputs[1]!, null);
    actor.send({ type: 'sale.cancel' });
    expect(actor.getSnapshot().matches({ selling: { full: 'listed' } })).toBe(true);
    const free = await start(inputs[0]!, null);
    free.actor.send({ type: 'sell.submit' });
    expect(priceError(ctx(free.actor.getSnapshot()))).toBe(REQUIRED_FIELD_MESSAGE);
    free.actor.send({ type: 'price.change', value: PRICES.valid });
    free.actor.send({ type: 'sell.submit' });
    expect(free.actor.getSnapshot().hasTag('busy')).toBe(false);
    expect([...runs, ...free.runs]).toEqual([]);
  });

  it('behavior: the draft price is the account\'s own: another wallet starts empty and reads its own draft', async () => {
    const trade = controlled<unknown, ContractActionInput>();
    const drafts = controlled<unknown, string>();
    const kept: Array<FormDraftParams | null> = [];
    const actor = createActor(provided(trade, [], () => undefined, { kept, drafts }), { input: inputs[0]! }).start();
    actor.send({ type: 'wallet.changed', address: CREATOR, chainId: 31337 });
    expect(drafts.last().input).toBe(DRAFT_KEY);
    drafts.last().resolve(STORED_DRAFT);
    await flush();
    expect(actor.getSnapshot().matches({ selling: { full: 'editing' } })).toBe(true);
    expect(ctx(actor.getSnapshot()).price).toBe('0.015');
    // Restored, not sent: nothing reached the wallet until List collection.
    expect(trade.calls).toHaveLength(0);
    const other = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    actor.send({ type: 'wallet.changed', address: other, chainId: 31337 });
    expect(ctx(actor.getSnapshot()).price).toBe('');
    expect(drafts.last().input).toBe(collectionSellDraftKey('7', other));
    // Typed before the read settles: the typing wins.
    actor.send({ type: 'price.change', value: '2' });
    expect(kept.at(-1)).toEqual({ key: collectionSellDraftKey('7', other), record: { version: 1, price: '2' } });
    drafts.last().resolve({ version: 1, price: '9' });
    await flush();
    expect(ctx(actor.getSnapshot()).price).toBe('2');
    actor.stop();
  });

  it('behavior: a mined action asks the parent card to refresh (card.actionDone)', async () => {
    const trade = controlled<unknown, ContractActionInput>();
    const heard: string[] = [];
    const child = collectionSellMachine.provide({ actors: { contractAction: trade.logic as never } });
    const parent = createActor(
      setup({ actors: { child } }).createMachine({
        invoke: { id: 'sell', src: 'child', input: inputs[0]! },
        on: { '*': { actions: ({ event }) => void heard.push(event.type) } },
      }),
    ).start();
    const sell = parent.getSnapshot().children.sell!;
    sell.send({ type: 'wallet.changed', address: CREATOR, chainId: 31337 });
    await flush();
    sell.send({ type: 'price.change', value: PRICES.valid });
    sell.send({ type: 'sell.submit' });
    trade.last().resolve(SUCCEEDED);
    await flush();
    expect(heard).toContain('card.actionDone');
    parent.stop();
  });
});
