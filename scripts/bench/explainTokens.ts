// `npx tsx scripts/bench/explainTokens.ts`: EXPLAIN (ANALYZE, BUFFERS) of the statement getMarketplaceTokens runs, for
// every sort × filter the GraphQL bench measures, at the same cursors it walks (the first page and the next 40).
// Execution times and buffers vary far less than HTTP timings on a shared machine. Env: DATA_DIR (PGlite, default
// .data-bench) or DATABASE_URL; PLAN=<sort>:<filter> also prints that pair's slowest plan in full; ONLY=<sort>:<filter>,…
// measures only those pairs.
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../server/db/client.js';
import { encodeCursor, parseListInput, TOKEN_SORTS, type ListInput } from '../../server/graphql/inputs.js';
import { cursorValue } from '../../server/graphql/keyset.js';
import { readTokenPage, tokenPageSql } from '../../server/graphql/tokenRows.js';
import { tokenFilter, tokenSegments, tokenTotalSql } from '../../server/graphql/tokens.js';
import { BENCH_FILTERS, BENCH_SORTS } from './graphqlCases.js';

const PER_PAGE = 15;
const PAGES = 41;

const pageSpec = (db: Db, input: ListInput) => ({
  where: tokenFilter(db, input.filter),
  segments: tokenSegments(input),
  limit: input.perPage + 1,
  total: tokenTotalSql(db, input.filter),
});

/** The cursors the bench walks: none, then each page's end cursor. */
async function benchCursors(db: Db, args: { filters: object; sort: object }): Promise<(string | undefined)[]> {
  const cursors: (string | undefined)[] = [undefined];
  while (cursors.length < PAGES) {
    const input = parseListInput({ ...args, pagination: { perPage: PER_PAGE, after: cursors.at(-1) } }, TOKEN_SORTS);
    const { rows } = await readTokenPage(db, pageSpec(db, input));
    if (rows.length <= PER_PAGE) break;
    const last = rows[PER_PAGE - 1]!;
    cursors.push(encodeCursor({ sortBy: input.sortBy, sortDir: input.sortDir, value: cursorValue(input.sortBy, last), id: last.id }));
  }
  return cursors;
}

type PlanNode = { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };

async function explain(db: Db, input: ListInput) {
  const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${tokenPageSql(pageSpec(db, input))}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const raw = Object.values(result.rows[0]!)[0];
  const [top] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }[];
  const buffers = (top!.Plan['Shared Hit Blocks'] ?? 0) + (top!.Plan['Shared Read Blocks'] ?? 0);
  return { ms: top!['Execution Time'], planningMs: top!['Planning Time'], buffers };
}

async function textPlan(db: Db, input: ListInput): Promise<string> {
  const result = (await db.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${tokenPageSql(pageSpec(db, input))}`)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const database = await openDatabase({ dataDir: process.env.DATA_DIR || '.data-bench', databaseUrl: process.env.DATABASE_URL || undefined });
  const { db } = database;
  try {
    console.log(`${database.kind}: the page statement's execution and planning time (ms) and shared buffers, over ${PAGES} cursors`);
    for (const [filterName, filters] of Object.entries(BENCH_FILTERS)) {
      for (const [sortName, sort] of Object.entries(BENCH_SORTS)) {
        const only = process.env.ONLY?.split(',');
        if (only && !only.includes(`${sortName}:${filterName}`)) continue;
        const cursors = await benchCursors(db, { filters, sort });
        const inputs = cursors.map((after) => parseListInput({ filters, sort, pagination: { perPage: PER_PAGE, after } }, TOKEN_SORTS));
        await explain(db, inputs[0]!); // warm the cache as the bench's warm-up does
        const measured = [];
        for (const input of inputs) measured.push(await explain(db, input));
        const ms = measured.map((m) => m.ms);
        const planning = measured.map((m) => m.planningMs);
        const buffers = measured.map((m) => m.buffers);
        const slowest = ms.indexOf(Math.max(...ms));
        console.log(
          `${`${sortName} + ${filterName}`.padEnd(30)} ms median ${median(ms).toFixed(2).padStart(7)} max ${Math.max(...ms).toFixed(2).padStart(7)}` +
            `   planning median ${median(planning).toFixed(2).padStart(6)}   buffers median ${String(median(buffers)).padStart(5)} max ${String(Math.max(...buffers)).padStart(5)}` +
            `   (slowest: page ${slowest + 1})`,
        );
        if (process.env.PLAN?.split(',').includes(`${sortName}:${filterName}`)) console.log(await textPlan(db, inputs[slowest]!));
      }
    }
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
