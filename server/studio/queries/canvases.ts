// A canvas's row (a studio collection, table collections): read by id (locked when the write needs it), created,
// changed, finalized and deleted. The rules that decide when (../access.ts, ../canvasStore.ts, ../publish.ts,
// ../uploadFinish.ts) call these with the db or their transaction.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collections } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

export type CanvasRow = typeof collections.$inferSelect;
export type NewCanvas = typeof collections.$inferInsert;

/** The columns a canvas write may change (updatedAt is set with them). */
export type CanvasChange = Partial<
  Pick<CanvasRow, 'name' | 'symbol' | 'description' | 'supplyPerToken' | 'royaltiesBasispoints' | 'attributes' | 'cover' | 'baseUri' | 'tokenCount'>
>;

/** The canvas row, or null; `lock` reads it FOR UPDATE (inside a transaction that changes the canvas or its tokens). */
export async function canvasById(db: Reader, id: number, lock = false): Promise<CanvasRow | null> {
  const query = db.select().from(collections).where(eq(collections.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCanvas(db: Pick<Db, 'insert'>, values: NewCanvas): Promise<CanvasRow> {
  const [row] = await db.insert(collections).values(values).returning();
  return row!;
}

/** Changes the canvas's columns; the row as it is now, or null when there is no such canvas. */
export async function updateCanvasRow(db: Pick<Db, 'update'>, id: number, change: CanvasChange): Promise<CanvasRow | null> {
  const [row] = await db
    .update(collections)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(collections.id, id))
    .returning();
  return row ?? null;
}

/** building → finalized with its number of tokens; null when the canvas is not building (or gone). */
export async function markCanvasFinalized(db: Pick<Db, 'update'>, id: number, tokenCount: number): Promise<CanvasRow | null> {
  const [row] = await db
    .update(collections)
    .set({ state: 'finalized', tokenCount, updatedAt: new Date() })
    .where(and(eq(collections.id, id), eq(collections.state, 'building')))
    .returning();
  return row ?? null;
}

/** Deletes the canvas row (its tokens and uploads first: ./tokens.ts, ./uploads.ts). */
export async function deleteCanvasRow(db: Pick<Db, 'delete'>, id: number): Promise<void> {
  await db.delete(collections).where(eq(collections.id, id));
}
