import { expect, test } from '@playwright/test';
import { parseEther } from 'viem';
import {
  addressOf,
  allOutSaleOnChain,
  createdAllOutSaleId,
  expectNotice,
  graphql,
  mintCollection,
  openSignedIn,
  readStack,
  type Stack,
} from './support/trading';

// My creations (/account/dashboard, tab creations) and the collection tokens view against the real stack.
// Account #1 is a demo-seed creator (only read here); #18 is used by no other spec nor the seed and lists its own
// freshly minted collection.
const SEEDED_CREATOR = 1;
const CREATOR = 18;

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

test('a seeded creator sees their collections as cards with the sell panel, listings and View All Offers', async ({ browser, baseURL, request }) => {
  const creator = addressOf(stack, SEEDED_CREATOR).toLowerCase();
  const data = await graphql<{ getCreatedCollections: { totalCount: number; edges: Array<{ node: { _id: string; name: string; soldOut: boolean } }> } }>(
    request,
    'query($f: CreatedCollectionFilter!) { getCreatedCollections(filters: $f, pagination: { perPage: 5 }) { totalCount edges { node { _id name soldOut } } } }',
    { f: { creator } },
  );
  expect(data.getCreatedCollections.totalCount).toBeGreaterThan(0);
  const first = data.getCreatedCollections.edges[0]!.node;

  const { page, context } = await openSignedIn(browser, baseURL!, stack, SEEDED_CREATOR, '/account/dashboard');
  await expect(page.getByRole('tab', { name: 'My creations' })).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('list', { name: 'My collections' });
  await expect(list.getByRole('article')).toHaveCount(Math.min(5, data.getCreatedCollections.totalCount));
  const card = page.getByRole('article', { name: first.name });
  await expect(card.getByRole('img', { name: `Cover of ${first.name}` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit cover' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Edit description' })).toBeVisible();
  const sell = card.getByRole('region', { name: 'Sell collection' });
  if (first.soldOut) await expect(sell.getByText('This collection is sold out')).toBeVisible();
  else await expect(sell.getByRole('radio', { name: 'Full collection' })).toBeChecked();
  await expect(card.getByRole('region', { name: 'Current listings' })).toBeVisible();

  await card.getByRole('button', { name: 'View All Offers' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account/dashboard' && url.searchParams.get('tab') === 'received' && url.searchParams.get('collection') === first._id);
  await expect(page.getByRole('tab', { name: 'Received offers' })).toHaveAttribute('aria-selected', 'true');
  await context.close();
});

test('a creator lists a full collection (approval, then the all-out sale), cancels it, and opens a token from the collection tokens view', async ({
  browser,
  baseURL,
  request,
}) => {
  const collection = await mintCollection(request, stack, CREATOR, 3);
  const { page, wallet, context } = await openSignedIn(browser, baseURL!, stack, CREATOR, '/account/dashboard?tab=creations');
  const card = page.getByRole('article', { name: collection.name });
  const sell = card.getByRole('region', { name: 'Sell collection' });
  const listings = card.getByRole('region', { name: 'Current listings' });
  await expect(listings.getByText('Nothing listed.')).toBeVisible();

  // Under the minimum: the rule's message and nothing asked of the wallet.
  const price = sell.getByLabel('Price per token (ETH)');
  await price.fill('0.00001');
  await expect(sell.getByRole('alert')).toHaveText('Minimum allowed price is 0.0001');
  await sell.getByRole('button', { name: 'List collection' }).click();
  expect(wallet.transactionCount()).toBe(0);

  // A valid price from the keyboard: the collection approval, then createAllOutSale at 0.02 ETH per token.
  await price.fill('0.02');
  await expect(sell.getByRole('alert')).toHaveCount(0);
  await price.press('Enter');
  await expectNotice(page, 'Collection listed');
  expect(wallet.sentTransactions()).toHaveLength(2);
  const allOutSaleId = await createdAllOutSaleId(stack, wallet.sentTransactions()[1]!);
  expect(allOutSaleId).not.toBeNull();
  expect(await allOutSaleOnChain(stack, allOutSaleId!)).toMatchObject({ cancelled: false, saleCount: 3n, price: parseEther('0.02') });

  // The listings beside the panel show the open sale (and its three token sales); the form gives way to it.
  await expect(listings.getByText(/Full collection at 0\.02 ETH per token/)).toBeVisible();
  await expect(listings.getByRole('listitem')).toHaveCount(3);
  await expect(sell.getByRole('button', { name: 'List collection' })).toHaveCount(0);

  await listings.getByRole('button', { name: 'Cancel collection sale' }).click();
  await expectNotice(page, 'Sale cancelled');
  expect(wallet.sentTransactions()).toHaveLength(3);
  expect(await allOutSaleOnChain(stack, allOutSaleId!)).toMatchObject({ cancelled: true });
  await expect(listings.getByRole('button', { name: 'Cancel collection sale' })).toHaveCount(0);
  await expect(listings.getByText('Nothing listed.')).toBeVisible();
  await expect(sell.getByRole('button', { name: 'List collection' })).toBeVisible();

  // By token: the collection tokens view, where the creator's own tokens open the token dashboard.
  await sell.getByRole('radio', { name: 'By token' }).check();
  await sell.getByRole('link', { name: 'Choose tokens' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/dashboard/collection/${collection.address.toLowerCase()}/${stack.chainId}$`));
  await expect(page.getByRole('heading', { level: 1, name: collection.name })).toBeVisible();
  const grid = page.getByRole('list', { name: `Tokens of ${collection.name}` });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  const token = collection.tokens[0]!;
  await grid.getByRole('link', { name: token.name }).click();
  await expect(page).toHaveURL(new RegExp(`/account/dashboard/token/${token.holdingId}$`));
  await context.close();
});
