import { expect, test, type APIRequestContext } from '@playwright/test';
import { saveArtistProfile } from './support/artistWrites';
import { addressOf, graphql, mintCollection, readStack } from './support/trading';
import { signInFromNode } from './support/xssWrites';

const ARTIST_INDEX = 22;

// The artists' pages, the artist page as a visitor sees it: a demo artist (scripts/seed/editorial.ts gives every demo creator
// a full profile) with every section, the featured artwork followed to its token page, the article read through
// 'Read more'; and account #22's own artist page (three collections minted for it) for the carousel's wheel and
// keyboard scrolling.

interface DemoArtist {
  id: string;
  displayName: string;
  description: string;
  comments: string;
  account: { web: string | null; twitter: string | null; instagram: string | null };
  featuredArtwork: { name: string; mediaType: string; tokenHolding: { id: string } | null; collection: { name: string; address: string; chainId: number } } | null;
  collections: Array<{ name: string }>;
  highlights: Array<{ date: string; achievement: string }>;
  articles: Array<{ id: string; title: string }>;
  portfolio: { context: string; items: Array<{ description: string }> };
}

/** The demo artist with the most collections among those whose featured artwork has a holding. */
async function demoArtist(request: APIRequestContext): Promise<DemoArtist> {
  // The catalogue's ids, then each artist's page data (one artist at a time keeps the query cost low).
  const list = await graphql<{ getAllArtists: { edges: Array<{ node: { id: string } }> } }>(request, 'query { getAllArtists(pagination: { perPage: 50 }) { edges { node { id } } } }');
  const artists: DemoArtist[] = [];
  for (const { node } of list.getAllArtists.edges) {
    const data = await graphql<{ getArtistInfo: DemoArtist }>(
      request,
      `query($id: String!) { getArtistInfo(artist_id: $id) {
        id displayName description comments account { web twitter instagram }
        featuredArtwork { name mediaType tokenHolding { id } collection { name address chainId } }
        collections { name } highlights { date achievement } articles { id title } portfolio { context items { description } }
      } }`,
      { id: node.id },
    );
    artists.push(data.getArtistInfo);
  }
  const candidates = artists.filter((node) => node.featuredArtwork?.tokenHolding && node.articles.length > 0);
  expect(candidates.length, 'demo artists with a held featured artwork and an article').toBeGreaterThan(0);
  return candidates.sort((a, b) => b.collections.length - a.collections.length)[0]!;
}

test('a demo artist page: every section; the featured artwork leads to its token, Read more to the article', async ({ page, request }) => {
  const artist = await demoArtist(request);
  const featured = artist.featuredArtwork!;
  await page.goto(`/artist/${artist.id}`);

  // Header: display name, description, the social links (new tab), the cover image loaded at its size.
  await expect(page.getByRole('heading', { level: 1, name: artist.displayName })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${artist.displayName} \\|`));
  await expect(page.locator('header.artist-header').getByText(artist.description, { exact: true })).toBeVisible();
  const links = page.getByRole('list', { name: `Links of ${artist.displayName}` }).getByRole('link');
  await expect(links).toHaveCount([artist.account.web, artist.account.twitter, artist.account.instagram].filter(Boolean).length);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  const cover = page.getByRole('img', { name: `Cover of ${artist.displayName}` });
  await expect(cover).toHaveAttribute('width', '939');
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // Featured artwork: image, name, media type icon, its collection, all artwork.
  const section = page.getByRole('region', { name: 'Featured artwork' });
  await expect(section.getByRole('img', { name: featured.name, exact: true })).toBeVisible();
  await expect(section.locator('svg.media-type-icon')).toHaveCount(1);
  await expect(section.getByRole('link', { name: `Collection: ${featured.collection.name}` })).toHaveAttribute('href', `/collection/${featured.collection.address}/${featured.collection.chainId}`);
  await expect(section.getByRole('link', { name: 'All artwork' })).toHaveAttribute('href', `/artist/${artist.id}/artworks`);

  // About, collections carousel, highlights, article, portfolio.
  await expect(page.getByRole('region', { name: 'About' }).getByText(artist.comments)).toBeVisible();
  const carousel = page.getByRole('region', { name: 'Collections carousel' });
  await expect(carousel.getByRole('article')).toHaveCount(artist.collections.length);
  await expect(carousel.getByRole('article').first()).toHaveAccessibleName(artist.collections[0]!.name);
  const highlights = page.getByRole('region', { name: 'Highlights' });
  await expect(highlights.getByRole('definition')).toHaveText(artist.highlights.map((row) => row.achievement));
  const [article] = artist.articles;
  const articleSection = page.getByRole('region', { name: article!.title });
  await expect(articleSection.getByText('The work starts with a rule and ends when the rule surprises me.', { exact: false })).toBeVisible();
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  await expect(portfolio.getByText(artist.portfolio.context)).toBeVisible();
  await expect(portfolio.locator('figcaption')).toHaveText(artist.portfolio.items.map((item) => item.description));
  const thumbnails = portfolio.getByRole('img');
  await thumbnails.last().scrollIntoViewIfNeeded();
  await expect.poll(() => thumbnails.evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0))).toBe(true);

  // The featured artwork goes to its token page.
  await section.getByRole('link', { name: featured.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/token/${featured.tokenHolding!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: featured.name })).toBeVisible();

  // Back, then Read more: the article page with its sanitized body and one h1.
  await page.goBack();
  await page.getByRole('link', { name: `Read more: ${article!.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/article/${article!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: article!.title })).toBeVisible();
  await expect(page.getByText('The work starts with a rule and ends when the rule surprises me.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
});

test('on a wide screen the wheel scrolls a carousel of several collections sideways; the keyboard scrolls it too', async ({ page, request, baseURL }) => {
  // Account #22: three collections minted on chain and an artist profile, so the carousel is wider than the page.
  const stack = await readStack(request);
  const minted = [];
  for (let i = 0; i < 3; i++) minted.push(await mintCollection(request, stack, ARTIST_INDEX, 1));
  const key = await signInFromNode(baseURL!, stack, ARTIST_INDEX);
  await saveArtistProfile(baseURL!, key, { firstName: 'Wheel', lastName: 'Tester', description: 'Three collections side by side.' });
  const address = addressOf(stack, ARTIST_INDEX).toLowerCase();

  // Just above the wide-screen breakpoint (768px).
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto(`/artist/${address}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wheel Tester' })).toBeVisible();
  const carousel = page.getByRole('region', { name: 'Collections carousel' });
  const cards = carousel.getByRole('article');
  await expect(cards).toHaveCount(minted.length);
  // Newest first.
  await expect(cards.first()).toHaveAccessibleName(minted.at(-1)!.name);
  expect(await carousel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(0);

  await carousel.scrollIntoViewIfNeeded();
  const box = (await carousel.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const pageScroll = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 150);
  await expect.poll(() => carousel.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // The page itself did not move while the carousel could.
  expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);

  // Keyboard: the focused region scrolls with the arrow keys.
  await carousel.evaluate((element) => element.scrollTo({ left: 0 }));
  await expect.poll(() => carousel.evaluate((element) => element.scrollLeft)).toBe(0);
  await carousel.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => carousel.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});
