import { expect, test, type Page } from '@playwright/test';
import { parseEther, type Address } from 'viem';
import { demoWETHAbi } from '../../contracts/generated/DemoWETH';
import {
  addressOf, calledContract, expectNotice, gasCostOf, listOnChain, marketplaceFeeBasisPoints, mintCollection, offerAmountOnChain, offersOf, openSignedIn,
  readStack, unitsHeld, waitForListing, type Stack,
} from './support/trading';

// Token-currency offers through the UI (the marketplace gaps review (item 7), docs/requirements.md#trading-offers): the offer form's currency choice, the
// ERC-20 approval before makeOfferWithToken, the offer shown in WETH (never the token's address), accepted by the
// seller and paid out in WETH, or retracted by the buyer with the escrow back. Accounts #51 (creator, seller), #52
// (WETH buyer), #53 (ETH buyer), #54 (creator) and #55 (WETH buyer who retracts) are this spec's own.
const CREATOR = 51;
const BUYER = 52;
const ETH_BUYER = 53;
const RETRACT_CREATOR = 54;
const RETRACT_BUYER = 55;
const PRICE = parseEther('0.05');

const tradePanel = (page: Page) => page.getByRole('region', { name: 'Buy or make an offer' });
const offersBox = (page: Page) => page.getByRole('region', { name: 'Offers' });

let stack: Stack;
let weth: Address;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
  const config = (await (await request.get('/api/v1/config')).json()) as { evms: Array<{ tokenCurrencies: Array<{ address: Address; symbol: string }> }> };
  const token = config.evms[0]!.tokenCurrencies.find((entry) => entry.symbol === 'WETH');
  expect(token, 'the e2e stack allow-lists WETH').toBeDefined();
  weth = token!.address;
});

const wethOf = (address: string) => stack.publicClient.readContract({ address: weth, abi: demoWETHAbi, functionName: 'balanceOf', args: [address as Address] });
const allowanceOf = (address: string) =>
  stack.publicClient.readContract({ address: weth, abi: demoWETHAbi, functionName: 'allowance', args: [address as Address, stack.marketplace] });

test('a WETH offer: approve then offer; the seller sees it in WETH, accepts, the token moves and WETH is paid', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const buyer = await openSignedIn(browser, baseURL!, stack, BUYER, `/token/${token.holdingId}`);
  const buyerWethBefore = await wethOf(buyer.address);
  const panel = tradePanel(buyer.page);
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await panel.getByLabel('Currency').selectOption({ label: 'WETH' });
  await panel.getByLabel('Your offer (WETH)').fill('0.03');
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await expectNotice(buyer.page, 'Offer placed', 60_000);

  // Two transactions: the ERC-20 approval (to the token), then the offer (to the marketplace), the total escrowed.
  const offer = parseEther('0.03');
  const [approval, offered] = buyer.wallet.sentTransactions();
  expect(buyer.wallet.sentTransactions()).toHaveLength(2);
  expect(await calledContract(stack, approval!)).toBe(weth.toLowerCase());
  expect(await calledContract(stack, offered!)).toBe(stack.marketplace.toLowerCase());
  expect(await offerAmountOnChain(stack, saleId, buyer.address)).toBe(1n);
  expect(await wethOf(buyer.address)).toBe(buyerWethBefore - offer);
  expect(await allowanceOf(buyer.address)).toBe(0n);
  // The buyer's own row: the price by symbol, never the token's address.
  await expect(offersBox(buyer.page).getByRole('row').filter({ hasText: '0.03 WETH' })).toBeVisible();
  await expect(offersBox(buyer.page)).not.toContainText(weth.slice(0, 10));
  await expect.poll(async () => (await offersOf(request, token._id)).map((o) => o.state)).toEqual(['made']);
  // The buyer's Sent offers show it in WETH too.
  await buyer.page.goto('/account/dashboard?tab=sent');
  await expect(buyer.page.getByRole('tabpanel').getByRole('article', { name: token.name })).toContainText('0.03 WETH');

  // The seller sees the offer in WETH on the token page and accepts it.
  const seller = await openSignedIn(browser, baseURL!, stack, CREATOR, '/account/dashboard?tab=received');
  // Received offers: in WETH, never the token's address.
  const received = seller.page.getByRole('tabpanel').getByRole('article', { name: token.name });
  await expect(received).toContainText('0.03 WETH');
  await expect(received).not.toContainText(weth.slice(0, 10));
  await seller.page.goto(`/token/${token.holdingId}`);
  const sellerWethBefore = await wethOf(seller.address);
  const sellerEthBefore = await stack.publicClient.getBalance({ address: seller.address as Address });
  const row = offersBox(seller.page).getByRole('row').filter({ hasText: '0.03 WETH' });
  await row.getByRole('button', { name: 'Accept' }).click();
  await expectNotice(seller.page, 'Offer accepted', 60_000);

  expect(await unitsHeld(stack, collection.address, buyer.address, token.tokenId)).toBe(1n);
  expect(await unitsHeld(stack, collection.address, addressOf(stack, CREATOR), token.tokenId)).toBe(0n);
  // The creator (seller and royalty receiver) gets the offer less the marketplace fee, in WETH; ETH pays only gas.
  const fee = (offer * (await marketplaceFeeBasisPoints(stack))) / 10_000n;
  expect(await wethOf(seller.address)).toBe(sellerWethBefore + offer - fee);
  const acceptGas = await gasCostOf(stack, seller.wallet.sentTransactions()[0]!);
  expect(await stack.publicClient.getBalance({ address: seller.address as Address })).toBe(sellerEthBefore - acceptGas);
  await buyer.context.close();
  await seller.context.close();
});

test('an ETH offer still goes the native way: one transaction, no approval', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const buyer = await openSignedIn(browser, baseURL!, stack, ETH_BUYER, `/token/${token.holdingId}`);
  const panel = tradePanel(buyer.page);
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await expect(panel.getByLabel('Currency')).toHaveValue('');
  await panel.getByLabel('Your offer (ETH)').fill('0.02');
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await expectNotice(buyer.page, 'Offer placed');
  expect(buyer.wallet.sentTransactions()).toHaveLength(1);
  expect(await offerAmountOnChain(stack, saleId, buyer.address)).toBe(1n);
  await expect(offersBox(buyer.page).getByRole('row').filter({ hasText: '0.02 ETH' })).toBeVisible();
  await buyer.context.close();
});

test('a WETH offer retracted through the UI: the escrowed WETH returns to the buyer and the offer is gone for both', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, RETRACT_CREATOR);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, RETRACT_CREATOR, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const buyer = await openSignedIn(browser, baseURL!, stack, RETRACT_BUYER, `/token/${token.holdingId}`);
  const wethBefore = await wethOf(buyer.address);
  const ethBefore = await stack.publicClient.getBalance({ address: buyer.address as Address });
  const panel = tradePanel(buyer.page);
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await panel.getByLabel('Currency').selectOption({ label: 'WETH' });
  await panel.getByLabel('Your offer (WETH)').fill('0.04');
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await expectNotice(buyer.page, 'Offer placed', 60_000);
  const offer = parseEther('0.04');
  expect(await offerAmountOnChain(stack, saleId, buyer.address)).toBe(1n);
  expect(await wethOf(buyer.address)).toBe(wethBefore - offer);
  await expect.poll(async () => (await offersOf(request, token._id)).map((o) => o.state)).toEqual(['made']);

  // The buyer retracts it from the token page's offers.
  const buyerRow = offersBox(buyer.page).getByRole('row').filter({ hasText: '0.04 WETH' });
  await buyerRow.getByRole('button', { name: 'Retract' }).click();
  await expectNotice(buyer.page, 'Offer retracted', 60_000);

  // Approval, offer, retraction: the escrow comes back in WETH, exactly; ETH paid only the three transactions' gas.
  const sent = buyer.wallet.sentTransactions();
  expect(sent).toHaveLength(3);
  expect(await calledContract(stack, sent[2]!)).toBe(stack.marketplace.toLowerCase());
  expect(await offerAmountOnChain(stack, saleId, buyer.address)).toBe(0n);
  expect(await wethOf(buyer.address)).toBe(wethBefore);
  let gas = 0n;
  for (const hash of sent) gas += await gasCostOf(stack, hash);
  expect(await stack.publicClient.getBalance({ address: buyer.address as Address })).toBe(ethBefore - gas);
  await expect.poll(async () => (await offersOf(request, token._id)).map((o) => o.state)).toEqual(['retracted']);

  // Gone for the buyer: the row says Retracted with nothing to do, and Sent offers no longer lists it.
  await expect(buyerRow).toContainText('Retracted');
  await expect(buyerRow.getByRole('button')).toHaveCount(0);
  await buyer.page.goto('/account/dashboard?tab=sent');
  const sentTab = buyer.page.getByRole('tabpanel');
  await expect(sentTab.getByText('You have no open offers')).toBeVisible();
  await expect(sentTab.getByRole('article', { name: token.name })).toHaveCount(0);

  // Gone for the seller: nothing in Received offers, and no Accept on the token page.
  const seller = await openSignedIn(browser, baseURL!, stack, RETRACT_CREATOR, '/account/dashboard?tab=received');
  const receivedTab = seller.page.getByRole('tabpanel');
  await expect(receivedTab.getByText('No offers received yet')).toBeVisible();
  await expect(receivedTab.getByRole('article', { name: token.name })).toHaveCount(0);
  await seller.page.goto(`/token/${token.holdingId}`);
  const sellerRow = offersBox(seller.page).getByRole('row').filter({ hasText: '0.04 WETH' });
  await expect(sellerRow).toContainText('Retracted');
  await expect(sellerRow.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await buyer.context.close();
  await seller.context.close();
});
