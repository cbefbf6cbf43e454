// The planner's statistics for the embedded database, and its GIN indexes' pending lists (cleanGinPendingLists).
// PostgreSQL's autovacuum analyzes a table once about a tenth of it has changed; PGlite runs no autovacuum, so without
// this its planner knows nothing of the data: it guesses a hundred-odd rows for any filter and picks plans the plan
// tests (which analyze) never see — at 100,000 tokens, a sale sort within a price range read 77,000 rows of the wrong
// index (30 ms), a search read every match of the trigram index before keeping the newest.
//
// PGlite's activity counters (pg_stat_user_tables.n_mod_since_analyze) are not kept across statements, so a table's
// change is measured by its size: a table is analyzed when it has data and no statistics yet (an ANALYZE that found
// only dead rows records none, and reltuples 0 then), or when its pages differ from the count recorded by its last
// ANALYZE by more than a tenth (inserts, and updates, which write new row versions, grow it). The check reads
// pg_class only; ANALYZE samples at most 30,000 rows a table (about a second for the tokens of the 100,000-token
// bench database).
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** A run that takes at least this long is logged. */
const LOGGED_RUN_MS = 200;

/** How often the server looks for tables to analyze (PGlite only). */
export const STATISTICS_CHECK_INTERVAL_MS = 60_000;

/** Tables of the current schema whose statistics are missing or out of step with their size, largest first. */
export async function staleTables(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    SELECT c.relname AS name
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema()
       AND c.relkind = 'r'
       AND pg_relation_size(c.oid) > 0
       AND (
         (c.reltuples <> 0 AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname))
         OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + c.relpages / 10
       )
     ORDER BY pg_relation_size(c.oid) DESC`)) as unknown as { rows: { name: string }[] };
  return result.rows.map((row) => row.name);
}

/** ANALYZE each stale table, one statement each (other queries run between them); returns the tables analyzed. */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const tables = await staleTables(db);
  for (const table of tables) await db.execute(sql`ANALYZE ${sql.identifier(table)}`);
  return tables;
}

/**
 * Moves the pending entries of every GIN index of the current schema into the index proper; returns the indexes that
 * had some. A GIN index takes new rows into an unsorted pending list (up to 4 MB) that every search through the index
 * reads whole; autovacuum empties it on PostgreSQL, nothing does on PGlite. On the bench's 100,000 tokens, seeded after
 * the index was made, the name index's 128 pending pages took a search for a name no token has from 4 to 9 ms.
 */
export async function cleanGinPendingLists(db: Db): Promise<string[]> {
  const indexes = (await db.execute(sql`
    SELECT c.relname AS name
      FROM pg_class c
      JOIN pg_am am ON am.oid = c.relam
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind = 'i' AND am.amname = 'gin'`)) as unknown as { rows: { name: string }[] };
  const cleaned: string[] = [];
  for (const { name } of indexes.rows) {
    const result = (await db.execute(sql`SELECT gin_clean_pending_list(${name}::regclass)::int AS pages`)) as unknown as { rows: { pages: number }[] };
    if (result.rows[0]!.pages > 0) cleaned.push(name);
  }
  return cleaned;
}

export interface Maintenance {
  /** Tables analyzed (analyzeStaleTables). */
  analyzed: string[];
  /** GIN indexes whose pending list was moved into the index (cleanGinPendingLists). */
  cleaned: string[];
}

export interface StatisticsKeeper {
  /** The run under way or the next one: what it did. */
  nextRun(): Promise<Maintenance>;
  stop(): Promise<void>;
}

/**
 * Analyzes the stale tables and empties the GIN pending lists now and every intervalMs, one run at a time (what
 * autovacuum does on PostgreSQL, at its default pace of a minute); a failed run is logged and retried next tick.
 */
export function startStatisticsKeeper(db: Db, intervalMs = STATISTICS_CHECK_INTERVAL_MS): StatisticsKeeper {
  let running: Promise<Maintenance> | null = null;
  let waiters: Array<(done: Maintenance) => void> = [];
  const run = () => {
    if (running) return;
    const started = performance.now();
    running = (async (): Promise<Maintenance> => ({ analyzed: await analyzeStaleTables(db), cleaned: await cleanGinPendingLists(db) }))()
      .then((done) => {
        const what = [done.analyzed.length ? `analyzed ${done.analyzed.join(', ')}` : '', done.cleaned.length ? `emptied the pending lists of ${done.cleaned.join(', ')}` : '']
          .filter(Boolean)
          .join('; ');
        // Said when it took a noticeable while (a large table): the small ones a demo changes every minute stay quiet.
        const ms = Math.round(performance.now() - started);
        if (what && ms >= LOGGED_RUN_MS) console.log(`Planner statistics: ${what} in ${ms} ms.`);
        return done;
      })
      .catch((error: unknown) => {
        console.error('Keeping the planner statistics (ANALYZE, GIN pending lists) failed:', error);
        return { analyzed: [], cleaned: [] };
      })
      .then((done) => {
        const resolved = waiters;
        waiters = [];
        for (const resolve of resolved) resolve(done);
        return done;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    nextRun: () => running ?? new Promise<Maintenance>((resolve) => waiters.push(resolve)),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
