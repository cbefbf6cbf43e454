// The accounts store (server/accounts/store.ts), on PGlite and PostgreSQL: the one place the server finds the account
// of an address. Addresses are stored lower case; every function answers the same for any case of the address.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdSubquery, findAccount, findAccountId, isBanned, lockAccount } from '../../server/accounts/store.js';
import { accounts } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';

const MIXED = '0xAbCdEf0000000000000000000000000000000a11';
const BANNED = '0x00000000000000000000000000000000000b4ed0';
const UNKNOWN = '0x1111111111111111111111111111111111111111';
const sqlIn = (subquery: ReturnType<typeof accountIdSubquery>) => inArray(accounts.id, subquery);

describe.each(DATABASE_KINDS)('accounts store on %s', (kind) => {
  let database: TestDatabase;
  let id: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [row] = await database.db.insert(accounts).values({ address: MIXED.toLowerCase(), alias: 'Mixed' }).returning();
    id = row!.id;
    await database.db.insert(accounts).values({ address: BANNED, alias: 'Banned', isBanned: true });
  }, 120_000);
  afterAll(async () => database?.close());

  it('finds the account of an address in any case, and null for an unknown one', async () => {
    for (const address of [MIXED, MIXED.toLowerCase(), MIXED.toUpperCase().replace('0X', '0x')]) {
      expect(await findAccount(database.db, address)).toMatchObject({ id, address: MIXED.toLowerCase(), alias: 'Mixed' });
      expect(await findAccountId(database.db, address)).toBe(id);
    }
    expect(await findAccount(database.db, UNKNOWN)).toBeNull();
    expect(await findAccountId(database.db, UNKNOWN)).toBeNull();
  });

  it('says banned only for an existing banned account', async () => {
    expect(await isBanned(database.db, BANNED.toUpperCase().replace('0X', '0x'))).toBe(true);
    expect(await isBanned(database.db, MIXED)).toBe(false);
    expect(await isBanned(database.db, UNKNOWN)).toBe(false);
  });

  it('gives the id as a subquery a statement can filter by', async () => {
    const rows = await database.db.select({ id: accounts.id }).from(accounts).where(sqlIn(accountIdSubquery(database.db, MIXED)));
    expect(rows).toEqual([{ id }]);
  });

  it('locks the account row inside a transaction, and does nothing for an unknown address', async () => {
    await database.db.transaction(async (tx) => {
      await lockAccount(tx, MIXED);
      await lockAccount(tx, UNKNOWN);
      expect(await findAccountId(tx, MIXED)).toBe(id);
    });
  });
});
