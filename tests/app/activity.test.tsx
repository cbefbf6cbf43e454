import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../src/services/activity';
import { configAnswering, demoConfig, IntersectingAtOnce, renderApp } from './appHarness';
import { OTHER, pageOfNodes, scriptedLive, stubDashboardBackend, VIEWER, viewerSession } from './dashboardTabsFixtures';

// The Activity section (issue: history): the dashboard's Activity tab reads the viewer's on-chain history through
// getActivity, a row per event with its price, people, date and transaction, and reads page 1 again when live events
// say lists are stale. Its code loads when the section nears the screen (an IntersectionObserver that reports it at once).

const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const person = (address: string, alias: string | null = null) => ({ id: null, address, alias, avatar: null, firstName: null, lastName: null });

function row(id: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: String(id),
    type: 'listing_sold',
    chainId: 31337,
    amount: '1',
    transactionHash: HASH,
    blockNumber: 40 + id,
    createdAt: new Date().toISOString(),
    price: { amount: '250000000000000000', currency: 'ETH' },
    from: person(OTHER, 'seller5'),
    to: person(VIEWER, 'june'),
    token: { _id: `t${id}`, tokenId: String(id), name: `Artwork ${id}`, container_id: '12', collectionName: 'Tidal Loops', holdingId: `h${id}` },
    ...overrides,
  } as ActivityEntry;
}

let rows: ActivityEntry[] = [];
let backend: ReturnType<typeof stubDashboardBackend>;

beforeEach(() => {
  rows = [];
  backend = stubDashboardBackend({ getActivity: () => pageOfNodes(rows, (node) => node.id) });
  vi.stubGlobal('fetch', backend.fetchImpl);
  vi.stubGlobal('IntersectionObserver', IntersectingAtOnce);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const openActivity = (options: { config?: ReturnType<typeof configAnswering> } = {}) => {
  const live = scriptedLive();
  return renderApp('/account/dashboard?tab=activity', { walletSession: viewerSession(false), liveEvents: live.machine, ...options }).then(() => live);
};
const table = () => screen.findByRole('table');

describe('Activity (dashboard tab)', () => {
  it('default: a row per event, newest first, with its type, item, price, people, date and transaction hash with Copy', async () => {
    rows = [row(2), row(1, { type: 'mint', price: null, from: null, to: person(OTHER, 'seller5') })];
    await openActivity();
    await waitFor(() => expect(backend.callsOf('getActivity')[0]?.variables).toEqual({ filter: { account: VIEWER }, pagination: { perPage: 20 } }));
    const body = within(await table()).getAllByRole('row').slice(1);
    expect(body).toHaveLength(2);
    expect(within(body[0]!).getByText('Sold')).toBeInTheDocument();
    expect(within(body[0]!).getByRole('link', { name: 'Artwork 2' })).toHaveAttribute('href', '/token/h2');
    expect(within(body[0]!).getByText('0.25 ETH')).toBeInTheDocument();
    expect(within(body[0]!).getByText('seller5')).toBeInTheDocument();
    expect(within(body[0]!).getByText('june')).toBeInTheDocument();
    // 'N days' where dates are relative: today's event says today.
    expect(within(body[0]!).getByText(/· today/)).toBeInTheDocument();
    expect(within(body[1]!).getByText('Minted')).toBeInTheDocument();
    expect(within(body[1]!).getAllByText('—')).toHaveLength(2);
    // No explorer in the demo's config: the hash, shortened, with Copy.
    expect(within(body[0]!).getByText('0x5c...2060')).toHaveAttribute('title', HASH);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(within(body[0]!).getByRole('button', { name: 'Copy transaction hash 0x5c...2060' }));
    expect(writeText).toHaveBeenCalledWith(HASH);
    expect(within(body[0]!).getByRole('button', { name: 'Copy transaction hash 0x5c...2060' })).toHaveTextContent('Copied');
  });

  it('parameters: a chain with a block explorer links each row to its transaction there', async () => {
    rows = [row(3)];
    const evm = { ...demoConfig.evms[0]!, blockExplorerUrl: 'https://explorer.example.org' };
    await openActivity({ config: configAnswering(async () => ({ ...demoConfig, evms: [evm] })) });
    const link = within(await table()).getByRole('link', { name: /0x5c\.\.\.2060/ });
    expect(link).toHaveAttribute('href', `https://explorer.example.org/tx/${HASH}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: /Copy transaction hash/ })).not.toBeInTheDocument();
  });

  it('empty: no history says so', async () => {
    await openActivity();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('live: a sale arriving on the socket appears without a reload (page 1 read again)', async () => {
    rows = [row(1)];
    const live = await openActivity();
    await table();
    const before = backend.callsOf('getActivity').length;
    rows = [row(2, { type: 'offer_created', to: person(OTHER, 'seller5'), from: person(VIEWER, 'june') }), row(1)];
    act(() => live.emit('OfferMade', { token_id: 't2', seller: OTHER, buyer: VIEWER, sale_id: '27' }));
    expect(await screen.findByText('Offer made', {}, { timeout: 3500 })).toBeInTheDocument();
    expect(backend.callsOf('getActivity').length).toBe(before + 1);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });
});
