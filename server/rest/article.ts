// REST under /api/v1/article (seed 001 §7 "GET /article/{id}; GET /article; GET /article/featured", §3 Article).
// - GET /article?page=&perPage=: the media articles, newest first (created_at, then id, both descending). The seed
//   gives no page size for them, so pages default to ARTICLE_PAGE_SIZE and are capped at ARTICLE_MAX_PAGE_SIZE;
//   answers { articles, totalCount, page, perPage, hasNextPage }. Offset pages: editorial articles are few.
// - GET /article/featured: { article } — the newest featured article, or { article: null } when none is featured
//   (200: having no featured article is not an error; the home and /media-articles then leave it out).
// - GET /article/{id} (issue 15; seed §2 "Article page shows the body fetched by ipfsHash"): one article with its
//   HTML body read from the media store, returned as text; the app sanitizes it (DOMPurify) before rendering it.
// The list and featured answers carry no body: a card shows the cover, title, type and date.
import { count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { accounts, articles, artists } from '../db/schema.js';
import { mediaUrl, thumbnailUrl } from '../graphql/people.js';
import { errorResponse, parseInput } from '../http/errors.js';
import type { RestRouteOptions } from './routeOptions.js';

export const ARTICLE_PAGE_SIZE = 24;
export const ARTICLE_MAX_PAGE_SIZE = 50;

const idSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'The article id must be a positive integer.').transform(Number);
const listSchema = z.strictObject({
  page: z.string().regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.').transform(Number).optional(),
  perPage: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, `perPage must be a whole number from 1 to ${ARTICLE_MAX_PAGE_SIZE}.`)
    .transform(Number)
    .refine((n) => n <= ARTICLE_MAX_PAGE_SIZE, `perPage must be a whole number from 1 to ${ARTICLE_MAX_PAGE_SIZE}.`)
    .optional(),
});

type ArticleRow = typeof articles.$inferSelect;

export function articleRoutes({ db, config, mediaStore }: RestRouteOptions) {
  const api = new Hono();
  const ipfs = config.public.ipfs;

  const summary = (article: ArticleRow, artist: string | null) => ({
    id: String(article.id),
    type: article.type,
    title: article.title,
    cover: mediaUrl(ipfs, article.cover),
    coverThumbnail: thumbnailUrl(ipfs, article.cover),
    ipfsHash: article.ipfsHash,
    mediaUrl: mediaUrl(ipfs, article.ipfsHash),
    isFeatured: article.isFeatured,
    artist,
    createdAt: article.createdAt.toISOString(),
  });

  const withArtist = () =>
    db
      .select({ article: articles, artistAddress: accounts.address })
      .from(articles)
      .leftJoin(artists, eq(artists.id, articles.artistId))
      .leftJoin(accounts, eq(accounts.id, artists.accountId));

  api.get('/', async (c) => {
    const query = parseInput(listSchema, c.req.query());
    const page = query.page ?? 1;
    const perPage = query.perPage ?? ARTICLE_PAGE_SIZE;
    const [rows, [total]] = await Promise.all([
      withArtist()
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(articles),
    ]);
    const totalCount = Number(total?.n ?? 0);
    c.header('Cache-Control', 'no-cache');
    return c.json({
      articles: rows.map((row) => summary(row.article, row.artistAddress)),
      totalCount,
      page,
      perPage,
      hasNextPage: page * perPage < totalCount,
    });
  });

  api.get('/featured', async (c) => {
    const [row] = await withArtist()
      .where(eq(articles.isFeatured, true))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(1);
    c.header('Cache-Control', 'no-cache');
    return c.json({ article: row ? summary(row.article, row.artistAddress) : null });
  });

  api.get('/:id', async (c) => {
    const id = parseInput(idSchema, c.req.param('id'));
    const [row] = await withArtist().where(eq(articles.id, id));
    if (!row) return errorResponse(c, 404, 'not_found', 'No article with this id.');
    const stored = await mediaStore.get(row.article.ipfsHash);
    if (!stored) return errorResponse(c, 404, 'not_found', 'The body of this article is not in the media store.');
    c.header('Cache-Control', 'no-cache');
    return c.json({ ...summary(row.article, row.artistAddress), body: new TextDecoder().decode(stored.bytes) });
  });

  return api;
}
