// The studio's upload records (table canvas_uploads, one row per tus upload): read, recorded when tus names the
// upload, marked done by its last byte, counted for the quotas (open = not finished and created since a time),
// deleted (a refused or cancelled upload, a deleted canvas's, the expired ones). The rules that decide when
// (../upload.ts, ../uploadFinish.ts, ../uploadQuota.ts, ../uploadExpiry.ts, ../canvasStore.ts) call these with the db
// or their transaction.
import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { canvasUploads } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

export type UploadRow = typeof canvasUploads.$inferSelect;
export type NewUpload = typeof canvasUploads.$inferInsert;

/** Not finished and created since `openSince` (an expired upload's row waits for the sweep but is open no more). */
const openSince = (since: Date) => and(isNull(canvasUploads.completedAt), gte(canvasUploads.createdAt, since));

export async function uploadById(db: Reader, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(canvasUploads).where(eq(canvasUploads.id, id));
  return row ?? null;
}

export async function insertUpload(db: Pick<Db, 'insert'>, values: NewUpload): Promise<void> {
  await db.insert(canvasUploads).values(values);
}

/** The upload is done: the CID its bytes were stored as and the token it created or changed. */
export async function markUploadDone(db: Pick<Db, 'update'>, id: string, done: { cid: string; tokenRef: number | null }): Promise<void> {
  const now = new Date();
  await db.update(canvasUploads).set({ cid: done.cid, tokenRef: done.tokenRef, completedAt: now, updatedAt: now }).where(eq(canvasUploads.id, id));
}

export async function deleteUpload(db: Pick<Db, 'delete'>, id: string): Promise<void> {
  await db.delete(canvasUploads).where(eq(canvasUploads.id, id));
}

/** Deletes the canvas's upload records; their ids (their tus files go after the commit). */
export async function deleteUploadsOfCanvas(db: Pick<Db, 'delete'>, canvasId: number): Promise<string[]> {
  const rows = await db.delete(canvasUploads).where(eq(canvasUploads.canvasId, canvasId)).returning({ id: canvasUploads.id });
  return rows.map((row) => row.id);
}

/** The account's open uploads: how many, and their declared sizes together. */
export async function openUploadsOf(db: Reader, uploader: string, since: Date): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({ n: count(), bytes: sql<string>`coalesce(sum(${canvasUploads.size}), 0)` })
    .from(canvasUploads)
    .where(and(eq(canvasUploads.uploader, uploader), openSince(since)));
  return { count: row?.n ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/** How many uploads of a new token (context media) the canvas has open. */
export async function openTokenUploadsOf(db: Reader, canvasId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(canvasUploads)
    .where(and(eq(canvasUploads.canvasId, canvasId), eq(canvasUploads.context, 'media'), openSince(since)));
  return row?.n ?? 0;
}

/**
 * Deletes the unfinished uploads created before `cutoff` and the unfinished ones among `ids` (those whose tus file
 * expired), 500 ids a statement; the ids deleted. Finished uploads stay (their HEAD still answers token-id).
 */
export async function deleteExpiredUploads(db: Pick<Db, 'delete'>, cutoff: Date, ids: string[]): Promise<string[]> {
  const unfinished = isNull(canvasUploads.completedAt);
  const deleted = await db
    .delete(canvasUploads)
    .where(and(unfinished, lt(canvasUploads.createdAt, cutoff)))
    .returning({ id: canvasUploads.id });
  for (let i = 0; i < ids.length; i += 500) {
    deleted.push(
      ...(await db
        .delete(canvasUploads)
        .where(and(unfinished, inArray(canvasUploads.id, ids.slice(i, i + 500))))
        .returning({ id: canvasUploads.id })),
    );
  }
  return deleted.map((row) => row.id);
}
