// REST under /api/v1/article (docs/requirements.md#content-pages "GET /article/{id}; GET /article; GET /article/featured", docs/requirements.md#content-pages Article).
// - GET /article?page=&perPage=: the media articles, newest first (created_at, then id, both descending). The seed
//   gives no page size for them, so pages default to ARTICLE_PAGE_SIZE and are capped at ARTICLE_MAX_PAGE_SIZE;
//   answers { articles, totalCount, page, perPage, hasNextPage }. Offset pages: editorial articles are few.
// - GET /article/featured: { article } — the newest featured article, or { article: null } when none is featured
//   (200: having no featured article is not an error; the home and /media-articles then leave it out).
// - GET /article/{id} (the artists' pages; docs/requirements.md#content-pages "Article page shows the body fetched by ipfsHash"): one article with its
//   HTML body read from the media store, returned as text; the app sanitizes it (DOMPurify) before rendering it.
// The list and featured answers carry no body: a card shows the cover, title, type and date. The handlers read the
// request and answer; the reads are the articles service's (./service.ts), over the queries GraphQL's getArticles,
// getFeaturedArticle and getArticle share (./queries.ts), which the app uses.
// The query, the path and the answers are the wire contracts' (domain/contracts/articles.ts).
import { Hono } from 'hono';
import {
  articleIdParam,
  articleListQuery,
  type ArticleAnswer,
  type ArticlePageAnswer,
  type FeaturedArticleAnswer,
} from '../../domain/contracts/articles.js';
import { parseInput } from '../http/errors.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { articlesService } from './service.js';

export function articleRoutes({ db, config, mediaStore }: RestRouteOptions) {
  const api = new Hono();
  const service = articlesService({ db, config, mediaStore });

  api.get('/', async (c) => {
    const query = parseInput(articleListQuery, c.req.query());
    const page = await service.list(query.page, query.perPage);
    c.header('Cache-Control', 'no-cache');
    return c.json(page satisfies ArticlePageAnswer);
  });

  api.get('/featured', async (c) => {
    const article = await service.featured();
    c.header('Cache-Control', 'no-cache');
    return c.json({ article } satisfies FeaturedArticleAnswer);
  });

  api.get('/:id', async (c) => {
    const article = await service.article(parseInput(articleIdParam, c.req.param('id')));
    c.header('Cache-Control', 'no-cache');
    return c.json(article satisfies ArticleAnswer);
  });

  return api;
}
