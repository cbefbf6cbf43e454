import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { renderApp } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

// The studio entry (/studio, /studio/connect) and the studio guard (/_studio): who sees the apply card, where a
// creator goes, where a visitor and a non-creator are sent.

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    // The studio list a creator lands on: no collections → the list machine goes on to studio-create.
    if (url === '/graphql') {
      return Response.json({ data: { getAllCanvas: { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] } } });
    }
    return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = (isCreator: boolean) =>
  fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE, { isCreator }), signed: loginOf(ALICE, { isCreator }) });

describe('studio entry', () => {
  it('default: /studio goes to /studio/connect; a visitor sees the connect-as-artist and the apply cards', async () => {
    const { router, appActor } = await renderApp('/studio', { walletSession: fakeWalletSession().machine });
    expect(router.state.location.pathname).toBe('/studio/connect');
    expect(screen.getByRole('heading', { level: 1, name: 'Studio' })).toBeInTheDocument();
    const connect = screen.getByRole('article', { name: 'Connect as an artist' });
    expect(screen.getByRole('article', { name: 'Apply as an artist' })).toHaveTextContent('Art Bazaar is curated');
    await userEvent.click(within(connect).getByRole('button', { name: 'Connect wallet' }));
    expect(getAppActor(appActor, 'walletModal').getSnapshot().hasTag('open')).toBe(true);
  });

  it('behavior: a signed-in account that is not a creator is told so and still sees the apply card with its address', async () => {
    await renderApp('/studio/connect', { walletSession: signedIn(false).machine });
    const connect = await screen.findByRole('article', { name: 'Connect as an artist' });
    expect(within(connect).getByRole('note')).toHaveTextContent(`You are signed in as ${ALICE}, which is not registered as an artist.`);
    expect(within(connect).getByRole('button', { name: 'Switch wallet' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Apply as an artist' })).toHaveTextContent(`Your address: ${ALICE}`);
  });

  it('behavior: a creator landing on /studio/connect goes to the studio list (and on, with no collections, to create)', async () => {
    const { router } = await renderApp('/studio/connect', { walletSession: signedIn(true).machine });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/studio/connect'));
    expect(['/studio/list', '/studio/create']).toContain(router.state.location.pathname);
    expect(screen.queryByRole('article', { name: 'Apply as an artist' })).not.toBeInTheDocument();
  });

  it('behavior: a creator who signs in on the entry page is taken to the studio list', async () => {
    const fake = fakeWalletSession({ signed: loginOf(ALICE, { isCreator: true }) });
    const { router, appActor } = await renderApp('/studio/connect', { walletSession: fake.machine });
    expect(screen.getByRole('article', { name: 'Apply as an artist' })).toBeInTheDocument();
    act(() => getAppActor(appActor, 'walletSession').send({ type: 'wallet.connect', connectorId: 'demo:1' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/studio/connect'));
    expect(['/studio/list', '/studio/create']).toContain(router.state.location.pathname);
  });
});

describe('studio guard (_studio)', () => {
  it('behavior: without a wallet, /studio/list waits 300 ms and goes to /connect-wallet?from=/studio/list', async () => {
    const started = Date.now();
    const { router } = await renderApp('/studio/list', { walletSession: fakeWalletSession().machine });
    expect(router.state.location.pathname).toBe('/connect-wallet');
    expect(router.state.location.search).toEqual({ from: '/studio/list' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('behavior: a signed-in account that is not a creator is sent to /studio/connect', async () => {
    const { router } = await renderApp('/studio/list', { walletSession: signedIn(false).machine });
    expect(router.state.location.pathname).toBe('/studio/connect');
    expect(await screen.findByRole('article', { name: 'Apply as an artist' })).toBeInTheDocument();
  });

  it('behavior: a creator opens /studio/list', async () => {
    const fake = signedIn(true);
    const { router } = await renderApp('/studio/list', { walletSession: fake.machine });
    expect(router.state.location.pathname).toBe('/studio/list');
    expect(fake.calls.sign).toBe(0);
  });
});
