import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { CANCEL_AT_COLLECTION_MESSAGE, parsePrice } from '../../machines/trading/tradeRules';
import type { ContractCall } from '../../machines/trading/chainActions';
import { clearApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import type { TokenDetail, TokenOffer } from '../../src/services/token';
import { renderApp } from './appHarness';
import { formDraftsStored, storeFormDraft } from '../../src/services/formDrafts';
import { listingDraftKey } from '../../machines/dashboard/tokenDashboardMachine';
import { BUYER, makeSale, offerFrom, OWNER, ownedToken, ownerSession, scriptedLive, stubBackend } from './dashboardTokenFixtures';
import { COLLECTION_ADDRESS, makeTokenDetail } from './tokenFixtures';
import { loginOf } from './walletHarness';

// The wallet's contract calls (unit test only): every step the contract action flow asks the wallet for is recorded.
const wallet = vi.hoisted(() => ({ submitted: [] as unknown[], approved: false, rejectNext: false }));
vi.mock('../../src/services/chain/contractCalls', () => ({
  switchToChain: async () => undefined,
  isCollectionApproved: async () => wallet.approved,
  submitContractCall: async (_config: unknown, call: unknown) => {
    if (wallet.rejectNext) {
      wallet.rejectNext = false;
      throw Object.assign(new Error('User rejected the request.'), { name: 'UserRejectedRequestError', code: 4001 });
    }
    wallet.submitted.push(call);
    return `0x${String(wallet.submitted.length).padStart(64, '0')}`;
  },
  waitForMined: async () => undefined,
}));

const PATH = '/account/dashboard/token/41';
let token: () => TokenDetail | null;
let offers: () => TokenOffer[];
let backend: ReturnType<typeof stubBackend>;

beforeEach(async () => {
  // Each test starts without the listing-price draft another one typed (nothing typed is lost offline keeps it across reloads).
  storeFormDraft(listingDraftKey('41', OWNER), null);
  await formDraftsStored();
  // The server's trade check before the wallet signs with the stored API key of the signed-in owner.
  await saveApiKey(OWNER, loginOf(OWNER));
  wallet.submitted = [];
  wallet.approved = false;
  wallet.rejectNext = false;
  offers = () => [];
  backend = stubBackend({ token: () => token(), offers: () => offers() });
  vi.stubGlobal('fetch', backend.fetchImpl);
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await clearApiKey(OWNER);
});

async function openDashboard(live = scriptedLive(), { owner = true } = {}) {
  const view = await renderApp(PATH, { walletSession: ownerSession(), liveEvents: live.machine });
  await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
  // The owner's parts show once the draft listing price was read (offline-first: the `restoring` step).
  if (owner) await screen.findByRole('region', { name: 'Listings' });
  const notice = () => getAppActor(view.appActor, 'notifications').getSnapshot().context.current;
  return { ...view, live, notice };
}
const tokenLoads = () => backend.calls.filter((call) => call.operationName === 'getTokenFromHolding').length;

describe('token dashboard (/account/dashboard/token/$id, route my-token-dashboard)', () => {
  it('default: the owner sees the token, the sell form, Listings and Offers; offers are asked for their own sales', async () => {
    token = () => ownedToken();
    const { router } = await openDashboard();
    expect(router.state.matches.at(-1)?.staticData).toEqual({ name: 'my-token-dashboard' });
    expect(backend.calls.find((call) => call.operationName === 'getTokenFromHolding')?.variables).toEqual({ id: '41' });
    await waitFor(() =>
      expect(backend.calls.find((call) => call.operationName === 'getOffersByToken')?.variables).toMatchObject({ token: '7', seller: OWNER }),
    );
    expect(screen.getByRole('link', { name: 'Night Gardens' })).toHaveAttribute('href', `/collection/${COLLECTION_ADDRESS}/31337`);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/account/dashboard');
    expect(screen.getByText('Quiet Orbit — from Night Gardens.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /like/i })).toBeInTheDocument();
    expect(screen.getByLabelText('Listing price (ETH)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List for sale' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Listings' })).getByText('Not listed')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Offers' })).getByText('No offers yet')).toBeInTheDocument();
  });

  it('validation: an empty price and one under the minimum show the rule\'s message; nothing goes to the wallet', async () => {
    token = () => ownedToken();
    await openDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'List for sale' }));
    expect(screen.getByRole('alert')).toHaveTextContent((parsePrice('') as { error: string }).error);
    await userEvent.type(screen.getByLabelText('Listing price (ETH)'), '0.00001');
    await userEvent.click(screen.getByRole('button', { name: 'List for sale' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Minimum allowed price is 0.0001');
    expect(screen.getByLabelText('Listing price (ETH)')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Listing price (ETH)'));
    await userEvent.type(screen.getByLabelText('Listing price (ETH)'), '0.5');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(wallet.submitted).toEqual([]);
  });

  it('List for sale: approval first, then createSale of one unit at the price in wei; the listing shows after the refetch', async () => {
    let listed = false;
    token = () => (listed ? ownedToken([makeSale('21', { price: { amount: '15000000000000000', currency: 'ETH' } })]) : ownedToken());
    const { notice } = await openDashboard();
    const loads = tokenLoads();
    // Keyboard only: type the price and press Enter.
    await userEvent.type(screen.getByLabelText('Listing price (ETH)'), '0.015{Enter}');
    await waitFor(() => expect(wallet.submitted).toHaveLength(2));
    const [approval, sale] = wallet.submitted as ContractCall[];
    expect(approval).toEqual({ type: 'setApprovalForAll', chainId: 31337, collection: COLLECTION_ADDRESS });
    expect(sale).toMatchObject({ type: 'createSale', chainId: 31337, collection: COLLECTION_ADDRESS, tokenId: '3', amount: '1', priceWei: '15000000000000000', currency: 'ETH' });
    // The server checked the listing first, for this token at this price.
    expect(backend.checks).toEqual([{ kind: 'list', chainId: 31337, token_id: '7', price: '0.015' }]);
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'success', text: 'Token listed' }));
    listed = true;
    await waitFor(() => expect(tokenLoads()).toBeGreaterThan(loads), { timeout: 3000 });
    const listings = screen.getByRole('region', { name: 'Listings' });
    await waitFor(() => expect(within(listings).getByText('0.015 ETH')).toBeInTheDocument());
    // The single unit is listed now: the form gives way to a note, and the typed price is gone.
    expect(screen.queryByLabelText('Listing price (ETH)')).not.toBeInTheDocument();
    expect(screen.getByText(/Every unit you hold is listed/)).toBeInTheDocument();
  });

  it('rejected in the wallet: the notice shows, the form is usable again with the price kept, nothing is listed', async () => {
    wallet.approved = true;
    wallet.rejectNext = true;
    token = () => ownedToken();
    const { notice } = await openDashboard();
    await userEvent.type(screen.getByLabelText('Listing price (ETH)'), '0.02');
    await userEvent.click(screen.getByRole('button', { name: 'List for sale' }));
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'error', text: 'You canceled the request in your wallet.' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'List for sale' })).toBeEnabled());
    expect(screen.getByLabelText('Listing price (ETH)')).toHaveValue(0.02);
    expect(wallet.submitted).toEqual([]);
    // Trying again goes to the wallet again.
    await userEvent.click(screen.getByRole('button', { name: 'List for sale' }));
    await waitFor(() => expect(wallet.submitted).toEqual([expect.objectContaining({ type: 'createSale', priceWei: '20000000000000000' })]));
  });

  it('Listings: Cancel listing sends cancelSale; a listing inside an all-out sale shows the cancel-at-collection message instead', async () => {
    wallet.approved = true;
    token = () => ownedToken([makeSale('21'), makeSale('22', { allOutSaleId: '5' })], '2');
    const { notice } = await openDashboard();
    const listings = screen.getByRole('region', { name: 'Listings' });
    const rows = within(listings).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText(CANCEL_AT_COLLECTION_MESSAGE)).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Cancel listing' }));
    await waitFor(() => expect(wallet.submitted).toEqual([{ type: 'cancelSale', chainId: 31337, saleId: '21' }]));
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'success', text: 'Sale cancelled' }));
  });

  it('Offers: the offers on the owner\'s open sales, each with Accept sending acceptOffer', async () => {
    wallet.approved = true;
    token = () => ownedToken([makeSale('21')]);
    offers = () => [offerFrom(1, '21'), offerFrom(2, '21', { state: 'retracted' }), offerFrom(3, '99')];
    const { notice } = await openDashboard();
    const box = screen.getByRole('region', { name: 'Offers' });
    await waitFor(() => expect(within(box).getAllByRole('listitem')).toHaveLength(1));
    expect(within(box).getByText('bidder1')).toBeInTheDocument();
    expect(within(box).getByText('0.12345679 ETH')).toBeInTheDocument();
    await userEvent.click(within(box).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(wallet.submitted).toEqual([
        { type: 'acceptOffer', chainId: 31337, saleId: '21', buyer: BUYER, tokenId: '3', priceWei: '123456789012345678', currency: 'ETH' },
      ]),
    );
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'success', text: 'Offer accepted' }));
  });

  it('live: OfferMade for this token refreshes the Offers box without a reload', async () => {
    token = () => ownedToken([makeSale('21')]);
    const { live } = await openDashboard();
    const box = screen.getByRole('region', { name: 'Offers' });
    await waitFor(() => expect(within(box).getByText('No offers yet')).toBeInTheDocument());
    offers = () => [offerFrom(4, '21')];
    act(() => live.emit('OfferMade', { token_id: '7', sale_id: '21', buyer: BUYER, seller: OWNER }));
    expect(await within(box).findByText('bidder4', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('sold: after a live Sold the refetch finds no holding; the sell form, Listings and Offers disappear', async () => {
    token = () => ownedToken([makeSale('21')]);
    const { live, router } = await openDashboard();
    expect(screen.getByRole('region', { name: 'Listings' })).toBeInTheDocument();
    token = () => null;
    act(() => live.emit('Sold', { token_id: '7', sale_id: '21', buyer: BUYER, seller: OWNER }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Listings' })).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Listing price (ETH)')).not.toBeInTheDocument();
    expect(screen.getByText('Token has been sold')).toHaveAttribute('role', 'status');
    // The token stays on screen: the owner sees what they sold.
    expect(screen.getByRole('heading', { level: 1, name: 'Quiet Orbit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('non-owner: the token read-only, with a link to its token page', async () => {
    token = () => makeTokenDetail();
    await openDashboard(scriptedLive(), { owner: false });
    expect(screen.queryByLabelText('Listing price (ETH)')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Listings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offers' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the token page' })).toHaveAttribute('href', '/token/41');
  });

  it('not found: the info notice "Token has been sold" and the user lands on /explore', async () => {
    token = () => null;
    const { appActor, router } = await renderApp(PATH, { walletSession: ownerSession(), liveEvents: scriptedLive().machine });
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(getAppActor(appActor, 'notifications').getSnapshot().context.current).toMatchObject({ kind: 'info', text: 'Token has been sold' });
  });
});
