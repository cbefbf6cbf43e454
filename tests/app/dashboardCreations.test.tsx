import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectionCoverDraftKey } from '../../machines/collection/collectionCoverMachine';
import { collectionSellDraftKey } from '../../machines/dashboard/collectionSellMachine';
import { formDraftsStored, storeFormDraft } from '../../src/services/formDrafts';
import { setFlowNavigator } from '../../src/services/flows/navigation';
import { getAppActor } from '../../machines/app/appMachine';
import { MINIMUM_PRICE_MESSAGE, REQUIRED_FIELD_MESSAGE } from '../../machines/forms/validators';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { clearApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import { MyCreationsTab } from '../../src/views/dashboard/creations/MyCreationsTab';
import { configAnswering, demoConfig } from './appHarness';
import {
  CREATOR,
  TIDE_ADDRESS,
  allOutSale,
  createdCollection,
  creationsBackend,
  quietOrbit,
  tideLoops,
  tokenListing,
  type CreationsBackendState,
} from './dashboardCreationsFixtures';
import { fakeWalletSession, loginOf } from './walletHarness';

// The wallet's contract calls (unit test only): every step the contract action flow asks the wallet for is recorded.
const wallet = vi.hoisted(() => ({ submitted: [] as Array<Record<string, unknown>>, approved: false, reject: false }));
vi.mock('../../src/services/chain/contractCalls', () => ({
  switchToChain: async () => undefined,
  isCollectionApproved: async () => wallet.approved,
  submitContractCall: async (_config: unknown, call: Record<string, unknown>) => {
    wallet.submitted.push(call);
    if (wallet.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001, name: 'UserRejectedRequestError' });
    return `0x${String(wallet.submitted.length).padStart(64, '0')}`;
  },
  waitForMined: async () => undefined,
}));

let state: CreationsBackendState;
let backend: ReturnType<typeof creationsBackend>;

beforeEach(async () => {
  // The server's trade check before the wallet signs reads the stored API key of the signed-in creator.
  await saveApiKey(CREATOR, loginOf(CREATOR, { isCreator: true }));
  wallet.submitted = [];
  wallet.approved = false;
  wallet.reject = false;
  state = { created: [tideLoops(), quietOrbit()], allOut: {}, listings: {}, tokens: [] };
  // Each test starts without the drafts (list price, chosen cover) another one left (nothing typed is lost offline).
  for (const collection of state.created) {
    storeFormDraft(collectionSellDraftKey(collection._id, CREATOR), null);
    storeFormDraft(collectionCoverDraftKey(collection._id, CREATOR), null);
  }
  await formDraftsStored();
  backend = creationsBackend(state);
  vi.stubGlobal('fetch', backend.fetchImpl);
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
let unregisterNavigator: (() => void) | null = null;
afterEach(async () => {
  vi.unstubAllGlobals();
  unregisterNavigator?.();
  unregisterNavigator = null;
  await clearApiKey(CREATOR);
});

/** The tab inside a router (its links and View All Offers navigate) and the app actor, signed in as the creator. */
async function renderTab() {
  const walletSession = fakeWalletSession({
    restored: { address: CREATOR, chainId: 31337, connectorId: 'demo:1' },
    stored: loginOf(CREATOR, { isCreator: true }),
  }).machine;
  const appActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession });
  const root = createRootRoute({ component: Outlet });
  const tab = createRoute({ getParentRoute: () => root, path: '/', component: () => <MyCreationsTab creator={CREATOR} /> });
  const elsewhere = createRoute({ getParentRoute: () => root, path: '$', component: () => <p>Elsewhere</p> });
  const router = createRouter({ routeTree: root.addChildren([tab, elsewhere]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  // Flows navigate with the router registered last (the app's own registers itself in src/app/router.ts).
  unregisterNavigator = setFlowNavigator((options) => void router.navigate(options as Parameters<typeof router.navigate>[0]));
  render(
    <AppActorProvider actor={appActor}>
      <RouterProvider router={router} />
    </AppActorProvider>,
  );
  await waitFor(() => expect(getAppActor(appActor, 'walletSession').getSnapshot().hasTag('registered')).toBe(true));
  const notice = () => getAppActor(appActor, 'notifications').getSnapshot().context.current;
  return { appActor, router, notice };
}

const card = async (name: string) => screen.findByRole('article', { name });
const sellPanel = async (name: string) => within(await card(name)).findByRole('region', { name: 'Sell collection' });
const listingsOf = async (name: string) => within(await card(name)).findByRole('region', { name: 'Current listings' });
const callsOf = (operationName: string) => backend.calls.filter((call) => call.operationName === operationName);

describe('My creations tab', () => {
  it('default: a card per collection with cover, editable description, sell panel and current listings; 5 per page for the creator', async () => {
    state.listings['7'] = [tokenListing(1), tokenListing(2, { allOutSaleId: null, sale_price: { amount: '1500000000000000000', currency: 'ETH' } })];
    await renderTab();
    const tide = await card('Tidal Loops');
    expect(within(tide).getByRole('heading', { name: 'Tidal Loops' })).toBeInTheDocument();
    expect(within(tide).getByRole('img', { name: 'Cover of Tidal Loops' })).toHaveAttribute('src', '/ipfs/bafkreicover7');
    expect(within(tide).getByRole('button', { name: 'Edit cover' })).toBeInTheDocument();
    expect(within(tide).getByText('Waves drawn by a pendulum.')).toBeInTheDocument();
    expect(within(tide).getByRole('button', { name: 'Edit description' })).toBeInTheDocument();
    const sell = await sellPanel('Tidal Loops');
    expect(within(sell).getByRole('radio', { name: 'Full collection' })).toBeChecked();
    expect(within(sell).getByRole('radio', { name: 'By token' })).not.toBeChecked();
    expect(within(sell).getByLabelText('Price per token (ETH)')).toBeInTheDocument();
    expect(within(sell).getByRole('button', { name: 'List collection' })).toBeInTheDocument();
    const listings = await listingsOf('Tidal Loops');
    expect(within(listings).getByRole('link', { name: 'Wave 1' })).toHaveAttribute('href', '/account/dashboard/token/41');
    expect(within(listings).getByText('0.015 ETH')).toBeInTheDocument();
    expect(within(listings).getByText('1.5 ETH')).toBeInTheDocument();
    expect(within(listings).queryByRole('button', { name: 'Cancel collection sale' })).not.toBeInTheDocument();
    expect(await card('Quiet Orbit')).toBeInTheDocument();

    expect(callsOf('getCreatedCollections')[0]!.variables).toEqual({ filters: { creator: CREATOR }, pagination: { perPage: 5 } });
    expect(callsOf('getCollectionListing').find((call) => (call.variables.filters as { container_id: string }).container_id === '7')?.variables).toEqual({
      filters: { container_id: '7', seller: CREATOR },
      pagination: { perPage: 1 },
    });
    expect(callsOf('getTokenListing').find((call) => (call.variables.filters as { container_id: string }).container_id === '7')?.variables).toEqual({
      filters: { container_id: '7', seller: CREATOR },
      pagination: { perPage: 5 },
    });
  });

  it('creator edits: the description of one card is saved for that collection and the card reloads it; ids stay unique across cards', async () => {
    await renderTab();
    const tide = await card('Tidal Loops');
    await within(await card('Quiet Orbit')).findByRole('region', { name: 'Sell collection' });
    await userEvent.click(within(tide).getByRole('button', { name: 'Edit description' }));
    const text = within(tide).getByLabelText('Description');
    await userEvent.clear(text);
    await userEvent.type(text, 'Waves, again.');
    await userEvent.click(within(tide).getByRole('button', { name: 'Save' }));
    expect(await within(tide).findByText('Waves, again.')).toBeInTheDocument();
    expect(backend.rest).toContainEqual({ url: '/api/v1/collection/7', method: 'PUT' });
    await waitFor(() => expect(callsOf('getCreatedCollection').map((call) => call.variables)).toContainEqual({ ids: ['7'] }));
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(document.getElementById('creation-cover-file-7')).toHaveAttribute('type', 'file');
    expect(document.getElementById('creation-cover-file-8')).toHaveAttribute('type', 'file');
  });

  it('empty state: a creator without collections gets the link to the studio', async () => {
    state.created = [];
    await renderTab();
    expect(await screen.findByRole('link', { name: 'Go to the studio' })).toHaveAttribute('href', '/studio');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('sold out: the sold-out message and no sell form', async () => {
    await renderTab();
    const sell = await sellPanel('Quiet Orbit');
    expect(within(sell).getByText('This collection is sold out')).toBeInTheDocument();
    expect(within(sell).queryByRole('button', { name: 'List collection' })).not.toBeInTheDocument();
    expect(within(sell).queryByLabelText('Price per token (ETH)')).not.toBeInTheDocument();
    expect(within(sell).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('validation: a price under the minimum and an empty price show the rule\'s messages; nothing goes to the wallet', async () => {
    await renderTab();
    const sell = await sellPanel('Tidal Loops');
    await userEvent.click(within(sell).getByRole('button', { name: 'List collection' }));
    expect(within(sell).getByRole('alert')).toHaveTextContent(REQUIRED_FIELD_MESSAGE);
    await userEvent.type(within(sell).getByLabelText('Price per token (ETH)'), '0.00001');
    expect(within(sell).getByRole('alert')).toHaveTextContent(MINIMUM_PRICE_MESSAGE);
    expect(within(sell).getByLabelText('Price per token (ETH)')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(sell).getByRole('button', { name: 'List collection' }));
    expect(within(sell).getByRole('alert')).toHaveTextContent(MINIMUM_PRICE_MESSAGE);
    expect(wallet.submitted).toEqual([]);
    expect(backend.rest.filter((call) => call.url === '/api/v1/trade/check')).toEqual([]);
  });

  it('List collection: approval first, then createAllOutSale with the price per token in wei; success notice and the listings refresh', async () => {
    const { notice } = await renderTab();
    const sell = await sellPanel('Tidal Loops');
    await userEvent.type(within(sell).getByLabelText('Price per token (ETH)'), '0.015');
    const listingLoads = callsOf('getCollectionListing').length;
    // The indexer has the all-out sale by the time the card asks again.
    state.allOut['7'] = allOutSale('7', { price: { amount: '15000000000000000', currency: 'ETH' } });
    await userEvent.click(within(sell).getByRole('button', { name: 'List collection' }));
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'success', text: 'Collection listed' }));
    expect(wallet.submitted).toEqual([
      { type: 'setApprovalForAll', chainId: 31337, collection: TIDE_ADDRESS },
      { type: 'createAllOutSale', chainId: 31337, collection: TIDE_ADDRESS, priceWei: '15000000000000000', currency: 'ETH' },
    ]);
    await waitFor(() => expect(callsOf('getCollectionListing').length).toBeGreaterThan(listingLoads));
    const listings = await listingsOf('Tidal Loops');
    expect(await within(listings).findByRole('button', { name: 'Cancel collection sale' })).toBeEnabled();
    expect(within(listings).getByText('0.015 ETH')).toBeInTheDocument();
    // Listed: the form gives way to the open sale.
    expect(within(sell).queryByRole('button', { name: 'List collection' })).not.toBeInTheDocument();
    expect(within(sell).getByText(/Listed as a full collection at 0.015 ETH per token/)).toBeInTheDocument();
  });

  it('behavior: an approved collection lists in one step; a rejection in the wallet keeps the form and the price', async () => {
    wallet.approved = true;
    wallet.reject = true;
    const { notice } = await renderTab();
    const sell = await sellPanel('Tidal Loops');
    await userEvent.type(within(sell).getByLabelText('Price per token (ETH)'), '2');
    await userEvent.click(within(sell).getByRole('button', { name: 'List collection' }));
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'error' }));
    expect(wallet.submitted).toEqual([{ type: 'createAllOutSale', chainId: 31337, collection: TIDE_ADDRESS, priceWei: '2000000000000000000', currency: 'ETH' }]);
    await waitFor(() => expect(within(sell).getByRole('button', { name: 'List collection' })).toBeEnabled());
    expect(within(sell).getByLabelText('Price per token (ETH)')).toHaveValue(2);
  });

  it('Cancel collection sale: cancelAllOutSale with the open sale\'s id; the sale leaves the listings', async () => {
    state.allOut['7'] = allOutSale('7');
    const { notice } = await renderTab();
    const listings = await listingsOf('Tidal Loops');
    expect(await within(listings).findByText(/Full collection at/)).toHaveTextContent('Full collection at 0.02 ETH per token');
    state.allOut['7'] = null;
    await userEvent.click(within(listings).getByRole('button', { name: 'Cancel collection sale' }));
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'success', text: 'Sale cancelled' }));
    expect(wallet.submitted).toEqual([{ type: 'cancelAllOutSale', chainId: 31337, allOutSaleId: '3' }]);
    await waitFor(() => expect(within(listings).queryByRole('button', { name: 'Cancel collection sale' })).not.toBeInTheDocument());
    expect(within(await sellPanel('Tidal Loops')).getByRole('button', { name: 'List collection' })).toBeInTheDocument();
  });

  it('By token: the link to choose tokens in the collection tokens view', async () => {
    await renderTab();
    const sell = await sellPanel('Tidal Loops');
    await userEvent.click(within(sell).getByRole('radio', { name: 'By token' }));
    expect(within(sell).getByRole('link', { name: 'Choose tokens' })).toHaveAttribute('href', `/account/dashboard/collection/${TIDE_ADDRESS}/31337`);
    expect(within(sell).queryByRole('button', { name: 'List collection' })).not.toBeInTheDocument();
  });

  it('View All Offers opens the received offers filtered to the collection', async () => {
    const { router } = await renderTab();
    await userEvent.click(within(await card('Tidal Loops')).getByRole('button', { name: 'View All Offers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/dashboard'));
    expect(router.state.location.href).toBe('/account/dashboard?tab=received&collection=7');
  });

  it('live: stale lists refresh each card in place (the chosen mode stays; a collection sold out meanwhile), not the list', async () => {
    const { appActor } = await renderTab();
    // A reconnect: the liveEvents actor says at once that lists are stale.
    const notifyListsStale = () => getAppActor(appActor, 'liveEvents').send({ type: 'live.resync' });
    const sell = await sellPanel('Tidal Loops');
    await userEvent.click(within(sell).getByRole('radio', { name: 'By token' }));
    act(() => notifyListsStale());
    await waitFor(() => expect(callsOf('getCreatedCollection')).toHaveLength(2));
    expect(callsOf('getCreatedCollection').map((call) => call.variables.ids)).toEqual(expect.arrayContaining([['7'], ['8']]));
    expect(within(sell).getByRole('link', { name: 'Choose tokens' })).toBeInTheDocument();

    state.created[0] = { ...state.created[0]!, soldOut: true };
    act(() => notifyListsStale());
    expect(await within(sell).findByText('This collection is sold out')).toBeInTheDocument();
    expect(within(sell).queryByRole('link', { name: 'Choose tokens' })).not.toBeInTheDocument();
    expect(callsOf('getCreatedCollections')).toHaveLength(1);
  });

  it('paging: the next 5 collections load when the list bottom shows', async () => {
    state.created = Array.from({ length: 7 }, (_, i) => createdCollection(i + 1));
    const observers: Array<{ callback: IntersectionObserverCallback; elements: Set<Element> }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        elements = new Set<Element>();
        constructor(readonly callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(element: Element) {
          this.elements.add(element);
        }
        unobserve(element: Element) {
          this.elements.delete(element);
        }
        disconnect() {
          this.elements.clear();
        }
        takeRecords() {
          return [];
        }
      },
    );
    await renderTab();
    const list = await screen.findByRole('list', { name: 'My collections' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(5));
    act(() => {
      for (const observer of observers) {
        const entries = [...observer.elements].map((target) => ({ target, isIntersecting: true, intersectionRatio: 0.1 }) as IntersectionObserverEntry);
        if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
      }
    });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(7));
    expect(callsOf('getCreatedCollections').at(-1)?.variables).toEqual({ filters: { creator: CREATOR }, pagination: { perPage: 5, after: 'c5' } });
  });
});
