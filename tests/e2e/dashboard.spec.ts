import { expect, test, type Page } from '@playwright/test';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';

// The collector dashboard against the whole demo stack and its seed (scripts/seed/demo.ts): collector June
// (hardhat #3) bought Azulejo II and Recto / Verso, offered on Haze and Standing Note and likes tokens; creator
// Mara (#1) has an open offer from Theo on Weaving Room. Read only: trading flows are in trading.spec.ts.

async function signInAt(page: Page, path: string, accountIndex: number) {
  const config = (await (await page.request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  await installTestWallet(page, { rpcUrl: config.evms[0]!.providerURL, accountIndex });
  await page.goto(path);
  // The guarded route opens the wallet modal and comes back after signing in.
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: TEST_WALLET_NAME }).click();
}

const tabs = (page: Page) => page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
const panel = (page: Page) => page.getByRole('tabpanel');

test('a collector: /account lands on the dashboard with Purchased tokens, then the other tabs show the seeded data', async ({ page }) => {
  await signInAt(page, '/account', 3);
  await expect(page).toHaveURL((url) => url.pathname === '/account/dashboard');
  await expect(tabs(page)).toHaveText(['Purchased tokens', 'Received offers', 'Sent offers', 'Favorites', 'Activity']);
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Purchased tokens');

  const purchased = panel(page).getByRole('list', { name: 'Purchased tokens' });
  await expect(purchased.getByRole('heading', { name: 'Azulejo II' })).toBeVisible();
  await expect(purchased.getByRole('heading', { name: 'Recto / Verso' })).toBeVisible();

  // Tooltip on keyboard focus.
  await page.getByRole('tab', { name: 'Purchased tokens' }).focus();
  await page.keyboard.press('ArrowRight');
  const received = page.getByRole('tab', { name: 'Received offers' });
  await expect(received).toBeFocused();
  await expect(received).toHaveAttribute('aria-selected', 'true');
  const tooltip = page.getByRole('tooltip').filter({ hasText: 'Offers collectors made' });
  await expect(tooltip).toBeVisible();
  // Not clipped or covered: hit-tested at its centre (it ignores the pointer, so it takes it for the test).
  expect(await tooltip.evaluate((tip) => {
    const box = tip.getBoundingClientRect();
    (tip as HTMLElement).style.pointerEvents = 'auto';
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    (tip as HTMLElement).style.pointerEvents = '';
    return tip.contains(hit);
  })).toBe(true);
  await expect(page).toHaveURL(/tab=received/);
  await expect(panel(page).getByText('No offers received yet')).toBeVisible();

  await page.getByRole('tab', { name: 'Sent offers' }).click();
  for (const name of ['Haze', 'Standing Note']) {
    const card = panel(page).getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByText('Offer price')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Retract' })).toBeEnabled();
  }

  await page.getByRole('tab', { name: 'Favorites' }).click();
  await expect(panel(page).getByRole('list', { name: 'Favorite tokens' }).getByRole('article').first()).toBeVisible();

  // A collector asking for My creations is moved to Purchased tokens.
  await page.goto('/account/dashboard?tab=creations');
  await expect(page).toHaveURL(/tab=tokens/);
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Purchased tokens');
});

test('a creator: My creations is the default tab, and the received offers list the offers on their sales', async ({ page }) => {
  await signInAt(page, '/account/dashboard', 1);
  await expect(tabs(page)).toHaveText(['My creations', 'Purchased tokens', 'Received offers', 'Sent offers', 'Favorites', 'Activity']);
  await expect(page.getByRole('tab', { selected: true })).toHaveText('My creations');
  await expect(page.getByRole('tabpanel', { name: 'My creations' })).toBeVisible();

  await page.getByRole('tab', { name: 'Received offers' }).click();
  const card = panel(page).getByRole('article', { name: 'Weaving Room' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('cell', { name: 'Theo Hartmann' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept' })).toBeEnabled();
});
