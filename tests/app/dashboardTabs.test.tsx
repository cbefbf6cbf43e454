import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { OFFER_UNAVAILABLE_MESSAGE } from '../../machines/trading/tradeRules';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import {
  emptyPage,
  heldToken,
  makeDashboardOffer,
  OTHER,
  pageOfNodes,
  scriptedLive,
  sentOffer,
  stubDashboardBackend,
  tokenPageOf,
  tokenWithOffers,
  VIEWER,
  viewerSession,
  type Answers,
} from './dashboardTabsFixtures';

// The wallet's contract calls (unit test only): what the contract action flow asks the wallet to send is recorded.
const wallet = vi.hoisted(() => ({ submitted: [] as unknown[] }));
vi.mock('../../src/services/chain/contractCalls', () => ({
  switchToChain: async () => undefined,
  isCollectionApproved: async () => true,
  submitContractCall: async (_config: unknown, call: unknown) => {
    wallet.submitted.push(call);
    return `0x${String(wallet.submitted.length).padStart(64, '0')}`;
  },
  waitForMined: async () => undefined,
}));

let backend: ReturnType<typeof stubDashboardBackend>;

beforeEach(() => {
  wallet.submitted = [];
  forgetAllListSnapshots();
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openTab(tab: string, answers: Answers = {}, live = scriptedLive()) {
  backend = stubDashboardBackend(answers);
  vi.stubGlobal('fetch', backend.fetchImpl);
  const view = await renderApp(`/account/dashboard?tab=${tab}`, { walletSession: viewerSession(false), liveEvents: live.machine });
  const panel = await screen.findByRole('tabpanel');
  const notice = () => getAppActor(view.appActor, 'notifications').getSnapshot().context.current;
  return { ...view, panel, live, notice };
}

describe('Purchased tokens and Favorites (requirements: dashboard; grids of 15 and 10, empty → explore)', () => {
  it('default: the tokens the viewer bought, as cards opening their token dashboard', async () => {
    const { panel } = await openTab('tokens', { getBoughtTokens: () => tokenPageOf([heldToken(1, { name: 'Azulejo I' }), heldToken(2, { name: 'Late Harvest' })]) });
    const grid = await within(panel).findByRole('list', { name: 'Purchased tokens' });
    expect(within(grid).getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual(['Azulejo I', 'Late Harvest']);
    expect(within(grid).getByRole('link', { name: 'Azulejo I' })).toHaveAttribute('href', '/account/dashboard/token/h1');
    expect(backend.callsOf('getBoughtTokens')[0]?.variables).toEqual({ filters: { owner: VIEWER }, pagination: { perPage: 15 } });
  });

  it('empty: Purchased tokens and Favorites link to explore', async () => {
    const first = await openTab('tokens');
    expect(await within(first.panel).findByText('You have not bought any tokens yet.')).toBeInTheDocument();
    expect(within(first.panel).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
    first.unmount();
    const second = await openTab('favorites');
    expect(await within(second.panel).findByText('You have not liked any tokens yet.')).toBeInTheDocument();
    expect(within(second.panel).getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/explore');
  });

  it('default: the tokens the viewer liked, 10 a page', async () => {
    const { panel } = await openTab('favorites', { getLikedTokensByAccount: () => tokenPageOf([heldToken(3, { name: 'Haze' })]) });
    const grid = await within(panel).findByRole('list', { name: 'Favorite tokens' });
    expect(within(grid).getByRole('heading', { name: 'Haze' })).toBeInTheDocument();
    expect(backend.callsOf('getLikedTokensByAccount')[0]?.variables).toEqual({ account_id: VIEWER, pagination: { perPage: 10 } });
  });
});

describe('Received offers (requirements: dashboard; a card per token, buyer, time, price, Accept; 12 a page)', () => {
  const received = () =>
    pageOfNodes([tokenWithOffers(7, [makeDashboardOffer(2), makeDashboardOffer(1, { price: { amount: '75000000000000000', currency: 'ETH' } })])], (node) => node.id);

  it('default: one card per token with a row per offer', async () => {
    const { panel } = await openTab('received', { getMyTokensWithOffers: received });
    const card = await within(panel).findByRole('article', { name: 'Artwork 7' });
    expect(within(card).getByRole('link', { name: 'Artwork 7' })).toHaveAttribute('href', '/account/dashboard/token/h7');
    const rows = within(card).getAllByRole('row').slice(1);
    // The time cell: the date and time, then the offer's age in days ('· 33 days ago').
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))).toEqual([
      ['bidder2', expect.stringMatching(/^03 Nov 09:02 · \d+ days ago$/), '0.08 ETH'],
      ['bidder1', expect.stringMatching(/^03 Nov 09:01 · \d+ days ago$/), '0.075 ETH'],
    ]);
    expect(within(card).getAllByRole('button', { name: 'Accept' })).toHaveLength(2);
    expect(within(card).getAllByRole('button', { name: 'Accept' })[1]).toHaveAccessibleDescription('bidder1 0.075 ETH');
    expect(backend.callsOf('getMyTokensWithOffers')[0]?.variables).toEqual({ filters: { seller: VIEWER }, pagination: { perPage: 12 } });
  });

  it('empty: says no offers were received', async () => {
    const { panel } = await openTab('received');
    expect(await within(panel).findByText('No offers received yet')).toBeInTheDocument();
  });

  it('behavior: Accept runs acceptOffer for that offer, says so, and reloads the list after the refresh delay', async () => {
    const { panel, notice } = await openTab('received', { getMyTokensWithOffers: received });
    const card = await within(panel).findByRole('article', { name: 'Artwork 7' });
    await userEvent.click(within(card).getAllByRole('button', { name: 'Accept' })[1]!);
    await waitFor(() => expect(wallet.submitted).toHaveLength(1));
    expect(wallet.submitted[0]).toEqual({
      type: 'acceptOffer',
      chainId: 31337,
      saleId: '21',
      buyer: OTHER,
      tokenId: '1',
      priceWei: '75000000000000000',
      currency: 'ETH',
    });
    expect(await within(card).findByText('Offer accepted')).toBeInTheDocument();
    expect(notice()).toMatchObject({ kind: 'success', text: 'Offer accepted' });
    // The other offer keeps its button.
    expect(within(card).getAllByRole('button', { name: 'Accept' })).toHaveLength(1);
    await waitFor(() => expect(backend.callsOf('getMyTokensWithOffers')).toHaveLength(2), { timeout: 3500 });
  });

  it('live: an offer made elsewhere reloads the list 2 s later', async () => {
    const live = scriptedLive();
    const { panel } = await openTab('received', { getMyTokensWithOffers: () => emptyPage }, live);
    await within(panel).findByText('No offers received yet');
    const offers = received();
    backend = stubDashboardBackend({ getMyTokensWithOffers: () => offers });
    vi.stubGlobal('fetch', backend.fetchImpl);
    act(() => live.emit('OfferMade', { _id: 'o9', token_id: '7', seller: VIEWER, buyer: OTHER, sale_id: '27' }));
    expect(await within(panel).findByRole('article', { name: 'Artwork 7' }, { timeout: 3500 })).toBeInTheDocument();
  });
});

describe('Sent offers (requirements: dashboard; seller, offer time, offer price, Retract)', () => {
  it('default: a card per offer; the unavailable message only where the sale is gone', async () => {
    const { panel } = await openTab('sent', { getMyBazaarOffers: () => pageOfNodes([sentOffer(4), sentOffer(5, { saleActive: false })], (offer) => offer.id) });
    const open = await within(panel).findByRole('article', { name: 'Wanted 4' });
    expect(within(open).getByText('Seller').nextSibling).toHaveTextContent('Ines Kodama');
    expect(within(open).getByText('Offer time').nextSibling).toHaveTextContent('03 Nov 09:04');
    expect(within(open).getByText('Offer price').nextSibling).toHaveTextContent('0.08 ETH');
    expect(within(open).getByRole('link', { name: 'Wanted 4' })).toHaveAttribute('href', '/token/s4');
    expect(within(open).queryByText(OFFER_UNAVAILABLE_MESSAGE)).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Retract' })).toBeInTheDocument();
    const gone = within(panel).getByRole('article', { name: 'Wanted 5' });
    expect(within(gone).getByText(OFFER_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(within(gone).getByRole('button', { name: 'Retract' })).toBeInTheDocument();
    expect(backend.callsOf('getMyBazaarOffers')[0]?.variables).toEqual({ address: VIEWER, pagination: { perPage: 12 } });
  });

  it('empty: says there are no open offers', async () => {
    const { panel } = await openTab('sent');
    expect(await within(panel).findByText('You have no open offers')).toBeInTheDocument();
  });

  it('behavior: Retract runs retractOffer on that sale and token', async () => {
    const { panel, notice } = await openTab('sent', { getMyBazaarOffers: () => pageOfNodes([sentOffer(5, { saleActive: false })], (offer) => offer.id) });
    const card = await within(panel).findByRole('article', { name: 'Wanted 5' });
    await userEvent.click(within(card).getByRole('button', { name: 'Retract' }));
    await waitFor(() => expect(wallet.submitted).toEqual([{ type: 'retractOffer', chainId: 31337, saleId: '25', tokenId: '5' }]));
    expect(await within(card).findByText('Offer retracted')).toBeInTheDocument();
    expect(notice()).toMatchObject({ kind: 'success', text: 'Offer retracted' });
    expect(within(card).queryByRole('button', { name: 'Retract' })).not.toBeInTheDocument();
  });
});
