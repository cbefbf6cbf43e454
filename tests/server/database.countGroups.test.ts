// The trigger-kept token_count_groups (migrations 0001, 0002 and 0022): exact through every kind of write, and
// migration 0022 on a database that already has tokens. Split from database.test.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections, insertTokens } from '../../server/db/bulk.js';
import { databaseMigratedFromBefore, insertOldTokens } from './migrationFixture.js';
import type { Db } from '../../server/db/client.js';
import { collections, tokens } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';

describe.each(DATABASE_KINDS)('token_count_groups triggers on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  // The groups must always equal a fresh GROUP BY over tokens, listed (a price set) or not.
  const expectGroupsExact = async () => {
    const actual = (await database.db.execute(sql`
      select collection_id, media_type, chain_id, creator, listed, n::int as n from token_count_groups order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
    const expected = (await database.db.execute(sql`
      select collection_id, media_type, chain_id, creator, price_wei is not null as listed, count(*)::int as n
      from tokens group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
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

    // Listing (a listed group appears), relisting higher (the floor must rise again), unlisting, and moving a listed
    // token between collections (it takes its listed state along).
    await database.db.update(tokens).set({ priceWei: '300' }).where(sql`${tokens.tokenId} in (20, 21)`);
    await database.db.update(tokens).set({ priceWei: '100', likesCount: 9 }).where(sql`${tokens.collectionId} = ${a} and ${tokens.tokenId} = 20`);
    expect(await expectGroupsExact()).toBe(4);
    await database.db.update(tokens).set({ priceWei: '500' }).where(sql`${tokens.collectionId} = ${a} and ${tokens.tokenId} = 20`);
    await database.db.update(tokens).set({ priceWei: null }).where(sql`${tokens.collectionId} = ${b}`);
    await database.db.update(tokens).set({ collectionId: b!, chainId: 1, tokenId: '1000' }).where(sql`${tokens.collectionId} = ${a} and ${tokens.tokenId} = 21`);
    expect(await expectGroupsExact()).toBe(5);

    await database.db.delete(tokens).where(sql`${tokens.collectionId} = ${a} and (${tokens.mediaType} = 'gif' or ${tokens.tokenId} = 20)`);
    expect(await expectGroupsExact()).toBe(3);

    await database.db.delete(collections).where(eq(collections.id, b!)); // cascades to its tokens
    expect(await expectGroupsExact()).toBe(1);

    await database.db.execute(sql`truncate tokens cascade`);
    expect(await expectGroupsExact()).toBe(0);
  });

  // The buy-now total sums the listed groups (server/graphql/tokens.ts): a listing, a cancel and a sale are UPDATEs of
  // price_wei that must move the token between its group's listed and unlisted rows, in statements of many rows too.
  it('listed groups stay exact through listing, cancelling, selling, repricing, moving, inserts and deletes', async () => {
    const creator = '0xdddd000000000000000000000000000000000000';
    const other = '0xeeee000000000000000000000000000000000000';
    const [c, d] = await insertCollections(database.db, [
      { chainId: 31337, name: 'C', symbol: 'C', mediaType: 'image', creator, state: 'published' },
      { chainId: 1, name: 'D', symbol: 'D', mediaType: 'video', creator: other, state: 'published' },
    ]);
    const listedTotal = async () => {
      const result = (await database.db.execute(sql`
        select (select coalesce(sum(n), 0)::int from token_count_groups where listed) as groups,
               (select count(*)::int from tokens where price_wei is not null) as counted`)) as unknown as { rows: { groups: number; counted: number }[] };
      const [row] = result.rows;
      expect(row!.groups).toBe(row!.counted);
      return row!.counted;
    };
    const inC = (where: SQL) => sql`${tokens.collectionId} = ${c} and ${where}`;
    // Inserted listed (every third) and unlisted in one statement.
    await insertTokens(database.db, [
      ...Array.from({ length: 30 }, (_, i) => ({
        collectionId: c!, chainId: 31337, tokenId: String(i), name: `c${i}`, mediaType: 'image', creator, priceWei: i % 3 === 0 ? String(1000 + i) : null,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({ collectionId: d!, chainId: 1, tokenId: String(i), name: `d${i}`, mediaType: 'video', creator: other })),
    ]);
    expect(await expectGroupsExact()).toBe(3);
    expect(await listedTotal()).toBe(10);

    // Listing: two in C (its listed group grows), one in D (D's first listed group).
    await database.db.update(tokens).set({ priceWei: '2000' }).where(inC(sql`${tokens.tokenId} in ('1', '2')`));
    await database.db.update(tokens).set({ priceWei: '3000' }).where(sql`${tokens.collectionId} = ${d} and ${tokens.tokenId} = '0'`);
    expect(await expectGroupsExact()).toBe(4);
    expect(await listedTotal()).toBe(13);

    // Repricing a listed token and an update of other columns move nothing.
    await database.db.update(tokens).set({ priceWei: '2500' }).where(inC(sql`${tokens.tokenId} = '1'`));
    await database.db.update(tokens).set({ likesCount: 3 }).where(inC(sql`${tokens.priceWei} is not null`));
    expect(await listedTotal()).toBe(13);

    // Cancelling; then one statement that lists the unlisted and cancels the listed among C's first ten.
    await database.db.update(tokens).set({ priceWei: null }).where(inC(sql`${tokens.tokenId} in ('0', '3')`));
    expect(await expectGroupsExact()).toBe(4);
    expect(await listedTotal()).toBe(11);
    await database.db.update(tokens)
      .set({ priceWei: sql`case when ${tokens.priceWei} is null then 7 else null end` })
      .where(inC(sql`${tokens.tokenId}::int < 10`));
    expect(await expectGroupsExact()).toBe(4);
    expect(await listedTotal()).toBe(11 - 4 + 6); // 1, 2, 6, 9 cancelled; 0, 3, 4, 5, 7, 8 listed

    // A sale: the listing ends (price_wei to null) and the token is sold; D's listed group goes away.
    await database.db.update(tokens).set({ priceWei: null, isSold: true }).where(sql`${tokens.collectionId} = ${d} and ${tokens.tokenId} = '0'`);
    expect(await expectGroupsExact()).toBe(3);
    expect(await listedTotal()).toBe(12);

    // Moving: a listed token to D (a new listed group there), and in the same statement an unlisted one that is listed
    // as it moves, and a listed one that is cancelled as it moves.
    await database.db.update(tokens)
      .set({
        collectionId: d!,
        chainId: 1,
        tokenId: sql`${tokens.tokenId} + 1000`,
        priceWei: sql`case ${tokens.tokenId} when '11' then 9 when '15' then null else ${tokens.priceWei} end`,
      })
      .where(inC(sql`${tokens.tokenId} in ('11', '12', '15')`)); // 11 unlisted, 12 and 15 listed
    expect(await expectGroupsExact()).toBe(5);
    expect(await listedTotal()).toBe(12);

    // Deleting listed and unlisted tokens together, then all of D's through its collection.
    await database.db.delete(tokens).where(inC(sql`${tokens.tokenId}::int >= 20`));
    expect(await expectGroupsExact()).toBe(5);
    expect(await listedTotal()).toBe(12 - 3); // 21, 24, 27
    await database.db.delete(collections).where(eq(collections.id, d!));
    expect(await expectGroupsExact()).toBe(2);
    expect(await listedTotal()).toBe(9 - 2); // 1011, 1012

    await database.db.execute(sql`truncate tokens cascade`);
    expect(await expectGroupsExact()).toBe(0);
    expect(await listedTotal()).toBe(0);
  });
});

// A database migrated before 0022 with tokens in it, listed and not: 0022 rebuilds the groups with `listed` from the
// rows, and its trigger function keeps them exact from then on.
describe.each(DATABASE_KINDS)('migration 0022 (listed count groups) on a database with tokens, on %s', (kind) => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'artbazaar-migrate-0022-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** Collections and tokens written under 0021's triggers (groups without `listed`), with a listing and a sale. */
  const seedBefore = async (db: Db) => {
    const creator = '0xabab000000000000000000000000000000000000';
    const [c, d, hidden] = await insertCollections(db, [
      { chainId: 31337, name: 'C', symbol: 'C', mediaType: 'image', creator, state: 'published' },
      { chainId: 1, name: 'D', symbol: 'D', mediaType: 'video', creator, state: 'published' },
      { chainId: 1, name: 'H', symbol: 'H', mediaType: 'video', creator, state: 'published', isHidden: true },
    ]);
    await insertOldTokens(db, [
      ...Array.from({ length: 25 }, (_, i) => ({ collectionId: c!, chainId: 31337, tokenId: String(i), name: `c${i}`, mediaType: i % 5 === 0 ? 'gif' : 'image', creator, priceWei: i % 2 === 0 ? String(100 + i) : null })),
      ...Array.from({ length: 6 }, (_, i) => ({ collectionId: d!, chainId: 1, tokenId: String(i), name: `d${i}`, mediaType: 'video', creator, priceWei: i < 2 ? '5' : null })),
      ...Array.from({ length: 4 }, (_, i) => ({ collectionId: hidden!, chainId: 1, tokenId: String(i), name: `h${i}`, mediaType: 'video', creator, priceWei: '7' })),
    ]);
    await db.update(tokens).set({ priceWei: '9' }).where(sql`${tokens.collectionId} = ${d} and ${tokens.tokenId} = '5'`);
    await db.update(tokens).set({ priceWei: null, isSold: true }).where(sql`${tokens.collectionId} = ${c} and ${tokens.tokenId} = '0'`);
    return { c: c!, d: d! };
  };

  const groupsAndExpected = async (db: Db) => {
    const read = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
    return {
      groups: await read(sql`select collection_id, media_type, chain_id, creator, listed, n::int as n from token_count_groups order by 1, 2, 3, 4, 5`),
      expected: await read(sql`
        select collection_id, media_type, chain_id, creator, price_wei is not null as listed, count(*)::int as n
        from tokens group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    };
  };

  it('rebuilds the groups with listed from the rows, and the triggers keep them exact after', async () => {
    const opened = await databaseMigratedFromBefore(kind, root, { idx: 22, tag: '0022_listed_count_groups' }, seedBefore);
    const ids = opened.seeded;
    try {
      const { db } = opened;
      const first = await groupsAndExpected(db);
      expect(first.groups).toEqual(first.expected);
      const cImagesListed = (await db.execute(sql`
        select n::int as n from token_count_groups where collection_id = ${ids.c} and media_type = 'image' and listed`)) as unknown as { rows: { n: number }[] };
      expect(cImagesListed.rows).toEqual([{ n: 10 }]); // 2, 4, …, 24 but 10 and 20 (gif)
      // Listed: C's twelve even ids but the sold 0; D's 0, 1 and 5; the hidden collection's four.
      const listed = (await db.execute(sql`select sum(n)::int as n from token_count_groups where listed`)) as unknown as { rows: { n: number }[] };
      expect(listed.rows[0]!.n).toBe(12 + 3 + 4);

      // A cancel, a listing, a sale and a move after the migration.
      await db.update(tokens).set({ priceWei: null }).where(sql`${tokens.collectionId} = ${ids.d} and ${tokens.tokenId} = '0'`);
      await db.update(tokens).set({ priceWei: '11' }).where(sql`${tokens.collectionId} = ${ids.c} and ${tokens.tokenId} in ('1', '3')`);
      await db.update(tokens).set({ priceWei: null, isSold: true }).where(sql`${tokens.collectionId} = ${ids.c} and ${tokens.tokenId} = '2'`);
      await db.update(tokens).set({ collectionId: ids.d, chainId: 1, tokenId: '1004' }).where(sql`${tokens.collectionId} = ${ids.c} and ${tokens.tokenId} = '4'`);
      const after = await groupsAndExpected(db);
      expect(after.groups).toEqual(after.expected);
    } finally {
      await opened.close();
    }
  });
});
