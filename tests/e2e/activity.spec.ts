import { expect, test, type Page } from '@playwright/test';
import { formatEther, parseEther, type Address } from 'viem';
import { axeViolations } from './support/axe';
import { calledContract, listOnChain, mintCollection, offerOnChain, openSignedIn, readStack, type Stack, type TestCollection } from './support/trading';

// Activity (a token's on-chain history) and market figures: the collection page's Activity section shows its mints,
// and listings, an offer and a sale made on chain by scripts appear in it without a reload, each linking to its
// transaction on the chain's explorer, with the collection's figures (floor, volume, sales, owners, listed share) and
// price chart following; the token page shows the token's own history; the offerer's dashboard has the offer in
// its Activity tab. The collection is this spec's own, minted by #75; #87 makes the offer.

const CREATOR = 75;
const OFFERER = 87;
const PRICE = parseEther('0.03');
const OFFER = parseEther('0.02');
const SOLD = parseEther('0.01');

let stack: Stack;
let collection: TestCollection;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  stack = await readStack(request);
  collection = await mintCollection(request, stack, CREATOR, 2, 'Activity Test ');
  await request.dispose();
});

const activity = (page: Page) => page.getByRole('region', { name: 'Activity', exact: true });
const rows = (page: Page) => activity(page).getByRole('region', { name: 'Activity table' }).getByRole('row');
const rowOf = (page: Page, type: string) => activity(page).locator(`tr[data-activity-type="${type}"]`);

test('the collection page shows its history, figures and price chart, and listings, an offer and a sale made on chain appear live', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/collection/${collection.address.toLowerCase()}/${stack.chainId}`);
  await activity(page).scrollIntoViewIfNeeded();
  // The mint: one row per token, from nobody to the creator.
  await expect(rowOf(page, 'mint')).toHaveCount(2);
  await expect(rowOf(page, 'mint').first()).toContainText('Minted');
  const [first, second] = collection.tokens;
  // Live events flow (the socket connects once the first load is over).
  await expect(page.locator('.app')).toHaveAttribute('data-live', 'connected');

  // A listing made on chain appears without a reload, with its price and the token's link.
  const saleId = await listOnChain(stack, CREATOR, collection.address as Address, first!.tokenId, PRICE);
  const listed = rowOf(page, 'listing_created');
  await expect(listed).toHaveCount(1, { timeout: 20_000 });
  await expect(listed).toContainText('Listed');
  await expect(listed).toContainText(`${formatEther(PRICE)} ETH`);
  await expect(listed.getByRole('link', { name: first!.name })).toHaveAttribute('href', `/token/${first!.holdingId}`);
  await expect(rows(page).nth(1)).toHaveAttribute('data-activity-type', 'listing_created');

  // Its transaction is the listing's, on the chain's explorer (the e2e stack configures one): the full hash in the
  // link's title, a call to the marketplace on chain. (Without an explorer: the hash with Copy, tests/app/activity.test.tsx.)
  const link = listed.getByRole('link', { name: /\(transaction, opens in a new tab\)$/ });
  const hash = (await link.getAttribute('title'))!;
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  expect(await link.getAttribute('href')).toBe(`${baseURL}/explorer/tx/${hash}`);
  expect((await calledContract(stack, hash)).toLowerCase()).toBe(stack.marketplace.toLowerCase());

  // An offer by another account arrives the same way, newest first.
  await offerOnChain(stack, OFFERER, saleId, first!.tokenId, OFFER);
  await expect(rowOf(page, 'offer_created')).toHaveCount(1, { timeout: 20_000 });
  await expect(rows(page).nth(1)).toHaveAttribute('data-activity-type', 'offer_created');
  await expect(rowOf(page, 'offer_created')).toContainText(`${formatEther(OFFER)} ETH`);

  // The collection's figures: one of two tokens listed at 0.03, nothing sold yet; the listings drawn on the chart.
  const stats = activity(page).locator('.market-stats');
  await expect(stats).toContainText(`Floor price${formatEther(PRICE)} ETH`);
  await expect(stats).toContainText('Listed1 of 2 (50%)');
  await expect(stats).toContainText('Sales0');
  await expect(activity(page).locator('.price-chart canvas')).toBeVisible();
  // The second token listed and bought at its price by the offerer: the figures follow without a reload.
  const secondSale = await listOnChain(stack, CREATOR, collection.address as Address, second!.tokenId, SOLD);
  await offerOnChain(stack, OFFERER, secondSale, second!.tokenId, SOLD);
  await expect(rowOf(page, 'listing_sold')).toHaveCount(1, { timeout: 20_000 });
  await expect(stats).toContainText('Sales1', { timeout: 20_000 });
  await expect(stats).toContainText(`Volume${formatEther(SOLD)} ETH`);
  await expect(stats).toContainText('Owners2');
  await expect(stats).toContainText('Listed1 of 2 (50%)');
  // The same points for screen readers, in a table named by the chart's heading.
  const table = activity(page).getByRole('table', { name: 'Price history' });
  await expect(table.getByRole('row')).toHaveCount(1 + 3 + 1);
  await expect(table.getByRole('row').nth(3)).toContainText(`Sold${formatEther(SOLD)} ETH`);
  expect(await axeViolations(page, '.activity-section')).toEqual([]);

  // The token page: the token's own history (no item column), and not the other token's mint.
  await page.goto(`/token/${first!.holdingId}`);
  await activity(page).scrollIntoViewIfNeeded();
  await expect(rowOf(page, 'offer_created')).toHaveCount(1);
  await expect(rowOf(page, 'listing_created')).toHaveCount(1);
  await expect(rowOf(page, 'mint')).toHaveCount(1);
  await expect(activity(page).getByRole('columnheader', { name: 'Item' })).toHaveCount(0);
  await expect(activity(page).getByRole('link', { name: second!.name })).toHaveCount(0);
  // Its price history: the listing, and today's asking price drawn across.
  await expect(activity(page).locator('.price-chart canvas')).toBeVisible();
  await expect(activity(page).getByText(`Asking ${formatEther(PRICE)} ETH`)).toBeVisible();
  await context.close();
});

test("the offerer's dashboard has the offer in its Activity tab", async ({ browser, baseURL }) => {
  const { page, context } = await openSignedIn(browser, baseURL!, stack, OFFERER, '/account/dashboard?tab=activity');
  await expect(page.getByRole('tab', { name: 'Activity', selected: true })).toBeVisible();
  const offered = rowOf(page, 'offer_created').filter({ hasText: collection.tokens[0]!.name });
  await expect(offered).toHaveCount(1, { timeout: 20_000 });
  await expect(offered).toContainText(`${formatEther(OFFER)} ETH`);
  await context.close();
});
