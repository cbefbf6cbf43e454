import { expect, test, type Page } from '@playwright/test';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { expectNotice } from './support/notices';

// Against the whole demo stack started by playwright.config.ts; the wallet is tests/e2e/support/testWallet.ts.

async function chainUrl(page: Page): Promise<string> {
  const config = (await (await page.request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  return config.evms[0]!.providerURL;
}

async function connectWith(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: TEST_WALLET_NAME }).click();
}

const avatarLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Profile of / });

test('connect, sign in, edit the profile, reload and stay signed in without signing again', async ({ page }) => {
  const wallet = await installTestWallet(page, { rpcUrl: await chainUrl(page), accountIndex: 3 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await connectWith(page);
  await expect(avatarLink(page)).toBeVisible();
  expect(wallet.signCount()).toBe(1);

  await avatarLink(page).click();
  await expect(page).toHaveURL(/\/profile$/);
  const form = page.getByRole('form', { name: 'General' });
  const alias = `collector ${Date.now().toString(36)}`;
  await form.getByLabel('Alias').fill(alias);
  await form.getByLabel('Email').fill('not-an-email');
  await expect(form.getByText('Invalid email')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByLabel('Email').fill('collector@example.com');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotice(page, 'Profile saved');
  // The header takes the saved alias at once (wallet.accountUpdated), not only after the reload.
  await expect(avatarLink(page)).toHaveAccessibleName(`Profile of ${alias}`);

  await page.reload();
  await expect(avatarLink(page)).toHaveAccessibleName(`Profile of ${alias}`);
  await expect(page.getByRole('form', { name: 'General' }).getByLabel('Alias')).toHaveValue(alias);
  expect(wallet.signCount()).toBe(1);
});

test('a guarded route opened while disconnected opens the modal and lands on the target after connecting', async ({ page }) => {
  const wallet = await installTestWallet(page, { rpcUrl: await chainUrl(page), accountIndex: 4 });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/connect-wallet\?from=%2Fprofile/);
  await expect(page.getByText('This page needs a connected wallet.')).toBeVisible();
  await connectWith(page);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  expect(wallet.signCount()).toBe(1);
});

test('rejecting the signature disconnects and says so', async ({ page }) => {
  const wallet = await installTestWallet(page, { rpcUrl: await chainUrl(page), accountIndex: 2 });
  wallet.rejectNextSignature();
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await connectWith(page);
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' }).getByText('User denied message signature')).toBeVisible();
  await expectNotice(page, 'User denied message signature');
  await expect(avatarLink(page)).toHaveCount(0);
  expect(wallet.signCount()).toBe(1);
});

test('switching the account in the wallet re-authenticates (signs with the new account, reloads)', async ({ page }) => {
  const wallet = await installTestWallet(page, { rpcUrl: await chainUrl(page), accountIndex: 3 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await connectWith(page);
  await expect(avatarLink(page)).toBeVisible();
  expect(wallet.signCount()).toBe(1);

  const reloaded = page.waitForEvent('load');
  await wallet.switchAccount(4);
  await expect.poll(() => wallet.signCount()).toBe(2);
  await reloaded;
  await expect(avatarLink(page)).toBeVisible();
  // The reloaded page restores the new account's session from its stored key.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  const own = (await (await page.request.get(`/api/v1/account/${wallet.address}`)).json()) as { address: string };
  expect(own.address).toBe(wallet.address.toLowerCase());
  expect(wallet.signCount()).toBe(2);
});
