// Moves media bytes out of the database (media in a blob store, out of the database, migration 0014): every row's bytes and thumbnail are
// written to the blob store under the row's own CID (existing media keep their raw sha-256 CIDs), the columns are
// emptied row by row, then dropped, and the table is compacted (VACUUM FULL; PGlite is PostgreSQL too). Idempotent:
// it runs at every server start and does nothing once the columns are gone; interrupted, it starts again where it
// stopped (a blob written twice is the same bytes).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { BlobStore } from './blobStore/index.js';
import { rowsOf } from './references.js';
import { mediaKey, thumbnailKey } from './store.js';

const BATCH = 16;

interface LegacyRow {
  cid: string;
  bytes: Uint8Array | null;
  thumbnail: Uint8Array | null;
}

async function hasColumn(db: Db, column: string): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'media' AND column_name = ${column}`,
  );
  return rowsOf(result).length > 0;
}

const asBytes = (value: Uint8Array) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike));

/** Returns how many media rows it moved (0 when there was nothing left to do). */
export async function moveMediaToBlobs(db: Db, blobs: BlobStore, log: (line: string) => void = () => undefined): Promise<number> {
  if (!(await hasColumn(db, 'bytes'))) return 0;
  const withThumbnails = await hasColumn(db, 'thumbnail');
  let moved = 0;
  for (;;) {
    const rows = rowsOf<LegacyRow>(
      await db.execute(
        withThumbnails
          ? sql`SELECT cid, bytes, thumbnail FROM media WHERE bytes IS NOT NULL OR thumbnail IS NOT NULL ORDER BY cid LIMIT ${BATCH}`
          : sql`SELECT cid, bytes, NULL::bytea AS thumbnail FROM media WHERE bytes IS NOT NULL ORDER BY cid LIMIT ${BATCH}`,
      ),
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.bytes) await blobs.write(mediaKey(row.cid), asBytes(row.bytes));
      if (row.thumbnail) await blobs.write(thumbnailKey(row.cid), asBytes(row.thumbnail));
      await db.execute(
        withThumbnails
          ? sql`UPDATE media SET bytes = NULL, thumbnail = NULL WHERE cid = ${row.cid}`
          : sql`UPDATE media SET bytes = NULL WHERE cid = ${row.cid}`,
      );
      moved += 1;
    }
    log(`Media moved to the blob store: ${moved}`);
  }
  await db.execute(sql`ALTER TABLE media DROP COLUMN IF EXISTS bytes, DROP COLUMN IF EXISTS thumbnail`);
  // Gives the space of the moved bytes back (VACUUM cannot run in a transaction: this is a statement of its own).
  await db.execute(sql`VACUUM FULL media`);
  return moved;
}
