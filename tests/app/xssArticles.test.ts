import { describe, expect, it } from 'vitest';
import {
  CLOBBERED_DOCUMENT_NAMES, FORBIDDEN_ELEMENTS, MUTATION_PAYLOADS, SCRIPT_URL, URL_ATTRIBUTES, XSS_ARTICLES, xssArticleDocument,
} from '../../scripts/seed/xssArticleCorpus';
import { sanitizeHtml } from '../../src/services/sanitizeHtml';
import { XSS_CORPUS } from '../e2e/support/xssCorpus';

// The editorial pages: the XSS corpus of the editorial articles (scripts/seed/xssArticleCorpus.ts, the bodies the e2e stack
// seeds) through sanitizeHtml (DOMPurify), exactly as the article page calls it: no active content survives —
// no script-like element, no event handler, no script or data: address, no inline style, no clobbered document
// property, nothing that changes when parsed again (mutation XSS) — while the real articles' markup stays:
// headings, paragraphs, web links (opened in a new tab) and images from the media host.
const MEDIA_IMAGE = '/ipfs/bafkreiexampleexampleexampleexampleexampleexampleexample';

const parse = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
};

/** Every trace of active content left in sanitized markup, described (an empty list when there is none). */
function activeContent(html: string): string[] {
  const holder = parse(html);
  const found: string[] = [];
  for (const name of FORBIDDEN_ELEMENTS) {
    // getElementsByTagName matches SVG's camelCase names (foreignObject) as well as HTML's.
    if (holder.getElementsByTagName(name).length > 0) found.push(`<${name}>`);
  }
  for (const element of Array.from(holder.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on')) found.push(`${element.localName} ${name}="${value}"`);
      if (lower === 'style' || lower === 'srcdoc' || lower === 'action' || lower === 'formaction') found.push(`${element.localName} ${name}`);
      if ((URL_ATTRIBUTES as readonly string[]).includes(lower) && SCRIPT_URL.test(value)) found.push(`${element.localName} ${name}="${value}"`);
      if (lower === 'href' && element.localName === 'a' && !/^https?:\/\//.test(value)) found.push(`a link that is not a web address: ${value}`);
      if ((lower === 'id' || lower === 'name') && value in document) found.push(`${element.localName} ${name}="${value}" clobbers document.${value}`);
    }
  }
  return found;
}

describe('the article XSS corpus through sanitizeHtml', () => {
  for (const article of XSS_ARTICLES) {
    describe(article.title, () => {
      const out = sanitizeHtml(xssArticleDocument(article, MEDIA_IMAGE), { dropHeading: article.title });

      it('keeps no active content, and parsing it again changes nothing (no mutation XSS)', () => {
        expect(activeContent(out)).toEqual([]);
        expect(parse(out).innerHTML).toBe(out);
        expect(parse(sanitizeHtml(out)).isEqualNode(parse(out))).toBe(true);
      });

      it('keeps the prose and the words of the neutralized links; the heading that repeats the title is dropped', () => {
        const holder = parse(out);
        const texts = Array.from(holder.querySelectorAll('*')).map((element) => element.textContent);
        for (const text of article.visible) expect(texts, text).toContain(text);
        expect(holder.querySelector('h1')).toBeNull();
        expect(holder.firstElementChild?.localName).toBe('p');
      });
    });
  }

  it('keeps the real articles\' markup: the web link in a new tab and the image from the media host', () => {
    const article = XSS_ARTICLES.find((candidate) => candidate.title.startsWith('Corpus: links and URLs'))!;
    const holder = parse(sanitizeHtml(xssArticleDocument(article, MEDIA_IMAGE), { dropHeading: article.title }));
    const links = Array.from(holder.querySelectorAll('a[href]'));
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel'), link.textContent])).toEqual([
      ['https://ethereum.org/en/wallets/', '_blank', 'noopener noreferrer', 'how browser wallets work'],
    ]);
    // The seven code addresses lost their href and kept their words.
    expect(holder.querySelectorAll('a:not([href])')).toHaveLength(7);
    const image = holder.querySelector('img')!;
    expect([image.getAttribute('src'), image.getAttribute('alt'), image.getAttribute('width')]).toEqual([MEDIA_IMAGE, 'A cover from the media store', '160']);
  });

  it('drops the names and ids that would clobber document properties; the document keeps its own', () => {
    const article = XSS_ARTICLES.find((candidate) => candidate.title.startsWith('Corpus: DOM clobbering'))!;
    const holder = parse(sanitizeHtml(xssArticleDocument(article, MEDIA_IMAGE), { dropHeading: article.title }));
    document.body.append(holder);
    try {
      const named = Array.from(holder.querySelectorAll('[id], [name]')).flatMap((element) => [element.getAttribute('id'), element.getAttribute('name')]);
      for (const name of CLOBBERED_DOCUMENT_NAMES) expect(named).not.toContain(name);
      expect(typeof document.getElementById).toBe('function');
      expect(typeof document.querySelector).toBe('function');
      expect(typeof document.cookie).toBe('string');
      expect(document.body).toBeInstanceOf(HTMLBodyElement);
      expect(document.defaultView).toBe(window);
      expect(document.location).toBe(window.location);
    } finally {
      holder.remove();
    }
  });

  it('each mutation XSS payload alone (in the article they run into each other) keeps no active content and is stable', () => {
    for (const payload of MUTATION_PAYLOADS) {
      const out = sanitizeHtml(`<p>Before</p>${payload}<p>After</p>`);
      expect(activeContent(out), payload).toEqual([]);
      expect(parse(sanitizeHtml(out)).isEqualNode(parse(out)), payload).toBe(true);
      expect(parse(out).textContent, payload).toMatch(/^Before/);
    }
  });

  it('the markup payloads of the text-field corpus (support/xssCorpus.ts) keep no active content either', () => {
    const markup = XSS_CORPUS.filter((payload) => payload.sink === 'html' || payload.sink === 'script-stripped');
    expect(markup.length).toBeGreaterThan(15);
    for (const payload of markup) expect(activeContent(sanitizeHtml(`<p>Text</p>${payload.text}`)), `#${payload.id} ${payload.label}`).toEqual([]);
  });
});
