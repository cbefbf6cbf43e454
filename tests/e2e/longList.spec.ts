import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { axeViolations } from './support/axe';
import { buildServer, serverCommand } from '../../scripts/buildServer.js';

// The phone-performance work "long lists stay light": a benchmark database of its own (`npm run seed -- --tokens 1000`, no chain) served
// with the shipped build (Preact) by a second server on its own port, so the demo stack's data is untouched. After
// scrolling all 1,000 tokens on /explore the DOM holds a bounded number of cards, and Back from a token page lands on
// the card that was opened, where it was.
const TOKENS = 1000;
const PORT = E2E_PORT + 3000;
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** Cards the DOM may hold: the rows of a screen and the overscan either side, with room for a wide screen's five columns. */
const MAX_CARDS = 40;

let server: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'artbazaar-long-list-'));
  const env = { ...process.env, DATA_DIR: dataDir, DEPLOYMENTS_FILE: join(dataDir, 'no-deployments.json') };
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--tokens', String(TOKENS), '--reset'], { env, encoding: 'utf8' });
  expect(seeded.status, seeded.stderr).toBe(0);
  // The server as `npm start` runs it (the bundle).
  const { command, args } = serverCommand(await buildServer());
  server = spawn(command, args, {
    env: { ...env, PORT: String(PORT), CONTENT_PORT: String(PORT + 1000), ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}) },
    stdio: 'ignore',
    detached: true,
  });
  await expect
    .poll(() => fetch(`${ORIGIN}/api/v1/config`).then((response) => response.ok, () => false), { timeout: 60_000, message: 'the long-list server answers' })
    .toBe(true);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The place (1-based) of the last card in the DOM: the list's loaded length once the end is rendered. */
const lastPlace = (grid: Locator) =>
  grid.evaluate((list) => Number(list.lastElementChild?.getAttribute('aria-posinset') ?? list.children.length));

async function scrollAll(page: Page, grid: Locator) {
  let loaded = await lastPlace(grid);
  while (loaded < TOKENS) {
    const before = loaded;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => lastPlace(grid), { message: `more than ${before} artworks after scrolling to the end` }).toBeGreaterThan(before);
    loaded = await lastPlace(grid);
  }
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`${viewport.width} px: 1,000 tokens scrolled on /explore keep at most ${MAX_CARDS} cards in the DOM, and Back lands on the card opened`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await page.goto(`${ORIGIN}/explore`);
    const grid = page.getByRole('list', { name: 'Artworks' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    await scrollAll(page, grid);

    // The end: the last of the 1,000 is rendered, the DOM holds a screenful, the page is as tall as all the rows.
    await expect(grid.getByRole('listitem').last()).toHaveAttribute('aria-posinset', String(TOKENS));
    await expect(grid.getByRole('listitem').last()).toHaveAttribute('aria-setsize', String(TOKENS));
    expect(await grid.getByRole('listitem').count()).toBeLessThanOrEqual(MAX_CARDS);
    // The rows not rendered stand as space of their height: the list is as tall as its 1,000 cards (within a row).
    const layout = await grid.evaluate((list) => {
      const style = getComputedStyle(list);
      const rowGap = Number.parseFloat(style.rowGap);
      const rows = Math.ceil(1000 / style.gridTemplateColumns.split(' ').length);
      const itemHeight = list.firstElementChild!.getBoundingClientRect().height;
      return { expected: rows * (itemHeight + rowGap) - rowGap, height: list.getBoundingClientRect().height, pitch: itemHeight + rowGap };
    });
    expect(Math.abs(layout.height - layout.expected)).toBeLessThan(layout.pitch);

    // Halfway down: the cards there are rendered (and only those), labelled, with no axe violation in either theme.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const cardAtMiddle = () =>
      page.evaluate(() => {
        // The first card at or above the screen's middle (the point may fall in a gap between rows or columns).
        const list = document.querySelector('ul[aria-label="Artworks"]')!.getBoundingClientRect();
        let card: Element | null | undefined = null;
        for (let y = window.innerHeight / 2; !card && y > 0; y -= 8) card = document.elementFromPoint(list.left + 24, y)?.closest('li[aria-posinset]');
        return card ? { place: card.getAttribute('aria-posinset')!, name: card.querySelector('.token-card-name')?.textContent ?? '', top: card.getBoundingClientRect().top } : null;
      });
    await expect.poll(cardAtMiddle, { message: 'a card at the middle of the screen' }).not.toBeNull();
    const middle = (await cardAtMiddle())!;
    expect(Number(middle.place)).toBeGreaterThan(300);
    expect(await grid.getByRole('listitem').count()).toBeLessThanOrEqual(MAX_CARDS);
    expect(await axeViolations(page, '.paged-list')).toEqual([]);

    // Open it, come back: the same card, at the same height on the screen.
    const card = grid.locator(`li[aria-posinset="${middle.place}"]`);
    await card.getByRole('link', { name: middle.name }).click();
    await expect(page).toHaveURL(/\/token\//);
    await expect(page.getByRole('heading', { level: 1, name: middle.name })).toBeVisible();
    await page.goBack();
    await expect(card.getByRole('link', { name: middle.name })).toBeInViewport();
    await expect.poll(async () => Math.round((await card.boundingBox())?.y ?? -1), { message: 'the card opened, where it was' }).toBe(Math.round(middle.top));
    expect(await grid.getByRole('listitem').count()).toBeLessThanOrEqual(MAX_CARDS);
  });
}
