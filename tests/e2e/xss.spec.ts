import { expect, test } from '@playwright/test';
import type { Address } from 'viem';
import { z } from 'zod';
import { collectionFactoryAbi, tradableCollectionAbi } from '../../contracts/generated/index';
import { collectionFromLogs } from '../../contracts/receipts';
import { COMMENT_TOO_LONG_MESSAGE, COMMENT_MAX_LENGTH } from '../../machines/comments/rules';
import { COMMENT_EMPTY_MESSAGE, INVALID_DESCRIPTION_MESSAGE, INVALID_EMAIL_MESSAGE, collectionDescription } from '../../machines/forms/validators';
import type { ApiKeyCredentials } from '../../src/services/authFetch';
import { registerCreator } from './support/creators';
import { addressOf, graphql, holdingsOf, readStack, type Stack } from './support/trading';
import { hitNames, XSS_CORPUS, XSS_EMAILS, type XssPayload, type XssSink } from './support/xssCorpus';
import { guardedPage, injectIntoSink, missedBy, scrollUntilShown, signInInBrowser } from './support/xssGuard';
import { bodyOf, expectProfileSaved, putProfile, signed, signInFromNode } from './support/xssWrites';
import { showComments } from './support/comments';

// An XSS corpus (support/xssCorpus.ts) written into every stored text field a user can write today, then rendered
// in Chromium on every page that shows it: each payload must read as literal text and nothing may run.
//   - on chain: each payload is the name (and symbol) of a collection minted by CREATOR, so also of its tokens
//     ('<payload> #1', '#2'); token #2 is given to COMMENTER so the token page shows an owner;
//   - collection description (PUT /api/v1/collection/:id by the creator): refused with the description rule's
//     message when the rule says so, stored otherwise;
//   - comment text (POST /api/v1/comments): every payload is stored (the rule refuses only empty and over-long
//     text, asserted with its messages), a comment by COMMENTER and a reply by CREATOR on each token;
//   - account alias and email (PUT /api/v1/account/:id): every payload in turn as the creator's alias, shown on a
//     collection page; as an email the corpus is refused ('Invalid email'), breakout-shaped valid addresses are
//     stored. The final aliases are payloads too, so every page below shows them.
// Pages: home, each token page (name, creator, owner, collection, comments), each collection page (name, creator,
// description, token cards), explore collections and artworks (filtered to the creator), /profile of both,
// the dashboard, My creations (name, symbol, description) and each token dashboard of the creator.
// A guard in every page (installed before the app's scripts) records window.__xss calls, dialogs, title and
// console markers, navigation away, popups, marker requests, and injected markup as soon as it reaches the DOM.
// The commenter browses with the CSP bypassed (so the rendering itself is tested, not the server's CSP); the
// creator browses with the CSP on, where any blocked inline script counts as a hit too. A canary test first
// injects every payload into the sink it is made for, to prove the guard sees each one.
// Hardhat accounts #14 and #15 are used by no other spec nor the demo seed.
const CREATOR = 14;
const COMMENTER = 15;

const CREATOR_ALIAS = XSS_CORPUS[4]!.text; // "><img src=x onerror=__xss(5)>
const COMMENTER_ALIAS = XSS_CORPUS[1]!.text; // <img src=x onerror=__xss(2)>
const [CREATOR_EMAIL, COMMENTER_EMAIL] = XSS_EMAILS;

interface Holding {
  tokenId: string;
  /** The token's database id (comments are posted on it). */
  tokenDbId: string;
  /** The owner's holding id: the token page's route id. */
  holdingId: string;
  name: string;
}

interface Target {
  payload: XssPayload;
  address: Address;
  collectionId: string;
  /** Token #1, kept by the creator (its token dashboard). */
  creatorHolding: Holding;
  /** Token #2, given to the commenter (token page with an owner, comments). */
  ownedHolding: Holding;
  /** The stored description: the payload when the description rule let it through, else null (none stored). */
  describedAs: string | null;
}

let stack: Stack;
let creatorKey: ApiKeyCredentials;
let commenterKey: ApiKeyCredentials;
const targets: Target[] = [];

test.describe.configure({ mode: 'serial' });

/** The serial tests below need the collections of the first one: a test run alone must not pass on nothing. */
function expectTargets() {
  expect(targets, 'the corpus collections were minted (run the whole file)').toHaveLength(XSS_CORPUS.length);
}

// ---------------------------------------------------------------------------------------------------------------

test.beforeAll(async ({ request, baseURL }) => {
  stack = await readStack(request);
  creatorKey = await signInFromNode(baseURL!, stack, CREATOR);
  commenterKey = await signInFromNode(baseURL!, stack, COMMENTER);
});

test('canary: every payload, injected into its sink on purpose, is seen by the guard', async ({ browser, baseURL }) => {
  // With the CSP bypassed the payloads run (calls, dialog, title, console, requests, navigation)...
  const open = await guardedPage(browser, baseURL!, { bypassCSP: true });
  await open.page.goto('/under-construction');
  await expect(open.page.getByRole('heading', { level: 1 })).toBeVisible();
  const staying = XSS_CORPUS.filter((payload) => !payload.navigates);
  for (const payload of staying) await open.page.evaluate(injectIntoSink, { text: payload.text, sink: payload.sink });
  await expect.poll(async () => missedBy(await open.hits(), staying), { message: 'payloads the guard did not see' }).toEqual([]);
  const hits = await open.hits();
  for (const kind of ['window.__xss called', 'alert dialog', 'document.title set', 'console: XSS_CONSOLE', 'request to', 'injected element', 'injected URL']) {
    expect(hits.some((hit) => hit.startsWith(kind)), `a '${kind}' hit among ${hits.length}`).toBe(true);
  }
  for (const payload of XSS_CORPUS.filter((candidate) => candidate.navigates)) {
    await open.page.goto('/under-construction');
    await expect(open.page.getByRole('heading', { level: 1 })).toBeVisible();
    await open.page.evaluate(injectIntoSink, { text: payload.text, sink: payload.sink });
    await expect.poll(async () => (await open.hits()).some((hit) => hit.startsWith('navigated away') && hitNames(hit, payload.id))).toBe(true);
  }
  await open.context.close();

  // ...with the CSP on, an inline handler is blocked, and that is a hit too (as is the injected markup).
  const strict = await guardedPage(browser, baseURL!, { bypassCSP: false });
  await strict.page.goto('/under-construction');
  await expect(strict.page.getByRole('heading', { level: 1 })).toBeVisible();
  await strict.page.evaluate(injectIntoSink, { text: XSS_CORPUS[1]!.text, sink: 'html' as XssSink });
  await expect.poll(async () => (await strict.hits()).some((hit) => hit.startsWith('CSP blocked'))).toBe(true);
  expect((await strict.hits()).some((hit) => hit.startsWith('window.__xss called'))).toBe(false);
  await strict.context.close();
});

test('the corpus as collection names and symbols on chain: indexed, tokens named after them', async ({ request }) => {
  test.setTimeout(120_000);
  const creator = addressOf(stack, CREATOR);
  const commenter = addressOf(stack, COMMENTER);
  const send = async (call: Parameters<Stack['walletClient']['writeContract']>[0]) => {
    const hash = await stack.walletClient.writeContract({ ...call, account: creator, chain: null } as never);
    const receipt = await stack.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    return receipt;
  };
  // The factory is curated: the owner registers the creator before it may publish.
  await registerCreator(request, creator);
  const minted: Array<{ payload: XssPayload; address: Address }> = [];
  for (const payload of XSS_CORPUS) {
    const receipt = await send({
      address: stack.collectionFactory,
      abi: collectionFactoryAbi,
      functionName: 'CreateTradableCollection',
      args: [payload.text, payload.text, 2n, 1n, `ipfs://e2e-xss-${payload.id}/`, creator, 500n],
    } as never);
    const address = collectionFromLogs(receipt.logs)!;
    await send({ address, abi: tradableCollectionAbi, functionName: 'safeTransferFrom', args: [creator, commenter, 2n, 1n, '0x'] } as never);
    minted.push({ payload, address });
  }

  for (const { payload, address } of minted) {
    let collectionId = '';
    let holdings: Awaited<ReturnType<typeof holdingsOf>> = [];
    await expect
      .poll(
        async () => {
          const data = await graphql<{ getCollections: { edges: Array<{ node: { _id: string; name: string } }> } }>(
            request,
            'query($f: CollectionFilter) { getCollections(filters: $f) { edges { node { _id name } } } }',
            { f: { address: address.toLowerCase(), chainId: stack.chainId } },
          );
          const node = data.getCollections.edges[0]?.node;
          if (!node) return 'not indexed';
          collectionId = node._id;
          holdings = await holdingsOf(request, node._id);
          return { name: node.name, owners: holdings.map((h) => `${h.token.tokenId}:${h.owner.address}`).sort() };
        },
        { message: `indexer picks up collection #${payload.id} and the transfer`, timeout: 20_000 },
      )
      .toEqual({ name: payload.text, owners: [`1:${creator.toLowerCase()}`, `2:${commenter.toLowerCase()}`] });
    const holding = (tokenId: string): Holding => {
      const h = holdings.find((candidate) => candidate.token.tokenId === tokenId)!;
      return { tokenId, tokenDbId: h.token._id, holdingId: h.id, name: h.token.name };
    };
    const target: Target = { payload, address, collectionId, creatorHolding: holding('1'), ownedHolding: holding('2'), describedAs: null };
    // Token names are the collection name and a number: the payload travels into them unchanged.
    expect(target.creatorHolding.name).toBe(`${payload.text} #1`);
    expect(target.ownedHolding.name).toBe(`${payload.text} #2`);
    targets.push(target);
  }
});

test('collection description: the rule refuses markup with its message; what it lets through is stored as is', async ({ baseURL }) => {
  expectTargets();
  const url = baseURL!;
  let stored = 0;
  for (const target of targets) {
    const form = new FormData();
    form.set('description', target.payload.text);
    const response = await signed(url, creatorKey, `/collection/${target.collectionId}`, { method: 'PUT', body: form });
    const body = await bodyOf(response);
    const allowed = collectionDescription(target.payload.text, {}) === null;
    if (allowed) {
      expect(response.status, `#${target.payload.id} ${target.payload.label}: ${body.message}`).toBe(200);
      expect(body.description).toBe(target.payload.text);
      target.describedAs = target.payload.text;
      stored += 1;
    } else {
      expect(response.status, `#${target.payload.id} ${target.payload.label}`).toBe(400);
      expect(body).toEqual({ error: 'invalid_input', message: INVALID_DESCRIPTION_MESSAGE });
    }
  }
  // Quote and attribute breakouts and javascript: URLs are made of allowed characters: some must get through.
  expect(stored).toBeGreaterThanOrEqual(4);
  // Only the creator may write it.
  const other = new FormData();
  other.set('description', 'Not mine');
  expect((await signed(url, commenterKey, `/collection/${targets[0]!.collectionId}`, { method: 'PUT', body: other })).status).toBe(403);
});

test('comment text: every payload is stored as a comment and a reply; only empty and over-long text is refused', async ({ baseURL }) => {
  expectTargets();
  const url = baseURL!;
  const post = (key: ApiKeyCredentials, body: Record<string, unknown>) =>
    signed(url, key, '/comments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  const first = targets[0]!;
  for (const target of targets) {
    const token = target.ownedHolding.tokenDbId;
    const comment = await post(commenterKey, { token_id: token, text: target.payload.text });
    const commentBody = await bodyOf(comment);
    expect(comment.status, `comment #${target.payload.id}: ${commentBody.message}`).toBe(201);
    expect(commentBody.text).toBe(target.payload.text);
    const reply = await post(creatorKey, { token_id: token, parent_id: commentBody.id, text: target.payload.text });
    expect(reply.status, `reply #${target.payload.id}`).toBe(201);
  }

  const token = first.ownedHolding.tokenDbId;
  const blank = await post(commenterKey, { token_id: token, text: '  \n ' });
  expect(blank.status).toBe(400);
  expect(await bodyOf(blank)).toEqual({ error: 'invalid_text', message: COMMENT_EMPTY_MESSAGE });
  const long = await post(commenterKey, { token_id: token, text: first.payload.text.padEnd(COMMENT_MAX_LENGTH + 1, ' x') });
  expect(long.status).toBe(400);
  expect(await bodyOf(long)).toEqual({ error: 'invalid_text', message: COMMENT_TOO_LONG_MESSAGE });
});

test('alias and email: every payload is stored as an alias and shown as text; as an email it is refused', async ({ browser, baseURL }) => {
  expectTargets();
  test.setTimeout(120_000);
  const url = baseURL!;
  const email = z.email();
  for (const payload of XSS_CORPUS) {
    const response = await putProfile(url, commenterKey, 'commenter', payload.text);
    if (email.safeParse(payload.text).success) {
      expect(response.status, `email #${payload.id}`).toBe(200);
    } else {
      expect(response.status, `email #${payload.id} ${payload.label}`).toBe(400);
      expect(await bodyOf(response)).toEqual({ error: 'invalid_input', message: INVALID_EMAIL_MESSAGE });
    }
  }

  // Each payload in turn is the creator's alias, read where the creator is shown first on a page.
  const visitor = await guardedPage(browser, url, { bypassCSP: true });
  const target = targets[0]!;
  for (const payload of XSS_CORPUS) {
    await expectProfileSaved(url, creatorKey, payload.text, CREATOR_EMAIL);
    await visitor.page.goto(`/collection/${target.address}/${stack.chainId}`);
    await expect(visitor.page.locator('.collection-creator > span:not(.account-avatar)')).toHaveText(`Created by ${payload.text}`);
    await visitor.expectInert(`creator alias #${payload.id} (${payload.label})`);
  }
  await visitor.context.close();

  // The aliases and emails the pages below are read with.
  await expectProfileSaved(url, creatorKey, CREATOR_ALIAS, CREATOR_EMAIL);
  await expectProfileSaved(url, commenterKey, COMMENTER_ALIAS, COMMENTER_EMAIL);
});

test('the commenter reads every token and collection page, explore and the profile: all literal text, nothing runs', async ({ browser, baseURL }) => {
  expectTargets();
  test.setTimeout(300_000);
  const guarded = await guardedPage(browser, baseURL!, { bypassCSP: true });
  const { page } = guarded;
  await signInInBrowser(guarded, stack, COMMENTER, '/');
  await guarded.expectInert('home page');

  for (const target of targets) {
    const { payload } = target;
    await page.goto(`/token/${target.ownedHolding.holdingId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.ownedHolding.name);
    await expect(page.locator('.token-byline .token-person-name')).toHaveText(CREATOR_ALIAS);
    await expect(page.locator('.token-meta .token-person-name')).toHaveText(COMMENTER_ALIAS);
    await expect(page.locator('.token-facts > div', { has: page.locator('dt', { hasText: /^Collection$/ }) }).locator('dd')).toHaveText(payload.text);
    await expect(page.locator('.token-collection-name')).toHaveText(payload.text);
    expect(await page.title()).toContain(target.ownedHolding.name);
    await showComments(page);
    const comments = page.locator('.comments-panel');
    await expect(comments.locator('.comment-text')).toHaveText([payload.text, payload.text]);
    await expect(comments.locator('.comment-author')).toHaveText([COMMENTER_ALIAS, CREATOR_ALIAS]);
    await guarded.expectInert(`token page of #${payload.id} (${payload.label})`);

    await page.goto(`/collection/${target.address}/${stack.chainId}`);
    await expect(page.locator('#collection-name')).toHaveText(payload.text);
    await expect(page.locator('.collection-creator > span:not(.account-avatar)')).toHaveText(`Created by ${CREATOR_ALIAS}`);
    await expect(page.locator('.collection-description p')).toHaveText(target.describedAs ?? 'No description yet.');
    const cards = page.locator('.collection-tokens article.token-card');
    await expect(cards).toHaveCount(2);
    expect((await cards.locator('.token-card-name').allTextContents()).sort()).toEqual([target.creatorHolding.name, target.ownedHolding.name]);
    await expect(cards.locator('.token-card-creator')).toHaveText([CREATOR_ALIAS, CREATOR_ALIAS]);
    await guarded.expectInert(`collection page of #${payload.id} (${payload.label})`);
  }

  const creator = addressOf(stack, CREATOR).toLowerCase();
  await page.goto(`/explore?view=collection&artist=${creator}`);
  const collectionCards = page.locator('article.collection-card');
  await scrollUntilShown(page, collectionCards.locator('.token-card-name'), targets.map((t) => t.payload.text));
  expect(new Set(await collectionCards.locator('.token-card-creator').allTextContents())).toEqual(new Set([CREATOR_ALIAS]));
  await guarded.expectInert('explore collections');

  await page.goto(`/explore?artist=${creator}`);
  const tokenCards = page.locator('article.token-card');
  await scrollUntilShown(page, tokenCards.locator('.token-card-name'), targets.flatMap((t) => [t.creatorHolding.name, t.ownedHolding.name]));
  expect(new Set(await tokenCards.locator('.token-card-creator').allTextContents())).toEqual(new Set([CREATOR_ALIAS]));
  await guarded.expectInert('explore artworks');

  await page.goto('/profile');
  await expect(page.locator('#profile-alias')).toHaveValue(COMMENTER_ALIAS);
  await expect(page.locator('#profile-email')).toHaveValue(COMMENTER_EMAIL);
  await expect(page.getByRole('banner').getByRole('link', { name: `Profile of ${COMMENTER_ALIAS}` })).toBeVisible();
  await guarded.expectInert('commenter profile');

  await page.goto('/account/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await guarded.expectInert('commenter dashboard');
  await guarded.context.close();
});

test('the creator sees the profile, the dashboard creations and each token dashboard with the CSP on: nothing runs', async ({ browser, baseURL }) => {
  expectTargets();
  test.setTimeout(300_000);
  const guarded = await guardedPage(browser, baseURL!, { bypassCSP: false });
  const { page } = guarded;
  await signInInBrowser(guarded, stack, CREATOR, '/profile');
  await expect(page.locator('#profile-alias')).toHaveValue(CREATOR_ALIAS);
  await expect(page.locator('#profile-email')).toHaveValue(CREATOR_EMAIL);
  await expect(page.getByRole('banner').getByRole('link', { name: `Profile of ${CREATOR_ALIAS}` })).toBeVisible();
  await guarded.expectInert('creator profile');

  await page.goto('/account/dashboard?tab=creations');
  await scrollUntilShown(page, page.locator('article.creations-card h2.creations-card-name'), targets.map((t) => t.payload.text));
  for (const target of targets) {
    // This collection's card (its cover input is named by its id; an earlier run on the same stack has namesakes).
    const card = page.getByRole('article', { name: target.payload.text, exact: true }).filter({ has: page.locator(`#creation-cover-file-${target.collectionId}`) });
    await expect(card.locator('h2.creations-card-name')).toHaveText(target.payload.text);
    await expect(card.locator('.creations-muted').first()).toHaveText(`${target.payload.text} · 2 tokens`);
    await expect(card.locator('.collection-description p')).toHaveText(target.describedAs ?? 'No description yet.');
  }
  await guarded.expectInert('creator dashboard: my creations');

  for (const target of targets) {
    await page.goto(`/account/dashboard/token/${target.creatorHolding.holdingId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.creatorHolding.name);
    await expect(page.getByRole('link', { name: target.payload.text, exact: true })).toHaveAttribute(
      'href',
      `/collection/${target.address.toLowerCase()}/${stack.chainId}`,
    );
    await guarded.expectInert(`token dashboard of #${target.payload.id} (${target.payload.label})`);
  }
  await guarded.context.close();
});
