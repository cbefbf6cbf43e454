import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createWalletClient, formatEther, http, parseEther, type Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { addressOf, listOnChain, mintCollection, offerOnChain, readStack, waitForListing, type Stack, type TestCollection } from './support/trading';

// Live events in the browser (docs/requirements.md#live-events): a purchase made on chain by a script and a like made through REST by
// another account reach two open pages of a collection without a reload; an offer made on chain reaches an open token
// page. The collection is this spec's own: minted by #86, two of its three tokens listed (one bought, one offered on).

const SELLER_INDEX = 86;
const BUYER_INDEX = 8;
const LIKER_INDEX = 9;
const OFFERER_INDEX = 7;
const BOUGHT_PRICE = parseEther('0.02');
const OFFERED_PRICE = parseEther('0.05');

let stack: Stack;
let collection: TestCollection;
let boughtSale: bigint;
let offeredSale: bigint;

test.beforeAll(async ({ playwright, baseURL }) => {
  // A collection minted and two listings on chain, each waited for in the indexer.
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  stack = await readStack(request);
  collection = await mintCollection(request, stack, SELLER_INDEX, 3, 'Live Test ');
  const address = collection.address as Address;
  boughtSale = await listOnChain(stack, SELLER_INDEX, address, collection.tokens[0]!.tokenId, BOUGHT_PRICE);
  offeredSale = await listOnChain(stack, SELLER_INDEX, address, collection.tokens[2]!.tokenId, OFFERED_PRICE);
  await waitForListing(request, collection, collection.tokens[0]!.tokenId, boughtSale);
  await waitForListing(request, collection, collection.tokens[2]!.tokenId, offeredSale);
  await request.dispose();
});

const card = (page: Page, name: string) => page.getByRole('article', { name });

/** Signs in an unlocked chain account over REST (SIWE) and returns its Authorization header value. */
async function signIn(request: APIRequestContext, address: Address, host: string) {
  const wallet = createWalletClient({ transport: http(stack.rpcUrl) });
  const { nonce } = (await (await request.get('/api/v1/account/nonce')).json()) as { nonce: string };
  const now = Date.now();
  const message = createSiweMessage({
    domain: host, address, uri: `http://${host}`, version: '1', chainId: stack.chainId, nonce, issuedAt: new Date(now), expirationTime: new Date(now + 3_600_000),
  });
  const signature = await wallet.signMessage({ account: address, message });
  const login = await request.post('/api/v1/account', { data: { message, signature, apiKey: { address, alias: '', expires: now + 3_600_000 } } });
  expect(login.status()).toBe(200);
  const { apiKey } = (await login.json()) as { apiKey: { address: string; key: string } };
  return `Bearer ${apiKey.address}:${apiKey.key}`;
}

test('a purchase on chain shows SOLD and a like by another account updates the count, live in two browsers', async ({ browser, baseURL }) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  const request = pages[0]!.request;
  const [bought, liked] = [collection.tokens[0]!, collection.tokens[1]!];

  for (const page of pages) {
    await page.goto(`/collection/${collection.address.toLowerCase()}/${stack.chainId}`);
    await expect(card(page, bought.name)).toBeVisible();
    await expect(card(page, bought.name).getByText('SOLD', { exact: true })).toHaveCount(0);
    await expect(card(page, liked.name).getByRole('button', { name: /^(Like|Unlike) \(0\b/ })).toBeVisible();
  }
  // The pages connect their sockets once their first load is over: wait for the app to say so.
  for (const page of pages) await expect(page.locator('.app')).toHaveAttribute('data-live', 'connected');

  // Buy at the listed price: makeOffer with the listing's price (docs/requirements.md#trading-offers).
  await offerOnChain(stack, BUYER_INDEX, boughtSale, bought.tokenId, BOUGHT_PRICE);
  for (const page of pages) await expect(card(page, bought.name).getByText('SOLD', { exact: true })).toBeVisible({ timeout: 5000 });

  const authorization = await signIn(request, addressOf(stack, LIKER_INDEX), new URL(baseURL!).host);
  const like = await request.post('/api/v1/likes/', {
    headers: { Authorization: authorization, Nonce: `${Date.now()}-${Math.random().toString(36).slice(2)}` },
    multipart: { token_id: liked._id },
  });
  expect(like.status()).toBe(201);
  expect(((await like.json()) as { likesCount: number }).likesCount).toBe(1);
  for (const page of pages) {
    await expect(card(page, liked.name).getByRole('button', { name: /^(Like|Unlike) \(1\b/ })).toBeVisible({ timeout: 5000 });
  }
  await Promise.all(contexts.map((c) => c.close()));
});

test('an offer made on chain by another account appears in the open token page\'s offers list without a reload', async ({ page }) => {
  const token = collection.tokens[2]!;
  await page.goto(`/token/${token.holdingId}`);
  await expect(page.getByRole('heading', { level: 1, name: token.name })).toBeVisible();
  const offers = page.getByRole('region', { name: 'Offers' });
  await expect(offers).toBeVisible();
  // The page connects its socket once its first load is over: wait for the app to say so.
  await expect(page.locator('.app')).toHaveAttribute('data-live', 'connected');

  // Below the listing price, a whole number of 0.0001 steps: escrowed, OfferMade.
  const price = parseEther('0.03');
  await offerOnChain(stack, OFFERER_INDEX, offeredSale, token.tokenId, price);
  const row = offers.getByRole('row').filter({ hasText: `${formatEther(price)} ETH` });
  await expect(row).toBeVisible({ timeout: 5000 });
  await expect(row).toContainText('Active');
});
