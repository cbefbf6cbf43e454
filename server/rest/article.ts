// REST under /api/v1/article (issue 15; seed 001 §7 "GET /article/{id}", §2 "Article page shows the body fetched by
// ipfsHash"): one article with its HTML body read from the media store. The body is returned as text; the app
// sanitizes it (DOMPurify) before rendering it.
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { accounts, articles, artists } from '../db/schema.js';
import { mediaUrl, thumbnailUrl } from '../graphql/people.js';
import { errorResponse, parseInput } from '../http/errors.js';
import type { RestRouteOptions } from './routeOptions.js';

const idSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'The article id must be a positive integer.').transform(Number);

export function articleRoutes({ db, config, mediaStore }: RestRouteOptions) {
  const api = new Hono();
  const ipfs = config.public.ipfs;

  api.get('/:id', async (c) => {
    const id = parseInput(idSchema, c.req.param('id'));
    const [row] = await db
      .select({ article: articles, artistAddress: accounts.address })
      .from(articles)
      .leftJoin(artists, eq(artists.id, articles.artistId))
      .leftJoin(accounts, eq(accounts.id, artists.accountId))
      .where(eq(articles.id, id));
    if (!row) return errorResponse(c, 404, 'not_found', 'No article with this id.');
    const stored = await mediaStore.get(row.article.ipfsHash);
    if (!stored) return errorResponse(c, 404, 'not_found', 'The body of this article is not in the media store.');
    const { article } = row;
    c.header('Cache-Control', 'no-cache');
    return c.json({
      id: String(article.id),
      type: article.type,
      title: article.title,
      cover: mediaUrl(ipfs, article.cover),
      coverThumbnail: thumbnailUrl(ipfs, article.cover),
      ipfsHash: article.ipfsHash,
      mediaUrl: mediaUrl(ipfs, article.ipfsHash),
      isFeatured: article.isFeatured,
      artist: row.artistAddress,
      createdAt: article.createdAt.toISOString(),
      body: new TextDecoder().decode(stored.bytes),
    });
  });

  return api;
}
