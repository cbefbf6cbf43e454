import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { z } from 'zod';
import { collectionFactoryAbi, tradableCollectionAbi } from '../../contracts/generated/index';
import { collectionFromLogs } from '../../contracts/receipts';
import { COMMENT_TOO_LONG_MESSAGE, COMMENT_MAX_LENGTH } from '../../machines/comments/rules';
import { COMMENT_EMPTY_MESSAGE, INVALID_DESCRIPTION_MESSAGE, INVALID_EMAIL_MESSAGE, collectionDescription } from '../../machines/forms/validators';
import { authFetch, type ApiKeyCredentials } from '../../src/services/authFetch';
import { installTestWallet, TEST_WALLET_NAME } from './support/testWallet';
import { addressOf, graphql, holdingsOf, readStack, type Stack } from './support/trading';
import { hitNames, XSS_CORPUS, XSS_EMAILS, XSS_MARK, XSS_PATH, XSS_RUNTIME_MARK, type XssPayload, type XssSink } from './support/xssCorpus';

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
const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
const HOUR = 3_600_000;

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

// ---------------------------------------------------------------------------------------------------------------
// Writes from Node: SIWE sign-in once per account, then signed requests with the real client helper.

async function signInFromNode(baseURL: string, index: number): Promise<ApiKeyCredentials> {
  const account = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: index });
  expect(account.address.toLowerCase()).toBe(addressOf(stack, index).toLowerCase());
  const { nonce } = (await (await fetch(`${baseURL}/api/v1/account/nonce`)).json()) as { nonce: string };
  const now = Date.now();
  const url = new URL(baseURL);
  const message = createSiweMessage({
    domain: url.host,
    address: account.address,
    uri: url.origin,
    version: '1',
    chainId: stack.chainId,
    nonce,
    issuedAt: new Date(now),
    expirationTime: new Date(now + HOUR),
    statement: 'Sign in to the marketplace.',
  });
  const signature = await account.signMessage({ message });
  const response = await fetch(`${baseURL}/api/v1/account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message, signature, apiKey: { address: account.address, alias: '', expires: now + 2 * HOUR } }),
  });
  expect(response.status, `sign-in of #${index}: ${await response.clone().text()}`).toBe(200);
  return ((await response.json()) as { apiKey: ApiKeyCredentials }).apiKey;
}

function signed(baseURL: string, key: ApiKeyCredentials, path: string, init: RequestInit): Promise<Response> {
  return authFetch(path, init, key, { fetch: (input, requestInit) => fetch(new URL(input, baseURL), requestInit) });
}

async function bodyOf(response: Response): Promise<{ error?: string; message?: string } & Record<string, unknown>> {
  return (await response.json()) as { error?: string; message?: string } & Record<string, unknown>;
}

function profileForm(alias: string, email: string): FormData {
  const form = new FormData();
  form.set('alias', alias);
  form.set('email', email);
  form.set('avatarChanged', 'false');
  return form;
}

async function putProfile(baseURL: string, key: ApiKeyCredentials, alias: string, email: string): Promise<Response> {
  return signed(baseURL, key, `/account/${key.address}`, { method: 'PUT', body: profileForm(alias, email) });
}

async function expectProfileSaved(baseURL: string, key: ApiKeyCredentials, alias: string, email: string) {
  const response = await putProfile(baseURL, key, alias, email);
  const body = await bodyOf(response);
  expect(response.status, `profile ${JSON.stringify(alias)} / ${JSON.stringify(email)}: ${body.message}`).toBe(200);
  expect(body).toMatchObject({ alias, email });
}

// ---------------------------------------------------------------------------------------------------------------
// The guard: a recorder in every frame before the app's scripts, and page/context listeners on the Node side.

function installRecorder({ mark, pathMark }: { mark: string; pathMark: string }) {
  const w = window as unknown as { __xssHits?: string[]; __xssReport?: (line: string) => void; __xss?: unknown };
  if (w.__xssHits) return;
  const hits: string[] = [];
  w.__xssHits = hits;
  const MARK = new RegExp(mark, 'i');
  const PATH = new RegExp(pathMark, 'i');
  const report = (kind: string, detail: unknown) => {
    const line = `${kind}: ${String(detail).slice(0, 200)} (at ${location.pathname})`;
    hits.push(line);
    try {
      w.__xssReport?.(line);
    } catch {
      // The page is going away: the in-page list still has it.
    }
  };
  Object.defineProperty(window, '__xss', { value: (id: unknown) => report('window.__xss called', id), writable: false, configurable: false });

  const title = Object.getOwnPropertyDescriptor(Document.prototype, 'title')!;
  Object.defineProperty(Document.prototype, 'title', {
    configurable: true,
    enumerable: title.enumerable,
    get: title.get,
    set(value: string) {
      if (/^XSS_/.test(String(value))) report('document.title set', value);
      title.set!.call(this, value);
    },
  });

  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const inline = event.effectiveDirective.startsWith('script-src') && event.blockedURI === 'inline';
      if (inline || MARK.test(event.sample) || PATH.test(event.blockedURI)) report('CSP blocked', `${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    },
    true,
  );

  const URL_ATTRIBUTES = new Set(['href', 'src', 'srcdoc', 'data', 'action', 'formaction', 'xlink:href', 'background', 'poster']);
  const ACTIVE_ELEMENTS = new Set(['script', 'iframe', 'frame', 'object', 'embed', 'base', 'meta']);
  const checkAttribute = (element: Element, name: string, value: string) => {
    const attribute = name.toLowerCase();
    if (attribute.startsWith('on') && MARK.test(value)) report('injected handler', `<${element.localName} ${name}="${value}">`);
    // eslint-disable-next-line no-control-regex
    else if (URL_ATTRIBUTES.has(attribute) && (/^[\s\u0000-\u001f]*javascript:/i.test(value) || MARK.test(value))) {
      report('injected URL', `<${element.localName} ${name}="${value}">`);
    }
  };
  const check = (element: Element) => {
    for (const attribute of Array.from(element.attributes)) checkAttribute(element, attribute.name, attribute.value);
    if (ACTIVE_ELEMENTS.has(element.localName) && MARK.test(element.outerHTML)) report('injected element', element.outerHTML);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes' && record.attributeName) {
        const value = (record.target as Element).getAttribute(record.attributeName);
        if (value !== null) checkAttribute(record.target as Element, record.attributeName, value);
      }
      for (const node of Array.from(record.addedNodes)) {
        if (node.nodeType !== Node.ELEMENT_NODE) continue;
        check(node as Element);
        (node as Element).querySelectorAll('*').forEach(check);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

interface Guarded {
  context: BrowserContext;
  page: Page;
  /** Every marker seen so far (in any frame, in the page or from Node-side listeners). */
  hits(): Promise<string[]>;
  /** Fails with every marker seen so far. */
  expectInert(where: string): Promise<void>;
}

async function guardedPage(browser: Browser, baseURL: string, { bypassCSP }: { bypassCSP: boolean }): Promise<Guarded> {
  const context = await browser.newContext({ baseURL, bypassCSP });
  const origin = new URL(baseURL).origin;
  const hits: string[] = [];
  await context.exposeBinding('__xssReport', (_source, line: string) => void hits.push(line));
  await context.addInitScript(installRecorder, { mark: XSS_MARK.source, pathMark: XSS_PATH.source });
  context.on('request', (request) => {
    if (XSS_PATH.test(new URL(request.url()).pathname)) hits.push(`request to ${request.url()}`);
  });
  const page = await context.newPage();
  context.on('page', (popup) => hits.push(`popup opened: ${popup.url()}`));
  page.on('dialog', (dialog) => {
    hits.push(`${dialog.type()} dialog: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('console', (message) => {
    if (XSS_RUNTIME_MARK.test(message.text())) hits.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (XSS_MARK.test(error.message) || XSS_RUNTIME_MARK.test(error.message)) hits.push(`page error: ${error.message}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    if (url.origin !== origin || XSS_PATH.test(url.pathname)) hits.push(`navigated away to ${frame.url()}`);
  });
  const guarded: Guarded = {
    context,
    page,
    async hits() {
      // The in-page list is read synchronously; a reported hit has also reached `hits` by the time this answers.
      // A page navigating away right now has no list to read: the navigation itself is in `hits`.
      const inPage = await page
        .evaluate(() => (window as unknown as { __xssHits?: string[] }).__xssHits ?? ['recorder missing'])
        .catch((error: Error) => (/context was destroyed|navigat/i.test(error.message) ? [] : Promise.reject(error)));
      return [...new Set([...hits, ...inPage])];
    },
    async expectInert(where) {
      expect(await guarded.hits(), `nothing from the XSS corpus ran or was injected (${where})`).toEqual([]);
    },
  };
  return guarded;
}

/** Signs in through the app with the injected test wallet as account #index, landing on `path`. */
async function signInInBrowser(guarded: Guarded, index: number, path: string) {
  const { page } = guarded;
  await installTestWallet(page, { rpcUrl: stack.rpcUrl, accountIndex: index });
  await page.goto(path);
  const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
  // A guarded route (/account…, /profile) opens the wallet modal by itself and stays there after connecting.
  const guardedRoute = /^\/(account|profile)/.test(path);
  if (guardedRoute) await expect(dialog).toBeVisible();
  else await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await dialog.getByRole('button', { name: TEST_WALLET_NAME }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Profile of / })).toBeVisible();
  if (guardedRoute) await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
}

/** Scrolls an infinite list down until every one of `wanted` is among the texts of `names`. */
async function scrollUntilShown(page: Page, names: Locator, wanted: readonly string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const shown = await names.allTextContents();
        return wanted.filter((name) => !shown.includes(name));
      },
      { message: 'every item shown after scrolling', timeout: 30_000 },
    )
    .toEqual([]);
}

/** Puts a payload into its sink the way a careless renderer would (the canary test only). Runs in the page. */
function injectIntoSink({ text, sink }: { text: string; sink: XssSink }) {
  const holder = document.createElement('div');
  const html = (markup: string) => {
    holder.innerHTML = markup;
  };
  switch (sink) {
    case 'html':
      html(text);
      break;
    case 'attribute-dq':
      html(`<input value="${text}">`);
      break;
    case 'attribute-sq':
      html(`<input value='${text}'>`);
      break;
    case 'textarea':
      html(`<textarea>${text}</textarea>`);
      break;
    case 'url': {
      const link = document.createElement('a');
      link.href = text;
      link.textContent = 'link';
      holder.append(link);
      break;
    }
    case 'markdown': {
      const [, label, href] = /^\[(.*)\]\((.*)\)$/.exec(text) ?? [];
      html(`<a href="${href}">${label}</a>`);
      break;
    }
    case 'template':
      new Function(`return \`${text}\``)();
      break;
    case 'expression':
      new Function(`return ${text.slice(2, -2)}`)();
      break;
    case 'entity-decoded': {
      const decoder = document.createElement('textarea');
      decoder.innerHTML = text;
      html(decoder.value);
      break;
    }
    case 'url-decoded':
      html(decodeURIComponent(text));
      break;
    case 'script-stripped':
      html(text.replace(/<\/?script>/gi, ''));
      break;
  }
  document.body.append(holder);
}

const missedBy = (hits: string[], payloads: readonly XssPayload[]) =>
  payloads.filter((payload) => !hits.some((hit) => hitNames(hit, payload.id))).map((payload) => `#${payload.id} ${payload.label}`);

/** The serial tests below need the collections of the first one: a test run alone must not pass on nothing. */
function expectTargets() {
  expect(targets, 'the corpus collections were minted (run the whole file)').toHaveLength(XSS_CORPUS.length);
}

// ---------------------------------------------------------------------------------------------------------------

test.beforeAll(async ({ request, baseURL }) => {
  stack = await readStack(request);
  creatorKey = await signInFromNode(baseURL!, CREATOR);
  commenterKey = await signInFromNode(baseURL!, COMMENTER);
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
  await signInInBrowser(guarded, COMMENTER, '/');
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
    const comments = page.locator('.comments-panel');
    await comments.scrollIntoViewIfNeeded();
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
  await signInInBrowser(guarded, CREATOR, '/profile');
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
