import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { NOT_FOUND_TEXT } from '../../src/views/status/NotFoundView';
import { renderApp } from './appHarness';
import { COLLECTOR, CREATOR, TIDE_ADDRESS, creationsBackend, heldToken, tideLoops, type CreationsBackendState } from './dashboardCreationsFixtures';
import { fakeWalletSession, loginOf } from './walletHarness';

let state: CreationsBackendState;
let backend: ReturnType<typeof creationsBackend>;

beforeEach(() => {
  // Each test starts from page 1, not from the list the previous one left on unmount (kept for Back navigation).
  forgetAllListSnapshots();
  state = { created: [tideLoops()], allOut: {}, listings: {}, tokens: [] };
  backend = creationsBackend(state);
  vi.stubGlobal('fetch', backend.fetchImpl);
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = (address: string) =>
  fakeWalletSession({ restored: { address, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(address, { isCreator: true }) }).machine;
// The address in the URL in another case than the server's: the view resolves it all the same.
const PATH = `/account/dashboard/collection/${TIDE_ADDRESS.toUpperCase().replace('0X', '0x')}/31337`;
const tokenCalls = () => backend.calls.filter((call) => call.operationName === 'getDashboardCollectionTokens');

describe('collection tokens view (/account/dashboard/collection/$address/$chainId, route my-collection-dashboard)', () => {
  it('default: the collection name, and its tokens 15 at a time as the viewer holds them', async () => {
    state.tokens = Array.from({ length: 16 }, (_, i) => heldToken(i + 1, CREATOR));
    const { router } = await renderApp(PATH, { walletSession: signedIn(CREATOR) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tidal Loops' })).toBeInTheDocument();
    expect(router.state.matches.at(-1)?.staticData).toEqual({ name: 'my-collection-dashboard' });
    const grid = await screen.findByRole('list', { name: 'Tokens of Tidal Loops' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(15);
    expect(tokenCalls()[0]!.variables).toEqual({ container_id: '7', owner: CREATOR, pagination: { perPage: 15 } });
    expect(backend.calls.find((call) => call.operationName === 'getCollections')?.variables).toEqual({ address: TIDE_ADDRESS, chainId: 31337 });
  });

  it('links: the viewer\'s own tokens open the token dashboard, others the token page, none without holding info', async () => {
    state.tokens = [heldToken(1, CREATOR, '101'), heldToken(2, COLLECTOR, '202'), heldToken(3, null)];
    await renderApp(PATH, { walletSession: signedIn(CREATOR.toUpperCase().replace('0X', '0x')) });
    const grid = await screen.findByRole('list', { name: 'Tokens of Tidal Loops' });
    expect(within(grid).getByRole('link', { name: 'Wave 1' })).toHaveAttribute('href', '/account/dashboard/token/101');
    expect(within(grid).getByRole('link', { name: 'Wave 2' })).toHaveAttribute('href', '/token/202');
    expect(within(grid).queryByRole('link', { name: 'Wave 3' })).not.toBeInTheDocument();
    expect(within(grid).getByRole('article', { name: 'Wave 3' })).toBeInTheDocument();
    expect(within(grid).getByText('Yours')).toBeInTheDocument();
  });

  it('unknown collection: the 404 view', async () => {
    state.created = [];
    await renderApp(PATH, { walletSession: signedIn(CREATOR) });
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(tokenCalls()).toEqual([]));
  });
});
