import { expect, type APIRequestContext, type BrowserContext, type Disposable, type Page } from '@playwright/test';
import { DATA_DB, type StoredEntry } from '../../../src/offline/protocol';

// Shared steps of the offline specs (offline-first): cutting the network for the page and its service worker, the
// server's request counter (E2E_REQUEST_LOG), the shape of a page to compare online and offline, and the worker's
// IndexedDB data cache read and aged through the page (same origin).

const REQUEST_LOG = '/api/v1/__test/requests';

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  at: number;
}

/** The newest request number the server has counted: pass it to `serverRequestsSince`. */
export async function serverRequestCursor(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${REQUEST_LOG}?since=${Number.MAX_SAFE_INTEGER}`);
  expect(response.status(), 'the e2e server counts requests (E2E_REQUEST_LOG=1)').toBe(200);
  return ((await response.json()) as { last: number }).last;
}

export async function serverRequestsSince(request: APIRequestContext, cursor: number): Promise<LoggedRequest[]> {
  const response = await request.get(`${REQUEST_LOG}?since=${cursor}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { requests: LoggedRequest[] }).requests;
}

/** Aborts every request of the context, the service worker's own fetches included (context.route sees them). */
const abortAll = (route: { abort(code: string): Promise<void> }) => route.abort('internetdisconnected');

const patched = new WeakMap<BrowserContext, Disposable>();

/**
 * context.setOffline, whole for documents loaded while it is on. Debian's Chromium 150 leaves its offline emulation
 * out of a document loaded while offline (one its service worker answered): there navigator.onLine says true, and
 * going back online fires no 'online' event, so the page could not tell what a phone's browser tells it. While
 * offline, such a document's navigator.onLine is false; back online it is the browser's again and the document gets
 * its 'online' event. A document the emulation does reach (an older or newer Chromium, a page loaded before) is left
 * to it.
 */
export async function setBrowserOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (offline) {
    if (!patched.has(context)) patched.set(context, await context.addInitScript(offlineDocument));
    await context.setOffline(true);
    return;
  }
  await patched.get(context)?.dispose();
  patched.delete(context);
  await context.setOffline(false);
  for (const page of context.pages()) {
    await page.evaluate(() => (window as unknown as { e2eBackOnline?: () => void }).e2eBackOnline?.()).catch(() => undefined);
  }
}

/** Runs first in each document loaded while offline (an init script: no imports, nothing from outside). */
function offlineDocument() {
  if (!navigator.onLine) return;
  const browsers = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
  Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  (window as unknown as { e2eBackOnline?: () => void }).e2eBackOnline = () => {
    Object.defineProperty(Navigator.prototype, 'onLine', browsers);
    delete (window as unknown as { e2eBackOnline?: () => void }).e2eBackOnline;
    window.dispatchEvent(new Event('online'));
  };
}

/**
 * Offline as a phone in a tunnel: the page is offline (navigator.onLine false, its requests fail) and so is its
 * service worker, whose fetches `setOffline` alone does not cut.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', abortAll);
  await setBrowserOffline(context, true);
}

/** Back online, the service worker's fetches first: the browser's 'online' event then finds the server reachable. */
export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*', abortAll);
  await setBrowserOffline(context, false);
}

/** Waits until the service worker controls the page (its fetch handler answers the page's requests). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'the service worker controls the page' }).toBe(true);
}

/** The app-wide offline status (role=status) the "status" part shows. */
export const offlineStatus = (page: Page) => page.getByRole('status').filter({ hasText: /offline/i }).first();

/** Messages a page must never show: the error boundary and a raw chunk error. */
export async function expectNoBrokenPage(page: Page): Promise<void> {
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByText(/Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/)).toHaveCount(0);
}

export interface PageShape {
  /** The page's h1. */
  heading: string;
  /** Visible h1–h3 in main, in order: the data the page shows (names, titles, sections). */
  headings: string[];
  /** Visible images inside the viewport that loaded (their current source). */
  images: string[];
}

/** What the page shows now: compare it with the same page offline. */
export function pageShape(page: Page): Promise<PageShape> {
  return page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    };
    const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    return {
      heading: text(document.querySelector('h1') ?? document.body).slice(0, 200),
      headings: [...main.querySelectorAll('h1, h2, h3')].filter(visible).map(text).filter(Boolean),
      images: [...main.querySelectorAll('img')]
        .filter((image) => visible(image) && inView(image) && image.complete && image.naturalWidth > 0)
        .map((image) => image.currentSrc || image.src)
        .filter((source) => !source.startsWith('data:')),
    };
  });
}

/** The page offline shows what it showed online: the same h1, every heading, every image seen loaded. */
export async function expectSameShape(page: Page, online: PageShape, label: string): Promise<void> {
  await expect(page.locator('h1').first(), `${label}: heading`).toHaveText(online.heading);
  for (const heading of online.headings) {
    // By its text, as pageShape read it (a heading's accessible name can leave out a part its text has). Quotes stand
    // as any one character: Playwright's selector text garbles a pattern with quotes in it (the XSS specs' names have
    // them, and another spec's data can show on the pages visited here).
    const pattern = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['"`]/g, '.').replace(/ /g, '\\s*');
    const exactly = new RegExp(`^\\s*${pattern}\\s*$`);
    const shown = page.locator('main').first().locator('h1, h2, h3', { hasText: exactly }).filter({ visible: true }).first();
    // Sections below the fold render when scrolled near (as online, where the visit scrolled to them).
    await expect(async () => {
      if (!(await shown.isVisible())) await page.evaluate(() => window.scrollBy(0, window.innerHeight));
      await expect(shown, `${label}: "${heading}"`).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const source of online.images) {
    await expect
      .poll(
        // The same image, at whichever derivative width (`?w=`) the browser picks now: online it may reuse a wider one
        // it had in memory from another page, offline it asks the width the layout needs (the worker stands one in).
        () => page.evaluate((wanted) => {
          const sameImage = (url: string) => url.replace(/\?w=\d+$/, '');
          return [...document.images].some((image) => sameImage(image.currentSrc || image.src) === sameImage(wanted) && image.complete && image.naturalWidth > 0);
        }, source),
        { message: `${label}: image ${source} shows` },
      )
      .toBe(true);
  }
}

/** Every entry of the worker's data cache (read through the page: same origin). */
export function storedEntries(page: Page): Promise<Array<Pick<StoredEntry, 'key' | 'account' | 'fetchedAt' | 'pins'>>> {
  return page.evaluate(
    (db) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(db.name);
        // Not there yet: opening must not create it (an empty database would leave the worker's store missing).
        open.onupgradeneeded = () => (open.transaction!.abort(), resolve([]));
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains(db.entries)) {
            database.close();
            resolve([]);
            return;
          }
          const all = database.transaction(db.entries).objectStore(db.entries).getAll();
          all.onsuccess = () => {
            database.close();
            resolve((all.result as StoredEntry[]).map(({ key, account, fetchedAt, pins }) => ({ key, account, fetchedAt, pins })));
          };
          all.onerror = () => reject(all.error);
        };
      }),
    DATA_DB,
  );
}

/**
 * The test hook of offline-first: moves every stored answer's fetch time (and use time) `byMs` into the past, as if that
 * long had gone by (the page's clock does not reach the worker). Returns how many entries it aged.
 */
export function ageStoredEntries(page: Page, byMs: number): Promise<number> {
  return page.evaluate(
    ({ db, byMs }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(db.name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          const transaction = database.transaction(db.entries, 'readwrite');
          const store = transaction.objectStore(db.entries);
          let aged = 0;
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const current = cursor.result;
            if (!current) return;
            const entry = current.value as StoredEntry;
            current.update({ ...entry, fetchedAt: entry.fetchedAt - byMs, usedAt: entry.usedAt - byMs });
            aged += 1;
            current.continue();
          };
          transaction.oncomplete = () => {
            database.close();
            resolve(aged);
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    { db: DATA_DB, byMs },
  );
}
