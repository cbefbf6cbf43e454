// Batched account lookups (PersonInfo) and media URL building shared by the list resolvers.
import { inArray } from 'drizzle-orm';
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { accounts } from '../db/schema.js';
import type { PersonInfo } from '../../domain/contracts/liveEvents.js';

/** A person as the reads and the live Sold event name them: the wire's contract (domain/contracts/liveEvents.ts). */
export type { PersonInfo } from '../../domain/contracts/liveEvents.js';

export type Ipfs = PublicConfig['ipfs'];

export const mediaUrl = (ipfs: Ipfs, cid: string | null | undefined) => (cid ? `${ipfs.urlPrefix}${cid}` : null);
export const thumbnailUrl = (ipfs: Ipfs, cid: string | null | undefined) =>
  cid ? `${ipfs.thumbnailUrlPrefix}${cid}` : null;

/** The account columns a PersonInfo shows. */
export interface PersonAccount {
  id: number | string;
  alias: string | null;
  avatar: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The PersonInfo of an address: its account's names and avatar, or just the address when it has no account. */
export function personInfo(ipfs: Ipfs, address: string, account: PersonAccount | null | undefined): PersonInfo {
  return {
    id: account ? String(account.id) : null,
    address,
    alias: account?.alias ?? null,
    avatar: thumbnailUrl(ipfs, account?.avatar),
    firstName: account?.firstName ?? null,
    lastName: account?.lastName ?? null,
  };
}

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
  return (address: string): PersonInfo => personInfo(ipfs, address, byAddress.get(address));
}
