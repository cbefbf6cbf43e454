// Row count and checksum of every public table, to prove a rejected request wrote nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.js';

/**
 * Tables that change on requests the server rightly answers with a 4xx, so they are left out of the comparison:
 * - auth_nonces: every signed request records its single-use Nonce before the handler runs (and GET /nonce
 *   issues login nonces; pruning of expired ones happens at random);
 * - the rate-limit counters (any table named like rate_limit*): every request is counted, accepted or not;
 * - drizzle's migration journal, should it ever sit in public (it lives in the drizzle schema today).
 */
export const EXCLUDED_TABLE = /^(auth_nonces|__drizzle_migrations)$|rate_?limit/i;

export type Snapshot = Map<string, string>;

interface Rows<T> {
  rows: T[];
}

export async function createSnapshotter(db: Db) {
  const listed = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as Rows<{ tablename: string }>;
  const tables = listed.rows.map((row) => row.tablename).filter((name) => !EXCLUDED_TABLE.test(name));
  if (tables.length === 0) throw new Error('no public tables to compare');
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  // One round trip for every table: count plus md5 of the rows in a stable order (works on PGlite and PostgreSQL).
  const query = tables
    .map(
      (name) =>
        `select '${name.replaceAll("'", "''")}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as s from public.${quote(name)} x`,
    )
    .join('\nunion all\n');
  return {
    tables,
    async take(): Promise<Snapshot> {
      const result = (await db.execute(sql.raw(query))) as unknown as Rows<{ t: string; s: string }>;
      return new Map(result.rows.map((row) => [row.t, row.s]));
    },
  };
}

/** The tables whose count or checksum differ, e.g. ["comments 3:ab12… → 4:cd34…"]. */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).map((name) => `${name} ${before.get(name)} → ${after.get(name)}`);
}
