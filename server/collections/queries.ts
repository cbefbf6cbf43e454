// The collection edit's SQL (PUT /api/v1/collection/:id). The featured and trending reads, shared with GraphQL's
// home page, are graphql/home/queries.ts.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { collections, mediaPins } from '../db/schema.js';

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
