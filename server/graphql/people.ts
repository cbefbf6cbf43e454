// Batched account lookups (PersonInfo) and media URL building shared by the list resolvers.
import { inArray } from 'drizzle-orm';
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { accounts } from '../db/schema.js';

export interface PersonInfo {
  id: string | null;
  address: string;
  alias: string | null;
  avatar: string | null;
  firstName: string | null;
  lastName: string | null;
}

export type Ipfs = PublicConfig['ipfs'];

export const mediaUrl = (ipfs: Ipfs, cid: string | null | undefined) => (cid ? `${ipfs.urlPrefix}${cid}` : null);
export const thumbnailUrl = (ipfs: Ipfs, cid: string | null | undefined) =>
  cid ? `${ipfs.thumbnailUrlPrefix}${cid}` : null;

/** One query for every address on a page; unknown addresses still get a PersonInfo with just the address. */
export async function loadPeople(db: Db, ipfs: Ipfs, addresses: Iterable<string>) {
  const unique = [...new Set(addresses)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({
            id: accounts.id,
            address: accounts.address,
            alias: accounts.alias,
            avatar: accounts.avatar,
            firstName: accounts.firstName,
            lastName: accounts.lastName,
          })
          .from(accounts)
          .where(inArray(accounts.address, unique));
  const byAddress = new Map(rows.map((row) => [row.address, row]));
  return (address: string): PersonInfo => {
    const row = byAddress.get(address);
    return {
      id: row ? String(row.id) : null,
      address,
      alias: row?.alias ?? null,
      avatar: thumbnailUrl(ipfs, row?.avatar),
      firstName: row?.firstName ?? null,
      lastName: row?.lastName ?? null,
    };
  };
}
