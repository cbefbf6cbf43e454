// getActivity's page reads, and the price histories and sales figures (getPriceHistory, getCollectionStats), use their indexes at a size where a wrong plan shows: 40,000 activity rows over 4,000
// tokens, 50 collections (one hidden) and 2,000 accounts, on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionSalesQuery, priceHistoryQuery } from '../../server/activity/market.js';
import { activityPageQuery, resolveScope, type ActivityScope } from '../../server/activity/queries.js';
import { insertCollections, insertTokens } from '../../server/db/bulk.js';
import { activity } from '../../server/db/schema.js';
import { analyzeStaleTables } from '../../server/db/statistics.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';

const TOKENS = 4_000;
const ROWS = 40_000;
const TYPES = ['mint', 'transfer', 'listing_created', 'listing_cancelled', 'listing_sold', 'offer_created', 'offer_cancelled', 'offer_sold'] as const;
const account = (n: number) => `0x${(0xac00000 + n).toString(16).padStart(40, '0')}`;

describe.each(DATABASE_KINDS)('activity plans on %s (%#)', (kind) => {
  let database: TestDatabase;
  let tokenIds: number[];
  let collectionIds: number[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    collectionIds = await insertCollections(
      database.db,
      Array.from({ length: 50 }, (_, i) => ({
        chainId: 31337, name: `C${i}`, symbol: 'C', mediaType: 'image', creator: account(i % 10), state: 'published' as const, isHidden: i === 49,
      })),
    );
    tokenIds = await insertTokens(
      database.db,
      Array.from({ length: TOKENS }, (_, i) => ({ collectionId: collectionIds[i % 50]!, chainId: 31337, tokenId: String(i), name: `T${i}`, mediaType: 'image', creator: account(i % 10) })),
    );
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const token = i % TOKENS;
      return {
        chainId: 31337, marketplace: '0xmarket', type: TYPES[i % TYPES.length]!, tokenRef: tokenIds[token]!, collectionId: collectionIds[token % 50]!,
        fromAddress: account((i * 7) % 2_000), toAddress: i % 3 === 0 ? null : account((i * 13) % 2_000), amount: '1', priceWei: null, currency: null,
        blockNumber: i, logIndex: 0, transactionHash: `0x${i.toString(16).padStart(64, '0')}`, blockTime: new Date(1_700_000_000_000 + i * 12_000),
      };
    });
    for (let i = 0; i < rows.length; i += 2_000) await database.db.insert(activity).values(rows.slice(i, i + 2_000));
    // What the server does on PGlite (server/db/statistics.ts) and autovacuum on PostgreSQL.
    await analyzeStaleTables(database.db);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  const plan = async (scope: ActivityScope, after: number | null = null) => {
    const pagination = { perPage: 20, after: after === null ? null : { sortBy: '_id' as const, sortDir: -1 as const, value: null, id: after } };
    const query = activityPageQuery(database.db, await resolveScope(database.db, scope), pagination, null, 21)!;
    const result = (await database.db.execute(sql`EXPLAIN ${query.getSQL()}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  };

  it.each([
    ['a token', () => ({ token: tokenIds[7]! }), ['activity_token_idx']],
    ['a collection', () => ({ collection: collectionIds[3]! }), ['activity_collection_idx']],
    ['an artist (their collections)', () => ({ artist: account(3) }), ['activity_collection_idx']],
    ['an account: both sides, each by its own index', () => ({ account: account(11) }), ['activity_from_idx', 'activity_to_idx']],
  ] as const)('%s: read by its index, never by scanning the table', async (_name, scope, indexes) => {
    for (const after of [null, 30_000]) {
      const text = await plan(scope(), after);
      for (const index of indexes) expect(text).toContain(index);
      expect(text).not.toMatch(/Seq Scan on activity/);
      expect(text).not.toMatch(/activity_pkey/);
    }
  });

  const explain = async (query: { getSQL(): ReturnType<typeof sql> }) => {
    const result = (await database.db.execute(sql`EXPLAIN ${query.getSQL()}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  };

  it.each([
    ["a token's price history", () => priceHistoryQuery(database.db, { token: tokenIds[7]! }, null), 'activity_token_idx'],
    ["a collection's price history", () => priceHistoryQuery(database.db, { collection: collectionIds[3]! }, null), 'activity_collection_prices_idx'],
    ["a collection's sales and volume", () => collectionSalesQuery(database.db, collectionIds[3]!), 'activity_collection_prices_idx'],
  ] as const)('%s: read by its index, never by scanning the table', async (_name, query, index) => {
    const text = await explain(query());
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan on activity/);
    expect(text).not.toMatch(/activity_pkey/);
  });
});
