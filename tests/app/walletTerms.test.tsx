import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWalletDiscovery } from '../../src/services/wallet/discovery';
import { ACCEPTED_TERMS_KEY, hasAcceptedTerms, rememberAcceptedTerms } from '../../src/services/wallet/termsStore';
import { renderApp } from './appHarness';
import { ALICE, chainRpcFetch, fakeWalletSession } from './walletHarness';

// See docs/requirements.md#wallet-session: the first sign-in of an address asks to accept the terms of service.

beforeEach(() => {
  vi.stubGlobal('fetch', chainRpcFetch().fetchImpl);
  localStorage.removeItem(ACCEPTED_TERMS_KEY);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetWalletDiscovery();
});

async function connectDemoWallet() {
  await userEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' });
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Demo wallet' })).toBeEnabled());
  await userEvent.click(within(dialog).getByRole('button', { name: 'Demo wallet' }));
  return dialog;
}

describe('terms of service at the first sign-in', () => {
  it('asks with a link to /tos; Accept signs in and remembers the address', async () => {
    const fake = fakeWalletSession({ termsAccepted: false });
    await renderApp('/under-construction', { walletSession: fake.machine });
    const dialog = await connectDemoWallet();
    const terms = await within(dialog).findByRole('region', { name: 'Terms of service' });
    expect(within(terms).getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', '/tos');
    expect(within(terms).getByRole('button', { name: 'Accept' })).toHaveFocus();
    expect(fake.calls.sign).toBe(0);
    await userEvent.click(within(terms).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.acceptedTerms).toEqual([ALICE]);
    expect(fake.calls.sign).toBe(1);
  });

  it('Decline (or closing the dialog) leaves the user signed out: nothing signed, nothing stored', async () => {
    const fake = fakeWalletSession({ termsAccepted: false });
    await renderApp('/under-construction', { walletSession: fake.machine });
    let dialog = await connectDemoWallet();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByRole('button', { name: 'Demo wallet' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Terms of service' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Demo wallet' }));
    await within(dialog).findByRole('region', { name: 'Terms of service' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Connect wallet' })).toBeInTheDocument();
    expect(fake.calls).toMatchObject({ sign: 0, stored: [], acceptedTerms: [] });
    dialog = await (async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Connect wallet' }));
      return screen.findByRole('dialog', { name: 'Connect a wallet' });
    })();
    expect(within(dialog).getByRole('button', { name: 'Demo wallet' })).toBeInTheDocument();
  });

  it('an address that accepted before is not asked', async () => {
    const fake = fakeWalletSession({ termsAccepted: true });
    await renderApp('/under-construction', { walletSession: fake.machine });
    await connectDemoWallet();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.sign).toBe(1);
    expect(fake.calls.acceptedTerms).toEqual([]);
  });

  it('the store remembers per address, case-insensitively, in localStorage', () => {
    expect(hasAcceptedTerms(ALICE)).toBe(false);
    rememberAcceptedTerms(ALICE);
    rememberAcceptedTerms(ALICE.toLowerCase());
    expect(JSON.parse(localStorage.getItem(ACCEPTED_TERMS_KEY)!)).toEqual([ALICE.toLowerCase()]);
    expect(hasAcceptedTerms(ALICE.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(hasAcceptedTerms('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe(false);
    localStorage.setItem(ACCEPTED_TERMS_KEY, '{not json');
    expect(hasAcceptedTerms(ALICE)).toBe(false);
  });
});
