import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { renderApp } from './appHarness';
import { ALICE, chainRpcFetch, fakeWalletSession, loginOf } from './walletHarness';

const accountJson = (overrides: Record<string, unknown> = {}) => ({
  id: '2',
  address: ALICE.toLowerCase(),
  alias: 'lumen',
  email: 'lumen@example.com',
  avatar: null,
  isCreator: false,
  isBanned: false,
  ...overrides,
});

let apiCalls: Array<{ url: string; init?: RequestInit }>;

beforeEach(() => {
  apiCalls = [];
  const chain = chainRpcFetch();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith('/api/')) return chain.fetchImpl(input, init);
    apiCalls.push({ url, init });
    return new Response(JSON.stringify(accountJson()), { headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const registeredSession = () =>
  fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) });

describe('header wallet slot', () => {
  it('default: a visitor without a wallet sees the connect button, no avatar', async () => {
    await renderApp('/under-construction');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Connect wallet' })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: /Profile of/ })).not.toBeInTheDocument();
  });

  it('behavior: a registered session shows the avatar (initials) linking to /profile instead', async () => {
    await renderApp('/under-construction', { walletSession: registeredSession().machine });
    const header = screen.getByRole('banner');
    const avatar = await within(header).findByRole('link', { name: 'Profile of lumen' });
    expect(avatar).toHaveAttribute('href', '/profile');
    // The initials are drawn by CSS from data-initials: no text beside the link's name (WCAG 2.5.3).
    expect(avatar.querySelector('.account-avatar-initials')).toHaveAttribute('data-initials', 'LU');
    expect(avatar).toHaveTextContent('');
    expect(within(header).queryByRole('button', { name: 'Connect wallet' })).not.toBeInTheDocument();
  });

  it('behavior: the mobile menu has the connect button, and the profile link once registered', async () => {
    const { appActor } = await renderApp('/under-construction', { walletSession: fakeWalletSession().machine });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    let menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('button', { name: 'Connect wallet' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    act(() => getAppActor(appActor, 'walletSession').send({ type: 'wallet.connect', connectorId: 'demo:1' }));
    menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(await within(menu).findByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('link', { name: 'Profile of lumen' })).toBeInTheDocument();
  });
});

describe('route guard (_auth)', () => {
  it('behavior: /profile while disconnected goes to /connect-wallet?from=/profile with the modal open, then lands on /profile after connecting', async () => {
    const fake = fakeWalletSession();
    const { router, appActor } = await renderApp('/profile', { walletSession: fake.machine });
    expect(router.state.location.pathname).toBe('/connect-wallet');
    expect(router.state.location.search).toEqual({ from: '/profile' });
    expect(screen.getByRole('heading', { name: 'Connect your wallet' })).toBeInTheDocument();
    expect(screen.getByText('This page needs a connected wallet.')).toBeInTheDocument();
    await waitFor(() => expect(getAppActor(appActor, 'walletModal').getSnapshot().hasTag('open')).toBe(true));

    act(() => getAppActor(appActor, 'walletSession').send({ type: 'wallet.connect', connectorId: 'demo:1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(getAppActor(appActor, 'walletModal').getSnapshot().hasTag('open')).toBe(false);
  });

  it('behavior: the guard waits 300 ms before redirecting', async () => {
    const started = Date.now();
    const { router } = await renderApp('/profile', { walletSession: fakeWalletSession().machine });
    expect(router.state.location.pathname).toBe('/connect-wallet');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('behavior: a restored registered session opens /profile directly, without signing', async () => {
    const fake = registeredSession();
    const { router } = await renderApp('/profile', { walletSession: fake.machine });
    expect(router.state.location.pathname).toBe('/profile');
    expect(fake.calls.sign).toBe(0);
  });

  it('behavior: a banned account sees "This account is banned" on the connect page', async () => {
    const fake = fakeWalletSession({
      restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' },
      stored: loginOf(ALICE, { isBanned: true }),
    });
    const { router } = await renderApp('/profile', { walletSession: fake.machine });
    expect(router.state.location.pathname).toBe('/connect-wallet');
    expect(within(screen.getByRole('main')).getByText('This account is banned')).toBeInTheDocument();
  });

  it('parameters: from must be a path of this app (another origin is dropped)', async () => {
    const { router } = await renderApp('/connect-wallet?from=%2F%2Fevil.example%2F', { walletSession: fakeWalletSession().machine });
    expect((router.state.matches.at(-1)?.search as { from?: string }).from).toBeUndefined();
    const fromProfile = await renderApp('/connect-wallet?from=%2Fprofile', { walletSession: fakeWalletSession().machine });
    expect((fromProfile.router.state.matches.at(-1)?.search as { from?: string }).from).toBe('/profile');
  });
});
