import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/services/sanitizeHtml';

// What the artist page and the article page render of stored HTML (DOMPurify, src/services/sanitizeHtml.ts).
const parse = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
};

describe('sanitizeHtml', () => {
  it('removes scripts, also inside svg, and keeps the text around them', () => {
    const out = sanitizeHtml('<p>Before</p><script>window.__xss(1)</script><svg><script>__xss(2)</script></svg><p>After</p>');
    expect(out).not.toMatch(/script|__xss/i);
    expect(parse(out).textContent).toBe('BeforeAfter');
  });

  it('removes event handler attributes (onerror, onload, ontoggle) and keeps the element', () => {
    const out = sanitizeHtml('<img src="/ipfs/a.png" onerror="__xss(3)" alt="Tile"><details open ontoggle="__xss(4)"><summary>More</summary></details><svg onload="__xss(5)"></svg>');
    expect(out).not.toMatch(/\bon[a-z]+=|__xss/i);
    const image = parse(out).querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/ipfs/a.png');
    expect(image.getAttribute('alt')).toBe('Tile');
  });

  it('removes javascript: URLs (any case, with leading white space) and data: links', () => {
    const out = sanitizeHtml(
      '<a href="javascript:__xss(6)">one</a><a href="JaVaScRiPt:__xss(7)">two</a><a href=" javascript:__xss(8)">three</a><a href="data:text/html,<script>__xss(9)</script>">four</a>',
    );
    expect(out).not.toMatch(/javascript:|data:|__xss/i);
    const links = [...parse(out).querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['one', 'two', 'three', 'four']);
    expect(links.every((link) => !link.hasAttribute('href'))).toBe(true);
  });

  it('removes iframes, objects, embeds, forms, meta refreshes and inline styles', () => {
    const out = sanitizeHtml(
      '<iframe srcdoc="<script>parent.__xss(10)</script>"></iframe><object data="javascript:__xss(11)"></object><embed src="/x.swf"><form action="/steal"><input name="q"><button>Go</button></form><meta http-equiv="refresh" content="0;url=/xss-nav-12"><p style="position:fixed">Styled</p><style>body{display:none}</style>',
    );
    const holder = parse(out);
    expect(holder.querySelectorAll('iframe, object, embed, form, input, button, meta, style').length).toBe(0);
    expect(out).not.toMatch(/__xss|xss-nav|style=/i);
    expect(holder.querySelector('p')?.textContent).toBe('Styled');
  });

  it('removes attributes that load other addresses: table background, video poster, image srcset', () => {
    const out = sanitizeHtml('<table background="https://evil.example/a.png"><tr><td background="/x.png">Cell</td></tr></table><video poster="https://evil.example/p.png"></video><img src="/ipfs/a.png" srcset="https://evil.example/b.png 2x" alt="Tile">');
    expect(out).not.toMatch(/background=|poster=|srcset=|evil\.example/i);
    expect(parse(out).textContent).toBe('Cell');
    expect(parse(out).querySelector('img')!.getAttribute('src')).toBe('/ipfs/a.png');
  });

  it('keeps formatting: headings, paragraphs, emphasis, lists, quotes, line breaks, images and web links (opened in a new tab)', () => {
    const html =
      '<h2>Studio</h2><p>A <strong>bold</strong> and <em>quiet</em> <b>practice</b><br>on two lines.</p><ul><li>Tiles</li><li>Grids</li></ul><ol><li>One</li></ol><blockquote>“A rule.”</blockquote><p><a href="https://maravale.art/notes">Notes</a> <a href="/artist/0xabc">Artist</a></p><img src="/ipfs/cover.png" alt="Cover" width="400" height="200">';
    const holder = parse(sanitizeHtml(html));
    expect(holder.querySelector('h2')?.textContent).toBe('Studio');
    expect(holder.querySelector('strong')?.textContent).toBe('bold');
    expect(holder.querySelector('em')?.textContent).toBe('quiet');
    expect(holder.querySelector('b')?.textContent).toBe('practice');
    expect(holder.querySelector('br')).not.toBeNull();
    expect([...holder.querySelectorAll('ul li')].map((item) => item.textContent)).toEqual(['Tiles', 'Grids']);
    expect(holder.querySelector('ol li')?.textContent).toBe('One');
    expect(holder.querySelector('blockquote')?.textContent).toBe('“A rule.”');
    const [web, local] = [...holder.querySelectorAll('a')];
    expect(web?.getAttribute('href')).toBe('https://maravale.art/notes');
    expect(web?.getAttribute('target')).toBe('_blank');
    expect(web?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(local?.getAttribute('href')).toBe('/artist/0xabc');
    expect(holder.querySelector('img')?.getAttribute('width')).toBe('400');
  });

  it('a whole document gives its body; the body heading that repeats the page title is dropped', () => {
    const document = '<!doctype html><html><head><meta charset="utf-8"><title>A conversation</title></head><body><h1>A conversation</h1><p>Read on.</p></body></html>';
    const holder = parse(sanitizeHtml(document, { dropHeading: 'A conversation' }));
    expect(holder.querySelector('h1')).toBeNull();
    expect(holder.querySelector('title')).toBeNull();
    expect(holder.innerHTML).toBe('<p>Read on.</p>');
    // Another title keeps the heading.
    expect(parse(sanitizeHtml(document, { dropHeading: 'Other' })).querySelector('h1')?.textContent).toBe('A conversation');
  });

  it('text that only looks like markup stays text', () => {
    const holder = parse(sanitizeHtml('<p>&lt;img src=x onerror=__xss(13)&gt;</p>'));
    expect(holder.querySelector('img')).toBeNull();
    expect(holder.textContent).toBe('<img src=x onerror=__xss(13)>');
  });
});
