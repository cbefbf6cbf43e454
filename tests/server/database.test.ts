import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections, insertTokens } from '../../server/db/bulk.js';
import { openDatabase } from '../../server/db/client.js';
import { DatabaseLockedError } from '../../server/db/lock.js';
import { accounts, collections, tokens } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';

const TABLES = [
  'accounts', 'activity', 'all_out_sales', 'api_keys', 'articles', 'artists', 'auth_nonces', 'canvas_uploads', 'chain_events', 'collections', 'comment_votes', 'comments',
  'contact_messages', 'exhibition_artworks', 'exhibitions', 'hidden_collections', 'holdings', 'home_slides', 'indexer_state', 'ipfs_blocks', 'likes', 'media', 'media_pins', 'offers',
  'pin_requests',
  'rate_limits', 'sales', 'token_count_groups', 'tokens',
];

describe.each(DATABASE_KINDS)('database on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('migrations create every table, with snake_case columns', async () => {
    const result = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(result.rows.map((row) => row.table_name)).toEqual(TABLES);
    const columns = (await database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'tokens'`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(columns.rows.map((row) => row.column_name)).toEqual(
      expect.arrayContaining(['collection_id', 'token_id', 'likes_count', 'is_sold', 'price_wei', 'listed_at', 'created_at']),
    );
  });

  it('addresses must be lower-case', async () => {
    await expect(database.db.insert(accounts).values({ address: '0xABCDEF0000000000000000000000000000000000' })).rejects.toThrow();
    expect((await database.db.select({ n: count() }).from(accounts))[0]!.n).toBe(0);
  });

  it('bulk inserts lower-case addresses, return ids in order, and keep uint256 prices exact', async () => {
    const [collectionId] = await insertCollections(database.db, [
      { chainId: 31337, name: 'Bulk', symbol: 'B', mediaType: 'image', creator: '0xAAAA000000000000000000000000000000000000', state: 'published' },
    ]);
    const big = (2n ** 256n - 1n).toString();
    const ids = await insertTokens(
      database.db,
      Array.from({ length: 2500 }, (_, i) => ({
        collectionId: collectionId!,
        chainId: 31337,
        tokenId: String(i + 1),
        name: `T${i}`,
        mediaType: 'image',
        creator: '0xAAAA000000000000000000000000000000000000',
        priceWei: i === 0 ? big : null,
      })),
      1000,
    );
    expect(ids).toHaveLength(2500);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const [first] = await database.db.select().from(tokens).where(eq(tokens.id, ids[0]!));
    expect(first).toMatchObject({ creator: '0xaaaa000000000000000000000000000000000000', priceWei: big, tokenId: '1' });
  });

  it('a failing batch writes nothing (one transaction)', async () => {
    const before = (await database.db.select({ n: count() }).from(tokens))[0]!.n;
    const [collectionId] = await database.db.select({ id: collections.id }).from(collections);
    const rows = Array.from({ length: 30 }, (_, i) => ({
      collectionId: collectionId!.id,
      chainId: 31337,
      tokenId: String(100_000 + (i === 29 ? 0 : i)), // the last row repeats the first token id
      name: 'dup',
      mediaType: 'image',
      creator: '0xaaaa000000000000000000000000000000000000',
    }));
    await expect(insertTokens(database.db, rows, 10)).rejects.toThrow();
    expect((await database.db.select({ n: count() }).from(tokens))[0]!.n).toBe(before);
  });
});

describe.each(DATABASE_KINDS)('token_count_groups triggers on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  // The groups must always equal a fresh GROUP BY over tokens.
  const expectGroupsExact = async () => {
    const actual = (await database.db.execute(sql`
      select collection_id, media_type, chain_id, creator, n::int as n from token_count_groups order by 1, 2, 3, 4`)) as unknown as { rows: unknown[] };
    const expected = (await database.db.execute(sql`
      select collection_id, media_type, chain_id, creator, count(*)::int as n from tokens group by 1, 2, 3, 4 order by 1, 2, 3, 4`)) as unknown as { rows: unknown[] };
    expect(actual.rows).toEqual(expected.rows);
    // Collection aggregates must equal a fresh aggregate over each collection's tokens.
    const aggregates = (await database.db.execute(sql`
      select c.id, c.likes_count as stored_likes, coalesce((select sum(t.likes_count) from tokens t where t.collection_id = c.id), 0)::int as likes,
             c.price_wei::text as stored_floor, (select min(t.price_wei) from tokens t where t.collection_id = c.id)::text as floor
      from collections c order by c.id`)) as unknown as { rows: { stored_likes: number; likes: number; stored_floor: string | null; floor: string | null }[] };
    for (const row of aggregates.rows) {
      expect(row.stored_likes).toBe(row.likes);
      expect(row.stored_floor).toBe(row.floor);
    }
    return expected.rows.length;
  };

  it('groups and collection likes/floor price stay exact through inserts, updates, deletes, cascades and truncate', async () => {
    const creator = '0xcccc000000000000000000000000000000000000';
    const [a, b] = await insertCollections(database.db, [
      { chainId: 31337, name: 'A', symbol: 'A', mediaType: 'image', creator, state: 'published' },
      { chainId: 1, name: 'B', symbol: 'B', mediaType: 'video', creator, state: 'published' },
    ]);
    const token = (collectionId: number, i: number, mediaType = 'image') => ({
      collectionId, chainId: collectionId === a ? 31337 : 1, tokenId: String(i), name: `t${i}`, mediaType, creator,
    });
    await insertTokens(database.db, [...Array.from({ length: 40 }, (_, i) => token(a!, i)), ...Array.from({ length: 7 }, (_, i) => token(b!, i, 'video'))], 16);
    expect(await expectGroupsExact()).toBe(2);

    // Moving tokens between groups, and updates that move nothing (likes), in one statement each.
    await database.db.update(tokens).set({ mediaType: 'gif' }).where(sql`${tokens.collectionId} = ${a} and ${tokens.tokenId} < 10`);
    await database.db.update(tokens).set({ likesCount: 5 });
    expect(await expectGroupsExact()).toBe(3);

    // Listing, relisting higher (the floor must rise again), unlisting, and moving a token between collections.
    await database.db.update(tokens).set({ priceWei: '300' }).where(sql`${tokens.tokenId} in (20, 21)`);
    await database.db.update(tokens).set({ priceWei: '100', likesCount: 9 }).where(sql`${tokens.collectionId} = ${a} and ${tokens.tokenId} = 20`);
    expect(await expectGroupsExact()).toBe(3);
    await database.db.update(tokens).set({ priceWei: '500' }).where(sql`${tokens.collectionId} = ${a} and ${tokens.tokenId} = 20`);
    await database.db.update(tokens).set({ priceWei: null }).where(sql`${tokens.collectionId} = ${b}`);
    await database.db.update(tokens).set({ collectionId: b!, chainId: 1, tokenId: '1000' }).where(sql`${tokens.collectionId} = ${a} and ${tokens.tokenId} = 21`);
    expect(await expectGroupsExact()).toBe(4);

    await database.db.delete(tokens).where(sql`${tokens.collectionId} = ${a} and (${tokens.mediaType} = 'gif' or ${tokens.tokenId} = 20)`);
    expect(await expectGroupsExact()).toBe(3);

    await database.db.delete(collections).where(eq(collections.id, b!)); // cascades to its tokens
    expect(await expectGroupsExact()).toBe(1);

    await database.db.execute(sql`truncate tokens cascade`);
    expect(await expectGroupsExact()).toBe(0);
  });
});

describe('database reopening and locking', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'artbazaar-lock-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('PGlite: a second open of the same folder is refused with the owner pid; data survives a reopen', async () => {
    const dataDir = join(root, 'a', 'b');
    const first = await openDatabase({ dataDir });
    await first.db.insert(accounts).values({ address: '0x1111111111111111111111111111111111111111' });
    expect(await readFile(join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    const error = await openDatabase({ dataDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseLockedError);
    expect((error as Error).message).toContain(`already in use by process ${process.pid}`);
    await first.close();
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);

    const reopened = await openDatabase({ dataDir });
    expect(await reopened.db.select({ address: accounts.address }).from(accounts)).toEqual([
      { address: '0x1111111111111111111111111111111111111111' },
    ]);
    await reopened.close();
  });

  it('PGlite: a lock left by a dead process is taken over', async () => {
    const dataDir = join(root, 'stale');
    await (await openDatabase({ dataDir })).close();
    await writeFile(join(dataDir, 'server.lock'), '999999999'); // no such pid
    const opened = await openDatabase({ dataDir });
    expect(await readFile(join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await opened.close();
  });

  it('PostgreSQL: two servers starting at once both migrate safely and share the data', async () => {
    const fresh = await openTestDatabase('postgres');
    try {
      const [a, b] = await Promise.all([openDatabase(fresh.location), openDatabase(fresh.location)]);
      await a.db.insert(accounts).values({ address: '0x2222222222222222222222222222222222222222' });
      expect(await b.db.select({ address: accounts.address }).from(accounts)).toHaveLength(1);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await fresh.close();
    }
  });

  it('PostgreSQL: an unreachable server fails with the driver error, not a hang', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
