import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { installTestWallet, TEST_WALLET_NAME } from './testWallet';
import type { Stack } from './trading';
import { hitNames, XSS_MARK, XSS_PATH, XSS_RUNTIME_MARK, type XssPayload, type XssSink } from './xssCorpus';

// The guard of the XSS spec (xss.spec.ts): a recorder in every frame before the app's scripts, and page/context
// listeners on the Node side.

// Serialized into every page by Playwright (addInitScript): it must stay self-contained, with no reference to
// anything outside its own body.
function installRecorder({ mark, pathMark, inertParses }: { mark: string; pathMark: string; inertParses: boolean }) {
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
      // With inertParses, a blocked inline handler counts only on an element of the page (see guardedPage).
      const inline =
        event.effectiveDirective.startsWith('script-src') && event.blockedURI === 'inline' && !(inertParses && event.effectiveDirective === 'script-src-attr' && event.target instanceof Document);
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
    // A data block (<script type="application/json">: the server's first answers in the page) never runs: not active.
    const dataBlock = element.localName === 'script' && (element as HTMLScriptElement).type.toLowerCase() === 'application/json';
    if (ACTIVE_ELEMENTS.has(element.localName) && !dataBlock && MARK.test(element.outerHTML)) report('injected element', element.outerHTML);
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

export interface Guarded {
  context: BrowserContext;
  page: Page;
  /** Every marker seen so far (in any frame, in the page or from Node-side listeners). */
  hits(): Promise<string[]>;
  /** Fails with every marker seen so far. */
  expectInert(where: string): Promise<void>;
}

/**
 * inertParses: the page parses untrusted HTML in an inert document before cleaning it (DOMPurify's DOMParser, the
 * article page). Chromium checks that document's inline handlers against the page's CSP and reports each at the
 * Document, although an inert document never runs them. With this option such reports are not hits; a blocked
 * handler on an element of the page still is, and one that would run anywhere calls __xss in the CSP-bypassed run.
 */
export async function guardedPage(
  browser: Browser,
  baseURL: string,
  { bypassCSP, inertParses = false }: { bypassCSP: boolean; inertParses?: boolean },
): Promise<Guarded> {
  const context = await browser.newContext({ baseURL, bypassCSP });
  const origin = new URL(baseURL).origin;
  const hits: string[] = [];
  await context.exposeBinding('__xssReport', (_source, line: string) => void hits.push(line));
  await context.addInitScript(installRecorder, { mark: XSS_MARK.source, pathMark: XSS_PATH.source, inertParses });
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
export async function signInInBrowser(guarded: Guarded, stack: Stack, index: number, path: string) {
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
export async function scrollUntilShown(page: Page, names: Locator, wanted: readonly string[]): Promise<void> {
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
export function injectIntoSink({ text, sink }: { text: string; sink: XssSink }) {
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

export const missedBy = (hits: string[], payloads: readonly XssPayload[]) =>
  payloads.filter((payload) => !hits.some((hit) => hitNames(hit, payload.id))).map((payload) => `#${payload.id} ${payload.label}`);
