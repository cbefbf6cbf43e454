import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoBrokenPage, expectSameShape, goOffline, pageShape } from './support/offline';
import { graphql, readStack } from './support/trading';

// Offline-first: a first visit's reads run before the service worker controls the page. Once it takes control the page
// hands them to it and the worker stores them, so one online visit is enough: a fresh browser visits a token page (and,
// in another fresh browser, /exhibitions) once, the worker takes control of that page (no reload), and offline the
// page opens with its data and the images it showed.

const heading1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Waits for the worker to take control of this page by itself (clientsClaim): no reload, as a visitor sees it. */
async function waitForControl(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'the service worker controls the page', timeout: 30_000 }).toBe(true);
}

/** The keys of a worker store's `entries` (the data cache's, or the media cache's bookkeeping), read through the page. */
function storedKeys(page: Page, name: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    const open = indexedDB.open(name);
    const database = await new Promise<IDBDatabase>((resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = () => reject(open.error))));
    if (!database.objectStoreNames.contains('entries')) return [];
    const keys = database.transaction('entries').objectStore('entries').getAllKeys();
    return new Promise<string[]>((resolve) => (keys.onsuccess = () => resolve((keys.result as string[]).map(String))));
  }, name);
}

/** One online visit in a fresh browser profile, then offline: the page shows what it showed online. */
async function firstVisitThenOffline(browser: Browser, baseURL: string, path: string, ready: (page: Page) => Promise<void>, stored: RegExp) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  try {
    await page.goto(path);
    await ready(page);
    // The comments panel renders when scrolled near and names itself 'Comments' only while its thread loads: a
    // heading of that moment, not of the page's data, is left out of the comparison.
    const shape = await pageShape(page);
    const online = { ...shape, headings: shape.headings.filter((heading) => heading !== 'Comments') };
    await waitForControl(page);
    // The signal that the handed reads are kept: the page's own read is in the worker's store (read through the page).
    await expect
      .poll(() => storedKeys(page, 'artbazaar-data'), { message: `the worker stored the first visit's reads of ${path}`, timeout: 20_000 })
      .toContainEqual(expect.stringMatching(stored));
    // The handed images are stored beside the reads (four at a time): the images the page showed are in the media
    // cache's bookkeeping (keyed by path) before the visitor goes offline.
    const media = shape.images.map((source) => new URL(source)).filter((url) => url.origin === new URL(baseURL).origin && url.pathname.startsWith('/ipfs/')).map((url) => url.pathname + url.search);
    await expect
      .poll(() => storedKeys(page, 'artbazaar-media'), { message: `the worker stored the images ${path} showed`, timeout: 20_000 })
      .toEqual(expect.arrayContaining(media));
    await goOffline(context);
    await page.goto(path);
    await expectSameShape(page, online, `${path} offline after one visit`);
    await expectNoBrokenPage(page);
    return page;
  } catch (error) {
    await context.close();
    throw error;
  }
}

test('one online visit of a token page and of /exhibitions is enough: offline both render with their data', async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000);
  await readStack(request);
  const data = await graphql<{ getMarketplaceTokens: { edges: Array<{ node: { name: string; tokenHolding: { id: string; salePrice: { amount: string } | null } | null } }> } }>(
    request,
    '{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 100 }) { edges { node { name tokenHolding { id salePrice { amount } } } } } }',
  );
  const token = data.getMarketplaceTokens.edges.map((edge) => edge.node).find((node) => node.name === 'Haze' && node.tokenHolding?.salePrice);
  expect(token, 'the demo lists Haze').toBeTruthy();

  await test.step('a token page', async () => {
    const page = await firstVisitThenOffline(
      browser, baseURL!, `/token/${token!.tokenHolding!.id}`,
      async (p) => {
        await expect(heading1(p, token!.name)).toBeVisible();
        await expect(p.getByText(/0\.2 ETH/).first()).toBeVisible();
      },
      /\|getTokenFromHolding\|/,
    );
    await expect(heading1(page, token!.name)).toBeVisible();
    await expect(page.getByText(/0\.2 ETH/).first()).toBeVisible();
    await page.context().close();
  });

  await test.step('/exhibitions', async () => {
    let title = '';
    let artist = '';
    const artists = (p: Page) => p.getByRole('main').getByRole('list', { name: 'Artists' }).getByRole('listitem').first();
    const page = await firstVisitThenOffline(
      browser, baseURL!, '/exhibitions',
      async (p) => {
        // The current exhibition: its title and its artists.
        const current = p.getByRole('main').getByRole('heading', { level: 2 }).first();
        await expect(current).toBeVisible();
        title = (await current.textContent())!.trim();
        await expect(artists(p)).toBeVisible();
        artist = (await artists(p).textContent())!.trim();
      },
      /\|getCurrentExhibition\|/,
    );
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: title }).first()).toBeVisible();
    await expect(artists(page)).toHaveText(artist);
    await page.context().close();
  });
});
