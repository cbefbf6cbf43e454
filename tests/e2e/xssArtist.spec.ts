import { expect, test, type Page } from '@playwright/test';
import type { ApiKeyCredentials } from '../../src/services/authFetch';
import { sendArtistProfile, saveArtistProfile, type ArtistProfileFields } from './support/artistWrites';
import { addressOf, graphql, mintCollection, readStack } from './support/trading';
import { XSS_CORPUS } from './support/xssCorpus';
import { guardedPage } from './support/xssGuard';
import { bodyOf, signInFromNode } from './support/xssWrites';

// The XSS corpus (support/xssCorpus.ts) through every text field of an artist profile (the artists' pages), written by account
// #23 — registered as a creator, with a collection minted on chain so it has a featured artwork — with signed
// POST /api/v1/artist requests, then rendered on its artist page and in the /artists catalogue:
//   - first and last names are letters only: every payload is refused ('Only letters are allowed', or 'Maximum 30
//     characters' when longer), nothing stored;
//   - the website must be a web address: every payload is refused ('Enter a valid URL');
//   - x and instagram handles refuse only # and & (and more than 30 characters): payloads they allow are stored,
//     and the page makes no link of a value that is not a handle;
//   - description, about (the page's comments) and the featured artwork's note: the whole corpus;
//   - highlights (7 achievements), portfolio context and 9 captions: payloads that fit their limits.
// Each must read as literal text, character for character, and nothing may run or be injected (the guard of
// support/xssGuard.ts), with the CSP bypassed (the rendering itself is tested) and with it on.
const ARTIST = 23;

// Joined by spaces: a multipart form sends a line break in a text field as CRLF, which is not what this spec tests.
const joined = (texts: readonly string[]) => texts.join(' ');
const ALL = joined(XSS_CORPUS.map((payload) => payload.text));
const fitting = (max: number) => XSS_CORPUS.filter((payload) => payload.text.length <= max).map((payload) => payload.text);
const HANDLES = XSS_CORPUS.filter((payload) => payload.text.length <= 30 && !/[#&]/.test(payload.text)).map((payload) => payload.text);
const ACHIEVEMENTS = fitting(200).slice(0, 7);
const CAPTIONS = fitting(100).slice(7, 16);
/** As many payloads as fit the context's 500 characters. */
const CONTEXT = fitting(500).reduce((text, payload) => (text === '' ? payload : `${text} ${payload}`.length <= 500 ? `${text} ${payload}` : text), '');

function profile(featuredArtwork: string): ArtistProfileFields {
  return {
    firstName: 'Xss',
    lastName: 'Probe',
    description: ALL,
    web: 'https://artist-probe.example/',
    twitter: HANDLES[0]!,
    instagram: HANDLES[1]!,
    featuredArtwork,
    about: joined([...XSS_CORPUS].reverse().map((payload) => payload.text)),
    featuredArtworkDescription: ALL,
    highlights: ACHIEVEMENTS.map((achievement, index) => ({ date: `2024-0${index + 1}-1${index}`, achievement })),
    portfolio: { context: CONTEXT, captions: CAPTIONS },
    cover: true,
  };
}

interface StoredArtist {
  displayName: string;
  description: string;
  comments: string;
  featuredArtworkDescription: string;
  account: { twitter: string; instagram: string; web: string };
  highlights: Array<{ achievement: string }>;
  portfolio: { context: string; items: Array<{ description: string }> };
}

let key: ApiKeyCredentials;
let address: string;
let featuredName: string;

test.beforeAll(async ({ request, baseURL }) => {
  const stack = await readStack(request);
  // mintCollection registers #23 as a creator (the factory owner's addCreator) before it mints.
  const collection = await mintCollection(request, stack, ARTIST, 1);
  featuredName = collection.tokens[0]!.name;
  key = await signInFromNode(baseURL!, stack, ARTIST);
  address = addressOf(stack, ARTIST).toLowerCase();
  await saveArtistProfile(baseURL!, key, profile(collection.tokens[0]!._id));
});

test('names and the website refuse every payload with the rule\'s message; the stored texts come back as sent', async ({ request, baseURL }) => {
  const base = profile('');
  for (const payload of XSS_CORPUS) {
    // A name longer than 30 characters meets the length rule first.
    const nameMessage = payload.text.length > 30 ? 'Maximum 30 characters' : 'Only letters are allowed';
    for (const [field, message] of [['firstName', nameMessage], ['lastName', nameMessage], ['web', 'Enter a valid URL']] as const) {
      const response = await sendArtistProfile(baseURL!, key, { firstName: base.firstName, [field]: payload.text });
      const body = await bodyOf(response);
      expect(response.status, `${field} #${payload.id} (${payload.label})`).toBe(400);
      expect(body.message).toBe(message);
    }
  }
  const data = await graphql<{ getArtistInfo: StoredArtist }>(
    request,
    `query($id: String!) { getArtistInfo(artist_id: $id) { displayName description comments featuredArtworkDescription
      account { twitter instagram web } highlights { achievement } portfolio { context items { description } } } }`,
    { id: address },
  );
  const stored = data.getArtistInfo;
  expect(stored.displayName).toBe('Xss Probe');
  expect(stored.description).toBe(base.description);
  expect(stored.comments).toBe(base.about);
  expect(stored.featuredArtworkDescription).toBe(base.featuredArtworkDescription);
  expect(stored.account).toEqual({ twitter: base.twitter, instagram: base.instagram, web: base.web });
  expect(stored.highlights.map((row) => row.achievement)).toEqual(ACHIEVEMENTS);
  expect(stored.portfolio.context).toBe(CONTEXT);
  expect(stored.portfolio.items.map((item) => item.description)).toEqual(CAPTIONS);
});

/** Every section of the artist page shows its stored text literally. */
async function expectLiteralArtistPage(page: Page) {
  const base = profile('');
  await page.goto(`/artist/${address}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Xss Probe' })).toBeVisible();
  await expect(page.locator('header.artist-header .artist-description')).toHaveJSProperty('textContent', base.description);
  // Only the website makes a link: the handles are not handles.
  const links = page.getByRole('list', { name: 'Links of Xss Probe' }).getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveAttribute('href', 'https://artist-probe.example/');
  const featured = page.getByRole('region', { name: 'Featured artwork' });
  await expect(featured.getByRole('link', { name: featuredName, exact: true })).toBeVisible();
  await expect(featured.locator('.artist-featured-description')).toHaveJSProperty('textContent', base.featuredArtworkDescription);
  await expect(page.getByRole('region', { name: 'About' }).locator('.artist-text')).toHaveJSProperty('textContent', base.about);
  await expect(page.getByRole('region', { name: 'Highlights' }).getByRole('definition')).toHaveText(ACHIEVEMENTS, { useInnerText: false });
  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  await expect(portfolio.locator('.artist-text')).toHaveJSProperty('textContent', CONTEXT);
  await expect(portfolio.locator('figcaption')).toHaveCount(CAPTIONS.length);
  expect(await portfolio.locator('figcaption').allTextContents()).toEqual(CAPTIONS);
  expect(await portfolio.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).toEqual(CAPTIONS);
  // Every lazy image requested (a payload would load /xss-probe/… if it had become markup).
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => portfolio.getByRole('img').evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0))).toBe(true);
}

test('the artist page shows every payload as literal text and nothing runs (CSP bypassed)', async ({ browser, baseURL }) => {
  const guarded = await guardedPage(browser, baseURL!, { bypassCSP: true });
  await expectLiteralArtistPage(guarded.page);
  await guarded.expectInert('artist page');
  await guarded.context.close();
});

test('the artist page with the CSP on, and the /artists catalogue in both views: literal text, nothing runs', async ({ browser, baseURL }) => {
  const guarded = await guardedPage(browser, baseURL!, { bypassCSP: false });
  const { page } = guarded;
  await expectLiteralArtistPage(page);
  await guarded.expectInert('artist page (CSP on)');

  await page.goto('/artists');
  const card = page.getByRole('article', { name: 'Xss Probe' });
  await expect(card).toBeVisible();
  await expect(card.locator('.artist-card-description')).toHaveJSProperty('textContent', ALL);
  await card.getByRole('link', { name: 'Xss Probe' }).focus();
  await guarded.expectInert('artists catalogue (images)');
  await page.getByRole('group', { name: 'Show artists as' }).getByRole('button', { name: 'List' }).click();
  const row = page.locator('.artist-row').filter({ has: page.getByRole('link', { name: 'Xss Probe', exact: true }) });
  await expect(row.locator('.artist-row-description')).toHaveJSProperty('textContent', ALL);
  await guarded.expectInert('artists catalogue (list)');
  await guarded.context.close();
});
