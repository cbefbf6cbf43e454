import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ContractActionInput } from '../../../machines/trading/contractActionMachine';
import {
  acceptableOffers,
  belongsToAllOutSale,
  concernsToken,
  createTokenDashboardMachine,
  openListings,
  ownsHolding,
  remainingUnits,
  TOKEN_DASHBOARD_REFETCH_DELAY_MS,
  unlistedUnits,
  type FetchDashboardInput,
  type TokenDashboardData,
} from '../../../machines/dashboard/tokenDashboardMachine';
import type { ChainAction } from '../../../machines/trading/chainActions';
import { controlled, flush } from '../support/modelTesting';
import { allOutSale, listedData, offerOnSale, othersData, OTHER, OWNER, retractedOffer, standaloneSale, unlistedData } from './tokenDashboardFixtures';
import { liveMessage } from '../../domain/liveEventSamples';

describe('token dashboard rules', () => {
  it('ownership: the holding is the viewer\'s (any case) and holds units', () => {
    expect(ownsHolding(unlistedData.token, OWNER.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(ownsHolding(unlistedData.token, OTHER)).toBe(false);
    expect(ownsHolding(unlistedData.token, null)).toBe(false);
    expect(ownsHolding({ ...unlistedData.token, tokenHolding: { ...unlistedData.token.tokenHolding!, amount: '0' } }, OWNER)).toBe(false);
  });

  it('listings: the viewer\'s sales that are not cancelled and have units left', () => {
    const token = {
      ...listedData.token,
      tokenHolding: {
        ...listedData.token.tokenHolding!,
        bazaarSales: [standaloneSale, allOutSale, { ...standaloneSale, saleId: '13', wasCancelled: true }, { ...standaloneSale, saleId: '14', soldAmount: '1' }, { ...standaloneSale, saleId: '15', seller: OTHER }],
      },
    };
    expect(openListings(token, OWNER).map((sale) => sale.saleId)).toEqual(['11', '12']);
    expect(remainingUnits({ ...standaloneSale, amount: '3', soldAmount: '1' })).toBe(2n);
    expect(belongsToAllOutSale(standaloneSale)).toBe(false);
    expect(belongsToAllOutSale({ allOutSaleId: '0' })).toBe(false);
    expect(belongsToAllOutSale(allOutSale)).toBe(true);
  });

  it('units to list: held minus listed, never below zero; none for others', () => {
    expect(unlistedUnits(unlistedData.token, OWNER)).toBe(1n);
    expect(unlistedUnits(listedData.token, OWNER)).toBe(0n);
    expect(unlistedUnits({ ...listedData.token, tokenHolding: { ...listedData.token.tokenHolding!, amount: '5' } }, OWNER)).toBe(3n);
    expect(unlistedUnits(othersData.token, OWNER)).toBe(0n);
  });

  it('offers to accept: made, on one of the viewer\'s open sales', () => {
    const onClosedSale = { ...offerOnSale, id: 'o3', saleId: '99' };
    expect(acceptableOffers([offerOnSale, retractedOffer, onClosedSale], listedData.token, OWNER)).toEqual([offerOnSale]);
    expect(acceptableOffers([offerOnSale], listedData.token, OTHER)).toEqual([]);
  });

  it('live events: only this token\'s sale, offer, sold and transfer events', () => {
    expect(concernsToken('OfferMade', { token_id: '7' }, '7')).toBe(true);
    expect(concernsToken('TransferSingle', { token_id: 7 }, '7')).toBe(true);
    expect(concernsToken('Sold', { token_id: '8' }, '7')).toBe(false);
    expect(concernsToken('TokenLiked', { token_id: '7' }, '7')).toBe(false);
    expect(concernsToken('CancelledSale', {}, '7')).toBe(false);
  });
});

describe('tokenDashboardMachine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(viewer: string | null = OWNER) {
    const fetch = controlled<TokenDashboardData | null, FetchDashboardInput>();
    const trade = controlled<unknown, ContractActionInput>();
    const runs: ChainAction[] = [];
    const actor = createActor(
      createTokenDashboardMachine().provide({
        actors: {
          fetchDashboard: fetch.logic,
          contractAction: fromPromise<unknown, ContractActionInput>(({ input, signal }) => {
            runs.push(input.action);
            return trade.fn(input, signal);
          }) as never,
        },
      }),
      { input: { id: '41' } },
    ).start();
    // No wallet session runs here: the wallet watcher's report is sent by hand.
    if (viewer) actor.send({ type: 'wallet.changed', address: viewer, chainId: 31337 });
    const settleTrade = async (output: unknown) => {
      trade.last().resolve(output);
      await flush();
    };
    return { actor, fetch, runs, settleTrade };
  }

  it('behavior: a confirmed listing clears the price and refetches once the indexer had time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, fetch, runs, settleTrade } = start();
    fetch.last().resolve(unlistedData);
    await flush();
    actor.send({ type: 'price.change', value: '0.015' });
    actor.send({ type: 'listing.submit' });
    expect(runs).toEqual([expect.objectContaining({ type: 'createSale', priceWei: '15000000000000000', amount: '1' })]);
    await settleTrade({ error: null, hash: '0xabc' });
    expect(actor.getSnapshot().context).toMatchObject({ price: '', running: null });
    // The first load (without a wallet) was replaced by the owner's when the wallet watcher reported it.
    expect(fetch.calls).toHaveLength(2);
    vi.advanceTimersByTime(TOKEN_DASHBOARD_REFETCH_DELAY_MS);
    expect(fetch.calls).toHaveLength(3);
    fetch.last().resolve(listedData);
    await flush();
    expect(actor.getSnapshot().matches({ ready: { role: 'fullyListed', trade: 'idle', sync: 'idle' } })).toBe(true);
    actor.stop();
  });

  it('behavior: a failed listing keeps the typed price for another try', async () => {
    const { actor, fetch, settleTrade } = start();
    fetch.last().resolve(unlistedData);
    await flush();
    actor.send({ type: 'price.change', value: '0.015' });
    actor.send({ type: 'listing.submit' });
    await settleTrade({ error: { message: 'You canceled the request in your wallet.' }, hash: null });
    expect(actor.getSnapshot().context).toMatchObject({ price: '0.015', running: null });
    expect(actor.getSnapshot().matches({ ready: { trade: 'idle', sync: 'idle' } })).toBe(true);
    actor.stop();
  });

  it('behavior: Sold for this token, then a refetch without the holding → sold; the token stays shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { actor, fetch } = start();
    fetch.last().resolve(listedData);
    await flush();
    actor.send({ type: 'live.received', ...liveMessage('Sold', { token_id: '7' }) });
    actor.send({ type: 'live.received', ...liveMessage('TransferSingle', { token_id: '7' }) });
    vi.advanceTimersByTime(TOKEN_DASHBOARD_REFETCH_DELAY_MS);
    // One refetch for the burst (after the two first loads: without a wallet, then the owner's).
    expect(fetch.calls).toHaveLength(3);
    fetch.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('sold');
    expect(actor.getSnapshot().context.token).toBe(listedData.token);
    actor.stop();
  });

  it('behavior: the price error follows corrections once shown; an empty price gives the rule\'s message', async () => {
    const { actor, fetch, runs } = start();
    fetch.last().resolve(unlistedData);
    await flush();
    actor.send({ type: 'price.change', value: '0.00001' });
    expect(actor.getSnapshot().context.priceError).toBeNull();
    actor.send({ type: 'listing.submit' });
    expect(actor.getSnapshot().context.priceError).toBe('Minimum allowed price is 0.0001');
    actor.send({ type: 'price.change', value: '' });
    expect(actor.getSnapshot().context.priceError).not.toBeNull();
    actor.send({ type: 'price.change', value: '0.001' });
    expect(actor.getSnapshot().context.priceError).toBeNull();
    expect(runs).toEqual([]);
    actor.stop();
  });

  it('behavior: without a wallet address the holding is read-only and nothing goes to the wallet', async () => {
    const { actor, fetch, runs } = start(null);
    expect(fetch.last().input).toEqual({ id: '41', viewer: null });
    fetch.last().resolve(listedData);
    await flush();
    expect(actor.getSnapshot().matches({ ready: { role: 'visitor' } })).toBe(true);
    actor.send({ type: 'price.change', value: '0.5' });
    actor.send({ type: 'listing.submit' });
    actor.send({ type: 'listing.cancel', saleId: '11' });
    actor.send({ type: 'offer.accept', offerId: 'o1' });
    expect(runs).toEqual([]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.stop();
  });

  it('behavior: the same wallet reported again (other case, same address) does not refetch', async () => {
    const { actor, fetch } = start();
    expect(fetch.calls).toHaveLength(2);
    actor.send({ type: 'wallet.changed', address: OWNER.toUpperCase().replace('0X', '0x'), chainId: 1 });
    expect(fetch.calls).toHaveLength(2);
    fetch.last().resolve(unlistedData);
    await flush();
    actor.send({ type: 'wallet.changed', address: OWNER, chainId: 31337 });
    expect(actor.getSnapshot().matches({ ready: { sync: 'idle' } })).toBe(true);
    actor.stop();
  });
});
