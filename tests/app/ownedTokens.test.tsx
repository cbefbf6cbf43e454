// Collectors relisting what they bought; the new owner's name after a live Sold: the viewer's own tokens open the token dashboard (Purchased tokens, the public token page),
// and a live Sold event names the new owner as a reload would.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import { heldToken, OTHER, scriptedLive, siblingPageEmpty, stubOwnedBackend, tokenPageOf, VIEWER, viewerSession } from './ownedTokensFixtures';
import { CREATOR, makeTokenDetail } from './tokenFixtures';

beforeEach(() => {
  forgetAllListSnapshots();
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const viewerPerson = { id: '3', address: VIEWER, alias: 'june', firstName: null, lastName: null, avatar: null };

describe('Purchased tokens: the viewer\'s own tokens', () => {
  it('marks a held token Yours (not SOLD) and opens its token dashboard; once sold on, SOLD and the public page', async () => {
    const owned = heldToken(1, { isSold: true });
    const backend = stubOwnedBackend({ getBoughtTokens: () => tokenPageOf([owned]) });
    vi.stubGlobal('fetch', backend.fetchImpl);
    const live = scriptedLive();
    await renderApp('/account/dashboard?tab=tokens', { walletSession: viewerSession(false), liveEvents: live.machine });
    const panel = await screen.findByRole('tabpanel', { name: 'Purchased tokens' });
    const card = await within(panel).findByRole('article', { name: owned.name });
    expect(within(card).getByText('Yours')).toBeInTheDocument();
    expect(within(card).queryByText('SOLD')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: owned.name })).toHaveAttribute('href', '/account/dashboard/token/h1');

    // The viewer sells it on: the live Sold moves it to another account.
    act(() => live.emit('Sold', { token_id: owned._id, buyer: OTHER, isSold: true, tokenPrice: null }));
    await waitFor(() => expect(within(card).getByText('SOLD')).toBeInTheDocument());
    expect(within(card).queryByText('Yours')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: owned.name })).toHaveAttribute('href', '/token/h1');
  });
});

describe('token page: the owner and live owners', () => {
  it('shows its owner a link to list or manage the token in the token dashboard; others get none', async () => {
    const token = makeTokenDetail();
    const backend = stubOwnedBackend({
      getTokenFromHolding: () => ({ ...token, ownerInfo: viewerPerson, tokenHolding: { ...token.tokenHolding!, owner: viewerPerson } }),
      getTokensByContainerId: () => siblingPageEmpty,
    });
    vi.stubGlobal('fetch', backend.fetchImpl);
    await renderApp('/token/41', { walletSession: viewerSession(false), liveEvents: scriptedLive().machine });
    const mine = await screen.findByRole('region', { name: 'Your token' });
    expect(within(mine).getByText('You own this token.')).toBeInTheDocument();
    expect(within(mine).getByRole('link', { name: 'List or manage it in your dashboard' })).toHaveAttribute('href', '/account/dashboard/token/41');
    expect(screen.queryByRole('region', { name: 'Buy or make an offer' })).not.toBeInTheDocument();
  });

  it('no owner link for a visitor who does not hold the token', async () => {
    const backend = stubOwnedBackend({ getTokenFromHolding: () => makeTokenDetail(), getTokensByContainerId: () => siblingPageEmpty });
    vi.stubGlobal('fetch', backend.fetchImpl);
    await renderApp('/token/41', { walletSession: viewerSession(false), liveEvents: scriptedLive().machine });
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    expect(screen.queryByRole('region', { name: 'Your token' })).not.toBeInTheDocument();
  });

  it('a live Sold shows the buyer by display name (alias) and avatar; the buyer is told they own it, with no link to the seller\'s holding', async () => {
    const backend = stubOwnedBackend({ getTokenFromHolding: () => makeTokenDetail(), getTokensByContainerId: () => siblingPageEmpty });
    vi.stubGlobal('fetch', backend.fetchImpl);
    const live = scriptedLive();
    await renderApp('/token/41', { walletSession: viewerSession(false), liveEvents: live.machine });
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    act(() =>
      live.emit('Sold', {
        token_id: '7', buyer: VIEWER, seller: CREATOR, isSold: true, tokenPrice: null,
        ownerInfo: { id: '3', address: VIEWER, alias: 'june', avatar: '/ipfs/thumbnail/bafkreijune', firstName: null, lastName: null },
      }),
    );
    const meta = screen.getByRole('region', { name: 'About this artwork' });
    await waitFor(() => expect(within(meta).getByText('june')).toBeInTheDocument());
    // The avatar as a reload shows it (the API's thumbnail URL), beside the name.
    const owner = within(meta).getByText('june').closest('.token-person')!;
    expect(owner.querySelector('img.token-avatar')).toHaveAttribute('src', '/ipfs/thumbnail/bafkreijune');
    expect(within(meta).queryByText('0x90...b906')).not.toBeInTheDocument();
    // The phone-performance work: the buyer's page says so; their holding is another one, found in the dashboard's tokens.
    const mine = screen.getByRole('region', { name: 'Your token' });
    expect(mine).toHaveTextContent('You own this token.');
    expect(within(mine).getByRole('link', { name: 'See it in your dashboard' })).toHaveAttribute('href', '/account/dashboard?tab=tokens');
    expect(within(mine).queryByRole('link', { name: 'List or manage it in your dashboard' })).not.toBeInTheDocument();
  });

  it('a live Sold without names shows the seed\'s shortened address', async () => {
    const backend = stubOwnedBackend({ getTokenFromHolding: () => makeTokenDetail(), getTokensByContainerId: () => siblingPageEmpty });
    vi.stubGlobal('fetch', backend.fetchImpl);
    const live = scriptedLive();
    await renderApp('/token/41', { liveEvents: live.machine });
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    act(() => live.emit('Sold', { token_id: '7', buyer: OTHER, isSold: true, tokenPrice: null }));
    const meta = screen.getByRole('region', { name: 'About this artwork' });
    await waitFor(() => expect(within(meta).getByText('0x15...6A65')).toBeInTheDocument());
    // No avatar known: the empty placeholder, no image.
    const owner = within(meta).getByText('0x15...6A65').closest('.token-person')!;
    expect(owner.querySelector('img')).toBeNull();
    expect(owner.querySelector('.token-avatar-empty')).not.toBeNull();
  });
});
