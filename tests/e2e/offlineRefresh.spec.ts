import { expect, test, type Page } from '@playwright/test';
import { saveArtistProfile } from './support/artistWrites';
import { commentsPanel, showComments } from './support/comments';
import { registerCreator } from './support/creators';
import { goOffline, goOnline, storedEntries, waitForServiceWorker } from './support/offline';
import { expectNotice, mintCollection, openSignedIn, readStack, type Stack } from './support/trading';
import { signInFromNode } from './support/xssWrites';

// Back online and fresh (one data cache, owned by the service worker; nothing typed is lost offline): a page shown from the service worker's stored copy reads again when
// the network returns, so what changed on the server meanwhile appears without a reload; and a comment thread written
// to online is stored by the worker as the page shows it, so offline it still shows the writes. Account #72 writes
// an artist profile through the API; account #73 mints a token of its own and comments on it. No other spec uses them.
const ARTIST = 72;
const COMMENTER = 73;

const status = (page: Page) => page.locator('.connectivity-status[role="status"]');

// Letters only: artist names take nothing else.
const runTag = () => Date.now().toString(36).replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!);

// Minting, signing in and a reload offline each take a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

let stack: Stack;
test.beforeAll(async ({ request }) => {
  stack = await readStack(request);
});

test('an artist page shown from the stored copy offline shows the server\'s new data once the network is back, with no reload', async ({ browser, baseURL, request }) => {
  const run = runTag();
  const key = await signInFromNode(baseURL!, stack, ARTIST);
  // Only creators have an artist profile.
  await registerCreator(request, key.address);
  await saveArtistProfile(baseURL!, key, { firstName: 'Refresh', lastName: `Before${run}`, description: 'Shown before the offline spell.' });

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/artist/${key.address.toLowerCase()}`);
  await waitForServiceWorker(page);
  // A visit through the worker stores the page's reads.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Refresh Before${run}` })).toBeVisible();

  // Offline: the page comes from the stored copy and says so.
  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Refresh Before${run}` })).toBeVisible();
  await expect(status(page)).toHaveText(/^You are offline — showing saved data, saved /);

  // Meanwhile the artist changes the profile on the server.
  await saveArtistProfile(baseURL!, key, { firstName: 'Refresh', lastName: `After${run}`, description: 'Written during the offline spell.' });

  // Back online: the new data appears in place (the same document: no reload).
  await page.evaluate(() => ((window as unknown as { __refreshProbe?: string }).__refreshProbe = 'same document'));
  await goOnline(context);
  await expect(page.getByRole('heading', { level: 1, name: `Refresh After${run}` })).toBeVisible();
  await expect(page.locator('header.artist-header').getByText('Written during the offline spell.', { exact: true })).toBeVisible();
  // Online again. (The config read of the offline reload is a stored answer too and keeps 'Showing saved data' until
  // the next page: the config actor does not re-read yet.)
  await expect(status(page)).not.toHaveText(/offline/i);
  expect(await page.evaluate(() => (window as unknown as { __refreshProbe?: string }).__refreshProbe), 'the page was not reloaded').toBe('same document');
  await context.close();
});

test('comments posted, replied to and deleted online are in the stored thread: offline, the thread shows them as it did', async ({ browser, baseURL, request }) => {
  const run = Date.now().toString(36);
  const collection = await mintCollection(request, stack, COMMENTER, 1);
  const token = collection.tokens[0]!;
  const { page, context } = await openSignedIn(browser, baseURL!, stack, COMMENTER, `/token/${token.holdingId}`);
  await waitForServiceWorker(page);
  // A visit through the worker stores the page's reads (the first load ran before the worker controlled the page).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: token.name })).toBeVisible();
  await showComments(page);

  const kept = `Kept offline ${run}`;
  const reply = `Reply kept offline ${run}`;
  const removed = `Deleted before offline ${run}`;
  const body = (text: string) => commentsPanel(page).locator('article.comment-body').filter({ has: page.getByText(text, { exact: true }) });
  const post = async (text: string) => {
    await commentsPanel(page).getByRole('textbox', { name: 'Write a comment' }).click();
    await commentsPanel(page).getByRole('textbox', { name: 'Write a comment' }).fill(text);
    await commentsPanel(page).getByRole('button', { name: 'Post' }).click();
    await expect(body(text)).toBeVisible();
    await expectNotice(page, 'Comment posted');
  };
  await post(kept);
  await body(kept).getByRole('button', { name: 'Reply' }).click();
  const field = commentsPanel(page).getByRole('textbox', { name: /^Reply to / });
  await field.fill(reply);
  await field.press('Control+Enter');
  await expect(body(reply)).toBeVisible();
  await post(removed);
  const lastWrite = Date.now();
  await body(removed).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this comment?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(body(removed)).toHaveCount(0);

  // After the last write the thread was read again from the server: the worker's stored thread is newer than it.
  await expect
    .poll(async () => Math.max(0, ...(await storedEntries(page)).filter((entry) => entry.key.includes('getCommentsByTokenId')).map((entry) => entry.fetchedAt)), {
      message: 'the thread read again after the delete is stored',
    })
    .toBeGreaterThan(lastWrite);

  await goOffline(context);
  await page.reload();
  await showComments(page);
  await expect(body(kept)).toBeVisible();
  await expect(body(reply)).toBeVisible();
  await expect(commentsPanel(page).getByText(removed, { exact: true })).toHaveCount(0);
  await expect(status(page)).toHaveText(/^You are offline/);
  await goOnline(context);
  await context.close();
});
