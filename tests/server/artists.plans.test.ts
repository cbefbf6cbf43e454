// The catalogue's keyset read (getAllArtists) seeks artists_sort_idx (sort_key COLLATE "C", id) in order, on the
// first page and after a cursor: no sort step, no sequential scan of artists, on PGlite and PostgreSQL (EXPLAIN of
// the resolver's own query, 5,000 artists).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistSortKey } from '../../domain/artist.js';
import { accounts, artists } from '../../server/db/schema.js';
import { artistPageQuery, parseArtistPagination } from '../../server/graphql/artists/queries.js';
import { analyzeStaleTables } from '../../server/db/statistics.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';

const COUNT = 5_000;
const FIRST = ['Ada', 'émile', 'Zoe', 'mara', 'Ōtomo', 'b_side', 'Kai', 'sol'];

describe.each(DATABASE_KINDS)('artists catalogue plan on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    for (let start = 0; start < COUNT; start += 1_000) {
      const people = Array.from({ length: 1_000 }, (_, j) => {
        const i = start + j;
        return { address: `0x${i.toString(16).padStart(40, '0')}`, firstName: `${FIRST[i % FIRST.length]}${String.fromCharCode(97 + (i % 26))}`, lastName: i % 3 === 0 ? null : `L${i}`, isCreator: i % 10 !== 0 };
      });
      const rows = await database.db.insert(accounts).values(people).returning();
      await database.db.insert(artists).values(rows.map((row) => ({ accountId: row.id, sortKey: artistSortKey({ firstName: row.firstName, lastName: row.lastName, address: row.address }) })));
    }
    // What the server does on PGlite (server/db/statistics.ts) and autovacuum on PostgreSQL.
    await analyzeStaleTables(database.db);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  const plan = async (pagination: unknown) => {
    const query = artistPageQuery(database.db, parseArtistPagination(pagination));
    const result = (await database.db.execute(sql`EXPLAIN ${query.getSQL()}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  };
  const cursor = (sortKey: string, id: number) => Buffer.from(JSON.stringify(['artists', sortKey, id])).toString('base64url');

  it.each([
    ['the first page of 50', { perPage: 50 }],
    ['a page after a cursor', { perPage: 50, after: cursor('mara', 2_500) }],
    ['a page after an accented cursor', { perPage: 50, after: cursor('émile', 10) }],
  ])('%s reads artists_sort_idx in order: no sort, no sequential scan of artists', async (_, pagination) => {
    const text = await plan(pagination);
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).toContain('artists_sort_idx');
    expect(text).not.toMatch(/\bSort\b/);
    expect(text).not.toMatch(/Seq Scan on "?artists"?/);
  });
});
