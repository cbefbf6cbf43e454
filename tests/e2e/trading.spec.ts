import { expect, test, type Page } from '@playwright/test';
import { parseEther } from 'viem';
import {
  addressOf, balanceOf, expectNotice, gasCostOf, listOnChain, mintCollection, nonceOf, offerAmountOnChain, offerOnChain, offersOf, openSignedIn,
  readStack, saleOnChain, unitsHeld, waitForListing, WALLET_REJECTED, type Stack,
} from './support/trading';

// Trading through the UI with the injected test wallet against the real stack (seed 000 §4, §5, §7, issue 6).
// Each test mints a collection of its own on chain, so no other spec's trades (or a previous test's) matter.
// Accounts #12–#14 are not used by the demo seed nor by the other specs.
const CREATOR = 12;
const COLLECTOR = 13;

const PRICE = parseEther('0.05');
const tradePanel = (page: Page) => page.getByRole('region', { name: 'Buy or make an offer' });
const offersBox = (page: Page) => page.getByRole('region', { name: 'Offers' });
const soldBadge = (page: Page) => page.locator('.token-media-frame').getByText('SOLD', { exact: true });

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

test('a collector buys at the listed price: SOLD, new owner, paid price plus gas', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const collector = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/token/${token.holdingId}`);
  const before = await balanceOf(stack, collector.address);
  await tradePanel(collector.page).getByRole('button', { name: 'Buy for 0.05 ETH' }).click();
  await expectNotice(collector.page, 'Purchase successful');
  await expect(soldBadge(collector.page)).toBeVisible();
  await expect(tradePanel(collector.page)).toHaveCount(0);

  const [hash] = collector.wallet.sentTransactions();
  expect(collector.wallet.sentTransactions()).toHaveLength(1);
  expect(await unitsHeld(stack, collection.address, collector.address, token.tokenId)).toBe(1n);
  expect(await unitsHeld(stack, collection.address, addressOf(stack, CREATOR), token.tokenId)).toBe(0n);
  expect(await balanceOf(stack, collector.address)).toBe(before - PRICE - (await gasCostOf(stack, hash!)));
  expect((await saleOnChain(stack, saleId)).active).toBe(false);
  await collector.context.close();
});

test('an offer is placed and retracted: escrowed on chain, then the funds return (minus gas)', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const collector = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/token/${token.holdingId}`);
  const before = await balanceOf(stack, collector.address);
  const panel = tradePanel(collector.page);
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await panel.getByLabel('Your offer (ETH)').fill('0.03');
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await expectNotice(collector.page, 'Offer placed');
  const offerPrice = parseEther('0.03');
  expect(await offerAmountOnChain(stack, saleId, collector.address)).toBe(1n);
  const offerGas = await gasCostOf(stack, collector.wallet.sentTransactions()[0]!);
  expect(await balanceOf(stack, collector.address)).toBe(before - offerPrice - offerGas);

  // The offers list shows the new offer with Retract for its buyer. The list does not refetch on OfferMade yet
  // (TokenOffers has no live refresh: reported), so the page is reloaded; the trade itself is already on chain.
  await collector.page.reload();
  const row = offersBox(collector.page).getByRole('row').filter({ hasText: '0.03 ETH' });
  await expect(row.getByRole('button', { name: 'Retract' })).toBeVisible();
  await row.getByRole('button', { name: 'Retract' }).click();
  await expectNotice(collector.page, 'Offer retracted');
  await expect(row.getByRole('button', { name: 'Retract' })).toHaveCount(0);

  expect(collector.wallet.sentTransactions()).toHaveLength(2);
  const retractGas = await gasCostOf(stack, collector.wallet.sentTransactions()[1]!);
  expect(await offerAmountOnChain(stack, saleId, collector.address)).toBe(0n);
  // Funds returned: only the gas of the two transactions is gone.
  expect(await balanceOf(stack, collector.address)).toBe(before - offerGas - retractGas);
  await expect.poll(async () => (await offersOf(request, token._id)).map((o) => o.state)).toEqual(['retracted']);
  await collector.context.close();
});

test('rejecting the purchase and the offer in the wallet says so and leaves no trade behind', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const collector = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/token/${token.holdingId}`);
  const { page, wallet, address } = collector;
  const [balance, nonce] = [await balanceOf(stack, address), await nonceOf(stack, address)];
  const panel = tradePanel(page);

  wallet.rejectNextTransaction();
  await panel.getByRole('button', { name: 'Buy for 0.05 ETH' }).click();
  await expectNotice(page, WALLET_REJECTED);
  expect(wallet.transactionCount()).toBe(1);
  await expect(panel.getByRole('button', { name: 'Buy for 0.05 ETH' })).toBeEnabled();
  await expect(soldBadge(page)).toHaveCount(0);

  wallet.rejectNextTransaction();
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await panel.getByLabel('Your offer (ETH)').fill('0.02');
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await expectNotice(page, WALLET_REJECTED);
  expect(wallet.transactionCount()).toBe(2);
  // The form stays open with the offer typed, ready to try again.
  await expect(panel.getByLabel('Your offer (ETH)')).toHaveValue('0.02');
  await expect(panel.getByRole('button', { name: 'Make offer' })).toBeEnabled();

  // Nothing reached the chain, and the server knows no offer.
  expect(wallet.sentTransactions()).toHaveLength(0);
  expect(await nonceOf(stack, address)).toBe(nonce);
  expect(await balanceOf(stack, address)).toBe(balance);
  expect(await unitsHeld(stack, collection.address, address, token.tokenId)).toBe(0n);
  expect(await offerAmountOnChain(stack, saleId, address)).toBe(0n);
  expect((await saleOnChain(stack, saleId)).active).toBe(true);
  expect(await offersOf(request, token._id)).toEqual([]);
  await page.reload();
  await expect(offersBox(page).getByText('No offers yet')).toBeVisible();
  await expect(tradePanel(page).getByRole('button', { name: 'Buy for 0.05 ETH' })).toBeVisible();
  await collector.context.close();
});

test('rejecting accept (seller) and retract (buyer) in the wallet says so and keeps the offer open', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  const offerPrice = parseEther('0.04');
  await offerOnChain(stack, COLLECTOR, saleId, token.tokenId, offerPrice);
  await expect.poll(async () => (await offersOf(request, token._id)).map((o) => o.state), { timeout: 15_000 }).toEqual(['made']);

  const creator = await openSignedIn(browser, baseURL!, stack, CREATOR, `/token/${token.holdingId}`);
  const collector = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/token/${token.holdingId}`);
  const balances = [await balanceOf(stack, creator.address), await balanceOf(stack, collector.address)];
  const nonces = [await nonceOf(stack, creator.address), await nonceOf(stack, collector.address)];

  const acceptRow = offersBox(creator.page).getByRole('row').filter({ hasText: '0.04 ETH' });
  creator.wallet.rejectNextTransaction();
  await acceptRow.getByRole('button', { name: 'Accept' }).click();
  await expectNotice(creator.page, WALLET_REJECTED);
  expect(creator.wallet.transactionCount()).toBe(1);
  await expect(acceptRow.getByRole('button', { name: 'Accept' })).toBeEnabled();
  await expect(soldBadge(creator.page)).toHaveCount(0);

  const retractRow = offersBox(collector.page).getByRole('row').filter({ hasText: '0.04 ETH' });
  collector.wallet.rejectNextTransaction();
  await retractRow.getByRole('button', { name: 'Retract' }).click();
  await expectNotice(collector.page, WALLET_REJECTED);
  expect(collector.wallet.transactionCount()).toBe(1);
  await expect(retractRow.getByRole('button', { name: 'Retract' })).toBeEnabled();
  await expect(retractRow).toContainText('Active');

  expect(await nonceOf(stack, creator.address)).toBe(nonces[0]);
  expect(await nonceOf(stack, collector.address)).toBe(nonces[1]);
  expect(await balanceOf(stack, creator.address)).toBe(balances[0]);
  expect(await balanceOf(stack, collector.address)).toBe(balances[1]);
  expect(await offerAmountOnChain(stack, saleId, collector.address)).toBe(1n);
  expect(await unitsHeld(stack, collection.address, creator.address, token.tokenId)).toBe(1n);
  expect((await saleOnChain(stack, saleId)).active).toBe(true);
  expect((await offersOf(request, token._id)).map((o) => o.state)).toEqual(['made']);
  await Promise.all([creator.context.close(), collector.context.close()]);
});
