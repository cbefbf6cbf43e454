import { expect, test, type Locator, type Page } from '@playwright/test';

// The editorial pages "Articles": /media-articles reached through the main menu (Learn → Media and Articles) and the footer
// (Company → Media and Articles): the demo's featured article with Read, the grid of article cards in the server's
// order (newest first), Read to the featured article's page and a card (by mouse and by keyboard) to its article
// page. No wallet needed.

interface ServerArticle {
  id: string;
  title: string;
  type: string;
  isFeatured: boolean;
}

/** The list and the featured article as the server serves them, read directly. */
async function serverArticles(page: Page): Promise<{ articles: ServerArticle[]; featured: ServerArticle | null; totalCount: number }> {
  const list = (await (await page.request.get('/api/v1/article?perPage=50')).json()) as { articles: ServerArticle[]; totalCount: number };
  const featured = (await (await page.request.get('/api/v1/article/featured')).json()) as { article: ServerArticle | null };
  return { articles: list.articles, totalCount: list.totalCount, featured: featured.article };
}

/** Whether an image has loaded and decoded (not a broken or pending request). */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

const grid = (page: Page) => page.getByRole('region', { name: 'All articles' });

test('Learn → Media and Articles: the featured article, the cards newest first; Read and a card open their articles', async ({ page }) => {
  const server = await serverArticles(page);
  // The demo seeds at least 4 articles, one of them featured (the editorial pages).
  expect(server.totalCount).toBeGreaterThanOrEqual(4);
  expect(server.featured).not.toBeNull();
  const featured = server.featured!;

  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Learn' }).click();
  await nav.getByRole('link', { name: 'Media and Articles', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/media-articles');
  await expect(page.getByRole('heading', { level: 1, name: 'Media and Articles' })).toBeVisible();
  await expect(page).toHaveTitle('Media and Articles | Art Bazaar');

  // The featured article: cover, type, title and Read.
  const hero = page.getByRole('region', { name: featured.title });
  await expect(hero).toBeVisible();
  await expect(hero.getByText(featured.type, { exact: true })).toBeVisible();
  await expect.poll(() => loaded(hero.locator('img'))).toBe(true);

  // Every article as a card, in the server's order, each with its cover thumbnail at the card's size.
  const cards = grid(page).getByRole('article');
  await expect(cards).toHaveCount(server.totalCount);
  expect(await grid(page).getByRole('heading', { level: 3 }).allTextContents()).toEqual(server.articles.map((article) => article.title));
  const firstImage = cards.first().locator('img');
  await expect(firstImage).toHaveAttribute('width', '480');
  await expect(firstImage).toHaveAttribute('height', '180');
  await expect.poll(() => loaded(firstImage)).toBe(true);
  await expect(page.getByRole('button', { name: 'More articles' })).toHaveCount(server.totalCount > 24 ? 1 : 0);

  // Read → the featured article's page.
  await hero.getByRole('link', { name: `Read: ${featured.title}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/article/${featured.id}`);
  await expect(page.getByRole('heading', { level: 1, name: featured.title })).toBeVisible();
  await expect(page.locator('.article-body p').first()).toBeVisible();

  // Back to the list; a card (not the featured one) → its page.
  await page.goBack();
  const other = server.articles.find((article) => article.id !== featured.id)!;
  await grid(page).getByRole('link', { name: other.title, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/article/${other.id}`);
  await expect(page.getByRole('heading', { level: 1, name: other.title })).toBeVisible();
  await expect(page.locator('.article-body p').first()).toBeVisible();
});

test('Company → Media and Articles in the footer; a card opened from the keyboard', async ({ page }) => {
  const server = await serverArticles(page);
  const last = server.articles.at(-1)!;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('navigation', { name: 'Company' }).getByRole('link', { name: 'Media and Articles', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/media-articles');
  const link = grid(page).getByRole('link', { name: last.title, exact: true });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === `/article/${last.id}`);
  await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeVisible();
});
