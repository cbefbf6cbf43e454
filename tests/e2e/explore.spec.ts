import { expect, test, type Page } from '@playwright/test';

/** Waits until the page's scroll position holds still across two animation frames (a wheel scroll runs smoothly). */
async function scrollSettled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const y = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
          }),
      ),
    )
    .toBe(true);
}

// The demo stack (chain, contracts, seeded database, server, built app) is started by playwright.config.ts.

test('filter, sort, scroll to a second page, open a token, and Back restores the filters and the scroll position', async ({ page }) => {
  await page.goto('/explore');
  const grid = page.getByRole('list', { name: 'Artworks' });
  await expect(grid.getByRole('article')).toHaveCount(15);

  // Filter by the demo chain and sort oldest first: the URL carries both, the list reloads from the first page.
  await page.getByRole('checkbox', { name: 'Hardhat' }).check();
  await expect(page).toHaveURL(/chain=/);
  await page.getByRole('radio', { name: 'Oldest' }).check();
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(page.getByRole('radio', { name: 'Oldest' })).toBeChecked();
  await expect(grid.getByRole('article')).toHaveCount(15);
  const filteredUrl = page.url();

  // Scrolling to the list bottom loads the second page.
  await grid.getByRole('article').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => grid.getByRole('article').count()).toBeGreaterThan(15);

  // Open a token from the second page (cards link only when the token has holding info).
  const target = grid.locator('li:nth-child(n+16)').getByRole('link').first();
  await target.scrollIntoViewIfNeeded();
  const name = (await target.textContent())!.trim();
  await scrollSettled(page);
  const scrolled = await page.evaluate(() => window.scrollY);
  // The sentinel may still have asked for a further page while it was in view: the count is read once no page is
  // loading. Every item of the pages loaded has its slot at once; its card mounts one per task (PagedGrid progressive).
  await expect(page.getByRole('status').filter({ hasText: 'Loading artworks' })).toHaveCount(0);
  const loaded = await grid.getByRole('listitem').count();
  expect(loaded).toBeGreaterThan(15);
  await expect(grid.getByRole('article')).toHaveCount(loaded);
  expect(scrolled).toBeGreaterThan(500);
  // The wheel's smooth scroll may still run: the card's place on screen is read once nothing moves.
  await scrollSettled(page);
  const shownAt = (await target.boundingBox())!.y;
  await target.click();
  await expect(page).toHaveURL(/\/token\//);
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(filteredUrl);
  await expect(page.getByRole('radio', { name: 'Oldest' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Hardhat' })).toBeChecked();
  // The same items at once (no reload from page 1), at the offset the visitor left.
  await expect(grid.getByRole('article')).toHaveCount(loaded);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 100);
  // The opened card is back where the visitor saw it on screen (scroll anchoring may move scrollY itself a little
  // when content above the grid, such as the artist filter, settles after the restore).
  const restored = grid.getByRole('link', { name, exact: true });
  await expect(restored).toBeInViewport();
  await expect.poll(async () => Math.abs(((await restored.boundingBox())?.y ?? Number.POSITIVE_INFINITY) - shownAt)).toBeLessThan(100);
});

test('End (a jump past the list to the page bottom, where the taller filter column ends) loads the next page', async ({ page }) => {
  await page.goto('/explore?view=collection');
  const cards = page.getByRole('list', { name: 'Collections' }).getByRole('article');
  await expect(cards).toHaveCount(4);
  // The filter column is taller than one page of collections: the page's bottom is below the list's end.
  const [listBottom, pageHeight] = await page.evaluate(() => [
    document.querySelector('[aria-label="Collections"]')!.getBoundingClientRect().bottom + window.scrollY,
    document.documentElement.scrollHeight,
  ]);
  expect(pageHeight - listBottom).toBeGreaterThan(300);
  await page.keyboard.press('End');
  await expect.poll(() => cards.count()).toBeGreaterThan(4);
});

test('a shared filtered link opens filtered: collections view, oldest first', async ({ page }) => {
  await page.goto('/explore?view=collection&sort=oldest');
  await expect(page.getByRole('radio', { name: 'Collections' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Oldest' })).toBeChecked();
  const grid = page.getByRole('list', { name: 'Collections' });
  await expect(grid.getByRole('article')).toHaveCount(4);
  // Collection cards link to the collection display page.
  await grid.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/collection\/0x[0-9a-fA-F]{40}\/31337$/);
});

test('a filter without results shows the no-result message; invalid params fall back to defaults', async ({ page }) => {
  // An artist with no artworks (a valid address nobody minted with).
  await page.goto('/explore?artist=0x000000000000000000000000000000000000dEaD&sort=not-a-sort');
  await expect(page.getByText('No artworks found')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Newest' })).toBeChecked();
  // The invalid sort is dropped from the address bar as well; the valid artist stays.
  await expect(page).not.toHaveURL(/not-a-sort/);
  await expect(page).toHaveURL(/artist=/);
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByRole('list', { name: 'Artworks' }).getByRole('article')).toHaveCount(15);
});

test('on a phone the filters collapse behind a Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/explore');
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('radio', { name: 'Oldest' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('radio', { name: 'Oldest' }).check();
  await expect(page).toHaveURL(/sort=oldest/);
});
