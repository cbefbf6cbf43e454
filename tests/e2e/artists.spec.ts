import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerCreator, testAddress } from './support/creators';
import { openSignedIn, readStack, type Stack } from './support/trading';

// The artists' pages: /artists in both views (the demo's artists, alphabetical; the grayscale cover swapping to the featured
// artwork on hover and on keyboard focus; the view remembered across a reload), an artist opened from the
// catalogue, and /artists/apply as a creator (#20: disabled) and as a collector (#21: the external form).
const CREATOR = 20;
const COLLECTOR = 21;

// Every demo creator has an artist profile (scripts/seed/editorial.ts), ordered by display name.
const DEMO_ARTISTS = ['Ada Nwosu', 'Felix Arden', 'Ines Kodama', 'Kai Sørensen', 'Leo Marchetti', 'Mara Vale', 'Nadia Rahimi', 'Oskar Lind', 'Sol Ibarra'];

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

/** Opens a page of the Artists group of the main menu. */
async function openArtistsMenu(page: Page, item: 'Artists' | 'Apply to become an artist') {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Artists' }).click();
  await nav.getByRole('link', { name: item, exact: true }).click();
}

const artistsList = (page: Page) => page.getByRole('list', { name: 'Artists' });
const card = (page: Page, name: string) => artistsList(page).getByRole('article', { name });

/** Whether an image has loaded and decoded (not a broken or pending request). */
const loaded = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);

interface ServerCard {
  displayName: string;
  coverThumbnail: string;
  featured: string | null;
}

/** The catalogue as the server serves it (the card images of each artist), read directly. */
async function serverCards(page: Page): Promise<ServerCard[]> {
  const response = await page.request.post('/graphql', {
    data: { query: '{ getAllArtists(pagination: { perPage: 50 }) { edges { node { displayName coverThumbnail featuredArtwork { thumbnailUrl } } } } }' },
  });
  const body = (await response.json()) as {
    data: { getAllArtists: { edges: Array<{ node: { displayName: string; coverThumbnail: string; featuredArtwork: { thumbnailUrl: string | null } | null } }> } };
  };
  return body.data.getAllArtists.edges.map(({ node }) => ({ displayName: node.displayName, coverThumbnail: node.coverThumbnail, featured: node.featuredArtwork?.thumbnailUrl ?? null }));
}

test('browse /artists from the menu: images view with grayscale covers that swap on hover and focus, list view, remembered after a reload', async ({ page }) => {
  await page.goto('/');
  await openArtistsMenu(page, 'Artists');
  await expect(page).toHaveURL((url) => url.pathname === '/artists');
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  await expect(page).toHaveTitle('Artists | Art Bazaar');

  // Images view (the default): one card per artist in the server's order (alphabetical by the stored sort key, tested
  // on both databases in tests/server); other specs may have added artists, so the demo's nine are a subsequence.
  const cards = await serverCards(page);
  const expected = cards.map((entry) => entry.displayName);
  expect(expected.filter((name) => DEMO_ARTISTS.includes(name))).toEqual(DEMO_ARTISTS);
  await expect(page.getByRole('button', { name: 'Images' })).toHaveAttribute('aria-pressed', 'true');
  await expect(artistsList(page).getByRole('article')).toHaveCount(expected.length);
  expect(await artistsList(page).getByRole('heading', { level: 2 }).allTextContents()).toEqual(expected);

  const mara = card(page, 'Mara Vale');
  const maraImages = cards.find((entry) => entry.displayName === 'Mara Vale')!;
  const cover = mara.locator('img.artist-card-cover');
  await expect(cover).toHaveAttribute('src', maraImages.coverThumbnail);
  await expect(cover).toHaveCSS('filter', 'grayscale(1)');
  await expect.poll(() => loaded(cover), { message: 'the cover thumbnail loads' }).toBe(true);
  expect(await mara.textContent()).toContain('Mara Vale builds quiet geometric systems');

  // Hover: the featured artwork's thumbnail is shown in colour over the cover; leaving swaps back.
  await mara.hover();
  const featured = mara.getByRole('img', { name: /^Featured artwork: / });
  await expect(featured).toBeVisible();
  await expect(featured).toHaveAttribute('src', maraImages.featured!);
  await expect(featured).toHaveCSS('filter', 'none');
  await expect.poll(() => loaded(featured), { message: 'the featured artwork thumbnail loads' }).toBe(true);
  await page.getByRole('heading', { level: 1, name: 'Artists' }).hover();
  await expect(featured).toHaveCount(0);

  // Keyboard focus on a card's link swaps the same way; Tab to the next card swaps that one instead (a card whose
  // artist has no featured artwork with a thumbnail keeps its cover).
  const index = cards.findIndex((entry, i) => entry.featured && cards[i + 1]);
  const [focused, next] = [cards[index]!, cards[index + 1]!];
  const featuredIn = (name: string) => card(page, name).getByRole('img', { name: /^Featured artwork: / });
  await card(page, focused.displayName).getByRole('link', { name: focused.displayName }).focus();
  await expect(featuredIn(focused.displayName)).toHaveAttribute('src', focused.featured!);
  await page.keyboard.press('Tab');
  await expect(card(page, next.displayName).getByRole('link', { name: next.displayName })).toBeFocused();
  await expect(featuredIn(focused.displayName)).toHaveCount(0);
  if (next.featured) await expect(featuredIn(next.displayName)).toHaveAttribute('src', next.featured);
  else await expect(featuredIn(next.displayName)).toHaveCount(0);

  // List view: name links and descriptions, same order; remembered after a reload.
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(artistsList(page).getByRole('article')).toHaveCount(0);
  await expect(artistsList(page).getByRole('link')).toHaveText(expected);
  await expect(artistsList(page).getByRole('listitem').filter({ hasText: 'Oskar Lind' })).toContainText('Oskar Lind paints landscapes');
  await page.reload();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await expect(artistsList(page).getByRole('link')).toHaveText(expected);

  // And back to images, remembered too.
  await page.getByRole('button', { name: 'Images' }).press('Enter');
  await expect(artistsList(page).getByRole('article')).toHaveCount(expected.length);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Images' })).toHaveAttribute('aria-pressed', 'true');
  await expect(artistsList(page).getByRole('article')).toHaveCount(expected.length);
});

test('open an artist from the catalogue: the artist page at /artist/{address}', async ({ page }) => {
  await page.goto('/artists');
  await card(page, 'Mara Vale').getByRole('link', { name: 'Mara Vale' }).click();
  // Mara Vale is the demo's account #1; the page's id is the wallet address as the server returns it (lower case).
  await expect(page).toHaveURL((url) => url.pathname === `/artist/${testAddress(1).toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mara Vale' })).toBeVisible();
  // Back: the catalogue again, with its artists.
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/artists');
  await expect(artistsList(page).getByRole('article')).toHaveCount((await serverCards(page)).length);
});

test('the apply page as a creator: apply here is disabled with You\'re already an artist', async ({ browser, baseURL, request }) => {
  await registerCreator(request, testAddress(CREATOR));
  const { page, context } = await openSignedIn(browser, baseURL!, stack, CREATOR, '/');
  await openArtistsMenu(page, 'Apply to become an artist');
  await expect(page).toHaveURL((url) => url.pathname === '/artists/apply');
  await expect(page.getByRole('heading', { level: 1, name: 'Apply to become an artist' })).toBeVisible();
  await expect(page.getByRole('button', { name: "You're already an artist" })).toBeDisabled();
  await expect(page.getByRole('link', { name: /apply here/ })).toHaveCount(0);
  await context.close();
});

test('the apply page as a collector: apply here opens the configured application form in a new tab', async ({ browser, baseURL, request }) => {
  const config = (await (await request.get('/api/v1/config')).json()) as { artistApplicationUrl: string };
  expect(config.artistApplicationUrl).toMatch(/^https:\/\//);
  const { page, context } = await openSignedIn(browser, baseURL!, stack, COLLECTOR, '/');
  await openArtistsMenu(page, 'Apply to become an artist');
  await expect(page).toHaveURL((url) => url.pathname === '/artists/apply');
  await expect(page.getByText('Three original digital artworks')).toBeVisible();
  const apply = page.getByRole('link', { name: 'apply here (opens in a new tab)' });
  await expect(apply).toHaveAttribute('href', config.artistApplicationUrl);
  await expect(apply).toHaveAttribute('target', '_blank');
  await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('button', { name: "You're already an artist" })).toHaveCount(0);
  await context.close();
});
