import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { commentsPanel, showComments } from './support/comments';
import { expectNotice } from './support/notices';

// Two collectors (test wallets #3 and #4, each in its own browser context) talk on one token's comments.

async function chainUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  return config.evms[0]!.providerURL;
}

/** The holding id of a listed demo token: the token page's route id. */
async function tokenPageId(request: APIRequestContext): Promise<string> {
  const response = await request.post('/graphql', {
    data: { query: '{ getMarketplaceTokens(pagination: { perPage: 30 }) { edges { node { _id tokenHolding { id } } } } }' },
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { edges: { node: { tokenHolding: { id: string } | null } }[] } } };
  const holding = body.data.getMarketplaceTokens.edges.map((edge) => edge.node.tokenHolding).find((h) => h !== null);
  if (!holding) throw new Error('no demo token with a holding');
  return holding.id;
}

async function openAs(browser: Browser, baseURL: string, rpcUrl: string, accountIndex: number, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await installTestWallet(page, { rpcUrl, accountIndex });
  await page.goto(path);
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
  await showComments(page);
  return page;
}

const comments = commentsPanel;


/** The draft texts a reload would restore: each thread's stored draft record ({ version, draft }) in IndexedDB. */
function storedDraftTexts(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('artbazaar-drafts');
        // As idb-keyval does, should the app not have opened it yet.
        open.onupgradeneeded = () => open.result.createObjectStore('comments');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('comments').objectStore('comments').getAll();
          all.onsuccess = () => {
            db.close();
            const records = all.result as Array<{ draft?: { text?: string } | null }>;
            resolve(records.map((record) => record.draft?.text).filter((text): text is string => typeof text === 'string'));
          };
          all.onerror = () => resolve([]);
        };
      }),
  );
}

/** One comment's own body (its replies are outside it), found by its text. */
const comment = (page: Page, text: string) => comments(page).locator('article.comment-body').filter({ has: page.getByText(text, { exact: true }) });

async function reply(page: Page, to: string, text: string) {
  await comment(page, to).getByRole('button', { name: 'Reply' }).click();
  const field = comments(page).getByRole('textbox', { name: /^Reply to / });
  await field.fill(text);
  await field.press('Control+Enter');
  await expect(comment(page, text)).toBeVisible();
}

test('two users reply to each other down to level 3, edit and delete; one editor at a time; a draft survives reload', async ({ browser, request, baseURL }) => {
  // Eight reloads across two signed-in contexts: about 20 s on a quiet machine; CI runs it beside vitest, where it
  // passed 60 s once.
  test.setTimeout(150_000);
  const rpcUrl = await chainUrl(request);
  const path = `/token/${await tokenPageId(request)}`;
  const run = Date.now().toString(36);
  const texts = [0, 1, 2, 3].map((level) => `Level ${level} note ${run}`);

  const alice = await openAs(browser, baseURL!, rpcUrl, 3, path);
  const bob = await openAs(browser, baseURL!, rpcUrl, 4, path);

  // Alice posts; an empty comment cannot be posted.
  await comments(alice).getByRole('textbox', { name: 'Write a comment' }).click();
  const field = comments(alice).getByRole('textbox', { name: 'Write a comment' });
  await expect(comments(alice).getByRole('button', { name: 'Post' })).toBeDisabled();
  await field.fill(texts[0]!);
  await comments(alice).getByRole('button', { name: 'Post' }).click();
  await expect(comment(alice, texts[0]!)).toBeVisible();
  await expectNotice(alice, 'Comment posted');

  // They take turns replying, each after a reload to see the other's reply.
  await bob.reload();
  await reply(bob, texts[0]!, texts[1]!);
  await alice.reload();
  await reply(alice, texts[1]!, texts[2]!);
  await bob.reload();
  await reply(bob, texts[2]!, texts[3]!);
  await alice.reload();
  await expect(comment(alice, texts[3]!)).toBeVisible();
  // Levels count from 0: the fourth comment of the chain is level 3, and still takes a reply (commentDepth.spec
  // builds the fifth, level 4, which takes none).
  await expect(comments(alice).locator('li.comment-level-3').filter({ has: alice.getByText(texts[3]!, { exact: true }) })).toHaveCount(1);
  await expect(comment(alice, texts[3]!).getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(comment(alice, texts[2]!).getByRole('button', { name: 'Reply' })).toBeVisible();
  // Only the author edits or deletes.
  await expect(comment(alice, texts[1]!).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(comment(alice, texts[0]!).getByRole('button', { name: 'Edit' })).toBeVisible();

  // One editor at a time: while Alice edits, no other comment offers actions and the new-comment field is gone.
  await comment(alice, texts[0]!).getByRole('button', { name: 'Edit' }).click();
  const edit = comments(alice).getByRole('textbox', { name: 'Edit comment' });
  await expect(edit).toHaveValue(texts[0]!);
  await expect(comments(alice).getByRole('button', { name: /^(Reply|Edit|Delete)$/ })).toHaveCount(0);
  await expect(comments(alice).getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0);
  await edit.press('Escape');
  await expect(edit).toHaveCount(0);
  await expect(comments(alice).getByRole('button', { name: 'Reply' }).first()).toBeVisible();

  const edited = `${texts[0]} (revised)`;
  await comment(alice, texts[0]!).getByRole('button', { name: 'Edit' }).click();
  await comments(alice).getByRole('textbox', { name: 'Edit comment' }).fill(edited);
  await comments(alice).getByRole('button', { name: 'Save' }).click();
  await expect(comment(alice, edited).getByText('(edited)')).toBeVisible();

  // Alice deletes her level-2 reply: placeholder, no reply or edit; Bob's level-3 reply stays.
  await comment(alice, texts[2]!).getByRole('button', { name: 'Delete' }).click();
  const confirm = alice.getByRole('alertdialog', { name: 'Delete this comment?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(comment(alice, texts[2]!)).toHaveCount(0);
  const deleted = comments(alice).locator('li.comment-level-2[data-status="deleted"]').first();
  await expect(deleted.locator(':scope > article.comment-body')).toContainText('This comment was deleted');
  await expect(deleted.locator(':scope > article.comment-body').getByRole('button', { name: /^(Reply|Edit|Delete)$/ })).toHaveCount(0);
  await bob.reload();
  await expect(comment(bob, edited).getByText('(edited)')).toBeVisible();
  await expect(comment(bob, texts[2]!)).toHaveCount(0);
  await expect(comment(bob, texts[3]!)).toBeVisible();

  // Bob votes on Alice's comment: one vote per account, remembered after a reload.
  const up = comment(bob, edited).getByRole('button', { name: 'Vote up' });
  await up.click();
  await expect(up).toHaveAttribute('aria-pressed', 'true');
  await expect(comment(bob, edited).getByLabel('1 votes')).toBeVisible();
  await expectNotice(bob, 'Vote registered');
  await bob.reload();
  await expect(comment(bob, edited).getByRole('button', { name: 'Vote up' })).toHaveAttribute('aria-pressed', 'true');
  await expect(comment(bob, edited).getByLabel('1 votes')).toBeVisible();

  // A draft being typed survives a reload.
  const draft = `Unsent thought ${run}`;
  await comments(bob).getByRole('textbox', { name: 'Write a comment' }).click();
  await comments(bob).getByRole('textbox', { name: 'Write a comment' }).fill(draft);
  // The draft is written to IndexedDB asynchronously: reload once it is stored.
  await expect.poll(() => storedDraftTexts(bob)).toContain(draft);
  await bob.reload();
  await expect(comments(bob).getByRole('textbox', { name: 'Write a comment' })).toHaveValue(draft);
  await comments(bob).getByRole('textbox', { name: 'Write a comment' }).press('Escape');
  await expect.poll(() => storedDraftTexts(bob)).not.toContain(draft);
  await bob.reload();
  await expect(comments(bob).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');

  await alice.context().close();
  await bob.context().close();
});

// ---- Posting and reloading at once. Account #19 is used by no other spec nor the demo seed (#0–#11). ----

const POSTER = 19;

/** The oldest listed demo token: not the thread the test above writes levels, edits and deletions into. */
async function quietTokenPageId(request: APIRequestContext): Promise<string> {
  const response = await request.post('/graphql', {
    data: { query: '{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 10 }) { edges { node { tokenHolding { id } } } } }' },
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { edges: { node: { tokenHolding: { id: string } | null } }[] } } };
  const holding = body.data.getMarketplaceTokens.edges.map((edge) => edge.node.tokenHolding).find((h) => h !== null);
  if (!holding) throw new Error('no demo token with a holding');
  return holding.id;
}

/** Types `text` into the new-comment editor and presses Post. */
async function startPosting(page: Page, text: string) {
  await comments(page).getByRole('textbox', { name: 'Write a comment' }).click();
  await comments(page).getByRole('textbox', { name: 'Write a comment' }).fill(text);
  await comments(page).getByRole('button', { name: 'Post' }).click();
}

/** After a reload: no editor holds the posted text, the comment is there once, and every action shows. */
async function expectPostedAndIdle(page: Page, text: string) {
  // Reply, Edit and Delete show to a signed-in viewer: after a reload, once the session is back.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
  await showComments(page);
  const mine = comment(page, text);
  await expect(mine).toHaveCount(1);
  for (const name of ['Reply', 'Edit', 'Delete']) await expect(mine.getByRole('button', { name, exact: true })).toBeVisible();
  await expect(comments(page).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
  await expect(comments(page).getByRole('button', { name: 'Post' })).toHaveCount(0);
  // Every live comment below level 4 offers Reply (an open editor would hide them all).
  const live = comments(page).locator('li.comment:not([data-status="deleted"]):not(.comment-level-4) > article.comment-body');
  await expect(live.filter({ hasNot: page.getByRole('button', { name: 'Reply', exact: true }) })).toHaveCount(0);
}

test('a comment posted just before a reload is not back as an open draft: reload while the post is in flight, and right after', async ({ browser, request, baseURL }) => {
  const rpcUrl = await chainUrl(request);
  const path = `/token/${await quietTokenPageId(request)}`;
  const run = Date.now().toString(36);
  const page = await openAs(browser, baseURL!, rpcUrl, POSTER, path);

  // (a) The server stores the comment, but the page reloads before it hears back.
  const inFlight = `Posted mid-reload ${run}`;
  let stored!: () => void;
  const serverHasIt = new Promise<void>((resolve) => (stored = resolve));
  let reloaded!: () => void;
  const pageReloaded = new Promise<void>((resolve) => (reloaded = resolve));
  await page.route('**/api/v1/comments', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    stored();
    await pageReloaded;
    // The page that asked is gone.
    await route.fulfill({ response }).catch(() => {});
  });
  await startPosting(page, inFlight);
  await serverHasIt;
  await page.reload();
  reloaded();
  await page.unroute('**/api/v1/comments');
  await expectPostedAndIdle(page, inFlight);

  // (b) The reload comes as soon as the answer arrives.
  const answered = `Posted then reloaded ${run}`;
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/v1/comments') && response.request().method() === 'POST');
  await startPosting(page, answered);
  expect((await posted).ok()).toBe(true);
  await page.reload();
  await expectPostedAndIdle(page, answered);
  await expectPostedAndIdle(page, inFlight);

  await page.context().close();
});

// ---- 'More replies'. Account #29 is used by no other spec nor the demo seed (#0–#11). ----

const REPLIER = 29;

/** The third-oldest listed demo token: the other comment specs write into the newest, the oldest and the second. */
async function repliesTokenPageId(request: APIRequestContext): Promise<string> {
  const response = await request.post('/graphql', {
    data: { query: '{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 10 }) { edges { node { tokenHolding { id } } } } }' },
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { edges: { node: { tokenHolding: { id: string } | null } }[] } } };
  const holdings = body.data.getMarketplaceTokens.edges.map((edge) => edge.node.tokenHolding).filter((h) => h !== null);
  if (holdings.length < 3) throw new Error('fewer than three demo tokens with a holding');
  return holdings[2]!.id;
}

test("a thread read shows a comment's first 2 replies; 'More replies' loads the rest by keyboard", async ({ browser, request, baseURL }) => {
  const rpcUrl = await chainUrl(request);
  const path = `/token/${await repliesTokenPageId(request)}`;
  const run = Date.now().toString(36);
  const root = `Which edition is this ${run}`;
  const answers = [1, 2, 3].map((n) => `Answer ${n} ${run}`);
  const page = await openAs(browser, baseURL!, rpcUrl, REPLIER, path);

  await startPosting(page, root);
  await expect(comment(page, root)).toBeVisible();
  for (const text of answers) await reply(page, root, text);
  const thread = comments(page).locator('li.comment-level-0').filter({ has: page.locator(':scope > article.comment-body').getByText(root, { exact: true }) });
  const more = thread.getByRole('button', { name: /^More replies to / });
  // Posted here: all three are shown at once, with nothing more to load.
  await expect(more).toHaveCount(0);

  // Read again: the first 2 replies, and the third behind 'More replies'.
  await page.reload();
  await showComments(page);
  await expect(comment(page, answers[1]!)).toBeVisible();
  await expect(comment(page, answers[0]!)).toBeVisible();
  await expect(comment(page, answers[2]!)).toHaveCount(0);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(comment(page, answers[2]!)).toBeVisible();
  await expect(more).toHaveCount(0);
  await expect(thread.locator(':scope > ol.comment-replies > li')).toHaveCount(3);
  // A reply posted now goes under the loaded ones.
  const late = `Answer 4 ${run}`;
  await reply(page, answers[2]!, late);
  await expect(comments(page).locator('li.comment-level-2').filter({ has: page.getByText(late, { exact: true }) })).toHaveCount(1);

  await page.context().close();
});
