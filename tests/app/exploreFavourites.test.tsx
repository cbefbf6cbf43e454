import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { FAVOURITES_CONNECT_MESSAGE } from '../../src/views/explore/FavouritesList';
import { renderApp } from './appHarness';
import { FakeIntersectionObserver, stubGraphql, tokensAnswer, type GraphqlCall } from './exploreFixtures';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const registered = () => fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) }).machine;

function favourites(total: number) {
  return (call: GraphqlCall) => {
    if (call.operationName === 'getLikedTokensByAccount') return { getLikedTokensByAccount: tokensAnswer(total)(call) };
    if (call.operationName === 'getMarketplaceCollections') return { getMarketplaceCollections: tokensAnswer(0)(call) };
    throw new Error(`unexpected ${call.operationName}`);
  };
}

describe('explore favourites', { timeout: 30_000 }, () => {
  beforeEach(() => {
    forgetAllListSnapshots();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('behavior: a visitor without a wallet sees the connect-wallet message after the wallet settles and 300 ms', async () => {
    const server = stubGraphql(favourites(3));
    await renderApp('/explore?view=myFavorites', { walletSession: fakeWalletSession().machine });
    expect(screen.getByRole('radio', { name: 'My favourites' })).toBeChecked();
    // First the wait (docs/requirements.md#explore: favourites wait 300 ms for the wallet connection).
    expect(screen.getByRole('status')).toHaveTextContent('Checking your wallet…');
    expect(await screen.findByText(FAVOURITES_CONNECT_MESSAGE)).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'My favourites' });
    expect(within(results).getByRole('button', { name: 'Connect wallet' })).toBeInTheDocument();
    expect(server.of('getLikedTokensByAccount')).toHaveLength(0);
  });

  it('default: a registered account sees its liked tokens, 15 per page, asked for by its address', async () => {
    const server = stubGraphql(favourites(18));
    await renderApp('/explore?view=myFavorites', { walletSession: registered() });
    const grid = await screen.findByRole('list', { name: 'My favourites' });
    expect(within(grid).getAllByRole('article')).toHaveLength(15);
    expect(server.of('getLikedTokensByAccount')[0]!.variables).toEqual({ account_id: ALICE.toLowerCase(), pagination: { perPage: 15 } });
  });

  it('behavior: a registered account without likes sees the connect-wallet message, without the connect button', async () => {
    stubGraphql(favourites(0));
    await renderApp('/explore?view=myFavorites', { walletSession: registered() });
    expect(await screen.findByText(FAVOURITES_CONNECT_MESSAGE)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'My favourites' })).queryByRole('button', { name: 'Connect wallet' })).not.toBeInTheDocument();
  });
});
