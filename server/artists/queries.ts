// The artists' SQL shared by the REST writes (./service.ts) and the GraphQL artist page (graphql/artists): an
// address's account with its artist record, the featured-artwork check and the profile's writes.
import { and, eq } from 'drizzle-orm';
import { accountAddressIs, type AccountRow } from '../accounts/store.js';
import type { Db } from '../db/client.js';
import { accounts, artists, tokens } from '../db/schema.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ArtistRow = typeof artists.$inferSelect;
type Reader = Pick<Db, 'select'>;

/** The account of an address with its artist record (null when it has none); null when there is no account. */
export async function findAccountWithArtist(db: Reader, address: string): Promise<{ account: AccountRow; artist: ArtistRow | null } | null> {
  const [row] = await db.select({ account: accounts, artist: artists }).from(accounts).leftJoin(artists, eq(artists.accountId, accounts.id)).where(accountAddressIs(address));
  return row ?? null;
}

/** True when the token with this row id exists and was created by `creator`. */
export async function isTokenOf(db: Reader, tokenId: number, creator: string): Promise<boolean> {
  const [token] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .where(and(eq(tokens.id, tokenId), eq(tokens.creator, creator)));
  return !!token;
}

/** The account fields an artist profile edits. */
export interface ArtistAccountFields {
  firstName: string;
  lastName: string | null;
  web: string | null;
  twitter: string | null;
  instagram: string | null;
}

/** Writes the profile's account fields; the updated account. */
export async function updateArtistAccount(tx: Tx, accountId: number, fields: ArtistAccountFields): Promise<AccountRow> {
  const [row] = await tx
    .update(accounts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  return row!;
}

export type ArtistValues = Omit<typeof artists.$inferInsert, 'id' | 'accountId' | 'createdAt'>;

/** Creates the account's artist record. */
export async function insertArtist(tx: Tx, accountId: number, values: ArtistValues): Promise<ArtistRow> {
  const [row] = await tx.insert(artists).values({ accountId, ...values }).returning();
  return row!;
}

/** Replaces the artist record's fields. */
export async function updateArtist(tx: Tx, id: number, values: ArtistValues): Promise<ArtistRow> {
  const [row] = await tx.update(artists).set(values).where(eq(artists.id, id)).returning();
  return row!;
}
