// The page audit's measuring helpers (tests/e2e/pageAudit.spec.ts): a page settled (data shown, network quiet), how
// far it overflows the screen sideways, and the layout shifts seen while it loads.
import { errors, expect, type BrowserContext, type Page, type Request } from '@playwright/test';
/** The requests each page has in flight (from `trackRequests` on), by URL. */
const inFlight = new WeakMap<Page, Map<Request, string>>();

/** Keeps the page's requests in flight, so a network that never goes quiet can be named. */
function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const pending = new Map<Request, string>();
  inFlight.set(page, pending);
  page.on('request', (request) => pending.set(request, request.url()));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/** How long the network may stay busy after the page's data shows before the page is measured as it is. */
const QUIET_WAIT_MS = 20_000;

/**
 * The page's data is there: its h1, no list still busy, the network quiet (500 ms without a request in flight). The
 * quiet is waited for 20 s at most: in CI, on a loaded machine, a page whose network stayed busy for minutes took
 * the CLS test past its timeout, so a page still loading then is measured as it stands and what it was still
 * fetching is printed.
 */
export async function settle(page: Page, shown: (page: Page) => Promise<void>): Promise<void> {
  trackRequests(page);
  await shown(page);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  try {
    await page.waitForLoadState('networkidle', { timeout: QUIET_WAIT_MS });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
    const pending = [...(inFlight.get(page)?.values() ?? [])];
    console.warn(`pageAudit: ${page.url()} still fetching after ${QUIET_WAIT_MS} ms: ${pending.slice(0, 10).join(', ') || '(requests started before the page was tracked)'}`);
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** How far the document scrolls sideways, and the outermost elements that stick out past the screen's right edge. */
export function overflow(page: Page): Promise<{ by: number; culprits: string[] }> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
    const by = document.documentElement.scrollWidth - window.innerWidth;
    const culprits: string[] = [];
    if (by > 0) {
      for (const element of document.querySelectorAll('body *')) {
        if (element.getBoundingClientRect().right <= window.innerWidth + 0.5) continue;
        // Only the outermost one: inside a sideways scroller (a carousel) sticking out is its design.
        const parent = element.parentElement;
        if (parent && parent.getBoundingClientRect().right > window.innerWidth + 0.5) continue;
        culprits.push(`${describe(element)} (right ${Math.round(element.getBoundingClientRect().right)})`);
      }
    }
    return { by, culprits: culprits.slice(0, 8) };
  });
}

export interface Shift {
  value: number;
  sources: string[];
}

/**
 * Reads held back until the page shows what would follow them: the artworks tab's first page of cards after the
 * Saved for offline section below it (on a slow link it came last, and pushed the section down: CLS 0.21).
 */
const LATE_READS: Record<string, { operation: string; before: (page: Page) => Promise<void> }> = {
  '/exhibitions?tab=artworks': {
    operation: 'getExhibitionArtworks',
    before: async (page) => void (await expect(page.getByRole('heading', { name: 'Saved for offline' })).toBeVisible()),
  },
};

/** Records the layout shifts (without input) of every document the page loads, in `window.__shifts`. */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    const describe = (node: Node | null) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}${typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }>) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Loads each page at this viewport and returns the layout shifts seen until its data shows: in a fresh page of
 * `context`, or every one in `page` (signed in, its wallet is that page's own).
 */
export async function shiftsWhileLoading(
  target: { context: BrowserContext } | { page: Page },
  viewport: { width: number; height: number },
  pages: Array<{ path: string; shown: (page: Page) => Promise<void> }>,
): Promise<string[]> {
  const found: string[] = [];
  for (const { path, shown } of pages) {
    const page = 'page' in target ? target.page : await target.context.newPage();
    if ('context' in target) await recordShifts(page);
    await page.setViewportSize(viewport);
    trackRequests(page);
    const late = LATE_READS[path];
    let release = () => {};
    if (late) {
      // This read arrives after the rest of the page has shown (as on a slow link), so what it moves is seen moving.
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/graphql', async (route) => {
        if (JSON.parse(route.request().postData() ?? '{}').operationName === late.operation) await held;
        await route.continue();
      });
    }
    await page.goto(path);
    if (late) {
      await late.before(page);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      release();
    }
    await settle(page, shown);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    if (cls > 0.02) found.push(`${path} at ${viewport.width}px: CLS ${cls.toFixed(3)} — ${shifts.map((s) => `${s.value.toFixed(3)} ${s.sources.join(' ')}`).join('; ')}`);
    if ('context' in target) await page.close();
  }
  return found;
}
