// A canvas's tokens (table tokens, by collection_id): read in token order or by their number, counted, numbered,
// created, renamed, given a thumbnail or their published metadata, renumbered 1..n, deleted. The rules that decide
// when (../canvasStore.ts, ../canvasTokens.ts, ../publish.ts, ../upload*.ts) call these with the db or their transaction.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tokens } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

export type CanvasTokenRow = typeof tokens.$inferSelect;
export type NewCanvasToken = typeof tokens.$inferInsert;

/** A canvas's tokens in token order. */
export async function tokensOfCanvas(db: Reader, canvasId: number): Promise<CanvasTokenRow[]> {
  return db.select().from(tokens).where(eq(tokens.collectionId, canvasId)).orderBy(asc(tokens.tokenId), asc(tokens.id));
}

/** The token numbered `tokenId` (1, 2, …) of a canvas, or null; `lock` reads it FOR UPDATE. */
export async function canvasTokenByNumber(db: Reader, canvasId: number, tokenId: string, lock = false): Promise<CanvasTokenRow | null> {
  const query = db.select().from(tokens).where(and(eq(tokens.collectionId, canvasId), eq(tokens.tokenId, tokenId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The number (tokenId) of the token row, or null when it is gone. */
export async function tokenNumberOf(db: Reader, rowId: number): Promise<string | null> {
  const [row] = await db.select({ tokenId: tokens.tokenId }).from(tokens).where(eq(tokens.id, rowId));
  return row?.tokenId ?? null;
}

/** The next token number of a canvas: one more than its highest (tokens keep their upload order). Lock the canvas first. */
export async function nextTokenId(db: Reader, canvasId: number): Promise<string> {
  const [row] = await db
    .select({ max: sql<string | null>`max(${tokens.tokenId})` })
    .from(tokens)
    .where(eq(tokens.collectionId, canvasId));
  return (BigInt(row?.max ?? '0') + 1n).toString();
}

/** True when the canvas has a token. */
export async function hasTokens(db: Reader, canvasId: number): Promise<boolean> {
  const [first] = await db.select({ id: tokens.id }).from(tokens).where(eq(tokens.collectionId, canvasId)).limit(1);
  return first !== undefined;
}

/** How many tokens the canvas has now (the collection's token_count is the on-chain count, set once published). */
export async function tokenCountOf(db: Reader, canvasId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tokens).where(eq(tokens.collectionId, canvasId));
  return row?.n ?? 0;
}

/** How many tokens each canvas has now; canvases without tokens are left out. */
export async function tokenCounts(db: Reader, canvasIds: number[]): Promise<Map<number, number>> {
  if (canvasIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tokens.collectionId, n: count() })
    .from(tokens)
    .where(inArray(tokens.collectionId, canvasIds))
    .groupBy(tokens.collectionId);
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

export async function insertCanvasToken(db: Pick<Db, 'insert'>, values: NewCanvasToken): Promise<CanvasTokenRow> {
  const [row] = await db.insert(tokens).values(values).returning();
  return row!;
}

/** Renames the token row and sets its description; the row as it is now. */
export async function updateTokenText(db: Pick<Db, 'update'>, rowId: number, change: { name: string; description: string | null }): Promise<CanvasTokenRow | null> {
  const [row] = await db
    .update(tokens)
    .set({ name: change.name, description: change.description, updatedAt: new Date() })
    .where(eq(tokens.id, rowId))
    .returning();
  return row ?? null;
}

/**
 * Sets the thumbnail of the canvas's token row; its id and the thumbnail it had, or null when the token is not (or
 * no longer) the canvas's.
 */
export async function replaceTokenThumbnail(
  db: Pick<Db, 'select' | 'update'>,
  canvasId: number,
  rowId: number,
  cid: string,
): Promise<{ id: number; previous: string | null } | null> {
  const ofCanvas = and(eq(tokens.id, rowId), eq(tokens.collectionId, canvasId));
  const [old] = await db.select({ thumbnail: tokens.thumbnail }).from(tokens).where(ofCanvas);
  const [token] = await db.update(tokens).set({ thumbnail: cid, updatedAt: new Date() }).where(ofCanvas).returning({ id: tokens.id });
  return token ? { id: token.id, previous: old?.thumbnail ?? null } : null;
}

/** Stores each token's published metadata document (one statement per 500 tokens). */
export async function writeTokenMetadata(db: Pick<Db, 'execute'>, documents: { id: number; metadata: Record<string, unknown> }[]): Promise<void> {
  const values = documents.map(({ id, metadata }) => sql`(${id}::bigint, ${JSON.stringify(metadata)}::jsonb)`);
  for (let i = 0; i < values.length; i += 500) {
    await db.execute(sql`UPDATE ${tokens} SET metadata = v.m, updated_at = now() FROM (VALUES ${sql.join(values.slice(i, i + 500), sql`, `)}) AS v(id, m) WHERE ${tokens.id} = v.id`);
  }
}

/** Renumbers a canvas's tokens 1..n in their order (token id, then creation), in two steps past the unique index. */
export async function renumberTokens(db: Pick<Db, 'select' | 'update' | 'execute'>, canvasId: number): Promise<number> {
  const ordered = db
    .select({ id: tokens.id, n: sql<number>`row_number() over (order by ${tokens.tokenId}, ${tokens.id})`.as('n') })
    .from(tokens)
    .where(eq(tokens.collectionId, canvasId))
    .as('ordered');
  await db.execute(sql`UPDATE ${tokens} SET token_id = -${ordered.n} FROM ${ordered} WHERE ${tokens.id} = ${ordered.id}`);
  const renumbered = await db
    .update(tokens)
    .set({ tokenId: sql`-${tokens.tokenId}`, updatedAt: new Date() })
    .where(eq(tokens.collectionId, canvasId))
    .returning({ id: tokens.id });
  return renumbered.length;
}

export async function deleteTokenRow(db: Pick<Db, 'delete'>, rowId: number): Promise<void> {
  await db.delete(tokens).where(eq(tokens.id, rowId));
}

/** Deletes every token of the canvas; the media and thumbnails they named. */
export async function deleteTokensOfCanvas(db: Pick<Db, 'delete'>, canvasId: number): Promise<{ media: string | null; thumbnail: string | null }[]> {
  return db.delete(tokens).where(eq(tokens.collectionId, canvasId)).returning({ media: tokens.media, thumbnail: tokens.thumbnail });
}
