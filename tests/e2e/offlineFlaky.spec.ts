import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_FLAKY_PORT, E2E_PORT } from '../../playwright.config';
import { commentsPanel, showComments } from './support/comments';
import { startFlakyProxy, type FlakyProxy } from './support/flakyProxy';
import { expectNoBrokenPage, waitForServiceWorker } from './support/offline';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { addressOf, graphql, readStack } from './support/trading';

// Offline-first, the flaky network: the browser talks to the server only through a loopback proxy that aborts or delays a
// seeded 30% of the requests (the service worker's own fetches included: same origin). After one steady visit of the
// home page (the worker installed with its precache, signed in), the first flaky visits are token pages whose viewer
// chunks this fresh browser never loaded (image, video, generative, flipcard), as the issue saw 'Failed to fetch
// dynamically imported module …/ImageViewer-….js' on them; then two minutes of scripted browsing across the pages,
// the viewer pages by typed URL each round (a new document asks for their chunks again): no broken page (no
// 'Something went wrong', no raw chunk error, every page with its heading), no unhandled error, and a like and a
// comment sent through the flaky proxy arrive exactly once.

const USER = 76;
/** One held token of each kind whose viewer is a chunk of its own: the page needs it to show the work. */
const VIEWER_MEDIA_TYPES = ['image', 'video', 'multipart/mixed', 'multipart/image'] as const;
const SEED = 27;
const BROWSING_MS = 120_000;
const DIRECT = `http://127.0.0.1:${E2E_PORT}`;
const FLAKY = `http://127.0.0.1:${E2E_FLAKY_PORT}`;

let proxy: FlakyProxy;
test.use({ baseURL: FLAKY, reducedMotion: 'reduce' });
test.beforeAll(async () => {
  proxy = await startFlakyProxy({ targetPort: E2E_PORT, port: E2E_FLAKY_PORT, seed: SEED });
  proxy.setFlaky(false);
});
test.afterAll(async () => {
  await proxy?.close();
});

interface Token {
  _id: string;
  name: string;
  tokenHolding: { id: string } | null;
  collection: { address: string; chainId: number };
  creatorInfo: { address: string };
}

const LIKE_FAILED = "Sorry. There's an error. Please try again later.";

/** A notice among `texts` the page showed and no one read yet (recorded by support/notices.ts), taken; '' if none. */
function takeNotice(page: Page, texts: string[]): Promise<string> {
  return page.evaluate((wanted) => {
    const records = (window as Window & { __notices?: Array<{ text: string; taken: boolean }> }).__notices ?? [];
    const record = records.find((entry) => !entry.taken && wanted.includes(entry.text));
    if (!record) return '';
    record.taken = true;
    return record.text;
  }, texts);
}

async function nextNotice(page: Page, texts: string[]): Promise<string> {
  let found = '';
  await expect.poll(async () => (found = await takeNotice(page, texts)), { message: `one of the notices ${texts.join(' / ')}`, timeout: 30_000 }).not.toBe('');
  return found;
}

/** The test's own reads of the server, straight to it: a kept-alive connection the server closed is tried again. */
async function direct3<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      if (attempt === 3 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    }
  }
}

/** The chunk error a broken page shows ('' if none), for the failure message. */
const shownChunkError = (page: Page) =>
  page.getByText(/Failed to fetch dynamically imported module|Importing a module script failed/).first().textContent({ timeout: 1_000 }).then((text) => (text ? ` (${text.trim()})` : ''), () => '');

const avatar = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Profile of / });

test('two minutes of browsing with 30% of requests aborted or delayed: no broken page, no unhandled error, no duplicate write', async ({ page, playwright }) => {
  // The browsing lasts BROWSING_MS whatever the machine's load; the steps before it do not. 420 s ran out on a clean-
  // clone run sharing two cores with three stacks (7.2 min, the last visit's heading check cut short by the timeout).
  test.setTimeout(600_000);
  const direct = await playwright.request.newContext({ baseURL: DIRECT });
  const stack = await readStack(direct);
  const run = Date.now().toString(36);
  const tokens = await graphql<{ getMarketplaceTokens: { edges: Array<{ node: Token }> } }>(
    direct,
    '{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 100 }) { edges { node { _id name tokenHolding { id } collection { address chainId } creatorInfo { address } } } } }',
  );
  const token = tokens.getMarketplaceTokens.edges.map((edge) => edge.node).find((node) => node.name === 'Bloom' && node.tokenHolding)!;
  expect(token, 'the demo has Bloom').toBeTruthy();
  const viewerPaths: string[] = [];
  for (const mediaType of VIEWER_MEDIA_TYPES) {
    const held = await graphql<{ getMarketplaceTokens: { edges: Array<{ node: { tokenHolding: { id: string } | null } }> } }>(
      direct,
      'query($t: [String!]) { getMarketplaceTokens(filters: { mediaTypes: $t }, sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 20 }) { edges { node { tokenHolding { id } } } } }',
      { t: [mediaType] },
    );
    const holding = held.getMarketplaceTokens.edges.map((edge) => edge.node.tokenHolding).find(Boolean);
    expect(holding, `the demo has a held ${mediaType} token`).toBeTruthy();
    viewerPaths.push(`/token/${holding!.id}`);
  }
  const artist = token.creatorInfo.address.toLowerCase();
  const tokenPath = `/token/${token.tokenHolding!.id}`;
  // A token's work as its viewer (a chunk of its own) renders it. A read that failed with no stored copy yet (a page
  // first seen flaky) says so with Retry: pressed as a user would, it must bring the page, a broken page never shows.
  const showWork = async () => {
    const viewer = page.getByRole('main').locator('.media-full, .media-layer').first();
    const retry = page.getByRole('main').getByRole('button', { name: 'Retry', exact: true });
    for (let attempt = 1; ; attempt += 1) {
      await expect(viewer.or(retry).first()).toBeVisible({ timeout: 20_000 });
      await expectNoBrokenPage(page);
      if (await viewer.isVisible()) return;
      if (attempt === 6) throw new Error('the work never showed: Retry pressed 5 times');
      await retry.click();
    }
  };
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

  // Steady: the home page, the worker installed (and its precache), signed in. Every other page is first seen flaky.
  await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: USER });
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(avatar(page)).toBeVisible();

  // Nothing the browser fetched is in its HTTP cache (the proxy answers `no-store`, the worker's fetches included):
  // code and data come from the worker's own stores, as on a phone whose HTTP cache was cleared, or through the proxy.
  proxy.setFlaky(true);
  const broken: string[] = [];
  const visit = async (path: string) => {
    try {
      await page.goto(path);
      // A page: its heading, or the message of a read that failed (not the error boundary, checked next).
      await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('alert')).first()).toBeVisible({ timeout: 20_000 });
      await expectNoBrokenPage(page);
    } catch (error) {
      broken.push(`${path}: ${(error as Error).message.split('\n')[0]}${await shownChunkError(page)}`);
    }
  };

  await test.step('first visits of token pages whose viewer chunks were never loaded', async () => {
    // Twice each by typed URL: every new document asks for its viewer's chunk (and the fullscreen one) again, as a
    // visitor on a flaky line opening one artwork after another from links shared to them.
    for (const path of [...viewerPaths, ...viewerPaths]) {
      await visit(path);
      // The work itself, not only the page: its viewer (a chunk of its own) rendered, and nothing broke after.
      try {
        await showWork();
      } catch (error) {
        broken.push(`${path}: viewer: ${(error as Error).message.split('\n')[0]}${await shownChunkError(page)}`);
      }
    }
    // Said here, as the issue saw it (a viewer chunk that failed to load), whatever a later step finds.
    expect.soft(broken, 'broken pages on the first visits').toEqual([]);
  });

  await test.step('a like and a comment through the flaky proxy arrive once', async () => {
    await visit(tokenPath);
    const toggle = page.getByRole('main').getByRole('button', { name: /^(Like|Unlike) \(/ }).first();
    const text = `Through the storm ${run}`;
    // Any read of this step may fail on this line too (the token: 'Could not load this artwork'; its comments): the
    // page says so with Retry, pressed as a user would, until what the step needs shows.
    const untilShown = async (target: Locator, scope: Locator, what: string) => {
      const retry = scope.getByRole('button', { name: 'Retry', exact: true }).first();
      for (let attempt = 1; ; attempt += 1) {
        await expect(target.or(retry).first()).toBeVisible({ timeout: 20_000 });
        if (await target.isVisible()) return;
        if (attempt === 6) throw new Error(`${what} never showed: Retry pressed 5 times`);
        await retry.click({ timeout: 10_000 });
      }
    };
    await untilShown(toggle, page.getByRole('main'), 'the token page');
    // As a user would: press again only when the app said it did not go through (its notice), never before.
    for (let attempt = 0; attempt < 6 && (await toggle.getAttribute('aria-pressed')) !== 'true'; attempt += 1) {
      await expect(toggle).toBeEnabled({ timeout: 20_000 });
      await toggle.click();
      // Liked once the server has it (no notice on success); failed when the app says so (and the toggle reverts).
      let outcome = '';
      await expect
        .poll(async () => (outcome = (await takeNotice(page, [LIKE_FAILED])) || ((await toggle.getAttribute('aria-pressed')) === 'true' && (await likedOnServer()) > 0 ? 'liked' : '')), { timeout: 30_000 })
        .not.toBe('');
      if (outcome === LIKE_FAILED) await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await commentsPanel(page).scrollIntoViewIfNeeded();
    await untilShown(page.getByRole('region', { name: /^Comments \(\d+\)$/ }), commentsPanel(page), 'the comments');
    await showComments(page);
    const field = commentsPanel(page).getByRole('textbox', { name: 'Write a comment' });
    await field.click();
    await field.fill(text);
    const posted = commentsPanel(page).locator('article.comment-body').filter({ has: page.getByText(text, { exact: true }) });
    for (let attempt = 0; attempt < 6 && (await posted.count()) === 0; attempt += 1) {
      const post = commentsPanel(page).getByRole('button', { name: 'Post' });
      await expect(post).toBeEnabled({ timeout: 20_000 });
      await post.click();
      if ((await nextNotice(page, ['Comment posted', 'Failed to post comment'])) === 'Comment posted') break;
      // The draft stays in the field (nothing typed is lost offline): sent only on the next press.
      await expect(field).toHaveValue(text);
    }
    await expect(posted).toBeVisible();
    expect(await likedOnServer(), 'one like of this account on the token').toBe(1);
    expect(await commentsOnServer(text), 'the comment stored once').toBe(1);

    async function likedOnServer() {
      const data = await direct3(() => graphql<{ getLikedTokensByAccount: { edges: Array<{ node: { _id: string } }> } }>(
        direct, 'query($a: String!) { getLikedTokensByAccount(account_id: $a, pagination: { perPage: 100 }) { edges { node { _id } } } }',
        { a: addressOf(stack, USER).toLowerCase() },
      ));
      return data.getLikedTokensByAccount.edges.filter((edge) => edge.node._id === token._id).length;
    }
    async function commentsOnServer(wanted: string) {
      const data = await direct3(() => graphql<{ getCommentsByTokenId: { edges: Array<{ node: { text: string } }> } }>(
        direct, 'query($t: ID!) { getCommentsByTokenId(token_id: $t, pagination: { perPage: 100 }) { edges { node { text } } } }', { t: token._id },
      ));
      return data.getCommentsByTokenId.edges.filter((edge) => edge.node.text === wanted).length;
    }
  });

  await test.step('two minutes of browsing across the pages, by link (the app router) and by typed URL', async () => {
    const main = page.getByRole('main');
    const menu = (group: string, item: string) => async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: group }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item, exact: true }).click();
    };
    const link = (scope: 'main' | 'page', selector: string) => async () => {
      await (scope === 'main' ? main : page).locator(`${selector}:visible`).first().click({ timeout: 5_000 });
    };
    // A round of in-app navigation (no reload: a chunk that failed to load stays failed in this document), each step
    // with the typed URL to fall back on when its link is not there (a read that failed may leave it out).
    const round: Array<{ path: string; follow: () => Promise<void> }> = [
      { path: '/', follow: link('page', 'header a[href="/"]') },
      { path: '/explore', follow: menu('Explore', 'Art') },
      { path: tokenPath, follow: link('main', 'a[href^="/token/"]') },
      { path: `/collection/${token.collection.address}/${token.collection.chainId}`, follow: link('main', 'a[href^="/collection/0x"]') },
      { path: `/artist/${artist}`, follow: link('main', 'a[href^="/artist/0x"]') },
      { path: '/artists', follow: link('page', 'footer a[href="/artists"]') },
      { path: '/exhibitions', follow: menu('Explore', 'Exhibitions') },
      { path: '/media-articles', follow: link('page', 'footer a[href="/media-articles"]') },
      { path: '/media-articles', follow: link('main', 'a[href^="/article/"]') },
      { path: '/learn', follow: link('page', 'footer a[href="/learn"]') },
      { path: '/account/dashboard', follow: link('page', 'header a[href="/account"]') },
      { path: '/profile', follow: async () => avatar(page).click() },
      // The viewer pages by typed URL: a new document, whose viewer chunk is asked for again.
      ...viewerPaths.map((path) => ({ path, follow: async () => { throw new Error(`typed URL ${path}`); } })),
    ];
    const started = Date.now();
    let visits = 0;
    let typed = 0;
    while (Date.now() - started < BROWSING_MS) {
      const step = round[visits % round.length]!;
      // Every third round by typed URL (a reload), the others by link.
      const byUrl = Math.floor(visits / round.length) % 3 === 2;
      try {
        if (byUrl) throw new Error('typed URL');
        await step.follow();
      } catch {
        typed += 1;
        await page.goto(step.path).catch((error: Error) => broken.push(`${step.path}: navigation failed: ${error.message.split('\n')[0]}`));
      }
      try {
        await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('alert')).first()).toBeVisible({ timeout: 20_000 });
        if (viewerPaths.includes(step.path)) await showWork();
        await expectNoBrokenPage(page);
      } catch (error) {
        broken.push(`${page.url()}: ${(error as Error).message.split('\n')[0]}`);
      }
      visits += 1;
    }
    const stats = proxy.stats();
    const abortedCode = stats.abortedRequests.filter((request) => /^GET \/assets\/.*\.js/.test(request)).length;
    const summary = `${visits} visits (${typed} by typed URL); proxy: ${stats.passed} passed, ${stats.aborted} aborted (${abortedCode} of code), ${stats.delayed} delayed, ${stats.upgrades} upgrades`;
    test.info().annotations.push({ type: 'flaky', description: summary });
    console.log(`flaky run: ${summary}`);
    expect(stats.aborted, 'the proxy aborted requests').toBeGreaterThan(10);
    expect(stats.delayed, 'the proxy delayed requests').toBeGreaterThan(10);
    expect(visits).toBeGreaterThanOrEqual(round.length);
  });

  expect(broken, 'broken pages').toEqual([]);
  expect(errors, 'unhandled page errors').toEqual([]);
  await direct.dispose();
});
