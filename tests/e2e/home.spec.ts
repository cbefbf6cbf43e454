import { expect, test, type Locator, type Page, type Request } from '@playwright/test';

// The editorial pages "Home": the demo's home on a wide screen — the carousel (slides from the database: advancing every
// 5000 ms, the pause button, hover, focus, reduced motion, collapse, slide links to /artists/apply and collection
// pages) and every section with its links; on a phone no carousel; a failing exhibition read leaves its section
// out. Time is Playwright's clock: the carousel's 5000 ms pass when the test says so, never by waiting.

interface Slide {
  position: number;
  title: string;
  link: { kind: 'page'; path: string } | { kind: 'collection'; address: string; chainId: number; name: string };
}
interface Collection {
  name: string;
  address: string;
  chainId: number;
}

const ADVANCE_MS = 5000;

async function serverSlides(page: Page): Promise<Slide[]> {
  return ((await (await page.request.get('/api/v1/home/slides')).json()) as { slides: Slide[] }).slides;
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Highlights' });
const activeSlide = (region: Locator) => region.locator('[aria-roledescription="slide"]:visible');

const blur = (page: Page) => page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/**
 * Opens the home, stops the page's clock and starts the carousel's wait afresh on slide 1 (a dot chosen, then the
 * pointer and focus taken away), so from here the 5000 ms pass only by clock.runFor.
 */
async function openHome(page: Page): Promise<Locator> {
  await page.clock.install();
  await page.goto('/');
  const region = carousel(page);
  await expect(region).toHaveAttribute('data-index', /\d/);
  // A moment ahead of the page's own clock (pauseAt cannot go back; 500 ms ahead of the runner's clock was already past
  // on a loaded machine). Timers due meanwhile may fire: the dot chosen next starts the wait afresh.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3_000);
  await region.getByRole('button', { name: /^Slide 1: / }).click();
  await page.mouse.move(0, 0);
  await blur(page);
  await expect(region).toHaveAttribute('data-state', 'playing');
  await expect(region).toHaveAttribute('data-index', '0');
  return region;
}

test('carousel: four slides from the server; it advances every 5000 ms and the pause button stops it until played again', async ({ page }) => {
  const slides = await serverSlides(page);
  expect(slides.map((s) => s.position)).toEqual([1, 2, 3, 4]);
  const region = await openHome(page);
  await expect(region.getByRole('group', { includeHidden: true })).toHaveCount(4);
  await expect(activeSlide(region)).toHaveAccessibleName(`1 of 4: ${slides[0]!.title}`);

  await page.clock.runFor(ADVANCE_MS - 100);
  await expect(region).toHaveAttribute('data-index', '0');
  await page.clock.runFor(100);
  await expect(region).toHaveAttribute('data-index', '1');
  await expect(activeSlide(region)).toHaveAccessibleName(`2 of 4: ${slides[1]!.title}`);
  await page.clock.runFor(ADVANCE_MS);
  await expect(region).toHaveAttribute('data-index', '2');

  const pause = region.getByRole('button', { name: 'Pause slides' });
  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  await expect(region).toHaveAttribute('data-state', 'paused');
  await expect(region).toHaveAttribute('data-paused', 'true');
  // Leave it entirely (pointer and focus): paused by the button, it stays paused across three advance periods.
  await page.mouse.move(0, 0);
  await blur(page);
  await page.clock.runFor(ADVANCE_MS * 3);
  await expect(region).toHaveAttribute('data-state', 'paused');
  await expect(region).toHaveAttribute('data-index', '2');
  await expect(activeSlide(region)).toHaveAccessibleName(`3 of 4: ${slides[2]!.title}`);

  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'false');
  await page.mouse.move(0, 0);
  await blur(page);
  await expect(region).toHaveAttribute('data-state', 'playing');
  await page.clock.runFor(ADVANCE_MS);
  await expect(region).toHaveAttribute('data-index', '3');
  await page.clock.runFor(ADVANCE_MS);
  await expect(region).toHaveAttribute('data-index', '0');
});

test('carousel: held while hovered and while focused, then resumes; reduced motion holds it; collapse hides the slides', async ({ page }) => {
  const region = await openHome(page);
  await region.hover();
  await expect(region).toHaveAttribute('data-state', 'held');
  await page.clock.runFor(ADVANCE_MS * 2);
  await expect(region).toHaveAttribute('data-index', '0');
  await page.mouse.move(0, 0);
  await expect(region).toHaveAttribute('data-state', 'playing');
  await page.clock.runFor(ADVANCE_MS);
  await expect(region).toHaveAttribute('data-index', '1');

  // Keyboard: focus inside holds it; the arrow keys move between slides.
  await region.getByRole('button', { name: 'Next slide' }).focus();
  await expect(region).toHaveAttribute('data-state', 'held');
  await page.keyboard.press('ArrowRight');
  await expect(region).toHaveAttribute('data-index', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(region).toHaveAttribute('data-index', '1');
  await page.clock.runFor(ADVANCE_MS * 2);
  await expect(region).toHaveAttribute('data-index', '1');
  await blur(page);
  await expect(region).toHaveAttribute('data-state', 'playing');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(region).toHaveAttribute('data-state', 'held');
  await page.clock.runFor(ADVANCE_MS * 2);
  await expect(region).toHaveAttribute('data-index', '1');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(region).toHaveAttribute('data-state', 'playing');

  const collapse = region.getByRole('button', { name: 'Hide highlights' });
  await expect(collapse).toHaveAttribute('aria-expanded', 'true');
  await collapse.click();
  const expand = region.getByRole('button', { name: 'Show highlights' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(region).toHaveAttribute('data-state', 'collapsed');
  await expect(activeSlide(region)).toHaveCount(0);
  await expand.click();
  await expect(activeSlide(region)).toHaveCount(1);
});

test('carousel: slide 2 goes to the artist application, slides 3 and 4 to their collections', async ({ page }) => {
  // Choosing a slide by its dot puts focus in the carousel, which holds it there while its link is followed.
  const slides = await serverSlides(page);
  expect(slides[1]!.link).toEqual({ kind: 'page', path: '/artists/apply' });
  for (const n of [3, 4]) {
    const slide = slides[n - 1]!;
    if (slide.link.kind !== 'collection') throw new Error(`slide ${n} should link to a collection`);
    const { address, chainId, name } = slide.link;
    await page.goto('/');
    const region = carousel(page);
    await region.getByRole('button', { name: `Slide ${n}: ${slide.title}` }).click();
    await activeSlide(region).getByRole('link', { name: 'See the collection' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/collection/${address}/${chainId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  await page.goto('/');
  const region = carousel(page);
  await region.getByRole('button', { name: `Slide 2: ${slides[1]!.title}` }).click();
  await activeSlide(region).getByRole('link', { name: 'Apply as an artist' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/artists/apply');
});

test('sections: featured collection, current exhibition, trending, featured article and join, each linking to its page', async ({ page }) => {
  const featured = ((await (await page.request.get('/api/v1/collection/featured')).json()) as { collections: Collection[] }).collections[0]!;
  const article = ((await (await page.request.get('/api/v1/article/featured')).json()) as { article: { id: string; title: string } }).article;
  const exhibitionAnswer = await page.request.get('/api/v1/exhibition/featured');
  const exhibition = exhibitionAnswer.ok() ? ((await exhibitionAnswer.json()) as { exhibition: { title: string } | null }).exhibition : null;
  await page.goto('/');

  const featuredSection = page.getByRole('region', { name: 'Featured collection' });
  await featuredSection.scrollIntoViewIfNeeded();
  await expect(featuredSection.getByRole('link')).toContainText(featured.name);
  await expect(featuredSection.getByRole('link')).toContainText(/^.+by .+$/);
  await expect(featuredSection.getByRole('link')).toHaveAttribute('href', `/collection/${featured.address}/${featured.chainId}`);

  const join = page.getByRole('region', { name: 'Join the community' });
  await join.scrollIntoViewIfNeeded();
  const trending = page.getByRole('list', { name: 'Trending collections' });
  await expect(trending.getByRole('article').first()).toBeVisible();
  await expect(trending.getByRole('link').first()).toHaveAttribute('href', /^\/collection\/0x[0-9a-f]{40}\/\d+$/);
  const read = page.getByRole('link', { name: `Read: ${article.title}` });
  await expect(read).toHaveAttribute('href', `/article/${article.id}`);
  await expect(join.getByRole('link', { name: 'Share art' })).toHaveAttribute('href', '/studio');
  await expect(join.getByRole('link', { name: 'Collect art' })).toHaveAttribute('href', '/explore');
  if (exhibition) {
    const card = page.getByRole('region', { name: 'Current exhibition' }).getByRole('link');
    await expect(card).toContainText(exhibition.title);
    await expect(card).toHaveAttribute('href', '/exhibitions');
  } else {
    // No current exhibition (or no such read yet): the section is left out, no empty box.
    await expect(page.locator('.home-exhibition-slot')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Current exhibition' })).toHaveCount(0);
  }

  await read.click();
  await expect(page).toHaveURL((url) => url.pathname === `/article/${article.id}`);
  await page.goto('/');
  await page.getByRole('region', { name: 'Featured collection' }).getByRole('link').click();
  await expect(page).toHaveURL((url) => url.pathname === `/collection/${featured.address}/${featured.chainId}`);
  await expect(page.getByRole('heading', { level: 1, name: featured.name })).toBeVisible();
});

/** The GraphQL operation a request posts (null for any other request). */
const operationOf = (request: Request) => (new URL(request.url()).pathname === '/graphql' ? ((request.postDataJSON() as { operationName?: string } | null)?.operationName ?? null) : null);

test('a failing exhibition read leaves its section out, and the rest of the page shows', async ({ page, context }) => {
  // Only the home's exhibition operation fails (no network); every other read goes through. The service worker sends
  // the reads (offline-first), so the route is the context's: it sees the worker's requests, the page's does not.
  const failed: string[] = [];
  await context.route('**/graphql', async (route) => {
    if (operationOf(route.request()) !== 'getFeaturedExhibition') return route.continue();
    failed.push('getFeaturedExhibition');
    return route.abort();
  });
  await page.goto('/');
  const join = page.getByRole('region', { name: 'Join the community' });
  await join.scrollIntoViewIfNeeded();
  await expect(page.getByRole('list', { name: 'Trending collections' }).getByRole('article').first()).toBeVisible();
  expect(failed).toEqual(['getFeaturedExhibition']);
  await expect(page.locator('.home-exhibition-slot')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Current exhibition' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('on a phone: no carousel and no slides asked for, nor their images; the sections still show', async ({ page, request }) => {
  const slides = (await (await request.post('/graphql', { data: { query: '{ getHomeSlides { image } }' } })).json()) as { data: { getHomeSlides: Array<{ image: string }> } };
  const slideImages = slides.data.getHomeSlides.map((slide) => new URL(slide.image, 'http://x').pathname);
  expect(slideImages.length).toBeGreaterThan(0);
  await page.setViewportSize({ width: 390, height: 844 });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(operationOf(request) ?? new URL(request.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeVisible();
  const featured = page.getByRole('region', { name: 'Featured collection' });
  await featured.scrollIntoViewIfNeeded();
  await expect(featured.getByRole('link')).toBeVisible();
  await expect(carousel(page)).toHaveCount(0);
  // The featured collection came with the page (its navigation's first answers: firstAnswers.spec.ts) or was asked.
  expect(asked).not.toContain('getHomeSlides');
  expect(asked).not.toContain('/api/v1/home/slides');
  // The page's preload of the first slide is for wide screens only.
  expect(asked.filter((path) => slideImages.includes(path))).toEqual([]);
});
