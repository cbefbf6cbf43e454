// The media collection (storage quotas): media nobody references (references.ts) is deleted — replaced avatars and
// covers, deleted tokens and canvases, files a canvas no longer lists. It runs right after a request drops a reference
// (`collectDropped`, the dropped CIDs only) and in the periodic upload sweep (`collectUnreferencedMedia` without
// candidates: every media row).
//
// Races. A request stores bytes (MediaStore.put) and names them in a row afterwards, possibly in a later
// transaction, so "nothing names it" can be momentarily true of media that is about to be named. put() marks what
// it stores: a new row has its created_at, an existing one gets reused_at = now() (inside the caller's transaction
// when it has one, which also row-locks it until that commits). The collection keeps whatever was stored or reused
// within the grace period (StorageLimits.mediaGraceMs, 10 minutes: far longer than a request may last), and decides
// in one DELETE per batch whose reference check sees every transaction committed before it; a DELETE that meets a
// row locked by a put() in flight waits for it and re-checks reused_at. A dropped CID was named by a committed row
// until its drop, so it cannot be a new, not yet named row of another request: the targeted collection checks only
// reused_at, and a just-replaced avatar goes at once.
import { and, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { media } from '../db/schema.js';
import { isReferenced } from './references.js';
import { mediaStoreOf } from './store.js';

const BATCH = 200;

export interface CollectOptions {
  /** Media stored or reused within this time is kept (StorageLimits.mediaGraceMs). */
  graceMs: number;
  /** Only these CIDs (references just dropped); every media row when absent. */
  candidates?: Iterable<string | null | undefined>;
  /** The collection's clock (ms since the epoch). */
  now?: number;
}

const notReusedSince = (cutoff: Date) => or(isNull(media.reusedAt), lt(media.reusedAt, cutoff));

/** Deletes the given media rows that nothing names and nobody reused since `cutoff`; returns their CIDs. */
async function deleteUnreferenced(db: Pick<Db, 'delete'>, cids: string[], cutoff: Date, alsoCreatedBefore: boolean): Promise<string[]> {
  if (cids.length === 0) return [];
  const rows = await db
    .delete(media)
    .where(
      and(
        inArray(media.cid, cids),
        notReusedSince(cutoff),
        alsoCreatedBefore ? lt(media.createdAt, cutoff) : undefined,
        not(isReferenced(sql`${media.cid}`)),
      ),
    )
    .returning({ cid: media.cid });
  const deleted = rows.map((row) => row.cid);
  // The bytes go with their rows (the store made for this database handle knows the blob store).
  if (deleted.length > 0) await mediaStoreOf(db)?.forget(deleted);
  return deleted;
}

/** Collects unreferenced media (the candidates, or all of it); returns the CIDs deleted. */
export async function collectUnreferencedMedia(db: Db, { graceMs, candidates, now = Date.now() }: CollectOptions): Promise<string[]> {
  const cutoff = new Date(now - graceMs);
  if (candidates) {
    const cids = [...new Set([...candidates].filter((cid): cid is string => typeof cid === 'string' && cid !== ''))];
    const deleted: string[] = [];
    for (let i = 0; i < cids.length; i += BATCH) deleted.push(...(await deleteUnreferenced(db, cids.slice(i, i + BATCH), cutoff, false)));
    return deleted;
  }
  const deleted: string[] = [];
  for (;;) {
    // The candidates of one batch (no bytes read); the DELETE decides again on what is committed by then.
    const batch = await db
      .select({ cid: media.cid })
      .from(media)
      .where(and(lt(media.createdAt, cutoff), notReusedSince(cutoff), not(isReferenced(sql`${media.cid}`))))
      .limit(BATCH);
    deleted.push(...(await deleteUnreferenced(db, batch.map((row) => row.cid), cutoff, true)));
    if (batch.length < BATCH) return deleted;
  }
}

/**
 * After a write that stopped naming these CIDs has committed: collects those nobody names now. Never throws — the
 * write succeeded; a failed collection is logged and the periodic sweep tries again.
 */
export async function collectDropped(db: Db, dropped: Iterable<string | null | undefined>, graceMs: number): Promise<string[]> {
  try {
    return await collectUnreferencedMedia(db, { graceMs, candidates: dropped });
  } catch (error) {
    console.error('Collecting dropped media failed:', error);
    return [];
  }
}

/**
 * For a write that names media it did not store in this request (an artist's kept portfolio images): marks them
 * reused inside the write's transaction, so a collection running meanwhile keeps them. Returns the CIDs that are not
 * stored (already gone before this write).
 */
export async function holdMedia(tx: Pick<Db, 'update'>, cids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(cids)];
  if (unique.length === 0) return [];
  const held = await tx.update(media).set({ reusedAt: sql`now()` }).where(inArray(media.cid, unique)).returning({ cid: media.cid });
  const found = new Set(held.map((row) => row.cid));
  return unique.filter((cid) => !found.has(cid));
}
