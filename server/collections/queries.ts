// The collections' SQL: the featured and trending reads (docs/requirements.md#collection-page GET /collection/featured, /collection/trending),
// shared by REST (./service.ts) and GraphQL's home (graphql/home: getFeaturedCollections, getTrendingCollections), and
// the creator's edit (PUT /api/v1/collection/:id).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { collections, likes, mediaPins, tokens } from '../db/schema.js';
import { chainName } from '../graphql/browsing/chains.js';
import { collectionNode } from '../graphql/collections.js';
import { loadPeople } from '../graphql/people.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CollectionRow = typeof collections.$inferSelect;

/** The collection with this row id, or null. */
export async function findCollectionById(db: Pick<Db, 'select'>, id: number): Promise<CollectionRow | null> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id));
  return row ?? null;
}

/** Pins a cover to the collection (a published manifest names it): never collected. */
export async function pinCover(tx: Tx, cid: string, collectionId: number): Promise<void> {
  await tx.insert(mediaPins).values({ cid, collectionId }).onConflictDoNothing();
}

/** Writes the description and/or cover of the creator's collection; the updated row, or null when it is not theirs (or gone). */
export async function updateCollection(tx: Tx, id: number, creator: string, values: { description?: string; cover?: string }): Promise<CollectionRow | null> {
  const [row] = await tx
    .update(collections)
    .set({
      updatedAt: new Date(),
      ...(values.description !== undefined ? { description: values.description } : {}),
      ...(values.cover !== undefined ? { cover: values.cover } : {}),
    })
    .where(and(eq(collections.id, id), eq(collections.creator, creator)))
    .returning();
  return row ?? null;
}

export const FEATURED_LIMIT = 20;
export const TRENDING_LIMIT = 10;
/** Trending = most likes received in this window by the collection's tokens. */
export const TRENDING_DAYS = 7;

const visible = and(eq(collections.isHidden, false), eq(collections.state, 'published'));

/** Collections as GraphQL's Collection (and REST's answers): with the creator's person info and the chain's name. */
export async function collectionAnswers(db: Db, config: Pick<PublicConfig, 'ipfs' | 'evms'>, rows: CollectionRow[]) {
  const person = await loadPeople(
    db,
    config.ipfs,
    rows.map((row) => row.creator),
  );
  return rows.map((row) => ({ ...collectionNode(config.ipfs, row, person(row.creator)), chainName: chainName(config, row.chainId) }));
}

/** The featured collections shown (visible, published), newest first, at most FEATURED_LIMIT. */
export async function readFeaturedCollections(db: Db, config: Pick<PublicConfig, 'ipfs' | 'evms'>) {
  const rows = await db
    .select()
    .from(collections)
    .where(and(visible, eq(collections.isFeatured, true)))
    .orderBy(desc(collections.id))
    .limit(FEATURED_LIMIT);
  return collectionAnswers(db, config, rows);
}

/** The shown collections ranked by likes given in the last TRENDING_DAYS days, then all-time likes, then newest. */
export async function readTrendingCollections(db: Db, config: Pick<PublicConfig, 'ipfs' | 'evms'>) {
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
  return collectionAnswers(
    db,
    config,
    rows.map((row) => row.collection),
  );
}
