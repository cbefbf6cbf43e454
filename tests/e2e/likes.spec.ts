import { expect, test, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { expectNotice, recordNotices } from './support/notices';

async function chainUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  return config.evms[0]!.providerURL;
}

async function signIn(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
}

/** The like toggle's state as its accessible name tells it: "Like (3 likes)" / "Unlike (1 like)". */
async function likeState(button: Locator): Promise<{ liked: boolean; count: number }> {
  const name = (await button.getAttribute('aria-label')) ?? '';
  const match = /^(Like|Unlike) \((\d+) likes?\)$/.exec(name);
  if (!match) throw new Error(`unexpected like button label: ${name}`);
  expect(await button.getAttribute('aria-pressed')).toBe(match[1] === 'Unlike' ? 'true' : 'false');
  return { liked: match[1] === 'Unlike', count: Number(match[2]) };
}

const labelOf = (liked: boolean, count: number) => `${liked ? 'Unlike' : 'Like'} (${count} ${count === 1 ? 'like' : 'likes'})`;

async function firstCard(page: Page) {
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('heading').textContent())!.trim();
  return name;
}

// A like or unlike call (POST /api/v1/likes/, DELETE /api/v1/likes/token/<id>), not the GET of the account's likes.
const isLikeWrite = (url: URL | string, method: string) => /\/api\/v1\/likes(\/|$)/.test(new URL(String(url)).pathname) && method !== 'GET';

const cardNamed = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name, exact: true }).first();

test('a visitor clicking like gets the connect-wallet error and the wallet modal; the count stays', async ({ page }) => {
  await recordNotices(page);
  await page.goto('/explore');
  const name = await firstCard(page);
  const button = cardNamed(page, name).getByRole('button', { name: /^(Like|Unlike) \(/ });
  const before = await likeState(button);
  await button.click();
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
  await expectNotice(page, 'Please connect your wallet to like this token');
  expect(await likeState(button)).toEqual(before);
});

test('like and unlike with the test wallet: the count changes at once and persists after a reload', async ({ page, request }) => {
  await installTestWallet(page, { rpcUrl: await chainUrl(request), accountIndex: 4 });
  await page.goto('/explore');
  const name = await firstCard(page);
  const button = () => cardNamed(page, name).getByRole('button', { name: /^(Like|Unlike) \(/ });
  // The account's likes arrive once per login: read the state after they did.
  const likesLoaded = page.waitForResponse((response) => response.url().endsWith('/api/v1/likes/account'));
  await signIn(page);
  expect((await likesLoaded).ok()).toBe(true);
  await expect(button()).toBeVisible();
  const start = await likeState(button());

  // The server answers late: the new count must show before it does.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  const holdWrites = async (route: Route) => {
    if (isLikeWrite(route.request().url(), route.request().method())) await answered;
    await route.continue();
  };
  await page.route('**/api/v1/likes**', holdWrites);
  await button().click();
  const toggled = { liked: !start.liked, count: start.count + (start.liked ? -1 : 1) };
  await expect(button()).toHaveAccessibleName(labelOf(toggled.liked, toggled.count), { timeout: 2000 });
  const saved = page.waitForResponse((response) => isLikeWrite(response.url(), response.request().method()));
  release();
  expect((await saved).ok()).toBe(true);
  await page.unroute('**/api/v1/likes**', holdWrites);

  await page.reload();
  await expect(button()).toHaveAccessibleName(labelOf(toggled.liked, toggled.count));

  // And back.
  const undoneWait = page.waitForResponse((response) => isLikeWrite(response.url(), response.request().method()));
  await button().click();
  await expect(button()).toHaveAccessibleName(labelOf(start.liked, start.count));
  expect((await undoneWait).ok()).toBe(true);
  await page.reload();
  await expect(button()).toHaveAccessibleName(labelOf(start.liked, start.count));
});
