// getCollections: collections by address + chain, creator or ids (collection page, dashboard), newest first.
import { and, count, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collections } from '../../db/schema.js';
import { collectionNode } from '../collections.js';
import { badInput } from '../inputs.js';
import { loadPeople, type Ipfs } from '../people.js';
import type { IdPagination } from './args.js';
import { idConnection } from './connection.js';

export interface CollectionFilters {
  address: string | null;
  chainId: number | null;
  creator: string | null;
  ids: number[] | null;
}

/**
 * Hidden collections are left out; unpublished ones (studio canvases) only for their signed-in creator (`viewer`):
 * a canvas that is not published is visible to its creator only (the creator studio).
 */
export async function getCollections(db: Db, ipfs: Ipfs, filters: CollectionFilters, pagination: IdPagination, viewer: string | null = null) {
  const where = and(
    eq(collections.isHidden, false),
    or(eq(collections.state, 'published'), viewer ? eq(collections.creator, viewer) : undefined),
    filters.address ? eq(collections.address, filters.address) : undefined,
    filters.chainId ? eq(collections.chainId, filters.chainId) : undefined,
    filters.creator ? eq(collections.creator, filters.creator) : undefined,
    filters.ids ? inArray(collections.id, filters.ids) : undefined,
  );
  if (pagination.after && pagination.after.sortDir !== -1) {
    throw badInput('Invalid pagination.after: the cursor belongs to a different list.');
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(collections)
      .where(and(where, pagination.after ? lt(collections.id, pagination.after.id) : undefined))
      .orderBy(desc(collections.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(collections).where(where),
  ]);
  const person = await loadPeople(
    db,
    ipfs,
    rows.map((row) => row.creator),
  );
  return idConnection(rows, pagination.perPage, pagination.after, total?.n ?? 0, -1, (row) => row.id, (row) =>
    collectionNode(ipfs, row, person(row.creator)),
  );
}
