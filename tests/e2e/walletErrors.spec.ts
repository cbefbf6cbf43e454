import { expect, test, type Page } from '@playwright/test';
import { parseEther } from 'viem';
import {
  expectNotice, listOnChain, mintCollection, nonceOf, openSignedIn, readStack, unitsHeld, waitForListing, type Stack,
} from './support/trading';
import { installTestWallet, TEST_WALLET_NAME, type WalletError } from './support/testWallet';

// Wallet errors, geofence, key margin and account change end to end / docs/requirements.md#wallet-session: every wallet error reaches the user as its catalogue message,
// through a real action — a purchase the wallet answers with the error, or a connection it refuses. The wallet is
// the injected EIP-1193 test wallet (tests/e2e/support/testWallet.ts). Accounts #57 (creator) and #58 (collector).
const CREATOR = 57;
const COLLECTOR = 58;
const PRICE = parseEther('0.05');

// What real wallets answer, and the seed's message for each.
const CATALOGUE: ReadonlyArray<{ condition: string; error: WalletError; message: string }> = [
  { condition: 'user rejected', error: { code: 4001, message: 'User rejected the request.' }, message: 'You canceled the request in your wallet.' },
  { condition: '4100', error: { code: 4100, message: 'The requested account has not been authorized.' }, message: 'Not authorized to perform this action.' },
  { condition: '4200', error: { code: 4200, message: 'The wallet does not support this method.' }, message: 'Your wallet does not support this method.' },
  { condition: '4900', error: { code: 4900, message: 'The provider is disconnected from all chains.' }, message: 'Wallet is disconnected. Reconnect your wallet and try again.' },
  { condition: '4901', error: { code: 4901, message: 'The provider is disconnected from the chain.' }, message: 'Selected network is unavailable in your walletext.' },
  {
    condition: 'insufficient funds',
    error: { code: -32603, message: 'insufficient funds for gas * price + value' },
    message: 'Insufficient funds to cover value and gas.',
  },
  {
    condition: 'gas estimation',
    error: { code: 'UNPREDICTABLE_GAS_LIMIT', message: 'cannot estimate gas; transaction may fail or may require manual gas limit' },
    message: 'Could not estimate gas. This transaction may fail.',
  },
  { condition: 'anything else', error: { code: -32050, message: 'The wallet hit a snag.' }, message: 'Something went wrong. Please try again.' },
];

const tradePanel = (page: Page) => page.getByRole('region', { name: 'Buy or make an offer' });

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

test('a purchase the wallet answers with each catalogue error shows its message, and nothing reaches the chain', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const collection = await mintCollection(request, stack, CREATOR, 1);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const { context, page, wallet, address } = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/token/${token.holdingId}`);
  const nonce = await nonceOf(stack, address);
  const buy = tradePanel(page).getByRole('button', { name: 'Buy for 0.05 ETH' });
  for (const [index, { condition, error, message }] of CATALOGUE.entries()) {
    await test.step(condition, async () => {
      wallet.failNext('eth_sendTransaction', error);
      await expect(buy).toBeEnabled();
      await buy.click();
      await expectNotice(page, message);
      expect(wallet.transactionCount()).toBe(index + 1);
    });
  }
  // Still signed in, still for sale, and no transaction was sent.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
  await expect(buy).toBeEnabled();
  expect(wallet.sentTransactions()).toHaveLength(0);
  expect(await nonceOf(stack, address)).toBe(nonce);
  expect(await unitsHeld(stack, collection.address, address, token.tokenId)).toBe(0n);
  await context.close();
});

test('a connection the wallet refuses shows the catalogue message and leaves the user signed out', async ({ page }) => {
  const config = (await (await page.request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  const wallet = await installTestWallet(page, { rpcUrl: config.evms[0]!.providerURL, accountIndex: COLLECTOR });
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  for (const { error, message } of [CATALOGUE[0]!, CATALOGUE[1]!, CATALOGUE[4]!, CATALOGUE[7]!]) {
    // A refused connection refuses the account prompt (wagmi asks wallet_requestPermissions first, and goes on to
    // eth_requestAccounts unless the user rejected).
    wallet.failNext('wallet_requestPermissions', error);
    if (error.code !== 4001) wallet.failNext('eth_requestAccounts', error);
    if (!(await dialog.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
    await dialog.getByRole('button', { name: TEST_WALLET_NAME }).click();
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await expectNotice(page, message);
  }
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toHaveCount(0);
  expect(wallet.signCount()).toBe(0);
});
