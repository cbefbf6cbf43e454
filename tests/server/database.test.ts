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
