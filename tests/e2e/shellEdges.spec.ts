import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { seededToken } from './support/seededTokens';
import { openSignedIn, readStack } from './support/trading';

// The phone-performance work's shell and mobile edges on the demo stack, mostly on a phone (390×844, touch): notices that cover no
// control the user is on (a like button, the generative token's fullscreen button on a phone held sideways: the
// seed's generative collection, read only), close by Escape and hold while focused or hovered; explore's filters in a drawer with
// 'Show results' and a badge counting every choice; Studio and Dashboard as links in the phone menu; the dashboard's
// tab strip with a cue where tabs are hidden; the exhibition viewer's work, caption and controls on one screen.
// Axe (serious and critical) in both themes with the menu, the filter drawer and a notice open.
// Account #88 (collector, dashboard) is used by no other spec nor the demo seed.
const COLLECTOR = 88;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
// A phone held sideways: the artwork is taller than the screen and the notice sits in the bottom corner.
const SIDEWAYS = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true } as const;
const READY = 'Art Bazaar is ready to work offline';

const noticeBar = (page: Page) => page.locator('.notification-bar');

/** Serious and critical axe violations on the page, in the light and the dark theme. */
async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    for (const violation of violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') {
        found.push(`${theme}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
      }
    }
  }
  return found;
}

type Box = { top: number; bottom: number; left: number; right: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
const boxOf = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().toJSON() as Box);

/**
 * A fresh context (no service worker yet) whose 'ready to work offline' notice waits until `release()`: the worker's
 * own requests (its install's precache) are held, so a spec can set the page up before the notice comes.
 */
async function withHeldNotice(browser: Browser, baseURL: string, options: object) {
  const context = await browser.newContext({ baseURL, ...options });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/*', async (route) => {
    if (route.request().serviceWorker()) await released;
    await route.fallback();
  });
  return { context, page: await context.newPage(), release };
}

for (const screen of [
  { name: 'phone', options: PHONE },
  { name: 'desktop', options: { viewport: { width: 1440, height: 800 } } },
]) {
  test(`${screen.name}: a notice never covers the control the user is on; the page's end scrolls clear of it; Escape closes it`, async ({
    browser,
    baseURL,
  }) => {
    // The notice comes once the worker installed (its whole precache): slow on a busy machine.
    test.setTimeout(120_000);
    const { context, page, release } = await withHeldNotice(browser, baseURL!, screen.options);
    await page.goto('/explore');
    const likes = page.getByRole('list', { name: 'Artworks' }).getByRole('button', { name: /like/i });
    await expect(likes.first()).toBeVisible();
    // The user is on the first like button below the fold (the rightmost of its row on a wide screen), brought to
    // the bottom edge of the screen.
    const like = await page.evaluate(() => {
      const below = [...document.querySelectorAll<HTMLElement>('.explore-results button[aria-label*="ike"]')].filter(
        (button) => button.getBoundingClientRect().bottom > window.innerHeight,
      );
      const row = below.filter((button) => button.getBoundingClientRect().top === below[0]!.getBoundingClientRect().top);
      const target = row.reduce((best, button) => (button.getBoundingClientRect().right > best.getBoundingClientRect().right ? button : best));
      const box = target.getBoundingClientRect();
      window.scrollBy({ top: box.bottom - (window.innerHeight - 12), behavior: 'instant' });
      target.focus({ preventScroll: true });
      target.dataset.e2eTarget = 'on';
      return target.getBoundingClientRect().bottom;
    });
    expect(like).toBeGreaterThan(page.viewportSize()!.height - 60);
    release();
    await expect(noticeBar(page)).toHaveText(READY, { timeout: 90_000 });
    const target = page.locator('[data-e2e-target="on"]');
    await expect(target).toBeFocused();
    expect(overlaps(await boxOf(target), await boxOf(noticeBar(page))), 'the focused like button is under the notice').toBe(false);
    await expect(noticeBar(page)).toHaveAttribute('role', 'status');
    await expect(noticeBar(page).getByRole('button', { name: 'Close notification' })).toBeVisible();

    // The page's last control scrolls above the notice: the page reserves its height (published once laid out).
    await expect
      .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--overlay-inset')) || 0), {
        message: 'the page reserves the notice band',
      })
      .toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const lastLink = page.getByRole('contentinfo').getByRole('link').last();
    // The band may still grow after the scroll (the offline status joining the notice on a busy machine): the app
    // then keeps the page's end above it, so this is polled, never scrolled again. The message says what was seen.
    await expect
      .poll(
        async () => {
          const [link, bar, band] = await Promise.all([
            boxOf(lastLink),
            boxOf(noticeBar(page)),
            page.locator('.overlay-stack').evaluate((stack) => `${stack.textContent} / inset ${getComputedStyle(document.documentElement).getPropertyValue('--overlay-inset')}`),
          ]);
          return overlaps(link, bar) ? `under the notice: link ${link.top}-${link.bottom}, notice ${bar.top}-${bar.bottom}, band ${band}` : 'clear';
        },
        { message: "the footer's last link is clear of the notice" },
      )
      .toBe('clear');

    // Focus (and, with a mouse, hover) holds it; leaving lets its timer run again.
    await noticeBar(page).getByRole('button', { name: 'Close notification' }).focus();
    await expect(noticeBar(page)).toHaveAttribute('data-paused', 'true');
    await lastLink.focus();
    await expect(noticeBar(page)).not.toHaveAttribute('data-paused');
    if (screen.name === 'desktop') {
      await noticeBar(page).hover();
      await expect(noticeBar(page)).toHaveAttribute('data-paused', 'true');
      await page.mouse.move(5, 5);
      await expect(noticeBar(page)).not.toHaveAttribute('data-paused');
    }

    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(noticeBar(page)).toHaveCount(0);
    await context.close();
  });
}

test("a phone turned sideways: a notice shown while the user is at the generative token's fullscreen button leaves it clear", async ({
  browser,
  baseURL,
  request,
}) => {
  // The notice comes once the worker installed (its whole precache): slow on a busy machine.
  test.setTimeout(120_000);
  const generative = await seededToken(request, 'multipart/mixed');
  const { context, page, release } = await withHeldNotice(browser, baseURL!, SIDEWAYS);
  await page.goto(generative.path);
  const fullscreen = page.getByRole('button', { name: `View ${generative.name} fullscreen` });
  await expect(fullscreen).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  // The user is on the button (the artwork's corner), brought to the bottom edge of the screen.
  await fullscreen.evaluate((button) => {
    const box = button.getBoundingClientRect();
    window.scrollBy({ top: box.bottom - (window.innerHeight - 12), behavior: 'instant' });
    button.focus({ preventScroll: true });
  });
  expect((await boxOf(fullscreen)).bottom, 'the button sits at the bottom edge, where a notice shows').toBeGreaterThan(SIDEWAYS.viewport.height - 60);
  release();
  await expect(noticeBar(page)).toHaveText(READY, { timeout: 90_000 });
  await expect(fullscreen).toBeFocused();
  const [button, bar] = [await boxOf(fullscreen), await boxOf(noticeBar(page))];
  expect(bar.left < button.right && bar.right > button.left, "the notice's corner spans the button's column").toBe(true);
  expect(overlaps(button, bar), `the button (${button.top}–${button.bottom}) under the notice (${bar.top}–${bar.bottom})`).toBe(false);
  expect(button.top, 'the button stays on screen').toBeGreaterThanOrEqual(0);
  // And a tap on it opens the viewer.
  await fullscreen.click();
  const viewer = page.getByRole('dialog', { name: `${generative.name} (fullscreen)` });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Close fullscreen' }).click();
  await expect(viewer).toHaveCount(0);
  await context.close();
});

test('phone: explore filters open in a drawer; the badge counts every choice; Show results lands on the results', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const page = await context.newPage();
  await page.goto('/explore');
  const results = page.getByRole('region', { name: 'Artworks' });
  await expect(results.getByRole('article').first()).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close filters' })).toBeFocused();
  // The keyboard stays in the drawer: Shift+Tab from its first control goes to its last, Tab comes back.
  await page.keyboard.press('Shift+Tab');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await expect(drawer.getByRole('button', { name: 'Close filters' })).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('button', { name: 'Close filters' })).toBeFocused();
  // The drawer covers the screen: the results stay where they were, under it.
  const before = await boxOf(results);

  await drawer.getByRole('radio', { name: 'Oldest' }).check();
  await expect(page).toHaveURL(/sort=oldest/);
  await drawer.getByRole('checkbox', { name: 'Image', exact: true }).check();
  await drawer.getByRole('checkbox', { name: 'GIF', exact: true }).check();
  await expect(page).toHaveURL(/media=.*image.*gif/);
  await expect(toggle).toHaveText('Filters (3)');
  expect((await boxOf(results)).top).toBe(before.top);
  expect(await seriousViolations(page)).toEqual([]);

  const showResults = drawer.getByRole('button', { name: 'Show results' });
  const showBox = await boxOf(showResults);
  expect(showBox.bottom).toBeLessThanOrEqual(page.viewportSize()!.height);
  await showResults.click();
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(results).toBeFocused();
  const landed = await boxOf(results);
  expect(landed.top).toBeGreaterThanOrEqual(0);
  expect(landed.top).toBeLessThan(page.viewportSize()!.height / 2);

  // Escape closes the drawer and gives the focus back to the Filters button.
  await toggle.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await context.close();
});

test('phone menu: Studio and Dashboard are links styled as links, not section headings', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, ...PHONE });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // The keyboard stays in the menu: Shift+Tab from its close button goes to its last control, Tab comes back.
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(menu.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  const style = (locator: Locator) =>
    locator.evaluate((element) => {
      const css = getComputedStyle(element);
      return { transform: css.textTransform, size: css.fontSize, color: css.color };
    });
  const art = await style(menu.getByRole('link', { name: 'Art', exact: true }));
  for (const name of ['Studio', 'Dashboard']) {
    const link = menu.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    expect(await style(link), `${name} looks like the menu's other links`).toEqual(art);
    await expect(menu.getByRole('heading', { name, exact: true })).toHaveCount(0);
  }
  // The section names stay headings (Explore, Learn, Artists).
  await expect(menu.getByRole('heading', { name: 'Explore', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await menu.getByRole('link', { name: 'Studio', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/studio'));
  await expect(menu).toHaveCount(0);
  await context.close();
});

test('phone dashboard: the tab strip shows where tabs are hidden; the selected tab is scrolled into view', async ({ browser, baseURL, request }) => {
  const stack = await readStack(request);
  const { page, context } = await openSignedIn(browser, baseURL!, stack, COLLECTOR, '/account/dashboard');
  await page.setViewportSize(PHONE.viewport);
  const strip = page.locator('.dashboard-tabstrip');
  const list = page.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Purchased tokens');
  await expect(strip).toHaveAttribute('data-more-after', 'true');
  await expect(strip).not.toHaveAttribute('data-more-before');
  await expect(strip.locator('.dashboard-tabstrip-after')).toBeVisible();

  // By keyboard: End selects the last tab, which is scrolled wholly into the strip; the cue moves to the start.
  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('End');
  const last = page.getByRole('tab', { name: 'Activity' });
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeFocused();
  await expect(strip).toHaveAttribute('data-more-before', 'true');
  await expect(strip).not.toHaveAttribute('data-more-after');
  const listBox = await boxOf(list);
  const lastBox = await boxOf(last);
  // Within the strip, to a pixel (boxes are fractional: 374.03 against 374).
  expect(lastBox.left).toBeGreaterThanOrEqual(listBox.left - 1);
  expect(lastBox.right).toBeLessThanOrEqual(listBox.right + 1);
  expect(await seriousViolations(page)).toEqual([]);

  // A reload on the last tab (in the URL) shows it scrolled into view at once.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  await expect(strip).toHaveAttribute('data-more-before', 'true');
  // The arrow scrolls the strip back for a pointer, most of the strip's width a click, until its start shows.
  const scrollLeft = () => list.evaluate((element) => element.scrollLeft);
  for (let click = 0; click < 6 && (await strip.getAttribute('data-more-before')) !== null; click++) {
    const from = await scrollLeft();
    // Settled when the scroll ends (the arrow scrolls smoothly), listened for before the click.
    const settled = list.evaluate((element) => new Promise<void>((resolve) => element.addEventListener('scrollend', () => resolve(), { once: true })));
    await strip.locator('.dashboard-tabstrip-before').click();
    await settled;
    expect(await scrollLeft(), 'each click scrolls the strip back').toBeLessThan(from);
    await expect(strip).toHaveAttribute('data-more-after', 'true');
  }
  await expect(strip).not.toHaveAttribute('data-more-before');
  expect(await scrollLeft()).toBe(0);
  await context.close();
});

for (const viewport of [
  { width: 390, height: 800 },
  { width: 1440, height: 800 },
]) {
  test(`${viewport.width}×${viewport.height}: the exhibition viewer's work, caption and controls fit the screen without scrolling`, async ({
    browser,
    baseURL,
  }) => {
    // No worker: its 'ready to work offline' notice would scroll the focused Next clear of it (the notices test's job).
    const context = await browser.newContext({ baseURL, viewport, hasTouch: viewport.width < 600, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/exhibitions?tab=current');
    const viewer = page.getByRole('region', { name: 'Systems of Light', exact: true });
    await expect(viewer).toBeVisible();
    // On the intro (taller than a phone's screen) Next is on screen as well.
    const next = viewer.getByRole('button', { name: 'Next' });
    expect((await boxOf(next)).bottom).toBeLessThanOrEqual(viewport.height);
    await next.click();
    const slide = viewer.locator('.exhibition-slide[aria-hidden="false"]');
    await expect(viewer).toHaveAttribute('data-position', '1');
    const image = slide.locator('.exhibition-card-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY, 'the page did not scroll').toBe(0);
    for (const [what, locator] of [
      ['the work', image],
      ['its caption', slide.locator('.exhibition-card-caption')],
      ['Previous', viewer.getByRole('button', { name: 'Previous' })],
      ['Next', viewer.getByRole('button', { name: 'Next' })],
      // Narrow screens swipe instead of the rail.
      ...(viewport.width >= 640 ? [['the thumbnail rail', viewer.getByRole('navigation', { name: 'Exhibition items' })] as const] : []),
    ] as const) {
      const box = await boxOf(locator);
      expect(box.bottom, `${what} ends inside the ${viewport.height} px screen`).toBeLessThanOrEqual(viewport.height);
      expect(box.top, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}
