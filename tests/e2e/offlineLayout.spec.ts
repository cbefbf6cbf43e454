import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { setBrowserOffline, waitForServiceWorker } from './support/offline';

const NOTHING_SAVED = 'No exhibition is saved yet: Save for offline under an exhibition keeps it on this device until you remove it.';

// Saving an exhibition for offline; nothing typed is lost offline on a phone (390 px wide): the app-wide offline status, the exhibition's "Save for offline"
// control through its steps, and the "Saved for offline" list on /exhibitions never move the page (layout shifts
// read by a PerformanceObserver from the first paint: the status showing and going, the save's steps, the page's
// data and the saved list arriving), never make the page scroll sideways, and are axe clean in the light and the dark
// theme. No wallet, no account; the saved copy lives in this test's own browser context.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface Shift {
  value: number;
  input: boolean;
  sources: string[];
}

/** Every layout shift of the document from its first paint, with what moved (recorded in window.__shifts). */
async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    const describeElement = (element: Element) =>
      `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.trim().replace(/\s+/g, '.')}` : ''}`;
    // A text node is named by its element and its first words.
    const describe = (node: Node | null) =>
      node instanceof Element ? describeElement(node) : node?.parentElement ? `${describeElement(node.parentElement)} "${(node.textContent ?? '').slice(0, 30)}"` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node: Node | null }> }>) {
        shifts.push({ value: entry.value, input: entry.hadRecentInput, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts since the last call (this document's). */
async function takeShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => {
    const all = (window as unknown as { __shifts: Shift[] }).__shifts;
    return all.splice(0, all.length);
  });
}

/** Waits a frame pair so shifts of the last change are reported before they are read. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** How far the page scrolls sideways (0 when nothing is wider than the viewport). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('on a phone the offline status, Save for offline and the saved list never shift the page nor overflow it, axe clean in both themes', async ({ page, context }) => {
  test.setTimeout(120_000);
  await recordShifts(context);
  await page.goto('/exhibitions?tab=current');
  await waitForServiceWorker(page);
  const save = page.getByRole('region', { name: 'Offline copy' });
  await expect(save.getByRole('button', { name: 'Save for offline' })).toBeVisible();
  await expect(page.locator('img.exhibition-intro-cover')).toBeVisible();
  await settled(page);
  // The exhibition's data arriving (with the worker in control) moves nothing.
  expect(await takeShifts(page), 'data arriving').toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);

  // Every step of a save, up to the saved state: the control keeps its room.
  await save.scrollIntoViewIfNeeded();
  await settled(page);
  await takeShifts(page);
  await save.getByRole('button', { name: 'Save for offline' }).click();
  await expect(save.getByText(/^Download .+ to keep this exhibition offline\?$/)).toBeVisible({ timeout: 30_000 });
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page, '.exhibition-offline')).toEqual([]);
  await save.getByRole('button', { name: 'Download' }).click();
  await expect(save.getByText(/^Saved for offline \(.+\)$/)).toBeVisible({ timeout: 60_000 });
  const list = page.getByRole('region', { name: 'Saved for offline' });
  await expect(list).toBeVisible();
  await settled(page);
  expect(await takeShifts(page), 'the save').toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page, '.exhibition-offline')).toEqual([]);
  expect(await axeViolations(page, '.saved-exhibitions')).toEqual([]);

  // Opening the page again (from its top, as a visit does; a reload further down restores its scroll before the
  // exhibition is in): the saved list (IndexedDB) and the exhibition (the network) arrive in either order, moving
  // nothing.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.goto('/exhibitions?tab=current');
  await expect(list.getByRole('link', { name: 'Systems of Light' })).toBeVisible();
  await expect(save.getByText(/^Saved for offline \(.+\)$/)).toBeVisible();
  await expect(page.locator('img.exhibition-intro-cover')).toBeVisible();
  await settled(page);
  expect(await takeShifts(page), 'reload with a saved exhibition').toEqual([]);

  // The offline status shows and goes: it floats, the page stays put (checked at the page's top, where a status in
  // the flow would push everything down; further down the browser's scroll anchoring would hide such a push).
  const status = page.locator('.connectivity-status[role="status"]');
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  await takeShifts(page);
  await setBrowserOffline(context, true);
  await expect(status).toHaveText('You are offline');
  await expect(status).toBeInViewport();
  await settled(page);
  expect(await takeShifts(page), 'the status showing').toEqual([]);
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await axeViolations(page, '.connectivity-status')).toEqual([]);
  await setBrowserOffline(context, false);
  await expect(status).toBeHidden();
  await settled(page);
  expect(await takeShifts(page), 'the status going').toEqual([]);

  // Removing the saved copy (a tap: the browser does not count it as a shift) leaves the page unscrolled sideways.
  await list.getByRole('button', { name: 'Remove Systems of Light' }).click();
  await expect(list.getByText(NOTHING_SAVED)).toBeVisible();
  await expect(list.getByRole('link', { name: 'Systems of Light' })).toHaveCount(0);
  await expect(save.getByRole('button', { name: 'Save for offline' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
});
