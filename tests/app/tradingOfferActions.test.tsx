import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { ContractActionInput } from '../../machines/trading/contractActionMachine';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { FlowOverridesProvider, useFlow, type FlowOverrides } from '../../src/app/flows';
import { OfferActions, type OfferRow } from '../../src/components/trading/OfferActions';
import { tokenOfferActionsFlow } from '../../src/services/flows/token';
import { configAnswering, demoConfig } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const offer = (overrides: Partial<OfferRow>): OfferRow => ({
  saleId: '4',
  tokenId: '3',
  buyer: { address: OTHER.toLowerCase() },
  seller: OTHER.toLowerCase(),
  price: { amount: '10000000000000000', currency: 'ETH' },
  state: 'made',
  ...overrides,
});

/** One row of the token page's offers, with the page's offer flow (as TokenOffers runs it). */
function Row({ row }: { row: OfferRow }) {
  const actions = useFlow(tokenOfferActionsFlow, { input: { token: { tokenId: '3', chainId: 31337 } } });
  return <OfferActions offer={row} actions={actions} />;
}

async function renderSignedIn(row: OfferRow, signedIn = true, flows: FlowOverrides = {}) {
  const session = fakeWalletSession(signedIn ? { restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) } : {});
  const appActor: AppActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession: session.machine });
  const view = render(
    <AppActorProvider actor={appActor}>
      <FlowOverridesProvider overrides={flows}>
        <Row row={row} />
      </FlowOverridesProvider>
    </AppActorProvider>,
  );
  if (signedIn) await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
  return view;
}

describe('OfferActions (requirements: trading offers; only the seller accepts)', () => {
  it('offers Accept to the seller', async () => {
    await renderSignedIn(offer({ seller: ALICE.toLowerCase() }));
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retract' })).toBeNull();
  });

  it('offers Retract to the buyer, with the retract message once the sale was cancelled', async () => {
    const { unmount } = await renderSignedIn(offer({ buyer: { address: ALICE } }));
    expect(await screen.findByRole('button', { name: 'Retract' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByText('No longer available. Please retract your offer')).toBeNull();
    unmount();
    await renderSignedIn(offer({ buyer: { address: ALICE }, state: 'invalidated' }));
    expect(await screen.findByText('No longer available. Please retract your offer')).toBeTruthy();
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

  it('Accept runs the flow\'s contract action (a test overrides the flow by its id): disabled while it runs, gone once it succeeded', async () => {
    const runs: ContractActionInput[] = [];
    let finish: (output: { error: null; hash: string }) => void = () => {};
    const flows = {
      offer: tokenOfferActionsFlow.provide({
        actors: {
          contractAction: fromPromise<{ error: null; hash: string }, ContractActionInput>(({ input }) => {
            runs.push(input);
            return new Promise((resolve) => (finish = resolve));
          }) as never,
        },
      }),
    };
    await renderSignedIn(offer({ seller: ALICE.toLowerCase() }), true, flows);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    act(() => accept.click());
    expect(runs).toEqual([
      {
        action: { type: 'acceptOffer', chainId: 31337, saleId: '4', buyer: OTHER.toLowerCase(), tokenId: '3', priceWei: '10000000000000000', currency: 'ETH' },
        account: ALICE,
        walletChainId: 31337,
        networkName: expect.any(String),
        isMobile: false,
        nativeSymbol: 'ETH',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status')).toHaveTextContent('Preparing transaction…');
    await act(async () => finish({ error: null, hash: '0xfeed' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
  });
});
