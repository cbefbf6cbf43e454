import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { FormDraftParams } from '../../../machines/forms/formMachine';
import type { ContractActionInput } from '../../../machines/trading/contractActionMachine';
import {
  createTokenDashboardMachine,
  listingDraftKey,
  TOKEN_DASHBOARD_REFETCH_DELAY_MS,
  TOKEN_SOLD_NOTICE,
  acceptableOffers,
  belongsToAllOutSale,
  openListings,
  unlistedUnits,
  type FetchDashboardInput,
  type TokenDashboardData,
  type TokenDashboardEvent,
} from '../../../machines/dashboard/tokenDashboardMachine';
import type { ChainAction } from '../../../machines/trading/chainActions';
import { parsePrice } from '../../../machines/trading/tradeRules';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths, settleLastCall } from '../support/modelTesting';
import { COLLECTION, fixtureName, listedData, othersData, OTHER, OWNER, unlistedData } from './tokenDashboardFixtures';
import { liveMessage } from '../../domain/liveEventSamples';

const machine = createTokenDashboardMachine();
const input = { id: '41' };
const SUCCEEDED = { error: null, hash: '0xabc' };
const REJECTED = { error: { message: 'You canceled the request in your wallet.' }, hash: null };
const CANCELLED = { error: null, hash: null };
const AFTER_REFETCH = 'xstate.after.refetch.tokenDashboard.ready.sync.scheduled';

type Snap = AnyMachineSnapshot;
// Data by fixture name and the price by its kind keep the graph finite and readable.
const priceKind = (price: string) => (price === '' ? 'empty' : 'error' in parsePrice(price) ? 'invalid' : 'valid');
const project = (state: Snap) => ({
  value: state.value,
  viewer: state.context.viewer,
  data: state.context.token ? fixtureName([unlistedData, listedData, othersData].find((data) => data.token === state.context.token)) : 'none',
  price: priceKind(state.context.price),
  priceError: state.context.priceError,
  running: (state.context.running as ChainAction | null)?.type ?? null,
});

const done = (type: string, output: TokenDashboardData | null) => ({ type, output }) as EventObject;
const failed = (type: string) => ({ type, error: new Error('Database unavailable') }) as EventObject;
const variants: Array<EventObject | TokenDashboardEvent> = [
  done('xstate.done.actor.fetchDashboard', unlistedData),
  done('xstate.done.actor.fetchDashboard', listedData),
  done('xstate.done.actor.fetchDashboard', othersData),
  done('xstate.done.actor.fetchDashboard', null),
  failed('xstate.error.actor.fetchDashboard'),
  done('xstate.done.actor.refetchDashboard', unlistedData),
  done('xstate.done.actor.refetchDashboard', listedData),
  done('xstate.done.actor.refetchDashboard', othersData),
  done('xstate.done.actor.refetchDashboard', null),
  failed('xstate.error.actor.refetchDashboard'),
  { type: 'price.change', value: '' },
  { type: 'price.change', value: '0.00001' },
  { type: 'price.change', value: '0.25' },
  { type: 'listing.cancel', saleId: '11' },
  // Inside an all-out sale: refused (cancel at the collection).
  { type: 'listing.cancel', saleId: '12' },
  { type: 'offer.accept', offerId: 'o1' },
  // Retracted: nothing to accept.
  { type: 'offer.accept', offerId: 'o2' },
  { type: 'live.received', ...liveMessage('OfferMade', { token_id: '7' }) },
  // Another token's event changes nothing here.
  { type: 'live.received', ...liveMessage('Sold', { token_id: '8' }) },
  // The wallet watcher: the owner signs in (no wallet at start in a model test), then switches to another account.
  { type: 'wallet.changed', address: OWNER, chainId: 31337 },
  { type: 'wallet.changed', address: OTHER, chainId: 31337 },
  // The invoked contract action's end: mined, failed (its notice shown by the child), cancelled (mobile switch).
  done('xstate.done.actor.trade', SUCCEEDED as never),
  done('xstate.done.actor.trade', REJECTED as never),
  done('xstate.done.actor.trade', CANCELLED as never),
  // The viewer's draft price from an earlier visit (valid), none, or storage failing.
  done('xstate.done.actor.loadDraft', { version: 1, price: '0.25' } as never),
  done('xstate.done.actor.loadDraft', null),
  failed('xstate.error.actor.loadDraft'),
];

const model = createMachineTestModel(machine, {
  input,
  project,
  events: () => variants as EventObject[],
  // Keeps the graph small: typing only on the sell form, a wallet switch only while nothing runs, data changes only from the owner's view.
  filterEvents: (state, event) => {
    const value = state.value as { ready?: { trade: string; sync: string; role: string } } | string;
    const ready = typeof value === 'object' ? value.ready : undefined;
    const plain = state.context.price === '' && state.context.priceError === null;
    // The child's end arrives only while it runs.
    if (event.type === 'xstate.done.actor.trade') return ready?.trade === 'running';
    if (event.type.includes('actor.loadDraft')) return value === 'restoring';
    if (event.type === 'price.change') return ready?.role === 'listable' && ready.trade === 'idle' && ready.sync === 'idle';
    // Without a wallet (the start of every model path) the only step is the owner's wallet arriving while loading.
    if (state.context.viewer === null) return value === 'loading' && event.type === 'wallet.changed' && (event as { address?: string }).address === OWNER;
    if (event.type === 'wallet.changed') {
      const address = (event as { address?: string }).address;
      return address === OTHER && state.context.viewer === OWNER && (value === 'loading' || value === 'restoring' || (plain && ready?.trade === 'idle' && ready.sync === 'idle'));
    }
    // Refetched data, a reconnect or a live event while the form holds a price add nothing new: one of each from a plain form.
    if (/refetchDashboard|lists\.stale|live\.received/.test(event.type)) return plain || ready?.trade === 'running';
    return true;
  },
});
const paths = modelPaths(model, { filterEvents: () => false });

function harness() {
  const fetch = controlled<TokenDashboardData | null, FetchDashboardInput>();
  const trade = controlled<unknown, ContractActionInput>();
  const drafts = controlled<unknown, string>();
  const kept: Array<FormDraftParams | null> = [];
  const runs: ChainAction[] = [];
  const effects: string[] = [];
  let actor: ReturnType<typeof start> | undefined;
  function start() {
    return createActor(
      machine.provide({
        actors: {
          fetchDashboard: fetch.logic,
          loadDraft: drafts.logic,
          // The child contract action, settled by the test: its input is the action the machine chose.
          contractAction: fromPromise<unknown, ContractActionInput>(({ input, signal }) => {
            runs.push(input.action);
            return trade.fn(input, signal);
          }) as never,
        },
        actions: {
          announceSold: () => effects.push(`notify:${TOKEN_SOLD_NOTICE}`),
          leaveToExplore: () => effects.push('navigate:/explore'),
          persistDraft: (_, params) => void kept.push(params),
        },
      }),
      { input },
    ).start();
  }
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  const send = (step: { event: EventObject }) => void actor?.send(step.event as TokenDashboardEvent);
  const settle = async (step: { event: EventObject }) => {
    const call = fetch.last();
    expect(call.input).toEqual({ id: '41', viewer: real().context.viewer });
    const event = step.event as { output?: TokenDashboardData | null; error?: Error };
    if ('error' in event) call.reject(event.error);
    else call.resolve(event.output ?? null);
    await flush();
  };
  const startsRun = (step: { event: EventObject }, expected: Partial<Record<string, unknown>> | null) => {
    const before = runs.length;
    send(step);
    if (expected) expect(runs.slice(before)).toEqual([expect.objectContaining(expected)]);
    else expect(runs).toHaveLength(before);
  };
  // What the machine keeps: the viewer's record of the typed price (none once it is empty).
  const expectKept = () => {
    const { viewer, price } = real().context;
    expect(kept.at(-1)).toEqual({ key: listingDraftKey('41', viewer!), record: price === '' ? null : { version: 1, price } });
  };
  const wasIdle = () => (real().value as { ready?: { trade: string } }).ready?.trade === 'idle';

  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'xstate.done.actor.fetchDashboard': settle,
        'xstate.error.actor.fetchDashboard': settle,
        'xstate.done.actor.refetchDashboard': settle,
        'xstate.error.actor.refetchDashboard': settle,
        [AFTER_REFETCH]: () => {
          const calls = fetch.calls.length;
          vi.advanceTimersByTime(TOKEN_DASHBOARD_REFETCH_DELAY_MS - 1);
          expect(fetch.calls).toHaveLength(calls);
          vi.advanceTimersByTime(1);
          expect(fetch.calls).toHaveLength(calls + 1);
        },
        'dashboard.retry': send,
        'lists.stale': send,
        'wallet.changed': send,
        'live.received': send,
        'price.change': (step: { event: EventObject }) => {
          const writes = kept.length;
          send(step);
          expect(kept).toHaveLength(writes + 1);
          expectKept();
        },
        ...settleLastCall('loadDraft', () => drafts.last()),
        'listing.submit': (step: { event: EventObject }) => {
          const listable = real().hasTag('canList') && wasIdle();
          const wei = parsePrice(real().context.price);
          // Amount 1 at the typed price in wei, on the token's collection (docs/requirements.md#dashboard).
          startsRun(step, listable && 'wei' in wei ? { type: 'createSale', collection: COLLECTION, tokenId: '3', amount: '1', priceWei: wei.wei, currency: 'ETH' } : null);
        },
        'listing.cancel': (step: { event: EventObject }) => {
          const { saleId } = step.event as unknown as { saleId: string };
          const open = openListings(real().context.token!, real().context.viewer).some((sale) => sale.saleId === saleId && !belongsToAllOutSale(sale));
          startsRun(step, open && real().hasTag('owner') && wasIdle() ? { type: 'cancelSale', saleId, chainId: 31337 } : null);
        },
        'offer.accept': (step: { event: EventObject }) => {
          const { offerId } = step.event as unknown as { offerId: string };
          const expected = { type: 'acceptOffer', saleId: '11', buyer: listedData.offers[0]!.buyer.address, tokenId: '3', priceWei: '15000000000000000' };
          const { token, offers, viewer } = real().context;
          const open = acceptableOffers(offers, token!, viewer).some((offer) => offer.id === offerId);
          startsRun(step, open && real().hasTag('owner') && wasIdle() ? expected : null);
        },
        'xstate.done.actor.trade': async (step: { event: EventObject }) => {
          const output = (step.event as unknown as { output: typeof SUCCEEDED }).output;
          const listing = real().context.running?.type === 'createSale';
          const writes = kept.length;
          trade.last().resolve(output);
          await flush();
          // Mined: the draft is written again (gone after a listing); not mined: untouched.
          expect(kept).toHaveLength(output.hash === null ? writes : writes + 1);
          if (output.hash !== null) expectKept();
          if (output.hash !== null && listing) expect(kept.at(-1)!.record).toBeNull();
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetch.last().signal.aborted).toBe(false);
          expect(fetch.last().input).toEqual({ id: '41', viewer: snap.context.viewer });
        },
        restoring: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          // The signed-in viewer's own draft, nobody else's.
          expect(drafts.last().input).toBe(listingDraftKey('41', snap.context.viewer));
          expect(snap.children.loadDraft).toBeDefined();
          expect(snap.can({ type: 'listing.submit' })).toBe(false);
        },
        failed: (snap) => {
          expect(snap.context.error).toBe('Database unavailable');
          expect(snap.can({ type: 'dashboard.retry' })).toBe(true);
        },
        notFound: (snap) => {
          expect(snap.context.token).toBeNull();
          expect(effects.slice(-2)).toEqual([`notify:${TOKEN_SOLD_NOTICE}`, 'navigate:/explore']);
        },
        sold: (snap) => {
          // The token stays shown; nothing can be listed, cancelled or accepted any more.
          expect(snap.context.token).not.toBeNull();
          expect(snap.hasTag('owner')).toBe(false);
          expect(snap.can({ type: 'listing.submit' })).toBe(false);
          expect(snap.can({ type: 'offer.accept', offerId: 'o1' })).toBe(false);
          expect(effects).toEqual([]);
        },
        ready: (snap) => {
          expect(snap.context.token).not.toBeNull();
          expect(snap.hasTag('loading')).toBe(false);
        },
        'ready.role': (snap) => expect(snap.hasTag('owner')).toBe(!snap.matches({ ready: { role: 'visitor' } })),
        'ready.role.visitor': (snap) => {
          expect(snap.hasTag('owner')).toBe(false);
          expect(snap.can({ type: 'listing.submit' })).toBe(false);
        },
        'ready.role.listable': (snap) => {
          expect(snap.hasTag('canList')).toBe(true);
          expect(unlistedUnits(snap.context.token, snap.context.viewer) > 0n).toBe(true);
          expect(snap.can({ type: 'listing.submit' })).toBe(snap.matches({ ready: { trade: 'idle' } }));
        },
        'ready.role.fullyListed': (snap) => {
          expect(snap.hasTag('owner')).toBe(true);
          expect(snap.hasTag('canList')).toBe(false);
          expect(snap.can({ type: 'listing.submit' })).toBe(false);
          // A listing inside an all-out sale is cancelled at the collection only.
          expect(snap.can({ type: 'listing.cancel', saleId: '12' })).toBe(false);
        },
        'ready.trade': (snap) => expect(snap.hasTag('busy')).toBe(snap.matches({ ready: { trade: 'running' } })),
        'ready.trade.idle': (snap) => {
          expect(snap.context.running).toBeNull();
          expect(snap.children.trade).toBeUndefined();
        },
        'ready.trade.running': (snap) => {
          expect(runs.at(-1)).toEqual(snap.context.running);
          // Sent from the wallet this flow hears (no wallet session runs here: the input still carries the action).
          expect(trade.last().input).toMatchObject({ action: snap.context.running });
          expect(trade.last().signal.aborted).toBe(false);
          expect(snap.children.trade).toBeDefined();
          // One chain action at a time.
          expect(snap.can({ type: 'listing.cancel', saleId: '11' })).toBe(false);
        },
        'ready.sync': () => undefined,
        'ready.sync.idle': () => expect(vi.getTimerCount()).toBe(0),
        'ready.sync.scheduled': () => expect(vi.getTimerCount()).toBe(1),
        'ready.sync.fetching': (snap) => {
          expect(vi.getTimerCount()).toBe(0);
          expect(fetch.last().signal.aborted).toBe(false);
          expect(fetch.last().input).toEqual({ id: '41', viewer: snap.context.viewer });
        },
      }),
    },
  };
}

describe('tokenDashboardMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  modelCoverageTests(machine, paths, harness);
});
