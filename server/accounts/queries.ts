// The account feature's SQL beyond the account of an address (./store.ts): an account by row id, the sign-in's
// insert, and the profile edit's writes (the account row and the artist catalogue's sort key that follows it).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { accounts, artists } from '../db/schema.js';
import type { AccountRow } from './store.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/** The account with this row id, or null. */
export async function findAccountById(db: Reader, id: number): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

/** Creates the account of an address unless it exists (then nothing changes, the alias included). */
export async function insertAccountIfMissing(tx: Tx, address: string, alias: string): Promise<void> {
  await tx.insert(accounts).values({ address, alias }).onConflictDoNothing({ target: accounts.address });
}

/** Writes the profile fields (the avatar only when given); the updated row, or null when the account is gone. */
export async function updateProfile(tx: Tx, id: number, values: { alias: string; email: string; avatar: string | null | undefined }): Promise<AccountRow | null> {
  const [row] = await tx
    .update(accounts)
    .set({ alias: values.alias, email: values.email, updatedAt: new Date(), ...(values.avatar !== undefined ? { avatar: values.avatar } : {}) })
    .where(eq(accounts.id, id))
    .returning();
  return row ?? null;
}

/** Sets the catalogue sort key of the account's artist record, if it has one. */
export async function setArtistSortKey(tx: Tx, accountId: number, sortKey: string): Promise<void> {
  await tx.update(artists).set({ sortKey }).where(eq(artists.accountId, accountId));
}
