import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';

// The demo seed (scripts/seed/content.ts): 'Paper Suns' is created by Hardhat account #2; #3 is a collector.
const COLLECTION_NAME = 'Paper Suns';
const CREATOR_INDEX = 2;
const OTHER_INDEX = 3;
// Hardhat's well-known test key of account #3 (local chains only).
const OTHER_KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6';

async function chainUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  return config.evms[0]!.providerURL;
}

async function findCollection(request: APIRequestContext): Promise<{ _id: string; address: string; chainId: number }> {
  const response = await request.post('/graphql', {
    data: {
      query: 'query { getMarketplaceCollections(pagination: { perPage: 100 }) { edges { node { _id name address chainId } } } }',
    },
  });
  const body = (await response.json()) as { data: { getMarketplaceCollections: { edges: Array<{ node: { _id: string; name: string; address: string; chainId: number } }> } } };
  const found = body.data.getMarketplaceCollections.edges.map((edge) => edge.node).find((node) => node.name === COLLECTION_NAME);
  if (!found) throw new Error(`${COLLECTION_NAME} is not in the demo data`);
  return found;
}

async function signIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await dialog.getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
}

/** A real SIWE login through the API (as the app does it), giving that account's API key. */
async function apiLogin(request: APIRequestContext, baseURL: string, privateKey: `0x${string}`) {
  const account = privateKeyToAccount(privateKey);
  const { nonce } = (await (await request.get('/api/v1/account/nonce')).json()) as { nonce: string };
  const url = new URL(baseURL);
  const now = Date.now();
  const message = createSiweMessage({
    domain: url.host,
    address: account.address,
    uri: url.origin,
    version: '1',
    chainId: 31337,
    nonce,
    issuedAt: new Date(now),
    expirationTime: new Date(now + 3_600_000),
  });
  const response = await request.post('/api/v1/account', {
    data: { message, signature: await account.signMessage({ message }), apiKey: { address: account.address, alias: '', expires: now + 3_600_000 } },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { apiKey: { address: string; key: string } }).apiKey;
}

test('the creator edits the description and it persists after a reload', async ({ page, request }) => {
  const collection = await findCollection(request);
  await installTestWallet(page, { rpcUrl: await chainUrl(request), accountIndex: CREATOR_INDEX });
  await page.goto(`/collection/${collection.address}/${collection.chainId}`);
  await expect(page.getByRole('heading', { level: 1, name: COLLECTION_NAME })).toBeVisible();
  await expect(page.getByRole('list', { name: `Artworks of ${COLLECTION_NAME}` }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit description' })).toHaveCount(0);

  await signIn(page);
  await page.getByRole('button', { name: 'Edit description' }).click();
  const form = page.getByRole('form', { name: 'Edit description' });
  await form.getByLabel('Description').fill('Suns & moons');
  await expect(form.getByText('Invalid input. Please use only alphanumeric characters and basic punctuation.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  const text = `Paper suns, folded at dawn (${Date.now().toString(36)}).`;
  await form.getByLabel('Description').fill(text);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText(text)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: COLLECTION_NAME })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
});

// A 4×4 opaque PNG (generated once; any small image does).
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM44KAARwzEcQDeQxIBU65OPwAAAABJRU5ErkJggg==',
  'base64',
);

test('the creator replaces the cover (square crop); a failed upload shows the error', async ({ page, request }) => {
  const collection = await findCollection(request);
  await installTestWallet(page, { rpcUrl: await chainUrl(request), accountIndex: CREATOR_INDEX });
  await page.goto(`/collection/${collection.address}/${collection.chainId}`);
  await signIn(page);
  const cover = page.getByRole('img', { name: `Cover of ${COLLECTION_NAME}` });
  const before = await cover.getAttribute('src');

  // First a refused upload: the server's message is shown.
  await page.route(`**/api/v1/collection/${collection._id}`, (route) =>
    route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ error: 'too_large', message: 'The cover is too large' }) }),
  );
  await page.locator('#collection-cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG });
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.locator('.collection-cover').getByRole('alert')).toHaveText('The cover is too large');
  await expect(cover).toHaveAttribute('src', before ?? '');
  await page.unroute(`**/api/v1/collection/${collection._id}`);

  await page.locator('#collection-cover-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: COVER_PNG });
  const saved = page.waitForResponse((response) => response.url().endsWith(`/api/v1/collection/${collection._id}`) && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Edit cover' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('img', { name: `Cover of ${COLLECTION_NAME}` })).not.toHaveAttribute('src', before ?? '');
});

test('another account sees no edit button, and its direct PUT is refused with 403', async ({ page, request, baseURL }) => {
  const collection = await findCollection(request);
  await installTestWallet(page, { rpcUrl: await chainUrl(request), accountIndex: OTHER_INDEX });
  await page.goto(`/collection/${collection.address}/${collection.chainId}`);
  await expect(page.getByRole('heading', { level: 1, name: COLLECTION_NAME })).toBeVisible();
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: COLLECTION_NAME })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit description' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit cover' })).toHaveCount(0);

  const before = page.locator('.collection-description p').first();
  const shown = await before.textContent();
  const key = await apiLogin(request, baseURL!, OTHER_KEY);
  const response = await request.put(`/api/v1/collection/${collection._id}`, {
    headers: { Authorization: `Bearer ${key.address}:${key.key}`, Nonce: `${Date.now()}-e2e${Math.random().toString(16).slice(2)}` },
    multipart: { description: 'Taken over' },
  });
  expect(response.status()).toBe(403);
  await page.reload();
  await expect(page.locator('.collection-description p').first()).toHaveText(shown ?? '');
});
