import { expect, test, type Page } from '@playwright/test';
import { parseEther } from 'viem';
import { addressOf, listOnChain, mintCollection, offerOnChain, offersOf, readStack, waitForListing, type Stack, type TestCollection } from './support/trading';

// Explore's market filters (the seed's minPrice, maxPrice and status): four tokens of this spec's own collection
// (minted by #28), three listed on chain at 0.0123, 0.0456 and 0.0789 ETH and the fourth not, #98's offer on the
// first; filtered to this artist so no other spec's data counts. The range is typed, applied with Enter or its button,
// carried in the URL, and a wrong range says why and changes nothing; the statuses are checkboxes.

const CREATOR = 28;
const BUYER = 98;
const PRICES = ['0.0123', '0.0456', '0.0789'] as const;

let stack: Stack;
let collection: TestCollection;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  stack = await readStack(request);
  collection = await mintCollection(request, stack, CREATOR, 4, 'Market Filters ');
  for (const [index, price] of PRICES.entries()) {
    const token = collection.tokens[index]!;
    const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, parseEther(price));
    await waitForListing(request, collection, token.tokenId, saleId);
    if (index === 0) {
      await offerOnChain(stack, BUYER, saleId, token.tokenId, parseEther('0.01'));
      await expect.poll(async () => (await offersOf(request, token._id)).some((offer) => offer.state === 'made'), { timeout: 15_000 }).toBe(true);
    }
  }
  await request.dispose();
});

const grid = (page: Page) => page.getByRole('list', { name: 'Artworks' });
const cardOf = (page: Page, index: number) => grid(page).getByRole('article').filter({ hasText: collection.tokens[index]!.name });
const cardNames = async (page: Page) => {
  const texts = await grid(page).getByRole('article').allTextContents();
  return collection.tokens.map((token) => token.name).filter((name) => texts.some((text) => text.includes(name)));
};
const minimum = (page: Page) => page.getByRole('group', { name: /^Price/ }).getByRole('textbox', { name: 'Minimum' });
const maximum = (page: Page) => page.getByRole('group', { name: /^Price/ }).getByRole('textbox', { name: 'Maximum' });

test('a price range keeps the artworks listed in it, is carried in the URL, and a wrong range says why and changes nothing', async ({ page }) => {
  test.setTimeout(60_000);
  const artist = addressOf(stack, CREATOR).toLowerCase();
  await page.goto(`/explore?artist=${artist}`);
  await expect(grid(page).getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('group', { name: 'Price (ETH)' })).toBeVisible();

  // Typing reloads nothing; Enter applies the range: only the 0.0456 listing is in [0.02, 0.05].
  await minimum(page).fill('0.02');
  await maximum(page).fill('0.050');
  await expect(page).not.toHaveURL(/minPrice/);
  await maximum(page).press('Enter');
  await expect(page).toHaveURL(/minPrice=0\.02/);
  await expect(page).toHaveURL(/maxPrice=0\.05(&|$)/);
  await expect(grid(page).getByRole('article')).toHaveCount(1);
  await expect(cardOf(page, 1)).toBeVisible();
  // The applied range shows in its kept form, and each end counts on the Filters button (a phone's; hidden here).
  await expect(maximum(page)).toHaveValue('0.05');
  await expect(page.getByRole('button', { name: /^Filters/, includeHidden: true })).toHaveText('Filters (3)');

  // A minimum above the maximum: the message, the typed text kept, the URL and the list unchanged.
  const applied = page.url();
  await minimum(page).fill('0.06');
  await page.getByRole('button', { name: 'Apply price' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The minimum price is above the maximum price' })).toBeVisible();
  await expect(minimum(page)).toHaveValue('0.06');
  await expect(minimum(page)).toHaveAttribute('aria-invalid', 'true');
  expect(page.url()).toBe(applied);
  await expect(grid(page).getByRole('article')).toHaveCount(1);
  // Not an amount: its own message; typing again takes the message away.
  await minimum(page).fill('cheap');
  await minimum(page).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter an amount such as 0.5, with at most 4 decimals' })).toBeVisible();
  await minimum(page).fill('0.01');
  await expect(page.getByRole('alert').filter({ hasText: /Enter an amount|minimum price/ })).toHaveCount(0);

  // Only a minimum, sorted by lowest price: the three in price order. A shared link opens with the same range typed.
  await page.goto(`/explore?artist=${artist}&minPrice=0.04&sort=lowest_price`);
  await expect(minimum(page)).toHaveValue('0.04');
  await expect(maximum(page)).toHaveValue('');
  await expect(grid(page).getByRole('article')).toHaveCount(2);
  await expect(grid(page).getByRole('article').first()).toContainText(collection.tokens[1]!.name);
  await expect(grid(page).getByRole('article').last()).toContainText(collection.tokens[2]!.name);

  // Reset filters empties the range with the rest.
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).not.toHaveURL(/minPrice|artist=/);
  await expect(minimum(page)).toHaveValue('');
});

test('status: Buy now keeps the listed artworks, Has offers those with an open offer, both both; in the URL', async ({ page }) => {
  test.setTimeout(60_000);
  const artist = addressOf(stack, CREATOR).toLowerCase();
  const names = collection.tokens.map((token) => token.name);
  await page.goto(`/explore?artist=${artist}`);
  await expect(grid(page).getByRole('article')).toHaveCount(4);
  const status = page.getByRole('group', { name: 'Status' });

  await status.getByRole('checkbox', { name: 'Buy now' }).check();
  await expect(page).toHaveURL(/status=/);
  await expect(grid(page).getByRole('article')).toHaveCount(3);
  expect(await cardNames(page)).toEqual(names.slice(0, 3));

  await status.getByRole('checkbox', { name: 'Has offers' }).check();
  await expect(grid(page).getByRole('article')).toHaveCount(1);
  expect(await cardNames(page)).toEqual([names[0]]);

  await status.getByRole('checkbox', { name: 'Buy now' }).uncheck();
  await expect(grid(page).getByRole('article')).toHaveCount(1);
  await expect(status.getByRole('checkbox', { name: 'Has offers' })).toBeChecked();

  // The link keeps the status; the collections view has no status to choose (it filters artworks).
  await page.reload();
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Has offers' })).toBeChecked();
  await expect(grid(page).getByRole('article')).toHaveCount(1);
  await page.getByRole('radio', { name: 'Collections' }).check();
  await expect(page.getByRole('list', { name: 'Collections' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' })).toHaveCount(0);
});
