import { expect, test, type Page } from '@playwright/test';
import { goOffline, goOnline, offlineStatus, waitForServiceWorker } from './support/offline';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { addressOf, readStack } from './support/trading';
import { putProfile, signInFromNode } from './support/xssWrites';

// Offline-first with docs/requirements.md#wallet-session: the stored API key expired while the app is offline. Account #77 signs in and sees its
// profile (a private read, stored by the worker for this account); its stored key is then aged past its expiry (the
// login record in the app's IndexedDB), the browser goes offline and reloads. The wallet is not asked to sign, the
// account stays shown with its own stored profile, the app says signing in needs a connection; back online the
// wallet is asked once and the session goes on with a new key.

const USER = 77;
const NEEDS_CONNECTION = 'Signing in needs a connection. Your wallet will be asked to sign once you are back online.';
const avatar = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Profile of / });

/** The stored login's key expiry (epoch ms) for `address`; `set` rewrites it first. Null when there is none. */
function loginExpiry(page: Page, address: string, set?: number): Promise<number | null> {
  return page.evaluate(
    ({ key, set }) =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('artbazaar-wallet');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const store = database.transaction('logins', 'readwrite').objectStore('logins');
          const read = store.get(key);
          read.onsuccess = () => {
            const login = read.result as { apiKey: { expires: number } } | undefined;
            if (!login) return resolve(null);
            if (set === undefined) return resolve(login.apiKey.expires);
            const write = store.put({ ...login, apiKey: { ...login.apiKey, expires: set } }, key);
            write.onsuccess = () => resolve(set);
            write.onerror = () => reject(write.error);
          };
          read.onerror = () => reject(read.error);
        };
      }),
    { key: address.toLowerCase(), set },
  );
}

test('offline with an expired stored key: no signature asked, still signed in with its own stored data; back online the wallet is asked once', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const stack = await readStack(request);
  const run = Date.now().toString(36);
  const address = addressOf(stack, USER);
  const email = `expired-${run}@example.org`;
  expect((await putProfile(baseURL!, await signInFromNode(baseURL!, stack, USER), `Expired ${run}`, email)).status).toBe(200);

  const wallet = await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: USER });
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(avatar(page)).toHaveAccessibleName(`Profile of Expired ${run}`);
  expect(wallet.signCount()).toBe(1);
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toHaveValue(email);
  await expect.poll(() => loginExpiry(page, address), { message: 'the login is stored' }).toBeGreaterThan(Date.now());

  // The key expired a minute ago (as if the phone had been away longer than the key lives).
  await loginExpiry(page, address, Date.now() - 60_000);
  await goOffline(context);
  await page.reload();
  await expect(offlineStatus(page)).toBeVisible();
  await expect(page.getByText(NEEDS_CONNECTION)).toBeVisible();
  await expect(avatar(page)).toHaveAccessibleName(`Profile of Expired ${run}`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect wallet' })).toHaveCount(0);
  // Its own private read, from the worker's copy stored for this account.
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toHaveValue(email);
  expect(wallet.signCount(), 'no signature asked offline').toBe(1);
  expect(await loginExpiry(page, address), 'not signed out: the stored login is kept').not.toBeNull();

  // Back online: the wallet is asked once, and the session continues with a new key.
  await goOnline(context);
  await expect.poll(() => wallet.signCount(), { message: 'the wallet is asked to sign once back online' }).toBe(2);
  await expect.poll(() => loginExpiry(page, address), { message: 'a new key is stored' }).toBeGreaterThan(Date.now());
  await expect(page.getByText(NEEDS_CONNECTION)).toHaveCount(0);
  await expect(avatar(page)).toHaveAccessibleName(`Profile of Expired ${run}`);
  expect(wallet.signCount()).toBe(2);
});
