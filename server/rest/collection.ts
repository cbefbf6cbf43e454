// REST under /api/v1/collection (issue 5): featured and trending collections, and the creator's edit of
// description and cover (multipart, one transaction).
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import type { Db } from '../db/client.js';
import { collections, likes, tokens } from '../db/schema.js';
import { collectionNode } from '../graphql/collections.js';
import { chainName } from '../graphql/browsing/chains.js';
import { loadPeople } from '../graphql/people.js';
import { ApiError, errorResponse, parseInput } from '../http/errors.js';
import { readFormOnly } from '../http/body.js';
import { createMediaStore } from '../media/store.js';
import { parseCollectionForm } from './collectionForm.js';
import type { RestRouteOptions } from './routeOptions.js';
import { z } from 'zod';

type CollectionRow = typeof collections.$inferSelect;

export const FEATURED_LIMIT = 20;
export const TRENDING_LIMIT = 10;
/** Trending = most likes received in this window by the collection's tokens. */
export const TRENDING_DAYS = 7;

const idSchema = z.string().regex(/^[1-9]\d{0,15}$/, 'The collection id must be a positive integer.').transform(Number);
const visible = and(eq(collections.isHidden, false), eq(collections.state, 'published'));

export function collectionRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  const ipfs = config.public.ipfs;

  const shape = async (rows: CollectionRow[]) => {
    const person = await loadPeople(
      db,
      ipfs,
      rows.map((row) => row.creator),
    );
    return rows.map((row) => ({ ...collectionNode(ipfs, row, person(row.creator)), chainName: chainName(config.public, row.chainId) }));
  };

  api.get('/featured', async (c) => {
    const rows = await db
      .select()
      .from(collections)
      .where(and(visible, eq(collections.isFeatured, true)))
      .orderBy(desc(collections.id))
      .limit(FEATURED_LIMIT);
    c.header('Cache-Control', 'no-cache');
    return c.json({ collections: await shape(rows) });
  });

  // Ranked by likes given in the last TRENDING_DAYS days, then all-time likes, then newest.
  api.get('/trending', async (c) => {
    const recent = db
      .select({ collectionId: tokens.collectionId, n: sql<number>`count(*)`.as('n') })
      .from(likes)
      .innerJoin(tokens, eq(tokens.id, likes.tokenId))
      .where(sql`${likes.createdAt} > now() - make_interval(days => ${TRENDING_DAYS})`)
      .groupBy(tokens.collectionId)
      .as('recent');
    const rows = await db
      .select({ collection: collections })
      .from(collections)
      .leftJoin(recent, eq(recent.collectionId, collections.id))
      .where(visible)
      .orderBy(sql`coalesce(${recent.n}, 0) DESC`, desc(collections.likesCount), desc(collections.id))
      .limit(TRENDING_LIMIT);
    c.header('Cache-Control', 'no-cache');
    return c.json({ collections: await shape(rows.map((row) => row.collection)) });
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
        const cover = form.cover ? await createMediaStore(tx as unknown as Db).put(form.cover.bytes, form.cover.contentType) : undefined;
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
      const [body] = await shape([updated]);
      return c.json(body);
    },
  );

  return api;
}
