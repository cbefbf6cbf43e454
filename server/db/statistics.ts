// The planner's statistics for the embedded database. PostgreSQL's autovacuum analyzes a table once about a tenth of
// it has changed; PGlite runs no autovacuum, so without this its planner knows nothing of the data: it guesses a
// hundred-odd rows for any filter and picks plans the plan tests (which analyze) never see — at 100,000 tokens, a
// sale sort within a price range read 77,000 rows of the wrong index (30 ms), a search read every match of the trigram
// index before keeping the newest.
//
// PGlite's activity counters (pg_stat_user_tables.n_mod_since_analyze) are not kept across statements, so a table's
// change is measured by its size: a table is analyzed when it has data and no statistics yet (an ANALYZE that found
// only dead rows records none, and reltuples 0 then), or when its pages differ from the count recorded by its last
// ANALYZE by more than a tenth (inserts, and updates, which write new row
// versions, grow it). The check reads pg_class only; ANALYZE samples at most 30,000 rows a table (about a second for
// the tokens of the 100,000-token bench database).
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

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

export interface StatisticsKeeper {
  /** The run under way or the next one: the tables it analyzed. */
  nextRun(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Analyzes the stale tables now and every intervalMs, one run at a time; a failed run is logged and retried next tick. */
export function startStatisticsKeeper(db: Db, intervalMs = STATISTICS_CHECK_INTERVAL_MS): StatisticsKeeper {
  let running: Promise<string[]> | null = null;
  let waiters: Array<(tables: string[]) => void> = [];
  const run = () => {
    if (running) return;
    const started = performance.now();
    running = analyzeStaleTables(db)
      .then((tables) => {
        if (tables.length) console.log(`Planner statistics: analyzed ${tables.join(', ')} in ${Math.round(performance.now() - started)} ms.`);
        return tables;
      })
      .catch((error: unknown) => {
        console.error('Analyzing the database for the query planner failed:', error);
        return [] as string[];
      })
      .then((tables) => {
        const done = waiters;
        waiters = [];
        for (const resolve of done) resolve(tables);
        return tables;
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    nextRun: () => running ?? new Promise<string[]>((resolve) => waiters.push(resolve)),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
