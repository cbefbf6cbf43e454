import { expect, test } from '@playwright/test';
import { parseEther } from 'viem';
import { createdSaleIds, expectNotice, mintCollection, offerOnChain, openSignedIn, readStack, saleOnChain, type Stack } from './support/trading';

// The token dashboard (/account/dashboard/token/$id) against the real stack: the owner lists by keyboard, an
// offer made on chain arrives live in the Offers box, and another account sees the token read-only.
// Accounts #16 and #17 are used by no other spec nor the demo seed; the collection is minted by this test.
const OWNER = 16;
const BIDDER = 17;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

test('the owner lists a token by keyboard, sees the listing and a live offer; another account only reads', async ({ browser, baseURL, request }) => {
  const collection = await mintCollection(request, stack, OWNER, 1);
  const token = collection.tokens[0]!;
  const path = `/account/dashboard/token/${token.holdingId}`;
  const owner = await openSignedIn(browser, baseURL!, stack, OWNER, path);
  const { page, wallet } = owner;
  await expect(page.getByRole('heading', { level: 1, name: token.name })).toBeVisible();
  await expect(page.getByRole('link', { name: collection.name })).toHaveAttribute('href', `/collection/${collection.address.toLowerCase()}/${stack.chainId}`);
  const listings = page.getByRole('region', { name: 'Listings' });
  await expect(listings.getByText('Not listed')).toBeVisible();

  // Under the minimum: the rule's message, nothing asked of the wallet.
  const price = page.getByLabel('Listing price (ETH)');
  await price.fill('0.00001');
  await price.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Minimum allowed price is 0.0001');
  expect(wallet.transactionCount()).toBe(0);

  // A valid price, submitted from the keyboard: approval, then the sale of one unit.
  await price.fill('0.08');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await price.press('Enter');
  await expectNotice(page, 'Token listed');
  expect(wallet.sentTransactions()).toHaveLength(2);
  const [saleId] = await createdSaleIds(stack, wallet.sentTransactions()[1]!);
  expect(await saleOnChain(stack, saleId!)).toMatchObject({ active: true, amount: 1n, price: parseEther('0.08') });
  const row = listings.getByRole('listitem').filter({ hasText: '0.08 ETH' });
  await expect(row.getByRole('button', { name: 'Cancel listing' })).toBeVisible();
  // Its only unit is listed: no second listing form.
  await expect(price).toHaveCount(0);

  // An offer made on chain by another account reaches the Offers box without a reload.
  await expect(page.locator('.app')).toHaveAttribute('data-live', 'connected');
  await offerOnChain(stack, BIDDER, saleId!, token.tokenId, parseEther('0.05'));
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('listitem').filter({ hasText: '0.05 ETH' }).getByRole('button', { name: 'Accept' })).toBeVisible();

  // The bidder opening the owner's dashboard sees the token read-only, with the way to its token page.
  const bidder = await openSignedIn(browser, baseURL!, stack, BIDDER, path);
  await expect(bidder.page.getByRole('heading', { level: 1, name: token.name })).toBeVisible();
  await expect(bidder.page.getByLabel('Listing price (ETH)')).toHaveCount(0);
  await expect(bidder.page.getByRole('region', { name: 'Listings' })).toHaveCount(0);
  await expect(bidder.page.getByRole('region', { name: 'Offers' })).toHaveCount(0);
  await bidder.page.getByRole('link', { name: 'View the token page' }).click();
  await expect(bidder.page).toHaveURL(new RegExp(`/token/${token.holdingId}$`));
  await Promise.all([owner.context.close(), bidder.context.close()]);
});
