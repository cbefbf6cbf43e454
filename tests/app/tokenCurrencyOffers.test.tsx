import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AppConfig } from '../../machines/config/configMachine';
import type { ContractActionInput } from '../../machines/trading/contractActionMachine';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { FlowOverridesProvider } from '../../src/app/flows';
import { currencySymbol } from '../../src/components/trading/currency';
import type { TradeToken } from '../../src/components/trading/TokenTradePanel';
import { SalePanel } from './salePanelHarness';
import { tokenSaleFlow } from '../../src/services/flows/token';
import { clearApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import { configAnswering, demoConfig } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

// Token-currency offers (the marketplace gaps review (item 7), docs/requirements.md#trading-offers): the offer form's currency choice from the public config,
// and prices in a token shown by its symbol.
const WETH = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const wethConfig: AppConfig = { ...demoConfig, evms: [{ ...demoConfig.evms[0]!, tokenCurrencies: [{ address: WETH, symbol: 'WETH', decimals: 18 }] }] };
const SELLER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const sale = { saleId: '4', allOutSaleId: null, seller: SELLER, amount: '1', price: { amount: '15000000000000000', currency: 'ETH' }, wasCancelled: false };
const token: TradeToken = {
  _id: '11',
  tokenId: '3',
  chainId: 31337,
  isSold: false,
  collection: { address: '0xc0', chainId: 31337 },
  tokenHolding: { owner: { address: SELLER }, salePrice: sale.price, bazaarSales: [sale] },
};

afterEach(async () => {
  await clearApiKey(ALICE);
});

async function renderPanel(config: AppConfig) {
  const login = loginOf(ALICE);
  await saveApiKey(ALICE, login);
  const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: login });
  const runs: ContractActionInput[] = [];
  const flows = {
    sale: tokenSaleFlow.provide({
      actors: {
        contractAction: fromPromise<{ error: null; hash: string }, ContractActionInput>(({ input }) => {
          runs.push(input);
          return new Promise(() => {});
        }) as never,
      },
    }),
  };
  const appActor: AppActor = createAppActor({ config: configAnswering(async () => config), walletSession: session.machine });
  render(
    <AppActorProvider actor={appActor}>
      <FlowOverridesProvider overrides={flows}>
        <SalePanel token={token} />
      </FlowOverridesProvider>
    </AppActorProvider>,
  );
  await waitFor(() => expect(appActor.system.get('walletSession').getSnapshot().hasTag('registered')).toBe(true));
  return { runs };
}

describe('offers in a token currency', () => {
  it('offers ETH or WETH; WETH sends the token address and 18-decimal base units; the choice is fixed while it runs', async () => {
    const { runs } = await renderPanel(wethConfig);
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    const currency = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect([...currency.options].map((option) => option.text)).toEqual(['ETH', 'WETH']);
    expect(currency.value).toBe('');
    fireEvent.change(currency, { target: { value: WETH } });
    fireEvent.change(screen.getByLabelText('Your offer (WETH)'), { target: { value: '0.02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]!.action).toEqual({ type: 'makeOffer', chainId: 31337, saleId: '4', tokenId: '3', amount: '1', currency: WETH, token_id: '11', priceWei: '20000000000000000' });
    expect(screen.getByLabelText('Currency')).toHaveProperty('disabled', true);
  });

  it('without allow-listed tokens the form stays ETH only (no currency choice)', async () => {
    const { runs } = await renderPanel(demoConfig);
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    expect(screen.queryByLabelText('Currency')).toBeNull();
    fireEvent.change(screen.getByLabelText('Your offer (ETH)'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make offer' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]!.action).toMatchObject({ currency: 'ETH', priceWei: '10000000000000000' });
  });

  it('names a token currency by its symbol (any address case), the native currency as given', () => {
    expect(currencySymbol(wethConfig, WETH.toLowerCase())).toBe('WETH');
    expect(currencySymbol(wethConfig, 'ETH')).toBe('ETH');
    expect(currencySymbol(null, WETH)).toBe(WETH);
  });
});
