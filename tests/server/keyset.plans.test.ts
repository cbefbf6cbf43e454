import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections, insertTokens, type NewToken } from '../../server/db/bulk.js';
import { offers, sales } from '../../server/db/schema.js';
import { parseListInput, TOKEN_SORTS } from '../../server/graphql/inputs.js';
import { tokenPageSql } from '../../server/graphql/tokenRows.js';
import { tokenFilter, tokenPageQuery, tokenSegments, tokenTotalSql } from '../../server/graphql/tokens.js';
import { analyzeStaleTables } from '../../server/db/statistics.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';

const TOKEN_COUNT = 20_000;
const SEED_TIME = Date.UTC(2026, 10, 1);
const MEDIA = ['image', 'gif', 'video', 'multipart/image', 'multipart/mixed'];

describe.each(DATABASE_KINDS)('keyset plans on %s (%#)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const collectionIds = await insertCollections(
      database.db,
      Array.from({ length: 50 }, (_, i) => ({
        chainId: 31337,
        name: `C${i}`,
        symbol: 'C',
        mediaType: MEDIA[i % MEDIA.length]!,
        creator: `0x${String(i).padStart(40, '0')}`,
        state: 'published' as const,
        isHidden: i === 49,
      })),
    );
    const rows: NewToken[] = Array.from({ length: TOKEN_COUNT }, (_, i) => ({
      collectionId: collectionIds[i % 50]!,
      chainId: 31337,
      tokenId: String(i),
      name: `T${i}`,
      mediaType: MEDIA[i % 50 % MEDIA.length]!,
      creator: `0x${String(i % 50).padStart(40, '0')}`,
      likesCount: (i * 7919) % 50,
      priceWei: i % 3 === 0 ? null : String(((i * 104729) % 1000) * 1e15),
      listedAt: i % 3 === 0 ? null : new Date(SEED_TIME - ((i * 7907) % 90_000) * 60_000),
      // A quarter sold before: most tokens have no sale yet, so the sale sorts' second segment is most of the table.
      lastSoldAt: i % 4 === 0 ? new Date(SEED_TIME - ((i * 6151) % 200_000) * 60_000 - (i % 1000)) : null,
      lastSaleWei: i % 4 === 0 ? String(((i * 7727) % 5000) * 1e15) : null,
    }));
    const tokenIds = await insertTokens(database.db, rows);
    // An open offer on every 100th token (explore's has_offers status).
    const offered = tokenIds.filter((_, i) => i % 100 === 0);
    const native = '0x0000000000000000000000000000000000000000';
    const saleRows = await database.db
      .insert(sales)
      .values(offered.map((tokenRef, i) => ({ chainId: 31337, marketplace: '0x00000000000000000000000000000000000000ee', saleId: String(i + 1), tokenRef, collectionId: collectionIds[0]!, seller: '0x' + 'a'.repeat(40), amount: '1', priceWei: '1000', currency: native })))
      .returning({ id: sales.id, tokenRef: sales.tokenRef });
    await database.db.insert(offers).values(saleRows.map((sale) => ({ chainId: 31337, saleRef: sale.id, tokenRef: sale.tokenRef, buyer: '0x' + 'b'.repeat(40), amount: '1', priceWei: '900', currency: native })));
    // What the server does on PGlite (server/db/statistics.ts) and autovacuum on PostgreSQL.
    await analyzeStaleTables(database.db);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  const plan = async (args: Parameters<typeof parseListInput>[0], segmentIndex = 0) => {
    const input = parseListInput(args, TOKEN_SORTS);
    const segment = tokenSegments(input)[segmentIndex]!;
    const query = tokenPageQuery(database.db, tokenFilter(database.db, input.filter), segment, input.perPage + 1);
    const result = (await database.db.execute(sql`EXPLAIN ${query.getSQL()}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  };

  const cursor = (sortBy: string, sortDir: number, value: string | number | null, id: number) =>
    Buffer.from(JSON.stringify([sortBy, sortDir, value, id])).toString('base64url');

  it.each([
    ['newest', { sort: { sortBy: '_id', sortDir: -1 } }, 'tokens_pkey'],
    ['oldest after a cursor', { sort: { sortBy: '_id', sortDir: 1 }, pagination: { after: cursor('_id', 1, null, 10_000) } }, 'tokens_pkey'],
    ['most liked after a cursor', { sort: { sortBy: 'likesCount', sortDir: -1 }, pagination: { after: cursor('likesCount', -1, 20, 10_000) } }, 'tokens_likes_idx'],
    ['highest price after a cursor', { sort: { sortBy: 'price', sortDir: -1 }, pagination: { after: cursor('price', -1, '500000000000000000', 10_000) } }, 'tokens_price_idx'],
    ['lowest price', { sort: { sortBy: 'price', sortDir: 1 } }, 'tokens_price_idx'],
    ['images by likes', { filters: { mediaTypes: ['image'] }, sort: { sortBy: 'likesCount', sortDir: -1 } }, 'tokens_media_type_likes_idx'],
    ['images by price', { filters: { mediaTypes: ['image'] }, sort: { sortBy: 'price', sortDir: 1 }, pagination: { after: cursor('price', 1, '1000', 5) } }, 'tokens_media_type_price_idx'],
    ['recently listed', { sort: { sortBy: 'listedAt', sortDir: -1 } }, 'tokens_listed_at_idx'],
    ['recently listed after a cursor', { sort: { sortBy: 'listedAt', sortDir: -1 }, pagination: { after: cursor('listedAt', -1, SEED_TIME - 3_000_000_000, 10_000) } }, 'tokens_listed_at_idx'],
    ['recently sold', { sort: { sortBy: 'lastSoldAt', sortDir: -1 } }, 'tokens_last_sold_idx'],
    ['recently sold after a cursor', { sort: { sortBy: 'lastSoldAt', sortDir: -1 }, pagination: { after: cursor('lastSoldAt', -1, SEED_TIME - 6_000_000_000, 10_000) } }, 'tokens_last_sold_idx'],
    ['highest last sale', { sort: { sortBy: 'lastSale', sortDir: -1 } }, 'tokens_last_sale_idx'],
    ['highest last sale after a cursor', { sort: { sortBy: 'lastSale', sortDir: -1 }, pagination: { after: cursor('lastSale', -1, '2500000000000000000', 10_000) } }, 'tokens_last_sale_idx'],
    ['images recently listed', { filters: { mediaTypes: ['image'] }, sort: { sortBy: 'listedAt', sortDir: -1 } }, 'tokens_media_type_listed_at_idx'],
    ['images recently sold after a cursor', { filters: { mediaTypes: ['image'] }, sort: { sortBy: 'lastSoldAt', sortDir: -1 }, pagination: { after: cursor('lastSoldAt', -1, SEED_TIME - 6_000_000_000, 10_000) } }, 'tokens_media_type_last_sold_idx'],
    ['images by highest last sale', { filters: { mediaTypes: ['image'] }, sort: { sortBy: 'lastSale', sortDir: -1 } }, 'tokens_media_type_last_sale_idx'],
    ['recently listed on a chain', { filters: { chainIds: [31337] }, sort: { sortBy: 'listedAt', sortDir: -1 } }, 'tokens_chain_listed_at_idx'],
    ['recently sold on a chain', { filters: { chainIds: [31337] }, sort: { sortBy: 'lastSoldAt', sortDir: -1 } }, 'tokens_chain_last_sold_idx'],
    ['highest last sale on a chain after a cursor', { filters: { chainIds: [31337] }, sort: { sortBy: 'lastSale', sortDir: -1 }, pagination: { after: cursor('lastSale', -1, '2500000000000000000', 10_000) } }, 'tokens_chain_last_sale_idx'],
    ["an artist's recently listed", { filters: { creator: '0x' + '7'.padStart(40, '0') }, sort: { sortBy: 'listedAt', sortDir: -1 } }, 'tokens_creator_listed_at_idx'],
    ["an artist's recently sold", { filters: { creator: '0x' + '7'.padStart(40, '0') }, sort: { sortBy: 'lastSoldAt', sortDir: -1 } }, 'tokens_creator_last_sold_idx'],
    ["an artist's highest last sale", { filters: { creator: '0x' + '7'.padStart(40, '0') }, sort: { sortBy: 'lastSale', sortDir: -1 } }, 'tokens_creator_last_sale_idx'],
  ])('%s reads an index in order: no sort, no offset', async (_, args, indexName) => {
    const text = await plan(args);
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).toContain(indexName);
    expect(text).not.toMatch(/\bSort\b/);
    expect(text).not.toMatch(/Seq Scan on "?tokens"?/);
  });

  // The whole page statement getMarketplaceTokens runs: one hidden-collections list per keyset segment and one for
  // the total, each read from hidden_collections (a few rows), never a scan over every collection.
  it.each([
    ['highest price', { sort: { sortBy: 'price', sortDir: -1 } }, 'tokens_price_idx', 3],
    ['most liked on a chain', { filters: { chainIds: [31337] }, sort: { sortBy: 'likesCount', sortDir: -1 }, pagination: { after: cursor('likesCount', -1, 20, 10_000) } }, 'tokens_chain_likes_idx', 2],
  ])('the page statement for %s reads the hidden collections from hidden_collections', async (_, args, indexName, lists) => {
    const input = parseListInput(args, TOKEN_SORTS);
    const statement = tokenPageSql({
      where: tokenFilter(database.db, input.filter),
      segments: tokenSegments(input),
      limit: input.perPage + 1,
      total: tokenTotalSql(database.db, input.filter),
    });
    const result = (await database.db.execute(sql`EXPLAIN ${statement}`)) as unknown as { rows: Record<string, string>[] };
    const text = result.rows.map((row) => Object.values(row)[0]).join('\n');
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text.match(/ on hidden_collections\b/g)).toHaveLength(lists);
    expect(text).not.toMatch(/is_hidden/);
    expect(text).toContain(indexName);
    expect(text).not.toMatch(/Seq Scan on "?tokens"?/);
  });

  // A price range (explore's minPrice, maxPrice): under the price sorts it is a range of the price index, read in
  // order; under the others the planner may read the range and keep the top rows, but never scans the table.
  const RANGE = { minPrice: '200000000000000000', maxPrice: '300000000000000000' };
  it.each([
    ['lowest price in a range', { filters: RANGE, sort: { sortBy: 'price', sortDir: 1 } }, true],
    ['highest price in a range after a cursor', { filters: RANGE, sort: { sortBy: 'price', sortDir: -1 }, pagination: { after: cursor('price', -1, '250000000000000000', 10_000) } }, true],
    ['newest in a range', { filters: RANGE, sort: { sortBy: '_id', sortDir: -1 } }, false],
    ['most liked above a price', { filters: { minPrice: RANGE.maxPrice }, sort: { sortBy: 'likesCount', sortDir: -1 } }, false],
    // Status: listed (buy_now) under a price sort is the price index's listed range; has_offers probes the offers.
    ['lowest price, buy now', { filters: { status: ['buy_now'] }, sort: { sortBy: 'price', sortDir: 1 } }, true],
    ['newest with offers', { filters: { status: ['has_offers'] }, sort: { sortBy: '_id', sortDir: -1 } }, false],
  ])('%s uses an index, never a scan of tokens', async (_, args, inPriceOrder) => {
    const text = await plan(args);
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).not.toMatch(/Seq Scan on "?tokens"?/);
    if (inPriceOrder) {
      expect(text).toContain('tokens_price_idx');
      expect(text).not.toMatch(/\bSort\b/);
    }
  });

  it('has_offers joins the open offers in token order (offers_token_idx), never a scan of the offers per token', async () => {
    const text = await plan({ filters: { status: ['has_offers'] }, sort: { sortBy: '_id', sortDir: -1 } });
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).toContain('offers_token_idx');
    expect(text).not.toMatch(/Seq Scan on "?(tokens|offers)"?/);
  });

  it('the total of a price range is counted from the price index', async () => {
    const input = parseListInput({ filters: RANGE }, ['_id', 'likesCount', 'price']);
    const result = (await database.db.execute(sql`EXPLAIN SELECT ${tokenTotalSql(database.db, input.filter)}`)) as unknown as { rows: Record<string, string>[] };
    const text = result.rows.map((row) => Object.values(row)[0]).join('\n');
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).toContain('tokens_price_idx');
    expect(text).not.toMatch(/Seq Scan on "?tokens"?/);
  });

  // Buy now alone sums the listed count groups (migration 0022): a few hundred rows, not every listed token.
  it.each([
    ['buy now', { status: ['buy_now'] }, sql`true`],
    ['buy now in two media types', { status: ['buy_now'], mediaTypes: ['image', 'video'] }, sql`media_type in ('image', 'video')`],
  ])('the total of %s sums the listed groups, never reads tokens, and equals the count', async (_, filters, where) => {
    const input = parseListInput({ filters }, ['_id', 'likesCount', 'price']);
    const total = tokenTotalSql(database.db, input.filter);
    const explained = (await database.db.execute(sql`EXPLAIN SELECT ${total}`)) as unknown as { rows: Record<string, string>[] };
    const text = explained.rows.map((row) => Object.values(row)[0]).join('\n');
    if (process.env.SHOW_PLANS) console.log(text);
    expect(text).toContain('token_count_groups');
    expect(text).not.toMatch(/ on "?tokens"?\b/);
    const result = (await database.db.execute(sql`
      select ${total}::int as total,
             (select count(*)::int from tokens where price_wei is not null and ${where}
                and collection_id not in (select collection_id from hidden_collections)) as counted`)) as unknown as { rows: { total: number; counted: number }[] };
    expect(result.rows[0]!.total).toBe(result.rows[0]!.counted);
    expect(result.rows[0]!.total).toBeGreaterThan(0);
  });

  it.each([
    ['recently listed', 'listedAt', 'tokens_listed_at_idx'],
    ['recently sold', 'lastSoldAt', 'tokens_last_sold_idx'],
    ['highest last sale', 'lastSale', 'tokens_last_sale_idx'],
  ])('the %s sort: its second segment (no value) seeks its index by id, from the first page and from a cursor', async (_, sortBy, indexName) => {
    for (const args of [{ sort: { sortBy, sortDir: -1 } }, { sort: { sortBy, sortDir: -1 }, pagination: { after: cursor(sortBy, -1, null, 15_000) } }]) {
      const text = await plan(args, args.pagination ? 0 : 1);
      if (process.env.SHOW_PLANS) console.log(text);
      expect(text).toContain(indexName);
      expect(text).not.toMatch(/\bSort\b/);
      expect(text).not.toMatch(/Seq Scan on "?tokens"?/);
    }
  });

  // A sale sort within a narrow price range (about 1% of the tokens, as the bench's 1–2 ETH): most tokens never sold,
  // so the second segment (no sale) is most of the sale index, where the range's rows are few and far apart; with the
  // statistics the planner reads the range from the price index instead (a hundred-odd rows) and sorts them. (A wide
  // range is dense enough that walking the sale index soon finds a page: the planner's choice, by the statistics.)
  const NARROW = { minPrice: '200000000000000000', maxPrice: '209000000000000000' };
  it.each([
    ['recently sold', 'lastSoldAt'],
    ['highest last sale', 'lastSale'],
  ])('the %s sort within a narrow price range: its second segment reads the price range, not the unsold part of its index', async (_, sortBy) => {
    for (const args of [{ filters: NARROW, sort: { sortBy, sortDir: -1 } }, { filters: NARROW, sort: { sortBy, sortDir: -1 }, pagination: { after: cursor(sortBy, -1, null, 15_000) } }]) {
      const text = await plan(args, args.pagination ? 0 : 1);
      if (process.env.SHOW_PLANS) console.log(text);
      // The price index, or the chain's (a skip scan over the one chain, on PGlite).
      expect(text).toMatch(/tokens_(chain_)?price_idx/);
      expect(text).not.toMatch(/tokens_last_(sold|sale)_idx/);
      expect(text).not.toMatch(/Seq Scan on "?tokens"?/);
    }
  });

  // Buy now or a price range keeps listed tokens, which all have a price and a listing time: under those sorts the
  // page has no second segment for the unlisted (the planner cannot tell it is empty and would walk its index part).
  it.each([
    ['recently listed, buy now', { filters: { status: ['buy_now'] }, sort: { sortBy: 'listedAt', sortDir: -1 } }, 1],
    ['recently listed in a price range', { filters: RANGE, sort: { sortBy: 'listedAt', sortDir: -1 } }, 1],
    ['lowest price, buy now', { filters: { status: ['buy_now'] }, sort: { sortBy: 'price', sortDir: 1 } }, 1],
    ['recently listed', { sort: { sortBy: 'listedAt', sortDir: -1 } }, 2],
    ['recently listed with offers', { filters: { status: ['has_offers'] }, sort: { sortBy: 'listedAt', sortDir: -1 } }, 2],
    ['recently sold, buy now', { filters: { status: ['buy_now'] }, sort: { sortBy: 'lastSoldAt', sortDir: -1 } }, 2],
  ])('%s: %i segment(s)', (_, args, count) => {
    expect(tokenSegments(parseListInput(args, TOKEN_SORTS))).toHaveLength(count);
  });

  it('the unlisted segment of a price sort seeks the price index too', async () => {
    const text = await plan({ sort: { sortBy: 'price', sortDir: -1 }, pagination: { after: cursor('price', -1, null, 15_000) } });
    expect(text).toContain('tokens_price_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });
});
