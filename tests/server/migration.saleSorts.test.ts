// Migration 0023 (the sale sorts) on a database that already has sales: each token's last sale is backfilled from its
// newest sale activity row (a listing bought or an offer accepted), never-sold tokens stay null, and listed_at keeps
// milliseconds (the sort's cursor holds a time in milliseconds).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections } from '../../server/db/bulk.js';
import type { Db } from '../../server/db/client.js';
import { DATABASE_KINDS } from './databases.js';
import { databaseMigratedFromBefore, insertOldTokens } from './migrationFixture.js';

const CREATOR = '0xabab000000000000000000000000000000000000';
const MARKET = '0x00000000000000000000000000000000000000ee';

describe.each(DATABASE_KINDS)('migration 0023 (sale sorts) on a database with sales, on %s', (kind) => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'artbazaar-migrate-0023-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** Three tokens under 0022's schema: one sold twice (a purchase, then an accepted offer), one sold once, one listed only. */
  const seedBefore = async (db: Db) => {
    const [collectionId] = await insertCollections(db, [{ chainId: 31337, name: 'C', symbol: 'C', mediaType: 'image', creator: CREATOR, state: 'published' }]);
    const [twice, once, listed] = await insertOldTokens(
      db,
      ['twice', 'once', 'listed'].map((name, i) => ({ collectionId: collectionId!, chainId: 31337, tokenId: String(i + 1), name, mediaType: 'image', creator: CREATOR })),
    );
    await db.execute(sql`UPDATE tokens SET price_wei = 5, listed_at = '2026-11-01T10:00:00.123456Z' WHERE id = ${listed!}`);
    const rows: [number, string, string, string][] = [
      [twice!, 'listing_created', '1000', '2026-11-01T10:00:00Z'],
      [twice!, 'listing_sold', '1000', '2026-11-02T10:00:00Z'],
      [once!, 'listing_sold', '3000', '2026-11-03T10:00:00Z'],
      [twice!, 'offer_created', '2000', '2026-11-04T10:00:00Z'],
      [twice!, 'offer_sold', '2000', '2026-11-05T10:00:00Z'],
      [listed!, 'listing_created', '5', '2026-11-06T10:00:00Z'],
    ];
    for (const [index, [tokenRef, type, price, time]] of rows.entries()) {
      await db.execute(sql`
        INSERT INTO activity (chain_id, marketplace, type, token_ref, collection_id, amount, price_wei, block_number, log_index, transaction_hash, block_time)
        VALUES (31337, ${MARKET}, ${type}, ${tokenRef}, ${collectionId!}, 1, ${price}::numeric, ${index + 1}, 0, ${`0x${String(index).padStart(64, '0')}`}, ${time}::timestamptz)`);
    }
    return { twice: twice!, once: once!, listed: listed! };
  };

  it("backfills each token's newest sale, leaves the never-sold null, and keeps listed_at to the millisecond", async () => {
    const opened = await databaseMigratedFromBefore(kind, root, { idx: 23, tag: '0023_sale_sorts' }, seedBefore);
    try {
      const { twice, once, listed } = opened.seeded;
      const result = (await opened.db.execute(sql`
        SELECT id::int AS id, last_sale_wei::text AS last_sale, last_sold_at, listed_at FROM tokens ORDER BY id`)) as unknown as {
        rows: { id: number; last_sale: string | null; last_sold_at: Date | string | null; listed_at: Date | string | null }[];
      };
      const time = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
      expect(result.rows.map((row) => ({ ...row, last_sold_at: time(row.last_sold_at), listed_at: time(row.listed_at) }))).toEqual([
        { id: twice, last_sale: '2000', last_sold_at: '2026-11-05T10:00:00.000Z', listed_at: null },
        { id: once, last_sale: '3000', last_sold_at: '2026-11-03T10:00:00.000Z', listed_at: null },
        { id: listed, last_sale: null, last_sold_at: null, listed_at: '2026-11-01T10:00:00.123Z' },
      ]);
      const precision = (await opened.db.execute(sql`SELECT extract(microseconds FROM listed_at)::int AS us FROM tokens WHERE id = ${listed}`)) as unknown as {
        rows: { us: number }[];
      };
      expect(precision.rows[0]!.us).toBe(123_000);
    } finally {
      await opened.close();
    }
  });
});
