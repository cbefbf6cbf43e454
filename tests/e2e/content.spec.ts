import { expect, test, type Page } from '@playwright/test';

// The editorial pages "Content": /learn, /faq, /flipcard, /tos and /community-guidelines reached through the main menu and the
// footer, the FAQ by keyboard, and the flipcard page's Explore button opening explore filtered to flipcards only.
// No wallet needed.

async function openMenu(page: Page, group: 'Explore' | 'Learn', item: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: group }).click();
  await nav.getByRole('link', { name: item, exact: true }).click();
}

async function openFooter(page: Page, column: 'Company' | 'Help' | 'Policies', item: string) {
  await page.getByRole('contentinfo').getByRole('navigation', { name: column }).getByRole('link', { name: item, exact: true }).click();
}

/** How many flipcard tokens the demo marketplace holds, asked of the server directly. */
async function flipcardCount(page: Page): Promise<number> {
  const response = await page.request.post('/graphql', {
    data: { query: '{ getMarketplaceTokens(filters: { mediaTypes: ["multipart/image"] }, pagination: { perPage: 1 }) { totalCount } }' },
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { totalCount: number } } };
  return body.data.getMarketplaceTokens.totalCount;
}

test('about us from the menu (Learn → About us) and from the footer (Company → About us)', async ({ page }) => {
  await page.goto('/');
  await openMenu(page, 'Learn', 'About us');
  await expect(page).toHaveURL((url) => url.pathname === '/learn');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page).toHaveTitle('About us | Art Bazaar');
  await expect(page.getByRole('heading', { level: 2, name: 'Curated, artist by artist' })).toBeVisible();

  await page.goto('/explore');
  await openFooter(page, 'Company', 'About us');
  await expect(page).toHaveURL((url) => url.pathname === '/learn');
  await page.getByRole('link', { name: 'Apply as an artist' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/artists/apply');
});

test('FAQ from the footer: 11 questions, opened and switched by keyboard', async ({ page }) => {
  await page.goto('/learn');
  await openFooter(page, 'Help', 'FAQ');
  await expect(page).toHaveURL((url) => url.pathname === '/faq');
  await expect(page).toHaveTitle('FAQ | Art Bazaar');
  const accordion = page.getByRole('list', { name: 'Frequently asked questions' });
  await expect(accordion.getByRole('button')).toHaveCount(11);

  const fee = accordion.getByRole('button', { name: 'Is there a fee to mint a collection?' });
  await fee.focus();
  await page.keyboard.press('Enter');
  await expect(fee).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Is there a fee to mint a collection?' })).toContainText("you only pay the network's gas fees");

  // The next question is the next tab stop (the open answer has no link); Space opens it and closes the first.
  await page.keyboard.press('Tab');
  const pay = accordion.getByRole('button', { name: 'How do I pay for an artwork?' });
  await expect(pay).toBeFocused();
  await page.keyboard.press('Space');
  await expect(pay).toHaveAttribute('aria-expanded', 'true');
  await expect(fee).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'How do I pay for an artwork?' })).toContainText('In ETH, through a browser wallet.');
  await expect(page.getByRole('region', { name: 'Is there a fee to mint a collection?' })).toBeHidden();
});

test('flipcard from the menu (Explore → Unique formats): Explore resets the filters to flipcards only', async ({ page }) => {
  const flipcards = await flipcardCount(page);
  expect(flipcards).toBeGreaterThan(0);

  // A filter chosen before (video) is not carried over.
  await page.goto('/explore');
  await page.getByRole('checkbox', { name: 'Video' }).check();
  await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked();

  await openMenu(page, 'Explore', 'Unique formats');
  await expect(page).toHaveURL((url) => url.pathname === '/flipcard');
  await expect(page.getByRole('heading', { level: 1, name: 'Flipcard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Share your flipcard' })).toHaveAttribute('href', '/studio/create');

  await page.getByRole('link', { name: 'Explore flipcards' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/explore');
  await expect(page.getByRole('checkbox', { name: 'Flipcard' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Video' })).not.toBeChecked();
  const grid = page.getByRole('list', { name: 'Artworks' });
  await expect(grid.getByRole('article')).toHaveCount(Math.min(flipcards, 15));
});

test('policies from the footer: the terms with their line breaks and date, then the community guidelines', async ({ page }) => {
  await page.goto('/learn');
  await openFooter(page, 'Policies', 'Terms of Service');
  await expect(page).toHaveURL((url) => url.pathname === '/tos');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Last updated: September 30th, 2025')).toBeVisible();
  const service = page.locator('.policy-text p').filter({ hasText: '1. The service' });
  await expect(service).toBeVisible();
  // The file's single line breaks are kept inside the paragraph.
  await expect(service.locator('br')).toHaveCount(2);

  await openFooter(page, 'Policies', 'Community guidelines');
  await expect(page).toHaveURL((url) => url.pathname === '/community-guidelines');
  await expect(page.getByRole('heading', { level: 1, name: 'Community Guidelines' })).toBeVisible();
  await expect(page.getByText('Last updated: September 2025')).toBeVisible();
  await expect(page.locator('.policy-text')).toContainText('Publish only work you created');
});
