// The editorial articles' rules (docs/requirements.md#content-pages Article), shared by the server's REST and GraphQL
// reads, the first answers the server sends with a page, and the app's article page: which ids can be an article's,
// and how many articles a page holds. Plain values, so the app's first load reads them without the wire contracts.

/** An article id: a positive integer as text, without a leading zero. Any other id names no article. */
export const ARTICLE_ID = /^[1-9]\d{0,15}$/;
export const ARTICLE_ID_MESSAGE = 'The article id must be a positive integer.';

/** The seed gives no page size for articles: pages default to 24 and are capped at 50. */
export const ARTICLE_PAGE_SIZE = 24;
export const ARTICLE_MAX_PAGE_SIZE = 50;
