// The planner's statistics on PGlite, which runs no autovacuum (server/db/statistics.ts). PostgreSQL's own autovacuum
// keeps them there, so the server starts the keeper on PGlite only, and only PGlite is tested here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections, insertTokens, type NewToken } from '../../server/db/bulk.js';
import { analyzeStaleTables, cleanGinPendingLists, staleTables, startStatisticsKeeper } from '../../server/db/statistics.js';
import { openTestDatabase, type TestDatabase } from './databases.js';

describe('planner statistics on PGlite', () => {
  let database: TestDatabase;
  let collectionId: number;
  let next = 0;

  /** count tokens, the first of every four sold before (the rest have no last sale). */
  const addTokens = async (count: number) => {
    const rows: NewToken[] = Array.from({ length: count }, () => {
      const i = next++;
      return {
        collectionId, chainId: 31337, tokenId: String(i), name: `T${i}`, mediaType: 'image', creator: `0x${'1'.repeat(40)}`,
        lastSoldAt: i % 4 === 0 ? new Date(Date.UTC(2026, 10, 1) + i * 1000) : null,
        lastSaleWei: i % 4 === 0 ? String(i * 1e12) : null,
      };
    });
    await insertTokens(database.db, rows);
  };

  /** The planner's estimate of the tokens with no last sale (EXPLAIN's rows=). */
  const estimatedUnsold = async () => {
    const result = (await database.db.execute(sql`EXPLAIN SELECT * FROM tokens WHERE last_sold_at IS NULL`)) as unknown as { rows: Record<string, string>[] };
    return Number(/rows=(\d+)/.exec(Object.values(result.rows[0]!)[0]!)![1]);
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    [collectionId] = await insertCollections(database.db, [{ chainId: 31337, name: 'C', symbol: 'C', mediaType: 'image', creator: `0x${'1'.repeat(40)}`, state: 'published' }]) as [number];
    await addTokens(4000);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('a table with data and no statistics is stale, an empty one is not; after the analysis none is, and the planner knows the data', async () => {
    const before = await staleTables(database.db);
    expect(before).toEqual(expect.arrayContaining(['tokens', 'collections']));
    expect(before[0]).toBe('tokens'); // largest first
    expect(before).not.toContain('offers');
    // Without statistics the planner guesses: a small fraction of the 3,000 unsold tokens.
    expect(await estimatedUnsold()).toBeLessThan(1000);

    expect(await analyzeStaleTables(database.db)).toEqual(before);
    expect(await staleTables(database.db)).toEqual([]);
    const stats = (await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'tokens'`)) as unknown as { rows: { n: number }[] };
    expect(stats.rows[0]!.n).toBeGreaterThan(10);
    const estimate = await estimatedUnsold();
    expect(estimate).toBeGreaterThan(2700);
    expect(estimate).toBeLessThan(3300);
  });

  it('a table grown by more than a tenth since its analysis is stale again; a little growth is not', async () => {
    await analyzeStaleTables(database.db);
    await addTokens(100);
    expect(await staleTables(database.db)).not.toContain('tokens');
    await addTokens(2000);
    expect(await staleTables(database.db)).toEqual(['tokens']);
    expect(await analyzeStaleTables(database.db)).toEqual(['tokens']);
    const estimate = await estimatedUnsold();
    expect(estimate).toBeGreaterThan(4300); // 3,075 + 1,500 unsold now
  });

  it("new rows wait in the name index's pending list until it is emptied into the index; a search finds them either way", async () => {
    const matching = async () => {
      const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM tokens WHERE name ILIKE '%T1234%'`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    await addTokens(500);
    const before = await matching();
    expect(await cleanGinPendingLists(database.db)).toContain('tokens_name_trgm_idx');
    expect(await cleanGinPendingLists(database.db)).toEqual([]);
    expect(before).toBeGreaterThan(0);
    expect(await matching()).toBe(before);
  });

  it('the keeper analyzes and empties the pending lists at once and again on its interval, and stops', async () => {
    await addTokens(3000);
    const keeper = startStatisticsKeeper(database.db, 50);
    try {
      expect(await keeper.nextRun()).toEqual({ analyzed: ['tokens'], cleaned: ['tokens_name_trgm_idx'] });
      await addTokens(3000);
      // A run may have started before the insert ended; the tokens are analyzed by the next at the latest.
      let done = await keeper.nextRun();
      if (!done.analyzed.includes('tokens')) done = await keeper.nextRun();
      expect(done.analyzed).toEqual(['tokens']);
      expect(await staleTables(database.db)).toEqual([]);
      expect(await cleanGinPendingLists(database.db)).toEqual([]);
    } finally {
      await keeper.stop();
    }
  });
});
