import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { commentsPanel, showComments } from './support/comments';
import { expectNotice } from './support/notices';

// Comment levels counted from 0. Levels count from 0 (a top-level comment is level 0): Reply is offered on levels 0–3, so a thread
// reaches level 4 and five levels are shown. Posting while signed out opens the wallet dialog and, once signed in,
// posts the typed comment. Test wallets #45 (writes the thread), #46 (reads it), #47 (posts while signed out).
const WRITER = 45;
const READER = 46;
const LATE_SIGNER = 47;

async function chainUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/api/v1/config')).json()) as { evms: Array<{ providerURL: string }> };
  return config.evms[0]!.providerURL;
}

/** The second-oldest listed demo token's page: comments.spec writes into the newest and the oldest. */
async function tokenPageId(request: APIRequestContext): Promise<string> {
  const response = await request.post('/graphql', {
    data: { query: '{ getMarketplaceTokens(sort: { sortBy: "_id", sortDir: 1 }, pagination: { perPage: 10 }) { edges { node { tokenHolding { id } } } } }' },
  });
  const body = (await response.json()) as { data: { getMarketplaceTokens: { edges: { node: { tokenHolding: { id: string } | null } }[] } } };
  const holdings = body.data.getMarketplaceTokens.edges.map((edge) => edge.node.tokenHolding).filter((h) => h !== null);
  if (holdings.length < 2) throw new Error('fewer than two demo tokens with a holding');
  return holdings[1]!.id;
}

const comments = commentsPanel;
/** One comment's own body (its replies are outside it), found by its text. */
const comment = (page: Page, text: string) => comments(page).locator('article.comment-body').filter({ has: page.getByText(text, { exact: true }) });
/** The comment's list item at a level, found by its own text. */
const atLevel = (page: Page, level: number, text: string) =>
  comments(page).locator(`li.comment-level-${level}`).filter({ has: page.locator(':scope > article.comment-body').getByText(text, { exact: true }) });


async function connect(page: Page) {
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
}

async function open(browser: Browser, baseURL: string, rpcUrl: string, accountIndex: number, path: string, signIn: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await installTestWallet(page, { rpcUrl, accountIndex });
  await page.goto(path);
  if (signIn) {
    await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
    await connect(page);
  }
  await showComments(page);
  return page;
}

test('a five-level thread is built through the UI: Reply on levels 0–3, none on level 4, for its writer and another reader', async ({ browser, request, baseURL }) => {
  const rpcUrl = await chainUrl(request);
  const path = `/token/${await tokenPageId(request)}`;
  const run = Date.now().toString(36);
  const texts = [0, 1, 2, 3, 4].map((level) => `Depth ${level} of ${run}`);
  const writer = await open(browser, baseURL!, rpcUrl, WRITER, path, true);

  await comments(writer).getByRole('textbox', { name: 'Write a comment' }).click();
  await comments(writer).getByRole('textbox', { name: 'Write a comment' }).fill(texts[0]!);
  await comments(writer).getByRole('button', { name: 'Post' }).click();
  await expect(atLevel(writer, 0, texts[0]!)).toHaveCount(1);
  for (let level = 1; level <= 4; level += 1) {
    await comment(writer, texts[level - 1]!).getByRole('button', { name: 'Reply' }).click();
    const field = comments(writer).getByRole('textbox', { name: /^Reply to / });
    await field.fill(texts[level]!);
    await field.press('Control+Enter');
    await expect(atLevel(writer, level, texts[level]!)).toHaveCount(1);
  }
  // Level 4 is the deepest: it offers no Reply; levels 0–3 do.
  await expect(comment(writer, texts[4]!).getByRole('button', { name: 'Vote up' })).toBeVisible();
  await expect(comment(writer, texts[4]!).getByRole('button', { name: 'Reply' })).toHaveCount(0);
  for (const text of texts.slice(0, 4)) await expect(comment(writer, text).getByRole('button', { name: 'Reply' })).toBeVisible();

  // Another reader after a fresh load: the server nests all five levels, Reply the same way.
  const reader = await open(browser, baseURL!, rpcUrl, READER, path, true);
  for (const [level, text] of texts.entries()) await expect(atLevel(reader, level, text)).toHaveCount(1);
  await expect(comment(reader, texts[4]!).getByRole('button', { name: 'Vote up' })).toBeVisible();
  await expect(comment(reader, texts[4]!).getByRole('button', { name: 'Reply' })).toHaveCount(0);
  for (const text of texts.slice(0, 4)) await expect(comment(reader, text).getByRole('button', { name: 'Reply' })).toBeVisible();

  await writer.context().close();
  await reader.context().close();
});

test('signed out, a typed comment is posted once the wallet dialog signs in, without pressing Post again', async ({ browser, request, baseURL }) => {
  const rpcUrl = await chainUrl(request);
  const path = `/token/${await tokenPageId(request)}`;
  const text = `Typed before signing in ${Date.now().toString(36)}`;
  const page = await open(browser, baseURL!, rpcUrl, LATE_SIGNER, path, false);
  const posts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/v1/comments')) posts.push(sent.postData() ?? '');
  });

  await comments(page).getByRole('textbox', { name: 'Write a comment' }).click();
  await comments(page).getByRole('textbox', { name: 'Write a comment' }).fill(text);
  await comments(page).getByRole('button', { name: 'Post' }).click();
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
  // The typed text stays while the dialog is open.
  await expect(comments(page).getByRole('textbox', { name: 'Write a comment' })).toHaveValue(text);

  const posted = page.waitForResponse((response) => response.url().endsWith('/api/v1/comments') && response.request().method() === 'POST');
  await connect(page);
  expect((await posted).status()).toBe(201);
  await expect(atLevel(page, 0, text)).toHaveCount(1);
  await expectNotice(page, 'Comment posted');
  // Posted once, with the typed text; the editor closed and the comment is the signed-in author's own.
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0]!)).toMatchObject({ text, parent_id: null });
  await expect(comments(page).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
  await expect(comment(page, text).getByRole('button', { name: 'Edit' })).toBeVisible();

  // It is stored: there after a reload, exactly once.
  await page.reload();
  await showComments(page);
  await expect(comment(page, text)).toHaveCount(1);
  await page.context().close();
});
