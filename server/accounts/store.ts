// The accounts store: every read of "the account of this address" the server makes, in one place. Addresses are kept
// lower case (a check constraint on accounts.address); callers may pass any case. The REST handlers, the GraphQL
// resolvers, the studio and the sign-in all read accounts through these functions.
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts } from '../db/schema.js';

/** Anything that can select: the db or a transaction. */
type Reader = Pick<Db, 'select'>;

export type AccountRow = typeof accounts.$inferSelect;

/** The condition that picks the account of an address, in any case. */
export const accountAddressIs = (address: string): SQL => eq(accounts.address, address.toLowerCase());

/** The account of an address, or null when none exists. */
export async function findAccount(db: Reader, address: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(accountAddressIs(address));
  return row ?? null;
}

/** The id of the account of an address, or null when none exists. */
export async function findAccountId(db: Reader, address: string): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(accountAddressIs(address));
  return row?.id ?? null;
}

/**
 * Locks the account's row until the transaction ends (SELECT … FOR UPDATE), so two requests of one account that
 * check then write (an upload's quota) take turns; nothing happens when the account does not exist.
 */
export async function lockAccount(tx: Reader, address: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(accountAddressIs(address)).for('update');
}

/** The account id of an address as a subquery, for a statement that filters by it without a round trip first. */
export const accountIdSubquery = (db: Reader, address: string) => db.select({ id: accounts.id }).from(accounts).where(accountAddressIs(address));

/** True when the account exists and is banned; unknown addresses are not banned. */
export async function isBanned(db: Reader, address: string): Promise<boolean> {
  const [row] = await db.select({ isBanned: accounts.isBanned }).from(accounts).where(accountAddressIs(address));
  return row?.isBanned ?? false;
}
