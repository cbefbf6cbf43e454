import { expect, test, type Page } from '@playwright/test';
import { getAddress, parseEther } from 'viem';
import { CANCEL_AT_COLLECTION_MESSAGE } from '../../machines/trading/tradeRules';
import {
  addressOf, allOutSaleOnChain, balanceOf, calledContract, createdAllOutSaleId, createdSaleIds, expectNotice, gasCostOf, holdingsOf, isApproved,
  listOnChain, marketplaceFeeBasisPoints, mintCollection, nonceOf, offerAmountOnChain, offerOnChain, offersOf, openSignedIn, readStack, saleCounters, saleOnChain, unitsHeld,
  waitForListing, WALLET_REJECTED, type Stack,
} from './support/trading';

// Trading through the UI with the injected test wallet against the real stack (docs/requirements.md#trading-offers, trading and the dashboard).
// Each test mints a collection of its own on chain, so no other spec's trades (or a previous test's) matter.
// Accounts #12–#14 are not used by the demo seed nor by the other specs.
const CREATOR = 12;
const COLLECTOR = 13;

const PRICE = parseEther('0.05');
const tradePanel = (page: Page) => page.getByRole('region', { name: 'Buy or make an offer' });
const offersBox = (page: Page) => page.getByRole('region', { name: 'Offers' });
const soldBadge = (page: Page) => page.locator('.token-media-frame').getByText('SOLD', { exact: true });
const about = (page: Page) => page.getByRole('region', { name: 'About this artwork' });
const listingsBox = (page: Page) => page.getByRole('region', { name: 'Listings' });
// The owner row of the token page's meta, with the owner's display name (a new account's alias is its short address).
// The UI shows addresses checksummed (EIP-55), whatever case the chain or the server used.
const ownedBy = (address: string) => {
  const shown = getAddress(address);
  return new RegExp(`Owner\\s*${shown.slice(0, 4)}\\.\\.\\.${shown.slice(-4)}`);
};

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
  const sellerBefore = await balanceOf(stack, addressOf(stack, CREATOR));
  await tradePanel(collector.page).getByRole('button', { name: 'Buy for 0.05 ETH' }).click();
  await expectNotice(collector.page, 'Purchase successful');
  await expect(soldBadge(collector.page)).toBeVisible();
  await expect(tradePanel(collector.page)).toHaveCount(0);
  await expect(about(collector.page)).toContainText(ownedBy(collector.address));

  const [hash] = collector.wallet.sentTransactions();
  expect(collector.wallet.sentTransactions()).toHaveLength(1);
  expect(await unitsHeld(stack, collection.address, collector.address, token.tokenId)).toBe(1n);
  expect(await unitsHeld(stack, collection.address, addressOf(stack, CREATOR), token.tokenId)).toBe(0n);
  expect(await balanceOf(stack, collector.address)).toBe(before - PRICE - (await gasCostOf(stack, hash!)));
  expect((await saleOnChain(stack, saleId)).active).toBe(false);
  // The seller (also the royalty receiver) is paid the price less the marketplace fee.
  const fee = (PRICE * (await marketplaceFeeBasisPoints(stack))) / 10_000n;
  expect(await balanceOf(stack, addressOf(stack, CREATOR))).toBe(sellerBefore + PRICE - fee);
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

  // The offers list shows the new offer, without a reload, with Retract for its buyer.
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

test('the creator lists on the token dashboard (approval, then sale); the collector sees it live, offers; the creator accepts; both see SOLD and the new owner', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[0]!;
  const creator = await openSignedIn(browser, baseURL!, stack, CREATOR, `/account/dashboard/token/${token.holdingId}`);
  const collector = await openSignedIn(browser, baseURL!, stack, COLLECTOR, `/collection/${collection.address}/${stack.chainId}`);
  const card = collector.page.getByRole('article', { name: token.name });
  await expect(card).toContainText('Not for sale');

  await expect(listingsBox(creator.page).getByText('Not listed')).toBeVisible();
  await creator.page.getByLabel('Listing price (ETH)').fill('0.06');
  await creator.page.getByRole('button', { name: 'List for sale' }).click();
  await expectNotice(creator.page, 'Token listed');
  // Two wallet steps: the collection approval, then the sale on the marketplace.
  const [approval, listing] = creator.wallet.sentTransactions();
  expect(creator.wallet.sentTransactions()).toHaveLength(2);
  expect(await calledContract(stack, approval!)).toBe(collection.address.toLowerCase());
  expect(await calledContract(stack, listing!)).toBe(stack.marketplace.toLowerCase());
  expect(await isApproved(stack, collection.address, CREATOR)).toBe(true);
  const [saleId] = await createdSaleIds(stack, listing!);
  expect(await saleOnChain(stack, saleId!)).toMatchObject({ active: true, price: parseEther('0.06'), amount: 1n });
  await expect(listingsBox(creator.page).getByRole('listitem').filter({ hasText: '0.06 ETH' }).getByRole('button', { name: 'Cancel listing' })).toBeVisible();

  // The collector's collection page shows the new price without a reload, and opens the token from there.
  await expect(card).toContainText('0.06 ETH');
  await card.getByRole('link', { name: token.name }).click();
  await expect(collector.page).toHaveURL(new RegExp(`/token/${token.holdingId}$`));
  const panel = tradePanel(collector.page);
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await panel.getByLabel('Your offer (ETH)').fill('0.05');
  await panel.getByRole('button', { name: 'Make offer' }).click();
  await expectNotice(collector.page, 'Offer placed');
  const collectorPaid = await balanceOf(stack, collector.address);

  // The offer reaches the creator's dashboard without a reload.
  const offerRow = creator.page.getByRole('region', { name: 'Offers' }).getByRole('listitem').filter({ hasText: '0.05 ETH' });
  const creatorBefore = await balanceOf(stack, creator.address);
  await offerRow.getByRole('button', { name: 'Accept' }).click();
  await expectNotice(creator.page, 'Offer accepted');
  // The creator (seller and royalty receiver) gets the offer less the marketplace fee, and pays the gas of Accept.
  const offer = parseEther('0.05');
  const fee = (offer * (await marketplaceFeeBasisPoints(stack))) / 10_000n;
  const acceptGas = await gasCostOf(stack, creator.wallet.sentTransactions()[2]!);
  expect(await balanceOf(stack, creator.address)).toBe(creatorBefore + offer - fee - acceptGas);
  expect(await unitsHeld(stack, collection.address, collector.address, token.tokenId)).toBe(1n);
  expect(await unitsHeld(stack, collection.address, creator.address, token.tokenId)).toBe(0n);
  expect(await balanceOf(stack, collector.address)).toBe(collectorPaid); // the escrowed offer paid; nothing more

  // Creator: sold, the sell form and the boxes are gone. Collector: SOLD and themselves as owner, live.
  await expect(creator.page.locator('.dashboard-token-note').getByText('Token has been sold')).toBeVisible();
  await expect(creator.page.getByLabel('Listing price (ETH)')).toHaveCount(0);
  await expect(listingsBox(creator.page)).toHaveCount(0);
  await expect(soldBadge(collector.page)).toBeVisible();
  await expect(about(collector.page)).toContainText(ownedBy(collector.address));

  // The creator opens the token from the collection page: SOLD, owned by the collector.
  const [holding] = await holdingsOf(request, collection._id, collector.address);
  await creator.page.goto(`/token/${holding!.id}`);
  await expect(soldBadge(creator.page)).toBeVisible();
  await expect(about(creator.page)).toContainText(ownedBy(collector.address));
  await Promise.all([creator.context.close(), collector.context.close()]);
});

test('rejecting the approval, the sale and the cancellation on the token dashboard says so and leaves nothing half-done', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const token = collection.tokens[1]!;
  const creator = await openSignedIn(browser, baseURL!, stack, CREATOR, `/account/dashboard/token/${token.holdingId}`);
  const { page, wallet, address } = creator;
  const counters = await saleCounters(stack);
  const [balance, nonce] = [await balanceOf(stack, address), await nonceOf(stack, address)];
  const list = async () => {
    await page.getByLabel('Listing price (ETH)').fill('0.07');
    await page.getByRole('button', { name: 'List for sale' }).click();
  };

  // 1. The approval refused: nothing on chain.
  wallet.rejectNextTransaction();
  await list();
  await expectNotice(page, WALLET_REJECTED);
  expect(wallet.transactionCount()).toBe(1);
  expect(await isApproved(stack, collection.address, CREATOR)).toBe(false);
  expect(await nonceOf(stack, address)).toBe(nonce);
  expect(await balanceOf(stack, address)).toBe(balance);
  expect(await saleCounters(stack)).toEqual(counters);
  await expect(listingsBox(page).getByText('Not listed')).toBeVisible();

  // 2. The approval given, the sale refused: approved, but no listing anywhere.
  wallet.rejectNextTransaction({ to: stack.marketplace });
  await list();
  await expectNotice(page, WALLET_REJECTED);
  expect(wallet.transactionCount()).toBe(3);
  expect(wallet.sentTransactions()).toHaveLength(1);
  expect(await isApproved(stack, collection.address, CREATOR)).toBe(true);
  expect(await nonceOf(stack, address)).toBe(nonce + 1);
  expect(await saleCounters(stack)).toEqual(counters);
  await expect(listingsBox(page).getByText('Not listed')).toBeVisible();
  expect((await holdingsOf(request, collection._id, address)).find((h) => h.token._id === token._id)!.bazaarSales).toEqual([]);

  // 3. Listing again asks for the sale only (already approved), then the cancellation is refused: still listed.
  await list();
  await expectNotice(page, 'Token listed');
  expect(wallet.sentTransactions()).toHaveLength(2);
  const [saleId] = await createdSaleIds(stack, wallet.sentTransactions()[1]!);
  const row = listingsBox(page).getByRole('listitem').filter({ hasText: '0.07 ETH' });
  wallet.rejectNextTransaction();
  await row.getByRole('button', { name: 'Cancel listing' }).click();
  await expectNotice(page, WALLET_REJECTED);
  expect(wallet.sentTransactions()).toHaveLength(2);
  expect((await saleOnChain(stack, saleId!)).active).toBe(true);
  await expect(row.getByRole('button', { name: 'Cancel listing' })).toBeEnabled();

  // 4. The cancellation confirmed: the listing is gone on chain and on the page.
  await row.getByRole('button', { name: 'Cancel listing' }).click();
  await expectNotice(page, 'Sale cancelled');
  expect((await saleOnChain(stack, saleId!)).cancelled).toBe(true);
  await expect(listingsBox(page).getByText('Not listed')).toBeVisible();
  await creator.context.close();
});

test('an all-out sale is created and cancelled at the collection (My creations), a refused cancellation keeps it', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, CREATOR);
  const creator = await openSignedIn(browser, baseURL!, stack, CREATOR, '/account/dashboard');
  const { page, wallet } = creator;
  const card = page.getByRole('article', { name: collection.name });
  const sell = card.getByRole('region', { name: 'Sell collection' });
  const listings = card.getByRole('region', { name: 'Current listings' });
  await expect(sell.getByRole('radio', { name: 'Full collection' })).toBeChecked();
  await sell.getByLabel('Price per token (ETH)').fill('0.02');
  await sell.getByRole('button', { name: 'List collection' }).click();
  await expectNotice(page, 'Collection listed');
  const [approval, listing] = wallet.sentTransactions();
  expect(wallet.sentTransactions()).toHaveLength(2);
  expect(await calledContract(stack, approval!)).toBe(collection.address.toLowerCase());
  const allOutSaleId = await createdAllOutSaleId(stack, listing!);
  const saleIds = await createdSaleIds(stack, listing!);
  expect(allOutSaleId).not.toBeNull();
  expect(saleIds).toHaveLength(collection.tokens.length);
  expect(await allOutSaleOnChain(stack, allOutSaleId!)).toMatchObject({ cancelled: false, price: parseEther('0.02') });
  await expect(listings).toContainText('Full collection at 0.02 ETH per token');
  await expect(listings).toContainText(`${collection.tokens.length} tokens listed`);

  // A token of the collection sale cannot be cancelled on its own token dashboard.
  await page.goto(`/account/dashboard/token/${collection.tokens[0]!.holdingId}`);
  await expect(listingsBox(page)).toContainText(CANCEL_AT_COLLECTION_MESSAGE);
  await expect(listingsBox(page).getByRole('button', { name: 'Cancel listing' })).toHaveCount(0);
  await page.goto('/account/dashboard');

  wallet.rejectNextTransaction();
  await listings.getByRole('button', { name: 'Cancel collection sale' }).click();
  await expectNotice(page, WALLET_REJECTED);
  expect(wallet.sentTransactions()).toHaveLength(2);
  expect((await allOutSaleOnChain(stack, allOutSaleId!)).cancelled).toBe(false);
  for (const saleId of saleIds) expect((await saleOnChain(stack, saleId)).active).toBe(true);
  await expect(listings.getByRole('button', { name: 'Cancel collection sale' })).toBeEnabled();

  await listings.getByRole('button', { name: 'Cancel collection sale' }).click();
  await expectNotice(page, 'Sale cancelled');
  expect((await allOutSaleOnChain(stack, allOutSaleId!)).cancelled).toBe(true);
  for (const saleId of saleIds) expect((await saleOnChain(stack, saleId)).cancelled).toBe(true);
  await expect(listings.getByRole('button', { name: 'Cancel collection sale' })).toHaveCount(0);
  await expect(listings).toContainText('Nothing listed.');
  await expect(sell.getByRole('button', { name: 'List collection' })).toBeVisible();
  await creator.context.close();
});

// ---- No stale buys. Accounts #89–#91 are used by no other spec nor the demo seed. ----

const STALE_SELLER = 89;
const STALE_BUYER = 90;
const FIRST_BUYER = 91;

test('another account buys first: the purchase finds the listing sold on chain and stops before the wallet signs', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, STALE_SELLER, 1);
  const token = collection.tokens[0]!;
  const saleId = await listOnChain(stack, STALE_SELLER, collection.address, token.tokenId, PRICE);
  await waitForListing(request, collection, token.tokenId, saleId);

  const buyer = await openSignedIn(browser, baseURL!, stack, STALE_BUYER, `/token/${token.holdingId}`);
  const { page, wallet, address } = buyer;
  const balance = await balanceOf(stack, address);
  // The server's trade check accepts the purchase; before its answer reaches the page another account buys the token
  // at the listed price on chain, so the page still shows it for sale when the purchase goes on.
  await page.route('**/api/v1/trade/check', async (route) => {
    const accepted = await route.fetch();
    await offerOnChain(stack, FIRST_BUYER, saleId, token.tokenId, PRICE);
    await route.fulfill({ response: accepted });
  });
  await tradePanel(page).getByRole('button', { name: 'Buy for 0.05 ETH' }).click();
  await expectNotice(page, 'This token was just sold to someone else. Nothing was signed.');

  // The wallet was never asked; the buyer paid nothing; the first buyer holds the token.
  expect(wallet.transactionCount()).toBe(0);
  expect(await balanceOf(stack, address)).toBe(balance);
  expect(await unitsHeld(stack, collection.address, address, token.tokenId)).toBe(0n);
  expect(await unitsHeld(stack, collection.address, addressOf(stack, FIRST_BUYER), token.tokenId)).toBe(1n);
  // The page hears the sale: SOLD, the first buyer as owner, no Buy.
  await expect(soldBadge(page)).toBeVisible();
  await expect(about(page)).toContainText(ownedBy(addressOf(stack, FIRST_BUYER)));
  await expect(tradePanel(page)).toHaveCount(0);
  await buyer.context.close();
});
