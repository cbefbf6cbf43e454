// Stored HTML (an artist's article, the artists' pages: docs/requirements.md#content-pages "first article rendered as HTML") is sanitized with
// DOMPurify here, before anything renders it: scripts, event handlers, javascript: URLs, frames, objects, forms and
// styles are removed; text formatting, headings, lists, quotes, links and images stay. Views only ever receive a
// `SanitizedHtml` from this module for dangerouslySetInnerHTML.
import DOMPurify from 'dompurify';

declare const sanitized: unique symbol;

/** HTML that went through sanitizeHtml (the only way to make one). */
export type SanitizedHtml = string & { readonly [sanitized]: true };

const OPTIONS = {
  // Active or layout-breaking content the article body never needs (DOMPurify's defaults already drop scripts and
  // handlers; these are dropped as well, whatever DOMPurify's default list becomes).
  FORBID_TAGS: ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'meta', 'link', 'base', 'template'],
  // 'background' (table/td), 'poster' and 'srcset' load addresses the article's images never need.
  FORBID_ATTR: ['style', 'srcdoc', 'formaction', 'action', 'background', 'poster', 'srcset'],
  // Only web and mail links; relative links stay (DOMPurify's default otherwise also allows tel:, ftp:, …).
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

export interface SanitizeOptions {
  /** Removes the body's first h1 when its text is this title (the page shows the title as its own heading). */
  dropHeading?: string;
}

/** The HTML with everything executable removed (a whole document gives its body's content). */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): SanitizedHtml {
  const fragment = DOMPurify.sanitize(html, { ...OPTIONS, RETURN_DOM_FRAGMENT: true });
  if (options.dropHeading !== undefined) {
    const heading = fragment.querySelector('h1');
    if (heading && heading.textContent?.trim() === options.dropHeading.trim()) heading.remove();
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  // Links in an article leave the app in a new tab, without access to it.
  for (const link of Array.from(holder.querySelectorAll('a[href]'))) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return holder.innerHTML as SanitizedHtml;
}
