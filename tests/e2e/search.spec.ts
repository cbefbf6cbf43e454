import { expect, test, type Page } from '@playwright/test';
import { saveArtistProfile } from './support/artistWrites';
import { axeViolations } from './support/axe';
import { goOffline, goOnline, storedEntries, waitForServiceWorker } from './support/offline';
import { overflow } from './support/pageAudit';
import { addressOf, mintCollection, readStack, type Stack, type TestCollection } from './support/trading';
import { signInFromNode } from './support/xssWrites';

// Search (issue 32, "Find"): this spec's own artist (#99, used by no other spec nor the demo seed) has a collection of
// two artworks; the artist's last name, the collection's name and the artworks' names share a word made for this run
// (letters only: a name takes no digits), which is what the visitor types, so no other spec's data is found. Results come as you type, the text is in
// the URL (Back returns to it), a search seen once answers offline, and a new one offline says why with Retry.

const ARTIST = 99;

let stack: Stack;
let collection: TestCollection;
/** This run's word: in the collection's name ('Nebulith <word> <mintCollection's stamp>') and the artist's last name. */
let stamp: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  stack = await readStack(request);
  stamp = `Sq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!);
  collection = await mintCollection(request, stack, ARTIST, 2, `Nebulith ${stamp} `);
  const key = await signInFromNode(baseURL!, stack, ARTIST);
  await saveArtistProfile(baseURL!, key, { firstName: 'Orla', lastName: stamp });
  await request.dispose();
});

const field = (page: Page) => page.getByRole('searchbox', { name: 'Search artworks, collections and artists' });
const group = (page: Page, name: 'Artworks' | 'Collections' | 'Artists') => page.getByRole('region', { name });

test('results as you type: the artworks, the collection and the artist, each opening its page; the text is in the URL and Back returns to it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(field(page)).toBeFocused();
  await expect(page.locator('.search-status')).toHaveText('Type at least 2 characters to search artworks, collections and artists by name.');

  // One character asks for more; the rest, typed key by key, finds this spec's artworks, collection and artist.
  await field(page).pressSequentially(stamp.slice(0, 1));
  await expect(page.locator('.search-status')).toHaveText('Type at least 2 characters to search artworks, collections and artists by name.');
  await field(page).pressSequentially(stamp.slice(1), { delay: 30 });
  await expect(group(page, 'Artworks').getByRole('link')).toHaveCount(2);
  await expect(group(page, 'Artworks').getByRole('link').first()).toContainText(`${collection.name} #`);
  await expect(group(page, 'Collections').getByRole('link')).toHaveText([new RegExp(`^${collection.name}`)]);
  await expect(group(page, 'Artists').getByRole('link')).toHaveText([new RegExp(`^Orla ${stamp}`)]);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${stamp}$`));
  expect((await overflow(page)).by).toBe(0);
  expect(await axeViolations(page, 'main')).toEqual([]);
  // On the narrowest phone the rows fit the screen too (long names are cut with an ellipsis).
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 700 });
  expect((await overflow(page)).by).toBe(0);
  await page.setViewportSize(desktop);

  // The collection opens; Back returns to the search, its text and its results.
  await group(page, 'Collections').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: collection.name })).toBeVisible();
  await page.goBack();
  await expect(field(page)).toHaveValue(stamp);
  await expect(group(page, 'Artworks').getByRole('link')).toHaveCount(2);

  // An artwork opens its token page; the artist opens theirs.
  await group(page, 'Artworks').getByRole('link', { name: new RegExp(`^${collection.name} #1`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${collection.name} #1` })).toBeVisible();
  await page.goBack();
  await group(page, 'Artists').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/artist/${addressOf(stack, ARTIST).toLowerCase()}$`, 'i'));
  await page.goBack();

  // A text nothing matches says so (typed on after the text the page came back with).
  await expect(field(page)).toHaveValue(stamp);
  await field(page).press('End');
  await field(page).pressSequentially('zq');
  await expect(page.locator('.search-status')).toHaveText(`No artworks, collections or artists match “${stamp}zq”.`);
  await expect(group(page, 'Artworks')).toHaveCount(0);
});

test('a search seen once answers offline; a new one offline says why and Retry finds it once back online', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto(`/search?q=${stamp}`);
  await expect(group(page, 'Collections').getByRole('link')).toHaveText([new RegExp(`^${collection.name}`)]);
  // The worker keeps the search's answer (its store read through the page) before the network goes.
  await waitForServiceWorker(page);
  await expect
    .poll(async () => (await storedEntries(page)).map((entry) => entry.key), { message: 'the worker stored the search', timeout: 20_000 })
    .toContainEqual(expect.stringContaining(`|search|{"text":"${stamp}"}`));

  await goOffline(context);
  await page.reload();
  await expect(field(page)).toHaveValue(stamp);
  await expect(group(page, 'Collections').getByRole('link')).toHaveText([new RegExp(`^${collection.name}`)]);

  // Not seen before: the search fails and says why, with Retry (which fails again while offline).
  await field(page).fill(`${collection.name} #2`);
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  const reason = await page.locator('.search-status').innerText();
  expect(reason.replace('Retry', '').trim()).not.toBe('');
  await retry.click();
  await expect(retry).toBeVisible();
  // Back online the page searches again by itself (as every page refreshes what it could not read).
  await goOnline(context);
  await expect(group(page, 'Artworks').getByRole('link')).toHaveText([new RegExp(`^${collection.name} #2`)]);
  await expect(field(page)).toHaveValue(`${collection.name} #2`);
  await expect(retry).toHaveCount(0);
});
