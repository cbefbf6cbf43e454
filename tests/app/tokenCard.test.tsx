import { act, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { getAppActor } from '../../machines/app/appMachine';
import type { TokenPatch } from '../../machines/live/liveEventsMachine';
import type { AppActor } from '../../src/app/appActorContext';
import type { MarketplaceToken } from '../../src/services/marketplace';
import { configAnswering, demoConfig } from './appHarness';
import { displayName, formatPrice, formatUnits, shortenAddress } from '../../src/app/format';
import { TokenCard } from '../../src/components/tokens/TokenCard';
import { makeToken } from './fixtures';

describe('price formatting (18 decimals, shown with up to 8)', () => {
  it.each([
    ['1000000000000000000', '1'],
    ['1500000000000000000', '1.5'],
    ['100000000000000', '0.0001'],
    ['123456789012345678', '0.12345679'], // rounded at the 8th decimal
    ['123456784999999999', '0.12345678'],
    ['1', '0'], // below the shown precision
    ['0', '0'],
    ['250000000000000000000', '250'],
    ['99999999999999999999', '100'], // rounding carries into the whole part
  ])('formatUnits(%s) = %s', (wei, shown) => {
    expect(formatUnits(wei)).toBe(shown);
  });

  it("formatPrice adds the currency symbol: the chain's own for its native currency", () => {
    expect(formatPrice({ amount: '15000000000000000', currency: 'ETH' }, 'ETH')).toBe('0.015 ETH');
    expect(formatPrice({ amount: '2000000000000000000', currency: 'ETH' }, 'matic')).toBe('2 matic');
    expect(formatPrice({ amount: '2000000000000000000', currency: '0x0000000000000000000000000000000000000000' }, 'bnb')).toBe('2 bnb');
    expect(formatPrice({ amount: '2000000000000000000', currency: 'WETH' }, 'matic')).toBe('2 WETH');
  });

  it('behavior: a malformed amount shows a dash instead of throwing', () => {
    expect(formatUnits('not-a-number')).toBe('—');
  });
});

describe('creator display name', () => {
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('first name plus last name', () => {
    expect(displayName({ address, firstName: 'Ada', alias: 'ada.eth', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });
  it('alias when there is no first name, plus last name if present', () => {
    expect(displayName({ address, alias: 'lumen' })).toBe('lumen');
    expect(displayName({ address, alias: 'lumen', lastName: 'Ray' })).toBe('lumen Ray');
  });
  it('otherwise the address shortened to first 4 and last 4 with an ellipsis', () => {
    expect(displayName({ address, lastName: 'Ray' })).toBe('0x70...79C8');
    expect(shortenAddress(address)).toBe('0x70...79C8');
  });
  it('falls back to the id when there is no address', () => {
    expect(displayName({ id: '5f8d0d55b54764421b7156c9' })).toBe('5f8d...56c9');
  });
});

let appActor: AppActor;
/** What a live event or the app's own change does: a patch in the liveEvents actor. */
const patchToken = (id: string, patch: TokenPatch) => getAppActor(appActor, 'liveEvents').send({ type: 'live.patch', id, patch });

/** A card inside the real app actor (the like button reads the wallet session) and a router (its link). */
async function renderCard(token: MarketplaceToken, eager = false) {
  appActor = createAppActor({ config: configAnswering(async () => demoConfig) });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <TokenCard token={token} eager={eager} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  render(
    <AppActorProvider actor={appActor}>
      <RouterProvider router={router} />
    </AppActorProvider>,
  );
  return screen.getByRole('article', { name: token.name });
}

const holding = (salePrice: { amount: string; currency: string } | null) => ({
  id: 'h1',
  chainId: 31337,
  createdAt: '2026-11-01T10:00:00.000Z',
  owner: { id: null, address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', alias: null, avatar: null, firstName: null, lastName: null },
  salePrice,
});

describe('TokenCard', () => {

  it('default: sized lazy thumbnail, name, creator display name, like button; no holding, so no link', async () => {
    const card = await renderCard(makeToken(7));
    const img = within(card).getByRole('img', { name: 'Artwork 7' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '400');
    expect(within(card).getByRole('heading', { name: 'Artwork 7' })).toBeInTheDocument();
    expect(within(card).getByText('lumen')).toBeInTheDocument();
    expect(within(card).getByText('Not for sale')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /like/i })).toHaveTextContent('1');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).queryByText('SOLD')).not.toBeInTheDocument();
  });

  it('a card on the first screen (eager): its thumbnail loads at once with a high priority, not lazily', async () => {
    const card = await renderCard(makeToken(8), true);
    const img = within(card).getByRole('img', { name: 'Artwork 8' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('parameters: a token with holding info links to /token/{holding id}; sale price with up to 8 decimals; SOLD', async () => {
    const token = makeToken(8, {
      isSold: true,
      creatorInfo: { id: null, address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', alias: null, avatar: null, firstName: null, lastName: null },
      tokenHolding: holding({ amount: '123456789012345678', currency: 'ETH' }),
    });
    const card = await renderCard(token);
    expect(within(card).getByText('0.12345679 ETH')).toBeInTheDocument();
    expect(within(card).getByText('0x3C...93BC')).toBeInTheDocument();
    expect(within(card).getByText('SOLD')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'Artwork 8' });
    expect(link).toHaveAttribute('href', '/token/h1');
    // Two focusable controls side by side: the like button is never inside the link.
    const like = within(card).getByRole('button', { name: /like/i });
    expect(link.contains(like)).toBe(false);
  });

  it('an unlisted token that was sold shows its last sale; a listed one shows its listing price', async () => {
    const sold = await renderCard(makeToken(11, { isSold: true, lastSale: { amount: '750000000000000000', currency: 'ETH' } }));
    expect(within(sold).getByText('Last sale 0.75 ETH')).toBeInTheDocument();
    expect(within(sold).queryByText('Not for sale')).not.toBeInTheDocument();
    const listed = await renderCard(
      makeToken(12, { lastSale: { amount: '750000000000000000', currency: 'ETH' }, tokenHolding: holding({ amount: '2000000000000000000', currency: 'ETH' }) }),
    );
    expect(within(listed).getByText('2 ETH')).toBeInTheDocument();
    expect(within(listed).queryByText(/Last sale/)).not.toBeInTheDocument();
  });

  it('behavior: a live Sold event shows SOLD, a live unlisting hides the price, without a refetch', async () => {
    const card = await renderCard(makeToken(9, { tokenHolding: holding({ amount: '15000000000000000', currency: 'ETH' }) }));
    expect(within(card).getByText('0.015 ETH')).toBeInTheDocument();
    act(() => patchToken('9', { isSold: true }));
    expect(within(card).getByText('SOLD')).toBeInTheDocument();
    act(() => patchToken('9', { priceWei: '2000000000000000000' }));
    expect(within(card).getByText('2 ETH')).toBeInTheDocument();
    act(() => patchToken('9', { priceWei: null }));
    expect(within(card).getByText('Not for sale')).toBeInTheDocument();
    // A live sale is the token's last sale now: an unlisted card shows it.
    act(() => patchToken('9', { lastSaleWei: '30000000000000000' }));
    expect(within(card).getByText('Last sale 0.03 ETH')).toBeInTheDocument();
    // Another token's patch leaves this card alone.
    act(() => patchToken('10', { isSold: false, priceWei: '1' }));
    expect(within(card).getByText('SOLD')).toBeInTheDocument();
  });
});
