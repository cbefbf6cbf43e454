import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { axeViolations } from './support/axe';
import { setBrowserOffline } from './support/offline';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';

// Signed-in pages offline; all code offline after one visit against the demo stack of playwright.config.ts, with the service worker on: after one
// online visit every route's and viewer's code is in the worker's precache, a page whose code still cannot load shows
// the offline page with a Retry that really loads it, and a signed-in account reloads offline still signed in.
// Hardhat account #69 is used by no other spec nor the demo seed.
const ACCOUNT = 69;

/** Waits until the service worker has installed (its precache is complete) and controls the page. */
async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/** Cuts the network: the page's requests (setOffline) and the worker's own fetches (context.route). Returns what tried. */
async function goOffline(context: BrowserContext) {
  const reachedNetwork: string[] = [];
  const abort = async (route: Route) => {
    reachedNetwork.push(route.request().url());
    await route.abort('internetdisconnected');
  };
  await context.route('**/*', abort);
  await setBrowserOffline(context, true);
  return {
    reachedNetwork,
    async restore() {
      await context.unroute('**/*', abort);
      await setBrowserOffline(context, false);
    },
  };
}

const assetsIn = (urls: string[]) => urls.filter((url) => new URL(url).pathname.startsWith('/assets/'));

test('after one online visit to /, routes never visited open offline from the precache, by typed URL and by link', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeVisible();
  await workerReady(page);

  const network = await goOffline(context);
  await page.goto('/artists');
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  // By link (the router imports the route's chunks): the footer's Media and Articles.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Media and Articles' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media and Articles' })).toBeVisible();
  await expect(page.getByText(/Failed to fetch dynamically imported module|Something went wrong/)).toHaveCount(0);
  // Every chunk came from the worker's precache: none was asked of the network.
  expect(assetsIn(network.reachedNetwork)).toEqual([]);

  // The media viewers and the wallet stack are precached too: each imports offline.
  const lazyChunks = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
    const urls: string[] = [];
    for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls.filter((url) => /\/assets\/(ImageViewer|VideoViewer|SoundViewer|GifViewer|FlipcardViewer|GenerativeViewer|FullscreenViewer|walletStack|WalletModal)-[^/]*\.js$/.test(url));
  });
  expect(lazyChunks.map((url) => url.replace(/^.*\/assets\/([A-Za-z]+)-.*$/, '$1')).sort()).toEqual(
    ['FlipcardViewer', 'FullscreenViewer', 'GenerativeViewer', 'GifViewer', 'ImageViewer', 'SoundViewer', 'VideoViewer', 'WalletModal', 'walletStack'],
  );
  const imported = await page.evaluate(async (urls) => Promise.all(urls.map((url) => import(/* @vite-ignore */ url).then((module: object) => Object.keys(module).length > 0))), lazyChunks);
  expect(imported.every(Boolean)).toBe(true);
  expect(assetsIn(network.reachedNetwork)).toEqual([]);
  await network.restore();
});

test('a token page gets its image viewer from the precache: the page never fetches viewer code from the network', async ({ page, context, request }) => {
  const answer = await request.post('/graphql', {
    data: {
      query: `query offlineCodeImage { getMarketplaceTokens(filters: { mediaTypes: ["image"] }, sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 20 }) { edges { node { name tokenHolding { id } } } } }`,
    },
  });
  const edges = ((await answer.json()) as { data: { getMarketplaceTokens: { edges: Array<{ node: { name: string; tokenHolding: { id: string } | null } }> } } }).data.getMarketplaceTokens.edges;
  const token = edges.map((edge) => edge.node).find((node) => node.tokenHolding)!;
  expect(token, 'a held image token of the demo').toBeDefined();

  await page.goto('/artists');
  await expect(page.getByRole('heading', { level: 1, name: 'Artists' })).toBeVisible();
  await workerReady(page);
  // From here any script the page needs must come from the worker: code requests to the network fail.
  const codeFromNetwork: string[] = [];
  await context.route('**/assets/*.js', async (route) => {
    codeFromNetwork.push(route.request().url());
    await route.abort('internetdisconnected');
  });
  await page.goto(`/token/${token.tokenHolding!.id}`);
  await expect(page.locator('img.media-full')).toBeVisible();
  await expect(page.getByText(/Failed to fetch dynamically imported module|Something went wrong/)).toHaveCount(0);
  expect(codeFromNetwork).toEqual([]);
});

test('a route whose code cannot load shows the offline page; its Retry asks again, and back online the route loads by itself', async ({ page, context }) => {
  // Room for the wait back online below on a loaded machine.
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeVisible();
  await workerReady(page);
  // A worker that lost the code it had not been asked for yet (an older install, a cleared cache): every precached
  // script this page has not loaded is removed, so /media-articles' code must come from the network.
  const removed = await page.evaluate(async () => {
    const loaded = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
    let count = 0;
    for (const name of (await caches.keys()).filter((key) => key.startsWith('workbox-precache'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !loaded.has(url.origin + url.pathname)) {
          await cache.delete(request);
          count += 1;
        }
      }
    }
    return count;
  });
  expect(removed).toBeGreaterThan(0);

  const network = await goOffline(context);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Media and Articles' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('This page could not load without a network connection. Check your connection and try again.')).toBeVisible();
  await expect(page.getByText(/Failed to fetch dynamically imported module|Something went wrong/)).toHaveCount(0);
  // Labelled, keyboard usable (Retry takes focus by Tab), contrast in both themes.
  expect(await axeViolations(page, '.status-page')).toEqual([]);
  await page.getByRole('button', { name: 'Retry' }).focus();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeFocused();
  // Retry while still offline: still the offline page (it asked again and failed again).
  const before = assetsIn(network.reachedNetwork).length;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => assetsIn(network.reachedNetwork).length).toBeGreaterThan(before);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();

  // Back online the route loads by itself (the restore does what Retry does), with its data: the first reads after
  // the reconnect may still fail (the worker's network comes back after the page's), and the page refreshes them.
  await network.restore();
  await expect(page.getByRole('heading', { level: 1, name: 'Media and Articles' })).toBeVisible();
  // Polled on the page's text, so a failure prints what the page showed instead (loading, its failure, the status).
  const shown = () =>
    page.evaluate(() => {
      const text = (element: Element | null) => (element as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim() ?? '';
      return `status: ${text(document.querySelector('.connectivity-status'))} | main: ${text(document.querySelector('main')).slice(0, 400)}`;
    });
  await expect.poll(shown, { timeout: 60_000, message: 'back online, /media-articles shows its articles' }).toContain('All articles');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByText('Could not load the articles')).toHaveCount(0);
  await expect(page).toHaveURL(/\/media-articles$/);
});

test('signed in, a reload offline stays signed in from the stored key without asking the wallet', async ({ page, context }) => {
  const config = (await (await page.request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  const wallet = await installTestWallet(page, { rpcUrl: config.evms[0]!.providerURL, accountIndex: ACCOUNT });
  await page.goto('/');
  await workerReady(page);
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  const avatar = page.getByRole('banner').getByRole('link', { name: /^Profile of / });
  await expect(avatar).toBeVisible();
  expect(wallet.signCount()).toBe(1);

  const network = await goOffline(context);
  await page.reload();
  await expect(avatar).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect wallet' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toHaveCount(0);
  // A signed-in route never visited: its code from the precache, the session still there (no connect-wallet page).
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(avatar).toBeVisible();
  expect(wallet.signCount()).toBe(1);
  expect(assetsIn(network.reachedNetwork)).toEqual([]);
  await network.restore();
});
