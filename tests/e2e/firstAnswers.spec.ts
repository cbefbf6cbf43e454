import { expect, test, type Page, type Request } from '@playwright/test';
import { saveArtistProfile } from './support/artistWrites';
import { goOffline, storedEntries } from './support/offline';
import { addressOf, graphql, listOnChain, mintCollection, readStack, waitForListing } from './support/trading';
import { signInFromNode } from './support/xssWrites';

// The phone-performance work: a navigation's first answers. The page a browser asks for /token/{id} carries the answer of the token
// page's first read and a preload of the image it shows, so the page renders without waiting for its script to ask
// the server (server/http/firstAnswers.ts, src/services/firstAnswers.ts). Every later read asks the server; while
// the service worker controls the page, it is handed the answer and stores it, so offline shows what was shown.

const CREATOR = 78;
// An artist of this spec's own, with a cover (the artist page's largest paint).
const ARTIST = 79;
const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The GraphQL operations the page itself sends to the server (a worker's own fetches are not the page's). */
function readsOf(page: Page): Array<{ operationName: string; variables: Record<string, unknown> }> {
  const sent: Array<{ operationName: string; variables: Record<string, unknown> }> = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/graphql') return;
    const body = JSON.parse(request.postData() ?? '{}') as { operationName?: string; variables?: Record<string, unknown> };
    sent.push({ operationName: body.operationName ?? '', variables: body.variables ?? {} });
  });
  return sent;
}

/** The token reads the page itself sends, by holding id. */
function tokenReadsOf(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/graphql') return;
    const body = JSON.parse(request.postData() ?? '{}') as { operationName?: string; variables?: { id?: string } };
    if (body.operationName === 'getTokenFromHolding') ids.push(body.variables?.id ?? '');
  });
  return ids;
}

/**
 * The addresses the page's preloaded image names (its href and every srcset candidate), absolute: the one preload
 * whose media query (if any) matches this screen.
 */
async function preloadCandidates(page: Page): Promise<string[]> {
  const matching = () =>
    page.locator('link[rel="preload"][as="image"]').evaluateAll((links: HTMLLinkElement[]) =>
      links
        .filter((link) => !link.media || window.matchMedia(link.media).matches)
        .map((link) => [link.href, ...link.imageSrcset.split(',').map((entry) => entry.trim().split(/\s+/)[0]!)].filter(Boolean).map((address) => new URL(address, location.href).href)),
    );
  await expect.poll(async () => (await matching()).length).toBe(1);
  return (await matching())[0]!;
}

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a token page opened by its URL shows its data and image without asking the server; the next token page asks', async ({ page, request }) => {
    const data = await graphql<{ getMarketplaceTokens: { edges: Array<{ node: { name: string; mediaType: string; tokenHolding: { id: string } | null } }> } }>(
      request,
      '{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 100 }) { edges { node { name mediaType tokenHolding { id } } } } }',
    );
    const tokens = data.getMarketplaceTokens.edges.map((edge) => edge.node);
    const haze = tokens.find((node) => node.name === 'Haze' && node.tokenHolding);
    expect(haze, 'the demo has the image token Haze').toBeTruthy();
    expect(haze!.mediaType).toBe('image');

    const sent = tokenReadsOf(page);
    const images: string[] = [];
    page.on('request', (sentRequest) => {
      if (sentRequest.resourceType() === 'image' && new URL(sentRequest.url()).pathname.startsWith('/ipfs/')) images.push(sentRequest.url());
    });
    await page.goto(`/token/${haze!.tokenHolding!.id}`);
    await expect(heading1(page, 'Haze')).toBeVisible();
    expect(sent, 'the page took its first read from the page the server sent').toEqual([]);

    // The head preloads the image the viewer then shows: the same address, asked for once.
    const candidates = await preloadCandidates(page);
    const shown = page.getByRole('main').getByRole('img', { name: 'Haze' }).first();
    await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const source = await shown.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(candidates).toContain(source);
    expect(images.filter((address) => address === source)).toHaveLength(1);

    // A token opened from inside the app asks the server (the page's answer was for its first read only).
    const other = page.getByRole('main').locator(`a[href^="/token/"]:not([href="/token/${haze!.tokenHolding!.id}"])`).first();
    const target = (await other.getAttribute('href'))!.split('/').pop()!;
    await other.click();
    await expect(page).toHaveURL(new RegExp(`/token/${target}$`));
    await expect.poll(() => sent).toContain(target);
  });
});

test.describe('a gif token page, without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('paints its still frame first (the preloaded image) and shows the animation over it once loaded', async ({ page, request }) => {
    const data = await graphql<{ getMarketplaceTokens: { edges: Array<{ node: { name: string; mediaUrl: string; tokenHolding: { id: string } | null } }> } }>(
      request,
      '{ getMarketplaceTokens(filters: { mediaTypes: ["gif"] }, pagination: { perPage: 1 }) { edges { node { name mediaUrl tokenHolding { id } } } } }',
    );
    const gif = data.getMarketplaceTokens.edges[0]?.node;
    expect(gif?.tokenHolding, 'the demo has a gif token').toBeTruthy();
    await page.goto(`/token/${gif!.tokenHolding!.id}`);
    const still = page.getByRole('main').locator('.media-detail img.media-thumbnail');
    await expect.poll(() => still.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await preloadCandidates(page)).toEqual([await still.evaluate((image: HTMLImageElement) => image.currentSrc)]);
    const animation = page.getByRole('main').getByRole('img', { name: gif!.name }).first();
    await expect(animation).toHaveClass(/is-loaded/);
    expect(new URL(await animation.evaluate((image: HTMLImageElement) => image.currentSrc)).pathname).toBe(gif!.mediaUrl);
  });
});

test.describe('other routes, without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the home page, the media page and the exhibitions page render their first reads from the page: none sent, the preloaded image is the one shown', async ({ page }) => {
    const sent = readsOf(page);
    await page.goto('/');
    const slide = page.locator('img.home-slide-image').first();
    await expect(slide).toBeVisible();
    await expect.poll(() => slide.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await preloadCandidates(page)).toContain(await slide.evaluate((image: HTMLImageElement) => image.currentSrc));
    expect(sent.map((read) => read.operationName)).not.toContain('getHomeSlides');

    const mediaPage = await page.context().newPage();
    const media = readsOf(mediaPage);
    await mediaPage.goto('/media-articles');
    await expect(mediaPage.getByRole('heading', { level: 1, name: 'Media and Articles' })).toBeVisible();
    await expect(mediaPage.locator('img.featured-article-cover')).toBeVisible();
    const names = media.map((read) => read.operationName);
    expect(names).not.toContain('getFeaturedArticle');
    expect(names).not.toContain('getArticles');

    // The exhibitions page: the exhibition running now (asked by the server a moment before: the app matches it
    // without its cDate) and the past ones.
    const exhibitionsPage = await page.context().newPage();
    const exhibitions = readsOf(exhibitionsPage);
    await exhibitionsPage.goto('/exhibitions');
    await expect(exhibitionsPage.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(exhibitionsPage.locator('img.exhibition-intro-cover')).toBeVisible();
    expect(await preloadCandidates(exhibitionsPage)).toContain(await exhibitionsPage.locator('img.exhibition-intro-cover').evaluate((image: HTMLImageElement) => image.currentSrc));
    expect(exhibitions.map((read) => read.operationName).filter((name) => name === 'getCurrentExhibition' || name === 'getPastExhibitions')).toEqual([]);
  });

  test('explore with no filter renders its first page from the page and asks the server for the next; a filtered view asks', async ({ page }) => {
    const sent = readsOf(page);
    await page.goto('/explore');
    const cards = page.getByRole('main').locator('a[href^="/token/"]');
    await expect(cards.first()).toBeVisible();
    // (Which image it preloads depends on the newest token, which other specs mint: the server tests check it.)
    expect(sent.filter((read) => read.operationName === 'getMarketplaceTokens')).toEqual([]);
    // The sort chosen in the panel is a new address, read by the app itself.
    await page.goto('/explore?sort=oldest');
    await expect.poll(() => sent.filter((read) => read.operationName === 'getMarketplaceTokens').map((read) => read.variables.sort)).toContainEqual({ sortBy: '_id', sortDir: 1 });
  });

  test('the artists catalogue, an artist page and its collection\'s page opened by their URL render from the page', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const stack = await readStack(request);
    const collection = await mintCollection(request, stack, ARTIST, 1, 'First Answers Artist ');
    const key = await signInFromNode(baseURL!, stack, ARTIST);
    await saveArtistProfile(baseURL!, key, { firstName: 'Ilse', lastName: 'Preload', featuredArtwork: collection.tokens[0]!._id, cover: true });
    // The catalogue's first page came with it too.
    const catalogue = readsOf(page);
    await page.goto('/artists');
    await expect(page.getByRole('list', { name: 'Artists' }).getByRole('article').first()).toBeVisible();
    expect(catalogue.map((read) => read.operationName)).not.toContain('getAllArtists');

    const sent = readsOf(page);
    // The address as a link may spell it (checksummed): the page asks in lower case, as the server answered.
    await page.goto(`/artist/${addressOf(stack, ARTIST)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ilse Preload' })).toBeVisible();
    const cover = page.getByRole('img', { name: 'Cover of Ilse Preload' });
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await preloadCandidates(page)).toContain(await cover.evaluate((image: HTMLImageElement) => image.currentSrc));
    expect(sent.map((read) => read.operationName)).not.toContain('getArtistInfo');

    // Its collection's page, opened by its URL (the address as the chain spells it): the route's loader takes its read
    // from the page too.
    const collectionPage = await page.context().newPage();
    const collectionReads = readsOf(collectionPage);
    await collectionPage.goto(`/collection/${collection.address}/${stack.chainId}`);
    await expect(collectionPage.getByRole('heading', { level: 1, name: collection.name })).toBeVisible();
    expect(collectionReads.map((read) => read.operationName)).not.toContain('getCollections');
  });
});

test('while the worker controls the page, the answer in the page is stored: offline the reload shows the newer listing', async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000);
  const stack = await readStack(request);
  const collection = await mintCollection(request, stack, CREATOR, 1, 'First Answers ');
  const token = collection.tokens[0]!;
  const path = `/token/${token.holdingId}`;
  const context = await browser.newContext({ baseURL });
  let page = await context.newPage();
  try {
    await page.goto(path);
    await expect(heading1(page, token.name)).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'the service worker controls the page', timeout: 30_000 }).toBe(true);
    // The first visit's read, asked again by the worker itself, is stored.
    const tokenKey = (key: string) => key.includes('|getTokenFromHolding|') && key.includes(token.holdingId);
    await expect.poll(async () => (await storedEntries(page)).some((entry) => tokenKey(entry.key)), { timeout: 20_000 }).toBe(true);

    // Listed on chain with no page open (an open page would refresh itself on the live sale): the page the server
    // sends next carries the listing, and a tab opened now is the worker's from its start.
    const before = (await storedEntries(page)).find((entry) => tokenKey(entry.key))!.fetchedAt;
    await page.close();
    const saleId = await listOnChain(stack, CREATOR, collection.address, token.tokenId, 370_000_000_000_000_000n);
    await waitForListing(request, collection, token.tokenId, saleId);
    page = await context.newPage();
    const sent = tokenReadsOf(page);
    await page.goto(path);
    await expect(page.getByText(/0\.37 ETH/).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the worker controls the tab').toBe(true);
    expect(sent, 'the tab took the token read from the page the server sent').toEqual([]);
    // The worker was handed that answer (it never saw the read): its stored copy is the newer one.
    await expect.poll(async () => (await storedEntries(page)).find((entry) => tokenKey(entry.key))?.fetchedAt ?? 0, { timeout: 20_000 }).toBeGreaterThan(before);

    await goOffline(context);
    await page.reload();
    await expect(heading1(page, token.name)).toBeVisible();
    await expect(page.getByText(/0\.37 ETH/).first()).toBeVisible();
  } finally {
    await context.close();
  }
});
