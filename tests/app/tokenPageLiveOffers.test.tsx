import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { LiveEventsEvent, LiveSocketCommand } from '../../machines/live/liveEventsMachine';
import { OFFERS_REFETCH_DELAY_MS } from '../../machines/token/tokenOffersMachine';
import { provideLiveEvents } from '../../src/services/live/liveEvents';
import type { TokenOffer } from '../../src/services/token';
import { renderApp } from './appHarness';
import { graphqlFetch, makeOffer, makeSibling, makeTokenDetail, offerPage, siblingPage } from './tokenFixtures';
import { liveMessage } from '../domain/liveEventSamples';

// The token page's offers follow live events for its token (docs/requirements.md#trading-offers): the real liveEvents machine with its
// real effects, only its socket replaced by one the test speaks through.

const emptyPage = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };

function liveSocket() {
  let sendBack: ((event: LiveEventsEvent) => void) | null = null;
  const logic = fromCallback<LiveSocketCommand>(({ sendBack: send }) => {
    sendBack = send as (event: LiveEventsEvent) => void;
  });
  return {
    machine: provideLiveEvents().provide({ actors: { liveSocket: logic } }),
    send: (event: LiveEventsEvent) => act(() => sendBack!(event)),
  };
}

let offers: TokenOffer[] = [];
let api: ReturnType<typeof graphqlFetch>;
const offerRequests = () => api.calls.filter((call) => call.operationName === 'getOffersByToken').length;

beforeEach(() => {
  offers = [];
  api = graphqlFetch({
    getTokenFromHolding: () => makeTokenDetail(),
    getTokensByContainerId: () => siblingPage([makeSibling(1)]),
    getOffersByToken: () => offerPage(offers),
    getMarketplaceTokens: () => emptyPage,
    getMarketplaceCollections: () => emptyPage,
  });
  vi.stubGlobal('fetch', api.fetchImpl);
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token page sales, live', () => {
  it('a sale created for this token while its page is open brings Buy and Make offer without a reload; another token\'s does not refetch', async () => {
    const socket = liveSocket();
    let listed = false;
    const openSale = {
      id: 's1', saleId: '12', allOutSaleId: null, chainId: 31337, marketplace: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
      seller: makeTokenDetail().creatorInfo.address, amount: '1', soldAmount: '0', wasCancelled: false,
      price: { amount: '20000000000000000', currency: 'ETH' },
    };
    api = graphqlFetch({
      getTokenFromHolding: () => {
        const token = makeTokenDetail();
        return listed ? { ...token, tokenHolding: { ...token.tokenHolding!, bazaarSales: [openSale] } } : token;
      },
      getTokensByContainerId: () => siblingPage([makeSibling(1)]),
      getOffersByToken: () => offerPage([]),
      getMarketplaceTokens: () => emptyPage,
      getMarketplaceCollections: () => emptyPage,
    });
    vi.stubGlobal('fetch', api.fetchImpl);
    await renderApp('/token/41', { liveEvents: socket.machine });
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    socket.send({ type: 'socket.connected' });
    expect(screen.queryByRole('button', { name: /^Buy for/ })).toBeNull();
    const tokenRequests = () => api.calls.filter((call) => call.operationName === 'getTokenFromHolding').length;
    const before = tokenRequests();

    socket.send({ type: 'live.event', ...liveMessage('CreatedSale', { token_id: '8', sale_id: '13' }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tokenRequests()).toBe(before);

    listed = true;
    socket.send({ type: 'live.event', ...liveMessage('CreatedSale', { token_id: '7', sale_id: '12', seller: openSale.seller, price: openSale.price.amount, tokenPrice: openSale.price.amount }) });
    expect(await screen.findByRole('button', { name: /^Buy for 0.02 ETH/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make offer' })).toBeInTheDocument();
    expect(tokenRequests()).toBe(before + 1);
    // The page stayed on screen while it was refetched (no skeleton in between).
    expect(screen.getByRole('heading', { level: 1, name: 'Quiet Orbit' })).toBeInTheDocument();

    listed = false;
    socket.send({ type: 'live.event', ...liveMessage('CancelledSale', { token_id: '7', sale_id: '12', tokenPrice: null }) });
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Buy for/ })).toBeNull());
  });
});

describe('token page offers, live', () => {
  it('an offer made, then retracted, for this token shows without a reload; other tokens\' events do not refetch', async () => {
    const socket = liveSocket();
    await renderApp('/token/41', { liveEvents: socket.machine });
    const section = await screen.findByRole('region', { name: 'Offers' });
    expect(await within(section).findByText('No offers yet')).toBeInTheDocument();
    socket.send({ type: 'socket.connected' });
    const before = offerRequests();

    // Another token's offer and this token's like change nothing in this list.
    socket.send({ type: 'live.event', ...liveMessage('OfferMade', { token_id: '8', buyer: '0x1' }) });
    socket.send({ type: 'live.event', ...liveMessage('TokenLiked', { token_id: '7', updatedFields: { likesCount: 4 } }) });
    await new Promise((resolve) => setTimeout(resolve, OFFERS_REFETCH_DELAY_MS * 3));
    expect(offerRequests()).toBe(before);

    offers = [makeOffer(1)];
    socket.send({ type: 'live.event', ...liveMessage('OfferMade', { _id: '1', token_id: '7', sale_id: '9', buyer: offers[0]!.buyer.address }) });
    const table = await within(section).findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('collector1');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Active');
    expect(offerRequests()).toBe(before + 1);
    expect(api.calls.filter((call) => call.operationName === 'getOffersByToken').at(-1)?.variables).toMatchObject({ token: '7' });

    offers = [makeOffer(1, { state: 'retracted' })];
    socket.send({ type: 'live.event', ...liveMessage('OfferRetracted', { _id: '1', token_id: '7', sale_id: '9', buyer: offers[0]!.buyer.address }) });
    await waitFor(() => expect(within(section).getAllByRole('row')[1]).toHaveTextContent('Retracted'));
  });

  it('a burst of one transaction\'s events (sale cancelled and its offer invalidated) reloads once', async () => {
    const socket = liveSocket();
    offers = [makeOffer(1)];
    await renderApp('/token/41', { liveEvents: socket.machine });
    const section = await screen.findByRole('region', { name: 'Offers' });
    await within(section).findByRole('table');
    socket.send({ type: 'socket.connected' });
    const before = offerRequests();
    offers = [makeOffer(1, { state: 'invalidated' })];
    socket.send({ type: 'live.event', ...liveMessage('CancelledSale', { _id: '3', token_id: '7', sale_id: '9' }) });
    socket.send({ type: 'live.event', ...liveMessage('Sold', { _id: '3', token_id: '8', sale_id: '10' }) });
    socket.send({ type: 'live.event', ...liveMessage('OfferRetracted', { _id: '1', token_id: '7', sale_id: '9' }) });
    await waitFor(() => expect(within(section).getAllByRole('row')[1]).toHaveTextContent('No longer available'));
    await new Promise((resolve) => setTimeout(resolve, OFFERS_REFETCH_DELAY_MS * 3));
    expect(offerRequests()).toBe(before + 1);
  });

  it('after the socket reconnects, the offers are fetched again (events sent meanwhile were lost)', async () => {
    const socket = liveSocket();
    await renderApp('/token/41', { liveEvents: socket.machine });
    const section = await screen.findByRole('region', { name: 'Offers' });
    await within(section).findByText('No offers yet');
    socket.send({ type: 'socket.connected' });
    socket.send({ type: 'socket.disconnected' });
    offers = [makeOffer(2)];
    socket.send({ type: 'socket.connected' });
    expect(await within(section).findByRole('table')).toHaveTextContent('collector2');
  });
});
