import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { OfferActions, type OfferRow } from '../../src/components/trading/OfferActions';
import { configAnswering, demoConfig } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const tokenInfo = { _id: '11', tokenId: '3', chainId: 31337, collection: { address: '0xc0', chainId: 31337 } };
const offer = (overrides: Partial<OfferRow>): OfferRow => ({
  saleId: '4',
  tokenId: '3',
  buyer: { address: OTHER.toLowerCase() },
  seller: OTHER.toLowerCase(),
  price: { amount: '10000000000000000', currency: 'ETH' },
  state: 'made',
  ...overrides,
});

async function renderSignedIn(row: OfferRow, signedIn = true) {
  const session = fakeWalletSession(signedIn ? { restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) } : {});
  const appActor: AppActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession: session.machine });
  const view = render(
    <AppActorProvider actor={appActor}>
      <OfferActions offer={row} token={tokenInfo} />
    </AppActorProvider>,
  );
  if (signedIn) await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
  return view;
}

describe('OfferActions (seed 000 §4 offers, §6 only the seller accepts)', () => {
  it('offers Accept to the seller', async () => {
    await renderSignedIn(offer({ seller: ALICE.toLowerCase() }));
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retract' })).toBeNull();
  });

  it('offers Retract to the buyer, with the retract message once the sale was cancelled', async () => {
    const { unmount } = await renderSignedIn(offer({ buyer: { address: ALICE } }));
    expect(screen.getByRole('button', { name: 'Retract' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    unmount();
    await renderSignedIn(offer({ buyer: { address: ALICE }, state: 'invalidated' }));
    expect(screen.getByText('No longer available. Please retract your offer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retract' })).toBeTruthy();
  });

  it('shows nothing to others, to visitors and for finished offers', async () => {
    const first = await renderSignedIn(offer({}));
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    const second = await renderSignedIn(offer({ seller: ALICE }), false);
    expect(screen.queryByRole('button')).toBeNull();
    second.unmount();
    await renderSignedIn(offer({ seller: ALICE, state: 'accepted' }));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
