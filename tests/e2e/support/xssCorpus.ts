// The XSS corpus of the e2e suite (tests/e2e/xss.spec.ts): classic payloads, each of which, if the browser ever
// ran it, calls window.__xss(<id>), opens a dialog, sets document.title or logs a marker built at run time
// ('XSS' + '_TITLE_…', so the stored text itself never contains it), navigates to /xss-nav-<id>, or at least
// loads /xss-probe/<id>. The spec's guard records every one of these, and the markup itself (an injected on*
// attribute, javascript: URL, script, iframe or object) as soon as it reaches the DOM.

export type XssSink =
  | 'html' // innerHTML
  | 'attribute-dq' // inside a double-quoted attribute of markup built as a string
  | 'attribute-sq' // inside a single-quoted attribute
  | 'textarea' // inside <textarea>…</textarea> built as a string
  | 'url' // an href
  | 'markdown' // a naive markdown link renderer
  | 'template' // evaluated as a JS template literal
  | 'expression' // a {{ }} template expression
  | 'entity-decoded' // decoded once more, then innerHTML
  | 'url-decoded' // decodeURIComponent, then innerHTML
  | 'script-stripped'; // a filter that removes <script> tags once, then innerHTML

export interface XssPayload {
  /** Its number: the argument of its __xss call and the suffix of its markers. */
  id: number;
  /** What it tries, for failure messages. */
  label: string;
  text: string;
  sink: XssSink;
  /** Running it navigates the page away (to /xss-nav-<id>). */
  navigates?: boolean;
}

const corpus: Array<[label: string, sink: XssSink, text: (id: number) => string]> = [
  ['script tag', 'html', (n) => `<script>__xss(${n})</script>`],
  ['img onerror', 'html', (n) => `<img src=x onerror=__xss(${n})>`],
  ['svg onload', 'html', (n) => `<svg onload=__xss(${n})>`],
  ['script inside svg', 'html', (n) => `<svg><script>__xss(${n})</script></svg>`],
  ['double-quote attribute breakout', 'attribute-dq', (n) => `"><img src=x onerror=__xss(${n})>`],
  ['single-quote attribute breakout', 'attribute-sq', (n) => `'><svg/onload=__xss(${n})>`],
  ['attribute injection without brackets (double quotes)', 'attribute-dq', (n) => `" autofocus onfocus="__xss(${n})" x="`],
  ['attribute injection without brackets (single quotes)', 'attribute-sq', (n) => `' onmouseover='__xss(${n})' x='`],
  ['textarea breakout', 'textarea', (n) => `</textarea><img src=x onerror=__xss(${n})>`],
  ['title breakout', 'html', (n) => `</title><script>__xss(${n})</script>`],
  ['javascript: URL', 'url', (n) => `javascript:__xss(${n})`],
  ['mixed-case javascript: URL', 'url', (n) => `JaVaScRiPt:__xss(${n})`],
  ['anchor with a javascript: href', 'html', (n) => `<a href="javascript:__xss(${n})">click me</a>`],
  ['markdown link to javascript:', 'markdown', (n) => `[click me](javascript:__xss(${n}))`],
  ['iframe srcdoc', 'html', (n) => `<iframe srcdoc="<script>parent.__xss(${n})</script>"></iframe>`],
  ['mixed-case tag and handler', 'html', (n) => `<ImG sRc=x OnErRoR=__xss(${n})>`],
  ['entity-encoded markup', 'entity-decoded', (n) => `&lt;img src=x onerror=__xss(${n})&gt;`],
  ['entity-encoded handler body', 'html', (n) => `<img src=x onerror="&#95;&#95;xss(${n})">`],
  ['template literal', 'template', (n) => `\${__xss(${n})}`],
  ['template injection via constructor', 'expression', (n) => `{{constructor.constructor('__xss(${n})')()}}`],
  ['details ontoggle (fires by itself)', 'html', (n) => `<details open ontoggle=__xss(${n})>`],
  ['input autofocus onfocus', 'html', (n) => `<input autofocus onfocus=__xss(${n})>`],
  ['alert dialog', 'html', (n) => `<img src=x onerror=alert('__xss${n}')>`],
  ['document.title', 'html', (n) => `<img src=x onerror="document.title='XSS'+'_TITLE_${n}'">`],
  ['console marker', 'html', (n) => `<img src=x onerror="console.log('XSS'+'_CONSOLE_${n}')">`],
  ['navigation by script', 'html', (n) => `<img src=x onerror="location='/xss-nav-${n}'">`],
  ['meta refresh navigation', 'html', (n) => `<meta http-equiv="refresh" content="0;url=/xss-nav-${n}">`],
  ['plain HTML injection (image request, no script)', 'html', (n) => `<img src="/xss-probe/${n}">`],
  ['URL-encoded script tag', 'url-decoded', (n) => `%3Cimg%20src%3Dx%20onerror%3D__xss(${n})%3E`],
  ['nested tags against naive filters', 'script-stripped', (n) => `<scr<script>ipt>__xss(${n})</scr</script>ipt>`],
  ['object with a javascript: data URL', 'html', (n) => `<object data="javascript:__xss(${n})"></object>`],
];

export const XSS_CORPUS: readonly XssPayload[] = corpus.map(([label, sink, text], index) => {
  const id = index + 1;
  const payload: XssPayload = { id, label, sink, text: text(id) };
  return payload.text.includes('/xss-nav-') ? { ...payload, navigates: true } : payload;
});

/** Whether one of the guard's hits names payload #id (its call, marker, path or stored text). */
export const hitNames = (hit: string, id: number) => new RegExp(`(?:__xss\\(?|called: |_TITLE_|_CONSOLE_|xss-nav-|xss-probe/)${id}(?!\\d)`).test(hit);

/** Anything carrying one of the corpus' markers (in stored text, or in markup that should never exist). */
export const XSS_MARK = /__xss|xss-(?:probe|nav)|'XSS'/i;

/** What only a payload that ran can produce (built at run time from pieces: never in the stored text). */
export const XSS_RUNTIME_MARK = /XSS_(?:TITLE|CONSOLE)_\d+/;

/** Paths only an injected payload requests or navigates to. */
export const XSS_PATH = /\/xss-(?:probe|nav)/i;

/**
 * Emails shaped like breakouts that are still ordinary addresses (quotes, plus signs and hyphens are allowed in
 * the local part), so they are stored and shown; the corpus itself is refused as an email.
 */
export const XSS_EMAILS = ["o'neil'-__xss+1@example.com", "x'+'__xss_2-@example.com"] as const;
