import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceHistory } from '../../src/services/market';
import { IntersectingAtOnce, renderApp } from './appHarness';
import { graphqlFetch, makeSibling, makeTokenDetail, offerPage, siblingPage } from './tokenFixtures';
import { scriptedLive } from './dashboardTabsFixtures';

// The token page's price history (issue: pictures where people would rather look than read): read with the Activity
// section when it nears the screen, drawn as a chart (uPlot, its own chunk) with a table of the same points for screen
// readers, and read again after a live sale.

const emptyPage = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };
const ETH = (n: number) => (BigInt(Math.round(n * 1000)) * 10n ** 15n).toString();
const point = (type: string, time: string, price: number) => ({ type, time, amount: '1', price: { amount: ETH(price), currency: 'ETH' } });

let history: PriceHistory;
let api: ReturnType<typeof graphqlFetch>;
const marketCalls: Record<string, unknown>[] = [];

beforeEach(() => {
  marketCalls.length = 0;
  history = { points: [], listing: null };
  api = graphqlFetch({
    getTokenFromHolding: () => makeTokenDetail(),
    getTokensByContainerId: () => siblingPage([makeSibling(1)]),
    getOffersByToken: () => offerPage([]),
    getActivity: () => emptyPage,
    getMarketplaceTokens: () => emptyPage,
    getMarketplaceCollections: () => emptyPage,
  });
  // The market read has its own root field (getPriceHistory): answered here.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { operationName?: string; variables: Record<string, unknown> }) : null;
    if (body?.operationName === 'getTokenMarket') {
      marketCalls.push(body.variables);
      return Response.json({ data: { getPriceHistory: history } });
    }
    return api.fetchImpl(input, init);
  });
  vi.stubGlobal('IntersectionObserver', IntersectingAtOnce);
  // jsdom has no ResizeObserver, matchMedia, Path2D nor 2D canvas: uPlot draws into a context that takes every call.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
  const anything: unknown = new Proxy(function () {}, { get: (_, key) => (key === Symbol.toPrimitive ? () => 0 : anything), apply: () => anything, set: () => true });
  vi.stubGlobal('Path2D', class { moveTo() {} lineTo() {} arc() {} rect() {} closePath() {} bezierCurveTo() {} addPath() {} });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => anything as CanvasRenderingContext2D);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const historyTable = () => screen.findByRole('table', { name: 'Price history' });

describe('token page price history', () => {
  it('default: the listings and sales as a table for screen readers, with the asking price, beside a chart hidden from them', async () => {
    history = {
      points: [point('listing_created', '2026-11-02T10:00:00.000Z', 2), point('offer_sold', '2026-11-03T09:30:00.000Z', 1.2), point('listing_created', '2026-11-05T08:00:00.000Z', 3)],
      listing: { amount: ETH(3), currency: 'ETH' },
    };
    await renderApp('/token/41');
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    const table = await historyTable();
    expect(marketCalls).toEqual([{ token: '7' }]);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.slice(0, 3)).toEqual([
      [expect.stringMatching(/^0\d Nov \d\d:\d\d$/), 'Listed', '2 ETH', '1'],
      [expect.stringMatching(/^0\d Nov \d\d:\d\d$/), 'Offer accepted', '1.2 ETH', '1'],
      [expect.stringMatching(/^0\d Nov \d\d:\d\d$/), 'Listed', '3 ETH', '1'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Asking today' }).nextElementSibling).toHaveTextContent('3 ETH');
    expect(screen.getByText('Asking 3 ETH')).toBeInTheDocument();
    // The picture is the chart's chunk (uPlot's canvas), hidden from screen readers (the table says the same).
    await waitFor(() => expect(document.querySelector('.price-chart-canvas canvas')).not.toBeNull());
    expect(document.querySelector('.price-chart-canvas')).toHaveAttribute('aria-hidden', 'true');
  });

  it('empty: a token never listed says so, and draws nothing', async () => {
    await renderApp('/token/41');
    expect(await screen.findByText('No sales or listings yet')).toBeInTheDocument();
    expect(document.querySelector('.price-chart')).toBeNull();
  });

  it('live: a sale of this token read again after the live event', async () => {
    const live = scriptedLive();
    history = { points: [point('listing_created', '2026-11-02T10:00:00.000Z', 2)], listing: { amount: ETH(2), currency: 'ETH' } };
    await renderApp('/token/41', { liveEvents: live.machine });
    await historyTable();
    history = { points: [...history.points, point('listing_sold', '2026-11-06T10:00:00.000Z', 2)], listing: null };
    act(() => live.emit('Sold', { token_id: '7', sale_id: '12' }));
    expect(await screen.findByRole('cell', { name: 'Sold' }, { timeout: 3500 })).toBeInTheDocument();
    expect(marketCalls).toHaveLength(2);
    expect(screen.queryByText(/^Asking /)).toBeNull();
  });
});
