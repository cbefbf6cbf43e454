import { expect, test, type Page } from '@playwright/test';

// One data cache, owned by the service worker in a real browser: the service worker answers the reads, stores good answers in IndexedDB with
// their fetch time, and answers from them (X-Artbazaar-Stored) when the server cannot be reached. context.route sees
// the worker's own requests in Chromium, so aborting there is the server being unreachable for the worker.

interface Entry {
  key: string;
  account: string;
  fetchedAt: number;
  status: number;
}

/** The worker's stored entries, read from the page (same origin, same IndexedDB). */
const storedEntries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Entry[]>((resolve, reject) => {
        const open = indexedDB.open('artbazaar-data');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('entries').objectStore('entries').getAll();
          request.onsuccess = () => {
            resolve((request.result as Entry[]).map(({ key, account, fetchedAt, status }) => ({ key, account, fetchedAt, status })));
            open.result.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );

const operationOf = (url: string, body: string | null) => (new URL(url).pathname === '/graphql' ? ((JSON.parse(body ?? '{}') as { operationName?: string }).operationName ?? null) : null);

test('reads are stored by the worker and answered from the store, marked with their fetch time, when the server is unreachable', async ({ page, context }) => {
  await page.addInitScript(() => {
    const messages: unknown[] = [];
    (window as unknown as { workerMessages: unknown[] }).workerMessages = messages;
    navigator.serviceWorker?.addEventListener('message', (event) => messages.push(event.data));
  });
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  // Controlled now: this load's reads go through the worker. The trending section loads as it comes near the
  // screen (below the fold since the home reserves its sections' space): scrolled to after each load.
  const join = page.getByRole('region', { name: 'Join the community' });
  await page.reload();
  await join.scrollIntoViewIfNeeded();
  const trending = page.getByRole('list', { name: 'Trending collections' }).getByRole('article');
  await expect(trending.first()).toContainText(/\w/);
  const names = await trending.allTextContents();
  expect(names.length).toBeGreaterThan(0);

  await expect.poll(async () => (await storedEntries(page)).map((entry) => entry.key)).toEqual(
    expect.arrayContaining(['public|GET /api/v1/config|{}', 'public|getTrendingCollections|{}']),
  );
  const before = await storedEntries(page);
  const trendingEntry = before.find((entry) => entry.key === 'public|getTrendingCollections|{}')!;
  expect(trendingEntry).toMatchObject({ account: 'public', status: 200 });
  expect(trendingEntry.fetchedAt).toBeLessThanOrEqual(Date.now());

  // A 4xx passes through untouched and is not stored.
  expect(await page.evaluate(async () => (await fetch('/api/v1/article/no-such-article')).status)).toBeGreaterThanOrEqual(400);
  expect((await storedEntries(page)).some((entry) => entry.key.includes('no-such-article'))).toBe(false);

  // The server becomes unreachable for everything the worker sends.
  await context.route(/\/(graphql|api\/v1\/)/, (route) => route.abort('internetdisconnected'));
  try {
    const storedTrending = page.waitForResponse((response) => operationOf(response.url(), response.request().postData()) === 'getTrendingCollections');
    await page.reload();
    await join.scrollIntoViewIfNeeded();
    const answer = await storedTrending;
    expect(answer.fromServiceWorker()).toBe(true);
    expect(Number(answer.headers()['x-artbazaar-stored'])).toBe(trendingEntry.fetchedAt);
    await expect(page.getByRole('heading', { level: 1, name: 'Art Bazaar' })).toBeVisible();
    await expect(trending).toHaveText(names);
    // Never stored: the failure reaches the page.
    expect(await page.evaluate(() => fetch('/api/v1/article/no-such-article').then(() => 'answered', () => 'failed'))).toBe('failed');
    await expect.poll(() => page.evaluate(() => (window as unknown as { workerMessages: unknown[] }).workerMessages)).toContainEqual({ type: 'offline.network', reachable: false });
  } finally {
    await context.unroute(/\/(graphql|api\/v1\/)/);
  }

  // Reachable again: fresh answers, no stored mark.
  const fresh = page.waitForResponse((response) => operationOf(response.url(), response.request().postData()) === 'getTrendingCollections');
  await page.reload();
  await join.scrollIntoViewIfNeeded();
  expect((await fresh).headers()['x-artbazaar-stored']).toBeUndefined();
  await expect(trending.first()).toBeVisible();
});
