import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { showComments, commentsPanel } from './support/comments';
import {
  ageStoredEntries, expectNoBrokenPage, expectSameShape, goOffline, goOnline, offlineStatus, pageShape, serverRequestCursor,
  serverRequestsSince, storedEntries, waitForServiceWorker, type PageShape,
} from './support/offline';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { graphql, readStack } from './support/trading';
import { putProfile, signInFromNode } from './support/xssWrites';

// Offline-first, "every page visited inside the window renders offline with its data and images": account #64 (its own
// profile, like and comment) visits every page of item 5 online, then the browser and its service worker go offline;
// each page opened by typed URL and by link shows the same heading, data and images, the offline status, and the
// server receives no request meanwhile (its request counter, E2E_REQUEST_LOG). Then the stored answers are aged past
// the 60-minute window: the data is gone, the wallet-connector keys are cleared, a saved exhibition still opens.

const USER = 64;
const WINDOW_MS = 60 * 60_000;
test.use({ reducedMotion: 'reduce' });

interface DemoToken {
  name: string;
  tokenHolding: { id: string; salePrice: { amount: string } | null } | null;
  collection: { name: string; address: string; chainId: number };
  creatorInfo: { address: string };
}

/** Haze (Soft Matter #1): listed, June's open offer on it, an image; its creator's page and collection. */
async function demoToken(request: APIRequestContext): Promise<DemoToken> {
  const data = await graphql<{ getMarketplaceTokens: { edges: Array<{ node: DemoToken }> } }>(
    request,
    `{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 100 }) { edges { node {
      name tokenHolding { id salePrice { amount } } collection { name address chainId } creatorInfo { address }
    } } } }`,
  );
  const token = data.getMarketplaceTokens.edges.map((edge) => edge.node).find((node) => node.name === 'Haze' && node.tokenHolding?.salePrice);
  expect(token, 'the demo lists Haze').toBeTruthy();
  return token!;
}

/** A demo artist other than `except`: a page never visited. */
async function otherArtist(request: APIRequestContext, except: string): Promise<string> {
  const data = await graphql<{ getAllArtists: { edges: Array<{ node: { id: string } }> } }>(request, '{ getAllArtists(pagination: { perPage: 50 }) { edges { node { id } } } }');
  const other = data.getAllArtists.edges.map((edge) => edge.node.id).find((id) => id.toLowerCase() !== except.toLowerCase());
  expect(other, 'the demo has a second artist').toBeTruthy();
  return other!;
}

const avatar = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Profile of / });

interface Visit {
  label: string;
  path: string;
  /** Online: what shows once the page's data is in (and what this visit does, e.g. a comment). */
  ready(page: Page): Promise<void>;
  /** Checks beyond the shape, online and offline alike. */
  data?(page: Page): Locator[];
  shape?: PageShape;
}

test('every page visited online renders offline, by typed URL and by link, with no request to the server; aged past the window the data is gone', async ({ page, context, request, baseURL }) => {
  test.setTimeout(420_000); // about 2 min on a quiet machine; the suite may still be finishing beside it
  const stack = await readStack(request);
  const run = Date.now().toString(36);
  const key = await signInFromNode(baseURL!, stack, USER);
  const alias = `Offline ${run}`;
  const email = `offline-${run}@example.org`;
  expect((await putProfile(baseURL!, key, alias, email)).status).toBe(200);
  const token = await demoToken(request);
  const artist = token.creatorInfo.address.toLowerCase();
  const neverVisitedArtist = await otherArtist(request, artist);
  const comment = `Seen offline ${run}`;
  const saved = { title: '' };
  const main = (p: Page) => p.getByRole('main');
  const heading1 = (p: Page, name: string | RegExp) => p.getByRole('heading', { level: 1, name });

  await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: USER });
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(avatar(page)).toBeVisible();

  const visits: Visit[] = [
    { label: 'home', path: '/', ready: async (p) => expect(heading1(p, 'Art Bazaar')).toBeVisible() },
    {
      label: 'explore, artworks filtered to images', path: '/explore',
      ready: async (p) => {
        await p.getByRole('checkbox', { name: /^image$/i }).first().check();
        await expect(p).toHaveURL(/media=/);
        await expect(main(p).getByRole('article').first()).toBeVisible();
      },
    },
    { label: 'explore, collections', path: '/explore?view=collection', ready: async (p) => expect(main(p).getByRole('article').first()).toBeVisible() },
    {
      // Opened from explore's view switch (a reload of ?view=myFavorites can settle on 'Connect your wallet' before the
      // restored session is registered: checked offline by typed URL below).
      label: 'explore, favourites', path: '/explore',
      ready: async (p) => {
        await main(p).getByRole('radio', { name: 'My favourites' }).check();
        await expect(p).toHaveURL(/view=myFavorites/);
        await expect(main(p).getByRole('article', { name: token.name }).first()).toBeVisible();
      },
    },
    {
      label: 'collection', path: `/collection/${token.collection.address}/${token.collection.chainId}`,
      ready: async (p) => {
        await expect(heading1(p, token.collection.name)).toBeVisible();
        await expect(main(p).getByRole('article').first()).toBeVisible();
      },
    },
    {
      label: 'token', path: `/token/${token.tokenHolding!.id}`,
      ready: async (p) => {
        await expect(heading1(p, token.name)).toBeVisible();
        await showComments(p);
        if ((await commentsPanel(p).getByText(comment, { exact: true }).count()) === 0) {
          // The field opens on a click (the collapsed composer), then takes the text.
          await commentsPanel(p).getByRole('textbox', { name: 'Write a comment' }).click();
          await commentsPanel(p).getByRole('textbox', { name: 'Write a comment' }).fill(comment, { timeout: 10_000 });
          await commentsPanel(p).getByRole('button', { name: 'Post' }).click();
          await expect(commentsPanel(p).getByText(comment, { exact: true })).toBeVisible();
          // The thread as the server has it now (the post updates the page, not the stored read of the thread).
          await p.reload();
          await expect(heading1(p, token.name)).toBeVisible();
          await showComments(p);
          await expect(commentsPanel(p).getByText(comment, { exact: true })).toBeVisible();
        }
        await p.evaluate(() => window.scrollTo(0, 0));
      },
      data: (p) => [
        p.getByText(/0\.2 ETH/).first(),
        p.getByRole('region', { name: /Offers/ }).getByText(/0\.16/).first(),
        commentsPanel(p).getByText(comment, { exact: true }),
      ],
    },
    { label: 'artists', path: '/artists', ready: async (p) => expect(heading1(p, 'Artists')).toBeVisible() },
    { label: 'artist', path: `/artist/${artist}`, ready: async (p) => expect(main(p).getByRole('heading', { level: 2 }).first()).toBeVisible() },
    { label: 'artworks', path: `/artist/${artist}/artworks`, ready: async (p) => expect(main(p).getByRole('article').first()).toBeVisible() },
    {
      label: 'exhibitions, current', path: '/exhibitions?tab=current',
      ready: async (p) => {
        await expect(main(p).getByRole('heading', { level: 2 }).first()).toBeVisible();
        // Saved for offline (item 6): the size first, then the download; it must outlive the window.
        const copy = main(p).getByRole('region', { name: 'Offline copy' });
        if ((await copy.getByText(/^Saved for offline \(/).count()) === 0) {
          await copy.getByRole('button', { name: 'Save for offline' }).click();
          await expect(copy.getByText(/^Download .+ to keep this exhibition offline\?$/)).toBeVisible({ timeout: 30_000 });
          await copy.getByRole('button', { name: 'Download' }).click();
          await expect(copy.getByText(/^Saved for offline \(/)).toBeVisible({ timeout: 60_000 });
        }
        saved.title = (await main(p).getByRole('listitem').filter({ has: p.locator('.saved-exhibition-title') }).first().locator('.saved-exhibition-title').textContent())!.trim();
      },
    },
    { label: 'exhibitions, artworks', path: '/exhibitions?tab=artworks', ready: async (p) => expect(main(p).getByRole('article').first()).toBeVisible() },
    { label: 'exhibitions, past', path: '/exhibitions?tab=past', ready: async (p) => expect(main(p).getByRole('heading', { name: 'Paper and Signal', exact: true })).toBeVisible() },
    { label: 'media and articles', path: '/media-articles', ready: async (p) => expect(heading1(p, 'Media and Articles')).toBeVisible() },
    { label: 'content: about us', path: '/learn', ready: async (p) => expect(heading1(p, 'About us')).toBeVisible() },
    { label: 'content: terms', path: '/tos', ready: async (p) => expect(heading1(p, 'Terms of Service')).toBeVisible() },
    {
      label: 'profile', path: '/profile',
      ready: async (p) => expect(p.getByRole('textbox', { name: /email/i }).first()).toHaveValue(email),
      data: (p) => [p.getByRole('textbox', { name: /alias/i }).first()],
    },
  ];

  // The token page: like Haze (the favourites view and tab show it), then visit every page as it is now.
  await page.goto(`/token/${token.tokenHolding!.id}`);
  await expect(heading1(page, token.name)).toBeVisible();
  const likeToggle = main(page).getByRole('button', { name: /^(Like|Unlike) \(/ }).first();
  await expect(likeToggle).toBeVisible();
  // Liked once (the server's word: the toggle shows the account's likes only once they are read).
  const liked = await graphql<{ getLikedTokensByAccount: { edges: Array<{ node: { name: string } }> } }>(
    request, 'query($a: String!) { getLikedTokensByAccount(account_id: $a, pagination: { perPage: 100 }) { edges { node { name } } } }',
    { a: stack.accounts[USER]!.toLowerCase() },
  );
  if (!liked.getLikedTokensByAccount.edges.some((edge) => edge.node.name === token.name)) {
    await expect(likeToggle).toHaveAttribute('aria-pressed', 'false');
    await likeToggle.click();
  }
  await expect(likeToggle).toHaveAttribute('aria-pressed', 'true');
  const article = { path: '', title: '' };
  for (const visit of visits) {
    await page.goto(visit.path);
    await visit.ready(page);
    if (visit.label === 'media and articles') {
      const link = main(page).locator('a[href^="/article/"]').first();
      article.path = (await link.getAttribute('href'))!;
    }
    visit.path = new URL(page.url()).pathname + new URL(page.url()).search;
    for (const locator of visit.data?.(page) ?? []) await expect(locator, `${visit.label} online`).toBeVisible();
    visit.shape = await pageShape(page);
  }
  const articleVisit: Visit = { label: 'article', path: article.path, ready: async (p) => expect(p.locator('h1')).toBeVisible() };
  await page.goto(article.path);
  await articleVisit.ready(page);
  articleVisit.shape = await pageShape(page);
  visits.push(articleVisit);
  // Every dashboard tab of the signed-in collector, by its tab.
  await page.goto('/account/dashboard');
  const tabs = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const name of await tabs.allTextContents()) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
    const panel = page.getByRole('tabpanel');
    // The tab's data is in: its cards, or its empty message (the liked token on Favorites).
    if (name === 'Favorites') await expect(panel.getByRole('article', { name: token.name }).first()).toBeVisible();
    const content = panel.getByRole('article').or(panel.getByText(/^(No |You have)/)).first();
    await expect(content).toBeVisible();
    const firstLine = (await content.innerText()).split('\n')[0]!.trim();
    visits.push({
      data: (p) => [p.getByRole('tabpanel').getByText(firstLine, { exact: true }).first()],
      label: `dashboard: ${name}`,
      path: new URL(page.url()).pathname + new URL(page.url()).search,
      ready: async (p) => expect(p.getByRole('tab', { name, selected: true })).toBeVisible(),
      shape: await pageShape(page),
    });
  }
  expect(visits.find((v) => v.label === 'dashboard: Favorites')?.shape?.headings, 'the favourites tab shows the liked token').toContain(token.name);

  // Offline, the page and its service worker alike; from here the server must receive nothing.
  await goOffline(context);
  const cursor = await serverRequestCursor(request);

  await test.step('each page by typed URL', async () => {
    for (const visit of visits) {
      await page.goto(visit.path);
      await expectSameShape(page, visit.shape!, `${visit.label} (typed URL, offline)`);
      for (const locator of visit.data?.(page) ?? []) await expect(locator, `${visit.label} offline`).toBeVisible();
      await expect(offlineStatus(page), `${visit.label}: the offline status`).toBeVisible();
      await expect(avatar(page), `${visit.label}: still signed in offline`).toBeVisible();
      await expectNoBrokenPage(page);
    }
  });

  await test.step('each page by link', async () => {
    // A tour where each page links to the next (headers, cards, footers); the app's router navigates, no reload.
    const byPath = (path: string) => visits.find((visit) => visit.path === path || visit.path.split('?')[0] === path)!;
    const tour: Array<{ path: string; link: (p: Page) => Locator }> = [
      { path: '/media-articles', link: (p) => p.locator(`a[href="/media-articles"]:visible`).first() },
      { path: article.path, link: (p) => main(p).locator(`a[href="${article.path}"]:visible`).first() },
      { path: '/learn', link: (p) => p.locator('a[href="/learn"]:visible').first() },
      { path: '/tos', link: (p) => p.locator('a[href="/tos"]:visible').first() },
      { path: '/artists', link: (p) => p.locator('a[href="/artists"]:visible').first() },
      { path: `/artist/${artist}`, link: (p) => main(p).locator(`a[href="/artist/${artist}" i]:visible`).first() },
      { path: `/token/${token.tokenHolding!.id}`, link: (p) => main(p).locator(`a[href="/token/${token.tokenHolding!.id}"]:visible`).first() },
      { path: `/collection/${token.collection.address}/${token.collection.chainId}`, link: (p) => main(p).locator(`a[href^="/collection/${token.collection.address}" i]:visible`).first() },
      { path: '/profile', link: (p) => avatar(p) },
    ];
    await page.goto('/');
    await expectSameShape(page, byPath('/').shape!, 'home (typed URL, offline)');
    for (const step of tour) {
      const link = step.link(page);
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === step.path.toLowerCase());
      const visit = byPath(step.path);
      await expectSameShape(page, visit.shape!, `${visit.label} (by link, offline)`);
      await expect(offlineStatus(page)).toBeVisible();
      await expectNoBrokenPage(page);
    }
  });

  await test.step('a page never visited says the network is unavailable, never that the thing does not exist', async () => {
    await page.goto(`/artist/${neverVisitedArtist}`);
    await expect(offlineStatus(page)).toBeVisible();
    await expect(page.getByText(/network|offline/i).first()).toBeVisible();
    await expect(page.getByText('Artist not found')).toHaveCount(0);
    await expectNoBrokenPage(page);
  });

  // The browser's own update check of the worker script (GET /sw.js on navigations) is neither cut by setOffline nor
  // seen by context.route; on a device really offline it fails. Every other request counts.
  const appRequests = async () => (await serverRequestsSince(request, cursor)).filter((r) => r.path !== '/sw.js').map((r) => `${r.method} ${r.path}`);
  expect(await appRequests(), 'requests the server received while offline').toEqual([]);

  await test.step('aged past the window: the data is gone and the wallet-connector keys are cleared', async () => {
    expect((await storedEntries(page)).length, 'the worker stored the answers').toBeGreaterThan(0);
    expect(await ageStoredEntries(page, WINDOW_MS + 60_000)).toBeGreaterThan(0);
    // The wallet connection is as old (its time is the page's own: moved the same way).
    await page.evaluate((byMs) => {
      const flag = JSON.parse(localStorage.getItem('artbazaar.wallet.connection') ?? 'null') as { at: number } | null;
      if (flag) localStorage.setItem('artbazaar.wallet.connection', JSON.stringify({ ...flag, at: flag.at - byMs }));
    }, WINDOW_MS + 60_000);
    await page.goto('/media-articles');
    await expect(offlineStatus(page)).toBeVisible();
    const walletKeys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k === 'artbazaar.wallet.connection' || k.startsWith('artbazaar.wagmi')));
    expect(walletKeys, 'the wallet-connector keys are cleared').toEqual([]);
    await expect
      .poll(async () => (await storedEntries(page)).filter((entry) => entry.pins.length === 0 && entry.fetchedAt > Date.now() - WINDOW_MS).length)
      .toBe(0);
    // The page opens and says the network is unavailable, without the data (soft: the saved exhibition is checked next).
    await expect.soft(heading1(page, 'Media and Articles'), 'the page itself opens past the window').toBeVisible();
    await expect.soft(main(page).locator('a[href^="/article/"]')).toHaveCount(0);
    await expect.soft(main(page).getByText(/network/i).first()).toBeVisible();
    await expect.soft(page.getByText('Something went wrong'), 'no error boundary past the window').toHaveCount(0);
  });

  await test.step('aged past the window, the saved exhibition still opens offline', async () => {
    await page.goto('/exhibitions');
    const list = main(page).getByRole('region', { name: 'Saved for offline' });
    await expect(list.getByRole('link', { name: saved.title })).toBeVisible();
    await list.getByRole('link', { name: saved.title }).click();
    await expect(main(page).getByRole('heading', { name: saved.title }).first()).toBeVisible();
    await expect(offlineStatus(page)).toBeVisible();
    await expectNoBrokenPage(page);
  });

  expect(await appRequests(), 'requests the server received while offline').toEqual([]);
  await goOnline(context);
});
