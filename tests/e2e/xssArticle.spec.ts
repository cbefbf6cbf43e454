import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CLOBBERED_DOCUMENT_NAMES, FORBIDDEN_ELEMENTS, SCRIPT_URL, URL_ATTRIBUTES, XSS_ARTICLES, type XssArticle } from '../../scripts/seed/xssArticleCorpus';
import { guardedPage, type Guarded } from './support/xssGuard';

// The editorial pages: an XSS corpus through article bodies that executes nothing. The e2e stack seeds six articles whose
// titles and HTML bodies carry the corpus (scripts/seed/xssArticleCorpus.ts, added by scripts/seed/xssArticles.ts
// because playwright.config.ts sets SEED_XSS_ARTICLES=1; the bodies are in the media store like the demo's), not
// featured and linked to no artist. Each article page (/article/{id}) and /media-articles are opened with the CSP
// on and with it bypassed (the sanitizer itself is then what is tested): nothing may run or be injected (the guard
// of support/xssGuard.ts: window.__xss calls, dialogs, title and console markers, navigation, marker requests,
// injected handlers and script URLs as soon as they reach the DOM, blocked inline scripts), the titles read as
// literal text, the body's prose stays visible, and the rendered body holds no active content (no script-like
// element, no on* attribute, no script or data: address, no inline style, no clobbered document property).
// With the CSP on, Chromium reports the handlers of the raw body when DOMPurify parses it in an inert document
// (reported at the Document; such a document never runs them): the guard's inertParses option leaves those out and
// still counts a blocked handler on any element of the page — the canary test at the end proves it does.
// The articles are picked by their seeded titles, never by counting.

interface ServerArticle {
  id: string;
  title: string;
  isFeatured: boolean;
  artist: string | null;
}

/** Every article the server lists, page by page. */
async function allArticles(request: APIRequestContext): Promise<ServerArticle[]> {
  const found: ServerArticle[] = [];
  for (let page = 1; ; page++) {
    const answer = (await (await request.get(`/api/v1/article?perPage=50&page=${page}`)).json()) as { articles: ServerArticle[]; hasNextPage: boolean };
    found.push(...answer.articles);
    if (!answer.hasNextPage) return found;
  }
}

const ids = new Map<string, string>();
let featuredTitle: string;

test.beforeAll(async ({ request }) => {
  const articles = await allArticles(request);
  for (const article of XSS_ARTICLES) {
    const stored = articles.filter((candidate) => candidate.title === article.title);
    expect(stored, `the seeded article "${article.title}" (SEED_XSS_ARTICLES=1)`).toHaveLength(1);
    expect(stored[0]).toMatchObject({ isFeatured: false, artist: null });
    ids.set(article.title, stored[0]!.id);
  }
  const featured = (await (await request.get('/api/v1/article/featured')).json()) as { article: ServerArticle | null };
  // The demo's featured article is still the featured one.
  expect(featured.article).not.toBeNull();
  expect(XSS_ARTICLES.map((article) => article.title)).not.toContain(featured.article!.title);
  featuredTitle = featured.article!.title;
});

/**
 * Active content anywhere in `root` (the article body, or the whole document): described, so a failure says what
 * survived. Runs in the page.
 */
function activeContentIn(
  root: Element,
  { forbidden, urlAttributes, scriptUrl, clobbered, body }: { forbidden: string[]; urlAttributes: string[]; scriptUrl: string; clobbered: string[]; body: boolean },
): string[] {
  const found: string[] = [];
  const SCRIPT = new RegExp(scriptUrl, 'i');
  for (const name of forbidden) {
    for (const element of Array.from(root.getElementsByTagName(name))) found.push(`element ${element.outerHTML.slice(0, 120)}`);
  }
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) found.push(`handler ${element.localName} ${name}="${value}"`);
      if (lower === 'srcdoc' || lower === 'formaction' || (body && lower === 'style')) found.push(`${element.localName} ${name}="${value}"`);
      if (urlAttributes.includes(lower) && SCRIPT.test(value)) found.push(`address ${element.localName} ${name}="${value}"`);
      if (body && (lower === 'id' || lower === 'name') && clobbered.includes(value)) found.push(`clobbering ${element.localName} ${name}="${value}"`);
    }
  }
  // An article's links are web addresses (the app's own links elsewhere in the page are paths).
  for (const link of body ? Array.from(root.querySelectorAll('a[href]')) : []) {
    if (!/^https?:\/\//.test(link.getAttribute('href')!)) found.push(`link to ${link.getAttribute('href')}`);
  }
  return found;
}

const CHECK = {
  forbidden: [...FORBIDDEN_ELEMENTS],
  urlAttributes: [...URL_ATTRIBUTES],
  scriptUrl: SCRIPT_URL.source,
  clobbered: [...CLOBBERED_DOCUMENT_NAMES],
  body: true,
};
/** The whole page: the app's own markup has inline styles, paths as links and a <noscript> in index.html. */
const PAGE_CHECK = { ...CHECK, forbidden: ['script', 'iframe', 'frame', 'object', 'embed', 'base', 'template'], body: false };

/** The document's own properties are its own: no element took the place of one. */
async function expectDocumentIntact(page: Page) {
  expect(
    await page.evaluate(() => ({
      getElementById: typeof document.getElementById,
      querySelector: typeof document.querySelector,
      cookie: typeof document.cookie,
      body: document.body instanceof HTMLBodyElement,
      defaultView: document.defaultView === window,
      location: document.location === window.location,
    })),
  ).toEqual({ getElementById: 'function', querySelector: 'function', cookie: 'string', body: true, defaultView: true, location: true });
}

/** The article page of `article`: literal title, visible prose, no active content, nothing ran. */
async function expectInertArticle(guarded: Guarded, article: XssArticle, where: string) {
  const { page } = guarded;
  await expect(page).toHaveURL((url) => url.pathname === `/article/${ids.get(article.title)}`);
  const heading = page.getByRole('heading', { level: 1, name: article.title, exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toHaveJSProperty('textContent', article.title);
  await expect(page).toHaveTitle(`${article.title} | Art Bazaar`);
  const body = page.locator('.article-body');
  // The body is rendered once its first paragraph is there; then every text of the corpus' list is visible.
  await expect(body.locator('p').first()).toBeVisible();
  for (const text of article.visible) await expect(body.getByText(text, { exact: true }).first(), text).toBeVisible();
  // The body's heading repeated the title: the page shows the title once, as its own heading.
  await expect(body.locator('h1')).toHaveCount(0);
  expect(await body.evaluate(activeContentIn, CHECK), `active content in the body of "${article.title}"`).toEqual([]);
  // Nowhere in the page either (the app itself sets no handler attribute and no script address).
  expect(await page.locator('body').evaluate(activeContentIn, PAGE_CHECK)).toEqual([]);
  await expectDocumentIntact(page);
  await guarded.expectInert(`${where}: ${article.title}`);
}

for (const bypassCSP of [true, false]) {
  const mode = bypassCSP ? 'CSP bypassed' : 'CSP on';

  test(`every corpus article page: the title as text, the prose visible, no active content, nothing runs (${mode})`, async ({ browser, baseURL }) => {
    const guarded = await guardedPage(browser, baseURL!, { bypassCSP, inertParses: true });
    for (const article of XSS_ARTICLES) {
      await guarded.page.goto(`/article/${ids.get(article.title)}`);
      await expectInertArticle(guarded, article, mode);
    }
    // The media-host image in the links article is kept and loads.
    const links = XSS_ARTICLES.find((article) => article.title.startsWith('Corpus: links and URLs'))!;
    await guarded.page.goto(`/article/${ids.get(links.title)}`);
    const image = guarded.page.locator('.article-body').getByRole('img', { name: 'A cover from the media store' });
    await expect(image).toHaveAttribute('src', /^\/ipfs\/[A-Za-z0-9]+$/);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    const web = guarded.page.locator('.article-body').getByRole('link', { name: 'how browser wallets work' });
    await expect(web).toHaveAttribute('href', 'https://ethereum.org/en/wallets/');
    await expect(web).toHaveAttribute('target', '_blank');
    await guarded.expectInert(`${mode}: links article`);
    await guarded.context.close();
  });

  test(`/media-articles lists the corpus titles as text beside the demo's featured article, and a card opens its page (${mode})`, async ({ browser, baseURL }) => {
    const guarded = await guardedPage(browser, baseURL!, { bypassCSP, inertParses: true });
    const { page } = guarded;
    await page.goto('/media-articles');
    await expect(page.getByRole('heading', { level: 1, name: 'Media and Articles' })).toBeVisible();
    // The featured article is the demo's, not one of the corpus.
    await expect(page.locator('#featured-article-title')).toHaveText(featuredTitle, { useInnerText: false });
    const grid = page.getByRole('region', { name: 'All articles' });
    for (const article of XSS_ARTICLES) {
      const card = grid.getByRole('article', { name: article.title, exact: true });
      await expect(card).toBeVisible();
      await expect(card.getByRole('heading', { level: 3 })).toHaveJSProperty('textContent', article.title);
      await expect(card.getByRole('link', { name: article.title, exact: true })).toHaveAttribute('href', `/article/${ids.get(article.title)}`);
    }
    // Every card's cover requested (lazy ones once scrolled to).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.locator('body').evaluate(activeContentIn, PAGE_CHECK)).toEqual([]);
    await guarded.expectInert(`${mode}: /media-articles`);

    // A card opens its article in the app (client-side), as inert as when loaded directly.
    const article = XSS_ARTICLES.find((candidate) => candidate.title.startsWith('Corpus: mutation XSS'))!;
    await grid.getByRole('link', { name: article.title, exact: true }).click();
    await expectInertArticle(guarded, article, `${mode}: from /media-articles`);
    await guarded.context.close();
  });
}

test('canary: with the CSP on and inertParses, a handler that reaches the page is still reported, blocked and injected', async ({ browser, baseURL }) => {
  const guarded = await guardedPage(browser, baseURL!, { bypassCSP: false, inertParses: true });
  const article = XSS_ARTICLES[0]!;
  await guarded.page.goto(`/article/${ids.get(article.title)}`);
  await expect(guarded.page.getByRole('heading', { level: 1, name: article.title, exact: true })).toBeVisible();
  await guarded.expectInert('canary, before the injection');
  await guarded.page.locator('.article-body').evaluate((body) => body.insertAdjacentHTML('beforeend', '<img src=x onerror=__xss(999)>'));
  await expect
    .poll(() => guarded.hits())
    .toEqual(expect.arrayContaining([expect.stringMatching(/^CSP blocked: script-src-attr inline/), expect.stringMatching(/^injected handler: .*__xss\(999\)/)]));
  await guarded.context.close();
});
