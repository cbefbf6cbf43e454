import { expect, test, type Page } from '@playwright/test';
import { goOffline, goOnline, offlineStatus, storedEntries, waitForServiceWorker } from './support/offline';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { addressOf, readStack } from './support/trading';
import { putProfile, signInFromNode } from './support/xssWrites';

// Offline-first: two accounts on one browser profile (one context). A (#65) views its private reads (profile with its
// email, the dashboard's favourites with a like of its own); the wallet changes to B (#66), who signs in and goes
// offline: B never sees A's stored private answers, and A's private entries are gone from the worker's cache.

const A = 65;
const B = 66;

const avatar = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Profile of / });

test('the second account on one browser never sees the first one\'s cached private answers', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const stack = await readStack(request);
  const run = Date.now().toString(36);
  const emailA = `first-${run}@example.org`;
  const emailB = `second-${run}@example.org`;
  expect((await putProfile(baseURL!, await signInFromNode(baseURL!, stack, A), `First ${run}`, emailA)).status).toBe(200);
  expect((await putProfile(baseURL!, await signInFromNode(baseURL!, stack, B), `Second ${run}`, emailB)).status).toBe(200);
  const addressA = addressOf(stack, A).toLowerCase();
  const addressB = addressOf(stack, B).toLowerCase();

  const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: A });
  await page.goto('/explore');
  await waitForServiceWorker(page);
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(avatar(page)).toHaveAccessibleName(`Profile of First ${run}`);

  // A likes the first artwork on explore: A's favourites and likes are private answers.
  const card = page.getByRole('main').getByRole('article').first();
  await expect(card).toBeVisible();
  const liked = (await card.getByRole('heading').first().textContent())!.trim();
  const toggle = card.getByRole('button', { name: /^(Like|Unlike) \(/ });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/account/dashboard?tab=favorites');
  await expect(page.getByRole('tabpanel').getByRole('article', { name: liked }).first()).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toHaveValue(emailA);
  await expect.poll(async () => (await storedEntries(page)).filter((entry) => entry.account === addressA).length, { message: 'A\'s private answers are stored' }).toBeGreaterThan(0);

  // The wallet changes to B: B signs in (the app reloads) and reads its own private answers.
  const reloaded = page.waitForEvent('load');
  await wallet.switchAccount(B);
  await reloaded;
  await expect(avatar(page)).toHaveAccessibleName(`Profile of Second ${run}`);
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toHaveValue(emailB);
  await page.goto('/account/dashboard?tab=favorites');
  await expect(page.getByRole('tabpanel').getByText('You have not liked any tokens yet.')).toBeVisible();
  await expect.poll(async () => (await storedEntries(page)).filter((entry) => entry.account === addressA).length, { message: 'A\'s private entries are removed on the account change' }).toBe(0);

  // Offline, B opens the private pages again: B's own stored answers, never A's.
  await goOffline(context);
  for (const path of ['/profile', '/account/dashboard?tab=favorites', '/explore?view=myFavorites']) {
    await page.goto(path);
    await expect(offlineStatus(page), path).toBeVisible();
    await expect(avatar(page), path).toHaveAccessibleName(`Profile of Second ${run}`);
    await expect(page.getByText(emailA), path).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('article', { name: liked }), path).toHaveCount(0);
  }
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toHaveValue(emailB);
  await page.goto('/account/dashboard?tab=favorites');
  await expect(page.getByRole('tabpanel').getByText('You have not liked any tokens yet.')).toBeVisible();
  const stored = await storedEntries(page);
  expect(stored.filter((entry) => entry.account === addressA).map((entry) => entry.key)).toEqual([]);
  expect(stored.some((entry) => entry.account === addressB)).toBe(true);
  await goOnline(context);
});
