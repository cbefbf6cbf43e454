import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { commentsPanel, showComments } from './support/comments';
import { setBrowserOffline } from './support/offline';
import { readStack } from './support/trading';
import { signed, signInFromNode } from './support/xssWrites';

const NOTHING_SAVED = 'No exhibition is saved yet: Save for offline under an exhibition keeps it on this device until you remove it.';

const COMMENTER = 74;

// Saving an exhibition for offline against the demo: save the current exhibition ('Systems of Light') for offline — its size first,
// progress while the files come (the first pinned file is held until the bar shows), then the "Saved for offline"
// list; then with no network at all (the context offline, and every request the page or the worker still sends
// aborted) the exhibition opens with its texts and images, its files come from the saved copy, also by byte ranges
// as a player asks, and it still opens once the cache window has passed; Remove releases every file. (The demo's current exhibition has no video or sound: ranges are
// checked on its largest file.) A work opened from the saved exhibition past the window shows its offers and
// comments as last seen: the save pins its token page's reads too. No wallet in the browser; account #74 writes a
// comment from Node on 'Swell' (a work of the exhibition with a demo offer) so the thread has a text of this run.

interface MediaEntry {
  key: string;
  bytes: number;
  contentType: string;
  pins: string[];
}

/** The worker's media bookkeeping (src/offline/mediaRoute.ts MEDIA_DB), read from the page. */
function mediaEntries(page: Page): Promise<MediaEntry[]> {
  return page.evaluate(
    () =>
      new Promise<MediaEntry[]>((resolve, reject) => {
        const open = indexedDB.open('artbazaar-media');
        // Not there yet: opening must not create it (an empty database would leave the worker's store missing).
        open.onupgradeneeded = () => (open.transaction!.abort(), resolve([]));
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('entries')) return resolve([]);
          const all = db.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => resolve(all.result as MediaEntry[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** The worker's stored data answers (src/offline/protocol.ts DATA_DB), read from the page. */
function dataEntries(page: Page): Promise<Array<{ key: string; fetchedAt: number; pins: string[] }>> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('artbazaar-data');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

/** Moves every stored answer's fetch time back by `ms` (the page's clock does not reach the worker). */
function ageDataEntries(page: Page, ms: number): Promise<void> {
  return page.evaluate(
    (by) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('artbazaar-data');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('entries', 'readwrite');
          const cursor = transaction.objectStore('entries').openCursor();
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return;
            at.update({ ...at.value, fetchedAt: at.value.fetchedAt - by });
            at.continue();
          };
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    ms,
  );
}

async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** No network for the page or its worker: setOffline, and every request that still leaves the browser aborted. */
async function cutNetwork(context: BrowserContext): Promise<string[]> {
  const attempts: string[] = [];
  await setBrowserOffline(context, true);
  await context.route('**/*', (route) => {
    attempts.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return attempts;
}

test('save the current exhibition for offline: size, progress, saved list; its media play with no network; Remove releases them', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  await page.goto('/exhibitions?tab=current');
  await controlled(page);
  // A second visit, as the app's users make it: now every read goes through the worker (the first load's config
  // and reads left before the worker took control).
  await page.reload();
  await expect(page.getByRole('region', { name: 'Systems of Light', exact: true })).toBeVisible();

  // The work opened later: a comment of this run on it, and its offers as the token page shows them online.
  const exhibition = await currentExhibition(page);
  const work = exhibition.artworks.find(({ token }) => token.name === 'Swell')!.token;
  const comment = `Seen offline ${Date.now().toString(36)}`;
  const key = await signInFromNode(baseURL!, await readStack(page.request), COMMENTER);
  const posted = await signed(baseURL!, key, '/comments', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token_id: work._id, text: comment }),
  });
  expect(posted.status).toBe(201);
  await page.goto(`/token/${work.tokenHolding!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Swell' })).toBeVisible();
  const offerRows = offersBox(page).locator('tbody tr td:not(.token-offer-actions)');
  await expect(offerRows.first()).toBeVisible();
  const offersOnline = await offerRows.allInnerTexts();
  await page.goto('/exhibitions?tab=current');
  await expect(page.getByRole('region', { name: 'Systems of Light', exact: true })).toBeVisible();

  // The first file the save pins waits until the test has seen the progress bar.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/ipfs/**', async (route) => {
    if (route.request().headers()['x-artbazaar-pin']) await gate;
    await route.continue();
  });

  const offline = page.getByRole('region', { name: 'Offline copy' });
  await offline.getByRole('button', { name: 'Save for offline' }).click();
  await expect(offline.getByText(/^Download .+ to keep this exhibition offline\?$/)).toBeVisible();
  const size = await offline.locator('strong').textContent();
  expect(size).toMatch(/^\d+\.\d (KB|MB)$/);
  await offline.getByRole('button', { name: 'Download' }).click();
  const bar = offline.getByRole('progressbar', { name: 'Saving for offline' });
  await expect(bar).toBeVisible();
  await expect(offline.getByRole('status')).toHaveText(/ of .+ \(\d+%\)$/);
  release();
  await expect(offline.getByText(/^Saved for offline \(.+\)$/)).toBeVisible({ timeout: 60_000 });
  await context.unroute('**/ipfs/**');

  const list = page.getByRole('region', { name: 'Saved for offline' });
  await expect(list.getByRole('link', { name: 'Systems of Light' })).toHaveAttribute('href', '/exhibitions?tab=current');
  await expect(list.getByText(/ of 500\.0 MB used$/)).toBeVisible();

  const pin = `exhibition:${exhibition.id}`;
  const saved = (await mediaEntries(page)).filter((entry) => entry.pins.includes(pin));
  // The cover and one shown image per work at least (14 works).
  expect(saved.length).toBeGreaterThan(14);
  const largest = [...saved].sort((a, b) => b.bytes - a.bytes)[0]!;

  const attempts = await cutNetwork(context);
  try {
    // Every saved file is answered by the worker with no network.
    const statuses = await page.evaluate(async (keys) => Promise.all(keys.map(async (key) => (await fetch(key)).status)), saved.map((entry) => entry.key));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // A player's range request (how video and sound load) is sliced from the kept file.
    const part = await page.evaluate(async (key) => {
      const response = await fetch(key, { headers: { Range: 'bytes=0-99' } });
      return { status: response.status, range: response.headers.get('Content-Range'), length: (await response.arrayBuffer()).byteLength };
    }, largest.key);
    expect(part).toEqual({ status: 206, range: `bytes 0-99/${largest.bytes}`, length: 100 });
    expect(attempts.filter((url) => url.includes('/ipfs/'))).toEqual([]);

    // The saved exhibition opens with no network: its texts from the pinned reads, its images from the saved files.
    await page.goto('/exhibitions?tab=current');
    const slider = page.getByRole('region', { name: 'Systems of Light', exact: true });
    const intro = slider.locator('.exhibition-slide[aria-hidden="false"]');
    await expect(intro.getByRole('heading', { level: 2, name: 'Systems of Light' })).toBeVisible();
    await expect(intro.getByText('Generative and geometric work, rules that draw')).toBeVisible();
    await expect.poll(() => intro.locator('img.exhibition-intro-cover').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    const card = slider.locator('.exhibition-slide[aria-hidden="false"] img.exhibition-card-image');
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Past the cache window (every stored answer's fetch time moved back two days, then the eviction): the unpinned
    // answers are gone, and the saved exhibition still opens.
    await ageDataEntries(page, 2 * 86_400_000);
    await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'offline.evict' }));
    await expect.poll(async () => (await dataEntries(page)).filter((entry) => entry.pins.length === 0).length).toBe(0);
    expect((await dataEntries(page)).some((entry) => entry.pins.includes(pin))).toBe(true);
    await page.goto('/exhibitions?tab=current');
    // It reopens on the first work, where the viewer was left.
    await expect(slider).toBeVisible();
    await expect(card).toBeVisible();
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // A work opened from the saved exhibition: its token page with the offers and comments the save kept.
    await page.getByRole('navigation', { name: 'Exhibition items' }).getByRole('button', { name: 'Swell', exact: true }).click();
    await slider.getByRole('link', { name: 'BUY Swell' }).click();
    await expect(page).toHaveURL(`/token/${work.tokenHolding!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Swell' })).toBeVisible();
    await expect(offerRows.first()).toBeVisible();
    expect(await offerRows.allInnerTexts()).toEqual(offersOnline);
    await showComments(page);
    await expect(commentsPanel(page).getByText(comment, { exact: true })).toBeVisible();
    await page.goto('/exhibitions?tab=current');

    // The list is the page's own record: it shows offline, and Remove works offline.
    await expect(list.getByRole('link', { name: 'Systems of Light' })).toBeVisible();
    await list.getByRole('button', { name: 'Remove Systems of Light' }).click();
    await expect(list.getByText(NOTHING_SAVED)).toBeVisible();
    await expect(list.getByRole('link', { name: 'Systems of Light' })).toHaveCount(0);
    await expect.poll(async () => (await mediaEntries(page)).filter((entry) => entry.pins.length > 0).length).toBe(0);
  } finally {
    await context.unroute('**/*');
    await setBrowserOffline(context, false);
  }
});

interface CurrentExhibition {
  id: string;
  title: string;
  artworks: Array<{ token: { _id: string; name: string; tokenHolding: { id: string } | null } }>;
}

const offersBox = (page: Page) => page.getByRole('region', { name: 'Offers' });

async function currentExhibition(page: Page): Promise<CurrentExhibition> {
  const response = await page.request.post('/graphql', {
    data: {
      operationName: 'e2eCurrentExhibition',
      query: 'query e2eCurrentExhibition($cDate: String!) { getCurrentExhibition(cDate: $cDate) { id title artworks { token { _id name tokenHolding { id } } } } }',
      variables: { cDate: new Date().toISOString() },
    },
  });
  const body = (await response.json()) as { data: { getCurrentExhibition: CurrentExhibition | null } };
  expect(body.data.getCurrentExhibition?.title).toBe('Systems of Light');
  return body.data.getCurrentExhibition!;
}
