// REST under /api/v1/collection (issue 5): featured and trending collections, and the creator's edit of
// description and cover (multipart, one transaction).
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { collections, mediaPins } from '../db/schema.js';
import { collectionAnswers, readFeaturedCollections, readTrendingCollections } from '../graphql/home/queries.js';
import { ApiError, errorResponse, parseInput } from '../http/errors.js';
import { readFormOnly } from '../http/body.js';
import { collectDropped } from '../media/collect.js';
import { parseCollectionForm } from './collectionForm.js';
import type { RestRouteOptions } from './routeOptions.js';
import { z } from 'zod';

export { FEATURED_LIMIT, TRENDING_DAYS, TRENDING_LIMIT } from '../graphql/home/queries.js';

const idSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'The collection id must be a positive integer.').transform(Number);

export function collectionRoutes({ db, config, limiter, mediaStore }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();

  // The same reads as GraphQL's getFeaturedCollections and getTrendingCollections (server/graphql/home/queries.ts).
  api.get('/featured', async (c) => {
    const answer = await readFeaturedCollections(db, config.public);
    c.header('Cache-Control', 'no-cache');
    return c.json({ collections: answer });
  });

  // Ranked by likes given in the last TRENDING_DAYS days, then all-time likes, then newest.
  api.get('/trending', async (c) => {
    const answer = await readTrendingCollections(db, config.public);
    c.header('Cache-Control', 'no-cache');
    return c.json({ collections: answer });
  });

  api.put(
    '/:id',
    requireAccount(db, { rejectBanned: true, limiter }),
    async (c) => {
      const auth = signedInAccount(c);
      const id = parseInput(idSchema, c.req.param('id'));
      const [target] = await db.select().from(collections).where(eq(collections.id, id));
      if (!target) return errorResponse(c, 404, 'not_found', 'No collection with this id.');
      if (target.creator !== auth.address) throw new ApiError(403, 'forbidden', "Only the collection's creator can edit it.");
      const form = await parseCollectionForm(await readFormOnly(c, 'Send the collection as multipart/form-data.'), config.public.maxFileSize);
      const updated = await db.transaction(async (tx) => {
        // The media row is written in the same transaction, so a failed update leaves no orphan cover.
        const cover = form.cover ? await mediaStore.within(tx).put(form.cover.bytes, form.cover.contentType) : undefined;
        // A published collection's manifest (immutable, on chain) still names the cover it had: pinned, never collected.
        if (cover !== undefined && target.cover && target.cover !== cover && target.baseUri) {
          await tx.insert(mediaPins).values({ cid: target.cover, collectionId: id }).onConflictDoNothing();
        }
        const [row] = await tx
          .update(collections)
          .set({
            updatedAt: new Date(),
            ...(form.description !== undefined ? { description: form.description } : {}),
            ...(cover !== undefined ? { cover } : {}),
          })
          .where(and(eq(collections.id, id), eq(collections.creator, auth.address)))
          .returning();
        if (!row) throw new ApiError(404, 'not_found', 'No collection with this id.');
        return row;
      });
      if (updated.cover !== target.cover) await collectDropped(db, [target.cover], config.security.storage.mediaGraceMs);
      const [body] = await collectionAnswers(db, config.public, [updated]);
      return c.json(body);
    },
  );

  return api;
}
