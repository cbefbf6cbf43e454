import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWalletDiscovery } from '../../src/services/wallet/discovery';
import { configAnswering, demoConfig, renderApp } from './appHarness';
import { announceWallet, chainRpcFetch, fakeWalletSession } from './walletHarness';

const cleanups: Array<() => void> = [];

beforeEach(() => {
  // The demo wallet lists the chain's unlocked accounts over JSON-RPC.
  vi.stubGlobal('fetch', chainRpcFetch().fetchImpl);
});

afterEach(() => {
  vi.unstubAllGlobals();
  while (cleanups.length) cleanups.pop()!();
  resetWalletDiscovery();
  delete (window as { ethereum?: unknown }).ethereum;
});

async function openModal() {
  await userEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
  return screen.findByRole('dialog', { name: 'Connect a wallet' });
}

describe('wallet modal', () => {
  it('lists every wallet announced through EIP-6963 by its name and icon', async () => {
    cleanups.push(announceWallet({ rdns: 'io.metamask', name: 'MetaMask', icon: 'data:image/svg+xml,%3Csvg%20id%3D%22mm%22%2F%3E' }));
    await renderApp('/under-construction');
    const dialog = await openModal();
    // A wallet announcing after the modal opened appears too.
    act(() => cleanups.push(announceWallet({ rdns: 'io.rabby', name: 'Rabby Wallet' })));
    const metamask = await within(dialog).findByRole('button', { name: 'MetaMask' });
    expect(metamask.querySelector('img')).toHaveAttribute('src', 'data:image/svg+xml,%3Csvg%20id%3D%22mm%22%2F%3E');
    expect(within(dialog).getByRole('button', { name: 'Rabby Wallet' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'WalletConnect' })).toBeInTheDocument();
    // window.ethereum is not offered on top of announced wallets.
    expect(within(dialog).queryByRole('button', { name: 'Browser wallet' })).not.toBeInTheDocument();
  });

  it('behavior: falls back to a legacy window.ethereum only when nothing announces itself', async () => {
    (window as { ethereum?: unknown }).ethereum = { request: async () => [] };
    await renderApp('/under-construction');
    const dialog = await openModal();
    expect(within(dialog).getByRole('button', { name: 'Browser wallet' })).toBeInTheDocument();
  });

  it('behavior: with no wallet at all it says so and still offers WalletConnect', async () => {
    await renderApp('/under-construction');
    const dialog = await openModal();
    expect(within(dialog).getByText('No browser wallet found. Install one, or use WalletConnect.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'WalletConnect' })).toBeInTheDocument();
  });

  it('parameters: isLocalDemoChain shows the demo wallet with accounts #0–#4', async () => {
    await renderApp('/under-construction');
    const dialog = await openModal();
    const account = within(dialog).getByRole('combobox', { name: 'Account' });
    await waitFor(() => expect(within(account).getAllByRole('option')[1]).toHaveTextContent('#1 0x70...79C8'));
    expect(within(account).getAllByRole('option').map((option) => option.textContent?.slice(0, 2))).toEqual(['#0', '#1', '#2', '#3', '#4']);
    expect(within(dialog).getByRole('button', { name: 'Demo wallet' })).toBeInTheDocument();
  });

  it('parameters: without a local demo chain there is no demo wallet', async () => {
    await renderApp('/under-construction', { config: configAnswering(async () => ({ ...demoConfig, isLocalDemoChain: false })) });
    const dialog = await openModal();
    expect(within(dialog).queryByRole('button', { name: 'Demo wallet' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('behavior: choosing the demo wallet connects connector demo:<account> and the modal closes once registered', async () => {
    const fake = fakeWalletSession();
    await renderApp('/under-construction', { walletSession: fake.machine });
    const dialog = await openModal();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Account' }), '3');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Demo wallet' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Demo wallet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.connect).toEqual(['demo:3']);
    expect(fake.calls.sign).toBe(1);
  });

  it('behavior: a refused signature shows the catalogue message in the modal', async () => {
    const fake = fakeWalletSession({ signError: Object.assign(new Error('denied'), { code: 4001 }) });
    await renderApp('/under-construction', { walletSession: fake.machine });
    const dialog = await openModal();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Demo wallet' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Demo wallet' }));
    expect(await within(dialog).findByText('User denied message signature', { selector: '.wallet-modal-error' })).toBeInTheDocument();
  });

  it('accessibility: labelled dialog, focus moves in, Tab stays inside, Escape closes and focus returns', async () => {
    await renderApp('/under-construction');
    const opener = screen.getByRole('button', { name: 'Connect wallet' });
    const dialog = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let step = 0; step < 12; step += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener);
  });
});
