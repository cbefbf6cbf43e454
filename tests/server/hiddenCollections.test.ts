import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollections } from '../../server/db/bulk.js';
import { collections, hiddenCollections } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';

const creator = (n: number) => `0x${String(n).padStart(40, '0')}`;

// hidden_collections is what every public read filters by (server/studio/visibility.ts): it must hold exactly the
// collections the rule keeps off them, whatever wrote the collections.
describe.each(DATABASE_KINDS)('hidden_collections on %s (%#)', (kind) => {
  let database: TestDatabase;
  let ids: number[];

  const byRule = async () => {
    const rows = await database.db
      .select({ id: collections.id, creator: collections.creator })
      .from(collections)
      .where(sql`${collections.isHidden} OR ${collections.state} <> 'published'`)
      .orderBy(collections.id);
    return rows.map((row) => [row.id, row.creator]);
  };
  const kept = async () => {
    const rows = await database.db.select().from(hiddenCollections).orderBy(hiddenCollections.collectionId);
    return rows.map((row) => [row.collectionId, row.creator]);
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ids = await insertCollections(
      database.db,
      (['published', 'building', 'finalized', 'published'] as const).map((state, i) => ({
        chainId: 31337,
        name: `C${i}`,
        symbol: 'C',
        mediaType: 'image',
        creator: creator(i),
        state,
        isHidden: i === 3,
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('default: inserted collections that are hidden or not published', async () => {
    expect(await kept()).toEqual([
      [ids[1], creator(1)],
      [ids[2], creator(2)],
      [ids[3], creator(3)],
    ]);
  });

  it('behavior: follows publishing, hiding, unhiding and a new creator', async () => {
    await database.db.update(collections).set({ state: 'published' }).where(eq(collections.id, ids[2]!));
    await database.db.update(collections).set({ isHidden: true }).where(eq(collections.id, ids[0]!));
    await database.db.update(collections).set({ isHidden: false }).where(eq(collections.id, ids[3]!));
    await database.db.update(collections).set({ creator: creator(9) }).where(eq(collections.id, ids[1]!));
    expect(await kept()).toEqual([
      [ids[0], creator(0)],
      [ids[1], creator(9)],
    ]);
    expect(await kept()).toEqual(await byRule());
  });

  it('behavior: the aggregates the tokens triggers write leave it alone', async () => {
    await database.db.update(collections).set({ likesCount: 5, priceWei: '1000' }).where(inArray(collections.id, ids));
    expect(await kept()).toEqual(await byRule());
  });

  it('behavior: a deleted collection leaves it, a truncate empties it', async () => {
    await database.db.delete(collections).where(eq(collections.id, ids[0]!));
    expect(await kept()).toEqual([[ids[1], creator(9)]]);
    await database.db.execute(sql`TRUNCATE collections CASCADE`);
    expect(await kept()).toEqual([]);
  });
});
