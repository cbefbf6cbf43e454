// What still names a media CID (the second security review, "media nobody references any more is collected"). The one place that knows
// every column holding a CID: the collector (collect.ts) deletes only media for which `isReferenced` is false, and a
// blob store that later replaces the media table asks the same question before deleting a blob.
//
// Columns that name media (all hold the bare CIDv1 string media/store.ts returns):
// - accounts.avatar
// - collections.cover, collections.thumbnail, collections.base_uri (`ipfs://<manifest cid>/`, as publish.ts writes
//   it: the published manifest), collections.attributes.files[].cid (a generative canvas's script and assets)
// - tokens.media, tokens.thumbnail (tokens.metadata, written at publish, names only these two as ipfs:// URLs;
//   tokens.attributes and the upload's metadata properties are the creator's own JSON, not references)
// - artists.cover, artists.portfolio.items[].mediaUrl
// - exhibitions.cover; articles.cover, articles.ipfs_hash (the HTML body); home_slides.image
// - media_pins.cid: what a published collection's manifest (immutable, on chain) still names after the collection's
//   row stopped naming it (its cover replaced after publishing)
// Deliberately not a reference: canvas_uploads.cid (the record of a finished upload, kept so a resumed client's HEAD
// answers its token-id; the token it made is the reference, and a deleted token's media goes).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** The elements of a jsonb array (none for anything else: a malformed value is not a reference, nor an error). */
const elements = (value: SQL) => sql`jsonb_array_elements(CASE WHEN jsonb_typeof(${value}) = 'array' THEN ${value} ELSE '[]'::jsonb END)`;

/**
 * A boolean SQL expression: true when anything still names the CID `cid` (a column or a parameter). One EXISTS per
 * column, each a single equality, so PostgreSQL probes an index for a few candidates and hashes each table once when
 * the periodic sweep checks every media row.
 */
export function isReferenced(cid: SQL): SQL {
  return sql`(
    EXISTS (SELECT 1 FROM accounts r WHERE r.avatar = ${cid})
    OR EXISTS (SELECT 1 FROM tokens r WHERE r.media = ${cid})
    OR EXISTS (SELECT 1 FROM tokens r WHERE r.thumbnail = ${cid})
    OR EXISTS (SELECT 1 FROM collections r WHERE r.cover = ${cid})
    OR EXISTS (SELECT 1 FROM collections r WHERE r.thumbnail = ${cid})
    OR EXISTS (SELECT 1 FROM collections r WHERE r.base_uri = 'ipfs://' || ${cid} || '/')
    OR EXISTS (SELECT 1 FROM collections r, ${elements(sql`r.attributes -> 'files'`)} f WHERE f ->> 'cid' = ${cid})
    OR EXISTS (SELECT 1 FROM artists r WHERE r.cover = ${cid})
    OR EXISTS (SELECT 1 FROM artists r, ${elements(sql`r.portfolio -> 'items'`)} i WHERE i ->> 'mediaUrl' = ${cid})
    OR EXISTS (SELECT 1 FROM exhibitions r WHERE r.cover = ${cid})
    OR EXISTS (SELECT 1 FROM articles r WHERE r.cover = ${cid})
    OR EXISTS (SELECT 1 FROM articles r WHERE r.ipfs_hash = ${cid})
    OR EXISTS (SELECT 1 FROM home_slides r WHERE r.image = ${cid})
    OR EXISTS (SELECT 1 FROM media_pins r WHERE r.cid = ${cid})
  )`;
}

/** Of these CIDs, the ones something still names (as the database sees it now). */
export async function referencedCids(db: Pick<Db, 'execute'>, cids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(cids)];
  if (unique.length === 0) return new Set();
  const values = sql.join(unique.map((cid) => sql`(${cid}::text)`), sql`, `);
  const result = await db.execute(sql`SELECT c.cid FROM (VALUES ${values}) AS c(cid) WHERE ${isReferenced(sql`c.cid`)}`);
  return new Set(rowsOf<{ cid: string }>(result).map((row) => row.cid));
}

/** drizzle's execute answers rows directly (postgres-js) or as `{ rows }` (PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
