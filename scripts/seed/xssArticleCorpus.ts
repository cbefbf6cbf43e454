// The XSS corpus of the editorial pages' editorial articles: six articles whose titles and HTML bodies carry the classic
// payloads (script tags, event handlers, javascript: and data: URLs, SVG and MathML tricks, srcdoc frames, meta
// refresh, styles and CSS exfiltration, template/noscript mutation XSS, DOM clobbering). The e2e stack seeds them
// (scripts/seed/xssArticles.ts, SEED_XSS_ARTICLES=1); tests/e2e/xssArticle.spec.ts renders them in Chromium and
// tests/app/xssArticles.test.ts runs them through sanitizeHtml. Plain data: no imports, so every side can use it.
//
// Each payload, if it ever ran, calls window.__xss(<n>), opens a dialog, sets document.title or logs a marker built
// at run time ('XSS' + '_TITLE_…'), navigates to /xss-nav-<n>, or loads /xss-probe/<n> (the guard of
// tests/e2e/support/xssGuard.ts records each). Body payloads are numbered from 101, title payloads from 201.
// Every body starts with a paragraph of real prose, and `visible` lists texts the sanitized page must still show.

export interface XssArticle {
  type: 'essay' | 'news' | 'interview';
  /** Unique: the specs pick the articles by it. Carries payloads of its own, which must read as text. */
  title: string;
  /** The body's content (inside <body>, after the title heading). `{{image}}` is a media-host image's URL. */
  body: string;
  /** Texts the rendered body still shows, each the whole text of one element. */
  visible: readonly string[];
}

const IMAGE_TOKEN = '{{image}}';

// <svg id="x" xmlns="http://www.w3.org/2000/svg"><image href="1" onerror="__xss(146)"/></svg>, for an SVG <use>.
const SVG_USE_DOCUMENT = btoa('<svg id="x" xmlns="http://www.w3.org/2000/svg"><image href="1" onerror="__xss(146)"/></svg>');

// Mutation XSS: markup a sanitizer and the browser may parse differently. Those that open a raw-text or comment
// context (the last four) swallow what follows them, so they come last; tests also sanitize each one alone.
export const MUTATION_PAYLOADS: readonly string[] = [
  '<noscript><p title="</noscript><img src=x onerror=__xss(181)>"></noscript>',
  '<template><img src=x onerror=__xss(182)></template>',
  '<xmp><img title="</xmp><img src=x onerror=__xss(187)>"></xmp>',
  '<noembed><img title="</noembed><img src=x onerror=__xss(188)>"></noembed>',
  '<title><img title="</title><img src=x onerror=__xss(189)>"></title>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(184)>',
  '<svg></p><style><a id="</style><img src=1 onerror=__xss(185)>">',
  '<math><mi><mglyph><svg><mtext><textarea><a title="</textarea><img src onerror=__xss(186)>">',
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=__xss(183)&gt;">',
];

export const XSS_ARTICLES: readonly XssArticle[] = [
  {
    type: 'essay',
    title: 'Corpus: scripts and handlers <script>__xss(201)</script> <img src=x onerror=__xss(202)>',
    body: [
      '<p>Article bodies are HTML written by the editors; the article page shows them only after every script and handler has been removed.</p>',
      '<script>__xss(101)</script>',
      '<p>An image with an error handler stays an image without one:</p><img src=x onerror="__xss(102)" alt="">',
      '<svg onload="__xss(103)" width="20" height="20"><circle cx="10" cy="10" r="8"></circle></svg>',
      '<details open ontoggle="__xss(104)"><summary>A details element that fires its toggle by itself</summary><p>Opened by default, it would call its handler without a click.</p></details>',
      '<input autofocus onfocus="__xss(105)">',
      '<body onload="__xss(106)">',
      '<marquee onstart="__xss(107)">A marquee that starts by itself.</marquee>',
      '<video><source onerror="__xss(108)"></video>',
      '<ImG sRc=x OnErRoR=__xss(109)>',
      '<img src=x onerror="&#95;&#95;xss(110)">',
      "<img src=x onerror=alert('__xss111')>",
      `<img src=x onerror="document.title='XSS'+'_TITLE_112'">`,
      `<img src=x onerror="console.log('XSS'+'_CONSOLE_113')">`,
      `<img src=x onerror="location='/xss-nav-114'">`,
      '<scr<script>ipt>__xss(115)</scr</script>ipt>',
      '<p>The last paragraph: the words around the removed markup are all still here.</p>',
    ].join(''),
    visible: [
      'Article bodies are HTML written by the editors; the article page shows them only after every script and handler has been removed.',
      'An image with an error handler stays an image without one:',
      'A details element that fires its toggle by itself',
      'Opened by default, it would call its handler without a click.',
      'The last paragraph: the words around the removed markup are all still here.',
    ],
  },
  {
    type: 'news',
    title: 'Corpus: links and URLs "><a href="javascript:__xss(203)">click me</a> javascript:__xss(204)',
    body: [
      '<p>Links in an article open web pages in a new tab; an address that would run code loses its address and keeps its words.</p>',
      '<p>',
      '<a href="javascript:__xss(121)">A javascript: link</a>, ',
      '<a href="JaVaScRiPt:__xss(122)">one in mixed case</a>, ',
      '<a href=" javascript:__xss(123)">one after a space</a>, ',
      '<a href="&#106;avascript:__xss(124)">one with an encoded letter</a>, ',
      '<a href="java&#x09;script:__xss(125)">one with a tab in the scheme</a>, ',
      '<a href="data:text/html,&lt;script&gt;__xss(126)&lt;/script&gt;">a data: document</a> and ',
      '<a href="vbscript:__xss(127)">a vbscript: link</a>.',
      '</p>',
      '<object data="javascript:__xss(128)"></object>',
      '<embed src="javascript:__xss(129)">',
      '<form action="javascript:__xss(130)"><button formaction="javascript:__xss(131)">Send the form</button></form>',
      '<base href="javascript:__xss(132)//">',
      '<p>A real link stays: <a href="https://ethereum.org/en/wallets/">how browser wallets work</a>.</p>',
      `<p><img src="${IMAGE_TOKEN}" alt="A cover from the media store" width="160" height="60"></p>`,
    ].join(''),
    visible: [
      'A javascript: link',
      'one in mixed case',
      'one after a space',
      'one with an encoded letter',
      'one with a tab in the scheme',
      'a data: document',
      'a vbscript: link',
      'how browser wallets work',
    ],
  },
  {
    type: 'essay',
    title: `Corpus: SVG and MathML '><svg/onload=__xss(205)> <math href="javascript:__xss(206)">m</math>`,
    body: [
      '<p>SVG and MathML bring their own elements and their own ways to run code: scripts, links, animations and foreign objects.</p>',
      '<svg><script>__xss(141)</script></svg>',
      '<svg width="160" height="24"><a xlink:href="javascript:__xss(142)"><text x="0" y="16">An SVG link</text></a></svg>',
      '<svg><animate attributeName="href" to="javascript:__xss(143)"></animate><set attributeName="onload" to="__xss(144)"></set></svg>',
      '<svg><foreignObject><img src=x onerror=__xss(145)></foreignObject></svg>',
      `<svg><use href="data:image/svg+xml;base64,${SVG_USE_DOCUMENT}#x"></use></svg>`,
      '<p><math href="javascript:__xss(147)"><mi>x</mi></math> and <math><maction actiontype="statusline" xlink:href="javascript:__xss(148)"><mi>y</mi></maction></math></p>',
      '<svg><style>@import url(/xss-probe/149);</style></svg>',
      '<p>After the drawings and formulas, the prose goes on.</p>',
    ].join(''),
    visible: ['SVG and MathML bring their own elements and their own ways to run code: scripts, links, animations and foreign objects.', 'An SVG link', 'After the drawings and formulas, the prose goes on.'],
  },
  {
    type: 'news',
    title: 'Corpus: frames and styles </title><iframe srcdoc="<script>parent.__xss(207)</script>"> <meta http-equiv="refresh" content="0;url=/xss-nav-208">',
    body: [
      '<p>Frames, refreshes and style sheets are not part of an article: they are removed, the paragraphs they sit between stay.</p>',
      '<iframe srcdoc="<script>parent.__xss(161)</script>"></iframe>',
      '<iframe src="javascript:parent.__xss(162)"></iframe>',
      '<iframe src="data:text/html,<script>parent.__xss(163)</script>"></iframe>',
      '<meta http-equiv="refresh" content="0;url=/xss-nav-164">',
      '<link rel="stylesheet" href="/xss-probe/165">',
      "<style>@import url('/xss-probe/166');</style>",
      // CSS exfiltration: an attribute selector that reports what it matches by loading an address.
      `<style>a[href^="h"]{background:url('/xss-probe/167')}</style>`,
      `<p style="background:url('/xss-probe/168')">A paragraph whose inline style would load an address.</p>`,
      '<p style="position:fixed;inset:0;z-index:9999">A paragraph that would cover the whole page.</p>',
      '<frameset onload="__xss(169)"><frame src="javascript:parent.__xss(170)"></frameset>',
      '<textarea autofocus onfocus="__xss(171)"></textarea>',
    ].join(''),
    visible: [
      'Frames, refreshes and style sheets are not part of an article: they are removed, the paragraphs they sit between stay.',
      'A paragraph whose inline style would load an address.',
      'A paragraph that would cover the whole page.',
    ],
  },
  {
    type: 'essay',
    title: `Corpus: mutation XSS <noscript><p title="</noscript><img src=x onerror=__xss(209)>"> {{constructor.constructor('__xss(210)')()}} \${__xss(211)}`,
    body: [
      '<p>Mutation XSS hides markup in places a sanitizer and the browser parse differently, hoping it comes back to life when the page inserts it.</p>',
      '<p>&lt;img src=x onerror=__xss(190)&gt; is markup written as text, and stays text.</p>',
      ...MUTATION_PAYLOADS.map((payload) => `<div>${payload}</div>`),
    ].join(''),
    visible: [
      'Mutation XSS hides markup in places a sanitizer and the browser parse differently, hoping it comes back to life when the page inserts it.',
      '<img src=x onerror=__xss(190)> is markup written as text, and stays text.',
    ],
  },
  {
    type: 'essay',
    title: 'Corpus: DOM clobbering <img name="cookie"> <img src="/xss-probe/212"> &lt;img src=x onerror=__xss(213)&gt;',
    body: [
      '<p>DOM clobbering names elements after properties the page relies on, so that reading a property returns an element.</p>',
      '<img name="getElementById"><img name="cookie"><img name="body">',
      '<form id="location"></form><a id="defaultView"></a>',
      '<form name="querySelector"><input name="attributes"></form>',
      '<a id="ethereum"></a><a id="ethereum" name="request" href="https://example.org/">A second ethereum</a>',
      '<a id="__xss" href="https://example.org/">An anchor named after the marker</a>',
      '<p>The document keeps its own methods, and the app keeps working.</p>',
    ].join(''),
    visible: [
      'DOM clobbering names elements after properties the page relies on, so that reading a property returns an element.',
      'A second ethereum',
      'An anchor named after the marker',
      'The document keeps its own methods, and the app keeps working.',
    ],
  },
];

/** Names the clobbering article gives its elements that are document properties (the sanitizer must drop them). */
export const CLOBBERED_DOCUMENT_NAMES = ['getElementById', 'cookie', 'body', 'location', 'defaultView', 'querySelector'] as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The stored body: a whole HTML document like the demo's articles (title and heading, escaped as an editor's tool
 * would), with `image` (a media-host URL) in place of the image token.
 */
export function xssArticleDocument(article: XssArticle, image: string): string {
  const title = escapeHtml(article.title);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${article.body.replaceAll(IMAGE_TOKEN, image)}</body></html>`;
}

/** Elements an article body never keeps. */
export const FORBIDDEN_ELEMENTS = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'meta', 'link',
  'base', 'style', 'template', 'noscript', 'xmp', 'noembed', 'animate', 'set', 'foreignObject', 'use',
] as const;

/** Attributes holding an address. */
export const URL_ATTRIBUTES = ['href', 'xlink:href', 'src', 'srcdoc', 'data', 'action', 'formaction', 'background', 'poster', 'to', 'from', 'values'] as const;

/** An address that runs code or opens a document of its own (white space and control characters ignored). */
// eslint-disable-next-line no-control-regex
export const SCRIPT_URL = /^[\s\u0000-\u001f]*(?:j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|v\s*b\s*s\s*c\s*r\s*i\s*p\s*t|d\s*a\s*t\s*a)\s*:/i;
