import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { ContractActionInput } from '../../machines/trading/contractActionMachine';
import { ALREADY_OWNED_MESSAGE } from '../../machines/trading/tradeRules';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { FlowOverridesProvider, type FlowOverrides } from '../../src/app/flows';
import type { TradeToken } from '../../src/components/trading/TokenTradePanel';
import { SalePanel } from './salePanelHarness';
import { tokenSaleFlow } from '../../src/services/flows/token';
import { clearApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import { configAnswering, demoConfig } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const SELLER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const sale = { saleId: '4', allOutSaleId: null, seller: SELLER.toLowerCase(), amount: '1', price: { amount: '15000000000000000', currency: 'ETH' }, wasCancelled: false };
const token = (overrides: Partial<TradeToken> = {}): TradeToken => ({
  _id: '11',
  tokenId: '3',
  chainId: 31337,
  isSold: false,
  collection: { address: '0xc0', chainId: 31337 },
  tokenHolding: { owner: { address: SELLER.toLowerCase() }, salePrice: sale.price, bazaarSales: [sale] },
  ...overrides,
});

function renderPanel(props: TradeToken, walletSession?: ReturnType<typeof fakeWalletSession>['machine'], flows: FlowOverrides = {}, config = demoConfig) {
  const appActor: AppActor = createAppActor({ config: configAnswering(async () => config), ...(walletSession ? { walletSession } : {}) });
  const view = render(
    <AppActorProvider actor={appActor}>
      <FlowOverridesProvider overrides={flows}>
        <SalePanel token={props} />
      </FlowOverridesProvider>
    </AppActorProvider>,
  );
  const notice = () => appActor.system.get('notifications').getSnapshot().context.current as { kind: string; text: string } | null;
  const walletModalOpen = () => Boolean(appActor.system.get('walletModal')?.getSnapshot().hasTag('open'));
  return { ...view, appActor, notice, walletModalOpen };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearApiKey(ALICE);
});

/** The server's trade check answering `status` / `body`; records each request (a unit test: no server here). */
function stubTradeCheck(status: number, body: unknown) {
  const requests: Array<{ url: string; headers: Headers; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ url: String(input), headers: new Headers(init.headers), body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return requests;
}

async function registeredAlice() {
  const login = loginOf(ALICE);
  // The login the session stored at sign-in: the trade check signs its request with it.
  await saveApiKey(ALICE, login);
  return { login, session: fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: login }) };
}

describe('TokenTradePanel (requirements: token page, trading offers)', () => {
  it('shows nothing without an active sale', () => {
    renderPanel(token({ tokenHolding: { owner: { address: SELLER }, bazaarSales: [{ ...sale, wasCancelled: true }] } }));
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make offer' })).toBeNull();
  });

  it('shows the buy button with the price; a visitor gets the connect-wallet order message and the wallet modal', async () => {
    const { notice, walletModalOpen } = renderPanel(token());
    const buy = screen.getByRole('button', { name: 'Buy for 0.015 ETH' });
    expect(walletModalOpen()).toBe(false);
    // Disabled until the wallet session has restored (here: nothing to restore), then a click says what is missing.
    await waitFor(() => expect(buy).toHaveProperty('disabled', false));
    fireEvent.click(buy);
    expect(notice()).toMatchObject({ kind: 'error', text: 'Please connect your wallet to place the order' });
    expect(walletModalOpen()).toBe(true);
  });

  it("on Polygon the price, Buy and the offer field name its native currency by the config's symbol, matic", async () => {
    const polygon = { ...demoConfig, evms: [{ ...demoConfig.evms[0]!, chainId: 137, name: 'Polygon', symbol: 'matic' }] };
    renderPanel(token({ chainId: 137, collection: { address: '0xc0', chainId: 137 } }), undefined, {}, polygon);
    expect(await screen.findByRole('button', { name: 'Buy for 0.015 matic' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make offer' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    expect(screen.getByLabelText('Your offer (matic)')).toBeTruthy();
  });

  it('toggles the offer button to an input with Make offer (disabled while empty or invalid) and Cancel', async () => {
    const { notice } = renderPanel(token());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make offer' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    const input = screen.getByLabelText('Your offer (ETH)');
    const submit = screen.getByRole('button', { name: 'Make offer' });
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '0.00001' } });
    expect(screen.getByRole('alert').textContent).toBe('Minimum allowed price is 0.0001');
    expect(submit).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: '0.01' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.click(submit);
    expect(notice()).toMatchObject({ text: 'Please connect your wallet to place an offer' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Your offer (ETH)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Make offer' })).toBeTruthy();
  });

  it('hides for the owner and once the token was just sold', async () => {
    const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) });
    const owned = token({ tokenHolding: { owner: { address: ALICE.toLowerCase() }, bazaarSales: [{ ...sale, seller: ALICE.toLowerCase() }] } });
    const { appActor, rerender } = renderPanel(owned, session.machine);
    await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();

    rerender(
      <AppActorProvider actor={appActor}>
        <SalePanel token={token()} />
      </AppActorProvider>,
    );
    expect(screen.getByRole('button', { name: 'Buy for 0.015 ETH' })).toBeTruthy();
    act(() => appActor.system.get('liveEvents').send({ type: 'live.patch', id: '11', patch: { isSold: true } }));
    expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull();
  });

  it('tells a registered seller viewing another owner\'s holding that they are the seller', async () => {
    const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) });
    const { appActor, notice } = renderPanel(token({ tokenHolding: { owner: { address: SELLER }, bazaarSales: [{ ...sale, seller: ALICE.toLowerCase() }] } }), session.machine);
    await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /Buy for/ }));
    expect(notice()).toMatchObject({ kind: 'error', text: 'Sorry. Order cannot be placed as you are the seller' });
  });

  it("asks the server's trade check before the wallet: a refusal shows the server's message and sends nothing", async () => {
    const { login, session } = await registeredAlice();
    const requests = stubTradeCheck(403, { error: 'already_owned', message: ALREADY_OWNED_MESSAGE });
    const { appActor, notice } = renderPanel(token(), session.machine);
    await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Buy for 0.015 ETH' }));
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'error', text: ALREADY_OWNED_MESSAGE }));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe('/api/v1/trade/check');
    expect(requests[0]!.headers.get('Authorization')).toBe(`Bearer ${ALICE.toLowerCase()}:${login.apiKey.key}`);
    expect(requests[0]!.body).toEqual({ kind: 'order', chainId: 31337, saleId: '4', token_id: '11', price: '0.015' });
    // Back to idle: the buttons are enabled again, nothing is waiting for the wallet.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy for 0.015 ETH' })).toHaveProperty('disabled', false));
  });

  it('goes on to the wallet once the check accepts an offer', async () => {
    const { session } = await registeredAlice();
    const requests = stubTradeCheck(200, { ok: true });
    const { appActor, notice } = renderPanel(token(), session.machine);
    await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    fireEvent.change(screen.getByLabelText('Your offer (ETH)'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    await waitFor(() => expect(notice()).toMatchObject({ kind: 'sticky', text: 'Approve in wallet' }));
    expect(requests.map((r) => r.body)).toEqual([{ kind: 'offer', chainId: 31337, saleId: '4', token_id: '11', price: '0.01' }]);
  });

  it('a purchase runs the flow\'s contract action (overridden by the flow id): busy while it runs, then SOLD for the buyer at once', async () => {
    const { session } = await registeredAlice();
    const runs: ContractActionInput[] = [];
    let finish: (output: { error: null; hash: string }) => void = () => {};
    const flows = {
      sale: tokenSaleFlow.provide({
        actors: {
          contractAction: fromPromise<{ error: null; hash: string }, ContractActionInput>(({ input }) => {
            runs.push(input);
            return new Promise((resolve) => (finish = resolve));
          }) as never,
        },
      }),
    };
    const { appActor } = renderPanel(token(), session.machine, flows);
    await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Buy for 0.015 ETH' }));
    expect(runs.map((run) => run.action)).toEqual([
      { type: 'makeOffer', chainId: 31337, saleId: '4', tokenId: '3', amount: '1', currency: 'ETH', token_id: '11', priceWei: '15000000000000000', purchase: true },
    ]);
    expect(screen.getByRole('button', { name: 'Buy for 0.015 ETH' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Make offer' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status')).toHaveTextContent('Preparing transaction…');
    await act(async () => finish({ error: null, hash: '0xfeed' }));
    expect(appActor.system.get('liveEvents').getSnapshot().context.patches['11']).toEqual({ isSold: true, ownerAddress: ALICE });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Buy/ })).toBeNull());
  });
});
