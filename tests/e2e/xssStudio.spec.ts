import { expect, test } from '@playwright/test';
import type { ApiKeyCredentials } from '../../src/services/authFetch';
import { registerCreator } from './support/creators';
import { canvasIdOf, currentStep, submitDetails } from './support/studio';
import { pngFiles } from './support/studioFixtures';
import { addressOf, expectNotice, holdingsOf, readStack, type Stack } from './support/trading';
import { XSS_CORPUS } from './support/xssCorpus';
import { guardedPage, scrollUntilShown, signInInBrowser, type Guarded } from './support/xssGuard';
import {
  ALLOWED_BREAKOUT,
  createPayloadCanvas,
  DESCRIPTION_REFUSED,
  describable,
  NAMEABLE,
  postCanvas,
  symbolOf,
  tableRows,
  type ApiCanvas,
} from './support/xssStudio';
import { bodyOf, signed, signInFromNode } from './support/xssWrites';

// The creator studio "the XSS suite covers every new stored text field": the XSS corpus (support/xssCorpus.ts) stored in the
// studio's text fields, then rendered in Chromium on every page that shows them; each payload must read as literal
// text and nothing may run (the guard of support/xssGuard.ts: window.__xss calls, dialogs, title and console
// markers, marker requests, navigation away, injected handlers, URLs and active elements).
//   - canvas name, symbol and description by REST (signed requests): every payload within the limits (name 50,
//     symbol 10 — its first 10 characters) is stored as sent; a description the rule refuses gets its message;
//   - canvas name, symbol and description through the studio form; token names and descriptions through the
//     token edit cards (and every payload as a token name through the token REST route first);
// Pages: the studio list (table and mobile accordion), the studio's token details, preview and publish steps,
// /preview/canvas/{id}?share=… and /canvas/{id}?share=… of every canvas (read by a second account), and once the
// studio canvas is published: the explore card, the collection page, each token page and My creations.
// The creator browses with the CSP on (a blocked inline script counts as a hit), the visitor with it bypassed, so
// the rendering itself is tested. Hardhat accounts #38 (creator) and #39 (visitor) are used by no other spec.
const CREATOR = 38;
const VISITOR = 39;

const payloadText = (id: number) => XSS_CORPUS.find((payload) => payload.id === id)!.text;
// The studio canvas: what the form and the token edit cards write.
const STUDIO_NAME = payloadText(2); // <img src=x onerror=__xss(2)>
const STUDIO_SYMBOL = '"><i>__xss';
const STUDIO_DESCRIPTION = payloadText(8); // ' onmouseover='__xss(8)' x='
const TOKENS = [
  { name: payloadText(1), description: ALLOWED_BREAKOUT }, // <script>__xss(1)</script>, " autofocus onfocus="__xss(7)" x="
  { name: payloadText(3), description: payloadText(11) }, // <svg onload=__xss(3)>, javascript:__xss(11)
  { name: payloadText(5), description: payloadText(8) }, // "><img src=x onerror=__xss(5)>, ' onmouseover=…
];

let stack: Stack;
let creatorKey: ApiKeyCredentials;
const apiCanvases: ApiCanvas[] = [];
let studio: { id: string; shareToken: string } | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request, baseURL }) => {
  stack = await readStack(request);
  await registerCreator(request, addressOf(stack, CREATOR));
  creatorKey = await signInFromNode(baseURL!, stack, CREATOR);
});

async function signedInGuard(browser: Parameters<typeof guardedPage>[0], baseURL: string, index: number, bypassCSP: boolean): Promise<Guarded> {
  const guarded = await guardedPage(browser, baseURL, { bypassCSP });
  await signInInBrowser(guarded, stack, index, '/');
  return guarded;
}

const expectStudioReady = () => expect(studio, 'the studio canvas was built (run the whole file)').not.toBeNull();

test('REST: every payload within the limits is stored as canvas name, symbol and description; only the description rule refuses', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const url = baseURL!;
  expect(NAMEABLE.length, 'most of the corpus fits a name').toBeGreaterThanOrEqual(25);
  for (const payload of NAMEABLE) apiCanvases.push(await createPayloadCanvas(url, creatorKey, payload));
  // Quote and attribute breakouts and javascript: URLs are made of allowed characters: they are descriptions too.
  expect(apiCanvases.filter((canvas) => canvas.description === canvas.payload.text).length).toBeGreaterThanOrEqual(4);

  // Markup in a description is refused with the rule's message, and nothing is written.
  const refused = NAMEABLE.filter((payload) => !describable(payload.text));
  expect(refused.length).toBeGreaterThan(0);
  for (const payload of refused) {
    const response = await postCanvas(url, creatorKey, { name: 'Refused', symbol: 'NO', description: payload.text, royaltiesBasispoints: 500, mediaType: 'image' });
    expect(response.status, `description #${payload.id} ${payload.label}`).toBe(400);
    expect(await bodyOf(response)).toEqual({ error: 'invalid_input', message: DESCRIPTION_REFUSED });
  }

  // PUT stores a payload as it came too (multipart, the form's encoding).
  const edited = apiCanvases[0]!;
  const form = new FormData();
  const next = XSS_CORPUS.find((payload) => payload.label === 'single-quote attribute breakout')!.text;
  for (const [field, value] of Object.entries({ name: next, symbol: symbolOf(next), description: ALLOWED_BREAKOUT, royaltiesBasispoints: '500', supplyPerToken: '1', mediaType: 'image' })) {
    form.set(field, value);
  }
  const put = await signed(url, creatorKey, `/canvas/${edited.id}`, { method: 'PUT', body: form });
  const putBody = await bodyOf(put);
  expect(put.status, JSON.stringify(putBody)).toBe(200);
  expect(putBody).toMatchObject({ name: next, symbol: symbolOf(next), description: ALLOWED_BREAKOUT });
  Object.assign(edited, { name: next, symbol: symbolOf(next), description: ALLOWED_BREAKOUT });
});

test('studio form and token edit cards: the payloads are stored, shown as text on token details, preview and publish, and the canvas is published', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const url = baseURL!;
  const guarded = await signedInGuard(browser, url, CREATOR, false);
  const { page } = guarded;
  await page.goto('/studio/create');
  await submitDetails(page, { name: STUDIO_NAME, symbol: STUDIO_SYMBOL, description: STUDIO_DESCRIPTION, mediaType: 'Image' });
  await expectNotice(page, 'Collection created');
  await expect(currentStep(page)).toHaveText(/Upload images/);
  const id = await canvasIdOf(page);
  const created = await bodyOf(await signed(url, creatorKey, `/canvas/${id}`, { method: 'GET' }));
  expect(created).toMatchObject({ name: STUDIO_NAME, symbol: STUDIO_SYMBOL, description: STUDIO_DESCRIPTION });
  studio = { id, shareToken: created.shareToken as string };
  await guarded.expectInert('studio details and upload step');

  await page.getByLabel('Choose images').setInputFiles(await pngFiles('xss', TOKENS.length));
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Token details' })).toBeVisible({ timeout: 60_000 });
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(TOKENS.length);

  // The token REST route stores every payload as a name (and as a description when the rule allows it).
  for (const payload of NAMEABLE) {
    const description = describable(payload.text) ? payload.text : '';
    const response = await signed(url, creatorKey, `/canvas/${id}/token/1`, {
      method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: payload.text, description }),
    });
    const body = await bodyOf(response);
    expect(response.status, `token name #${payload.id} ${payload.label}: ${JSON.stringify(body)}`).toBe(200);
    expect(body).toMatchObject({ name: payload.text, description: description === '' ? null : description });
  }
  const last = NAMEABLE[NAMEABLE.length - 1]!;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Token details' })).toBeVisible();
  await expect(cards.nth(0).getByLabel('Token name')).toHaveValue(last.text);
  await guarded.expectInert('token details after the REST renames');

  // The token edit cards write the final names and descriptions.
  for (const [index, token] of TOKENS.entries()) {
    const card = cards.nth(index);
    await card.getByLabel('Token name').fill(token.name);
    const describe = card.getByLabel('add description');
    if (!(await describe.isChecked())) await describe.check();
    await card.getByLabel('Description', { exact: true }).fill(token.description);
    await card.getByRole('button', { name: 'Save' }).click();
    await expectNotice(page, 'Token updated');
    await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  }
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Token details' })).toBeVisible();
  for (const [index, token] of TOKENS.entries()) {
    const card = cards.nth(index);
    await expect(card.getByLabel('Token name')).toHaveValue(token.name);
    await expect(card.getByLabel('Description', { exact: true })).toHaveValue(token.description);
    await expect(card.getByRole('img', { name: token.name, exact: true })).toBeVisible();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Token ${index + 1}: ${token.name}`);
  }
  await guarded.expectInert('token details step');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
  const grid = page.getByRole('list', { name: `${STUDIO_NAME} tokens` });
  await expect(grid.locator('figcaption')).toHaveText(TOKENS.map((token) => token.name));
  await guarded.expectInert('preview step');

  await page.getByRole('button', { name: 'Finalize' }).click();
  await page.getByRole('alertdialog', { name: 'Finalize the collection?' }).getByRole('button', { name: 'Finalize' }).click();
  await expectNotice(page, 'Collection finalized');
  await expect(page.getByRole('heading', { level: 1, name: 'Publish' })).toBeVisible();
  await expect(grid.locator('figcaption')).toHaveText(TOKENS.map((token) => token.name));
  await guarded.expectInert('publish step');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`${STUDIO_NAME} is published.`, { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(grid.locator('figcaption')).toHaveText(TOKENS.map((token) => token.name));
  await guarded.expectInert('publish step, published');
  await guarded.context.close();
});

test('studio list: the desktop table and the mobile accordion show every name and symbol as text', async ({ browser, baseURL }) => {
  expectStudioReady();
  test.setTimeout(180_000);
  const guarded = await signedInGuard(browser, baseURL!, CREATOR, false);
  const { page } = guarded;
  const wanted: Array<[string, string]> = [[STUDIO_NAME, STUDIO_SYMBOL], ...apiCanvases.map((canvas): [string, string] => [canvas.name, canvas.symbol])];
  const missingFrom = (rows: Array<[string, string]>) => wanted.filter(([name, symbol]) => !rows.some(([n, s]) => n === name && s === symbol));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/studio/list');
  await expect(page.getByRole('heading', { level: 1, name: 'My Collections' })).toBeVisible();
  await expect.poll(async () => missingFrom(await tableRows(page)), { message: 'every canvas in the table, name and symbol as text' }).toEqual([]);
  await guarded.expectInert('studio list table');

  // Mobile: one accordion item per canvas; its panel holds the symbol.
  await page.setViewportSize({ width: 390, height: 844 });
  const accordion = page.getByRole('list', { name: 'My collections' });
  // An earlier run on the same stack may have left canvases too: at least this run's are there.
  await expect.poll(() => accordion.getByRole('listitem').count()).toBeGreaterThanOrEqual(wanted.length);
  const rows: Array<[string, string]> = [];
  for (const item of await accordion.getByRole('listitem').all()) {
    const name = (await item.locator('.studio-list-name').textContent()) ?? '';
    await item.getByRole('button', { expanded: false }).click();
    const panel = item.getByRole('region');
    await expect(panel).toBeVisible();
    rows.push([name, (await panel.locator('.studio-list-details dd').first().textContent()) ?? '']);
    await expect(panel.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
  }
  expect(missingFrom(rows)).toEqual([]);
  await guarded.expectInert('studio list accordion');
  await guarded.context.close();
});

test('a second account opens every preview link and /canvas page: name, description and tokens as text, nothing runs', async ({ browser, baseURL }) => {
  expectStudioReady();
  test.setTimeout(300_000);
  const guarded = await signedInGuard(browser, baseURL!, VISITOR, true);
  const { page } = guarded;
  const all = [
    { id: studio!.id, shareToken: studio!.shareToken, name: STUDIO_NAME, description: STUDIO_DESCRIPTION, tokens: TOKENS.map((token) => token.name) },
    ...apiCanvases.map((canvas) => ({ ...canvas, tokens: [] as string[] })),
  ];
  for (const canvas of all) {
    for (const path of [`/preview/canvas/${canvas.id}`, `/canvas/${canvas.id}`]) {
      await page.goto(`${path}?share=${encodeURIComponent(canvas.shareToken)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(canvas.name);
      await expect(page.locator('.canvas-preview-description')).toHaveText(canvas.description);
      if (canvas.tokens.length > 0) await expect(page.locator('article.token-card .token-card-name')).toHaveText(canvas.tokens);
      else await expect(page.getByText('This collection has no artworks yet.')).toBeVisible();
      await guarded.expectInert(`${path} of ${JSON.stringify(canvas.name)}`);
    }
  }
  await guarded.context.close();
});

test('published: the explore card, the collection page and each token page (visitor), My creations (creator)', async ({ browser, baseURL, request }) => {
  expectStudioReady();
  test.setTimeout(240_000);
  const canvas = (await (await request.get(`/api/v1/canvas/${studio!.id}`)).json()) as { state: string; address: string; chainId: number };
  expect(canvas.state).toBe('published');
  const holdings = await holdingsOf(request, studio!.id);
  expect(holdings.map((holding) => holding.token.name).sort()).toEqual(TOKENS.map((token) => token.name).sort());

  const visitor = await signedInGuard(browser, baseURL!, VISITOR, true);
  const { page } = visitor;
  const creator = addressOf(stack, CREATOR).toLowerCase();
  await page.goto(`/explore?view=collection&artist=${creator}`);
  await scrollUntilShown(page, page.locator('article.collection-card .token-card-name'), [STUDIO_NAME]);
  await visitor.expectInert('explore collections');

  await page.goto(`/collection/${canvas.address}/${canvas.chainId}`);
  await expect(page.locator('#collection-name')).toHaveText(STUDIO_NAME);
  await expect(page.locator('.collection-description p')).toHaveText(STUDIO_DESCRIPTION);
  const cards = page.locator('.collection-tokens article.token-card');
  await expect(cards).toHaveCount(TOKENS.length);
  expect((await cards.locator('.token-card-name').allTextContents()).sort()).toEqual(TOKENS.map((token) => token.name).sort());
  await visitor.expectInert('collection page');

  for (const holding of holdings) {
    const token = TOKENS.find((candidate) => candidate.name === holding.token.name)!;
    await page.goto(`/token/${holding.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(token.name);
    await expect(page.locator('.token-description')).toHaveText(token.description);
    await expect(page.locator('.token-collection-name')).toHaveText(STUDIO_NAME);
    await visitor.expectInert(`token page of ${JSON.stringify(token.name)}`);
  }
  await visitor.context.close();

  const guarded = await signedInGuard(browser, baseURL!, CREATOR, false);
  await guarded.page.goto('/account/dashboard?tab=creations');
  const card = guarded.page.getByRole('article', { name: STUDIO_NAME, exact: true }).filter({ has: guarded.page.locator(`#creation-cover-file-${studio!.id}`) });
  await expect(card.locator('h2.creations-card-name')).toHaveText(STUDIO_NAME);
  await expect(card.locator('.creations-muted').first()).toHaveText(`${STUDIO_SYMBOL} · ${TOKENS.length} tokens`);
  await expect(card.locator('.collection-description p')).toHaveText(STUDIO_DESCRIPTION);
  await guarded.expectInert('My creations');
  await guarded.context.close();
});
