// The dashboard's token and collection grids: created collections, bought tokens, a collection's tokens for its owner.
// `viewer` is the signed-in caller (or null): collections hidden from them (server/studio/visibility.ts) and their
// tokens are left out as if they did not exist.
import { and, count, desc, eq, gt, lt, ne, sql, asc, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collections, holdings, tokens } from '../../db/schema.js';
import type { IdPagination } from '../browsing/args.js';
import { idConnection } from '../browsing/connection.js';
import { collectionNode } from '../collections.js';
import { loadPeople, type Ipfs } from '../people.js';
import { tokenNode } from '../tokenNode.js';
import { readTokenPage } from '../tokenRows.js';
import { collectionVisibleTo } from '../../studio/queries/visibility.js';
import { afterId } from './args.js';

/** A page of the collections `where` picks, newest first (perPage + 1 rows, after the cursor's id), and their number. */
export async function collectionsNewestFirst(db: Db, where: SQL | undefined, pagination: IdPagination) {
  const after = afterId(pagination, -1);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(collections)
      .where(and(where, after === null ? undefined : lt(collections.id, after)))
      .orderBy(desc(collections.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(collections).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The creator's collections, newest first; hidden and unpublished ones (studio canvases) only for the signed-in creator. */
export async function getCreatedCollections(
  db: Db,
  ipfs: Ipfs,
  filters: { creator: string; chainId: number | null },
  pagination: IdPagination,
  viewer: string | null = null,
) {
  const where = and(
    eq(collections.creator, filters.creator),
    filters.chainId === null ? undefined : eq(collections.chainId, filters.chainId),
    collectionVisibleTo(collections.id, viewer),
  );
  const [{ rows, total }, person] = await Promise.all([collectionsNewestFirst(db, where, pagination), loadPeople(db, ipfs, [filters.creator])]);
  return idConnection(rows, pagination.perPage, pagination.after, total, -1, (row) => row.id, (row) =>
    collectionNode(ipfs, row, person(row.creator)),
  );
}

/**
 * Tokens the owner holds units of and did not create, newest holding first (the cursor is the holding id);
 * tokenHolding is the owner's holding. One statement.
 */
export async function getBoughtTokens(
  db: Db,
  ipfs: Ipfs,
  filters: { owner: string; collectionId: number | null },
  pagination: IdPagination,
  viewer: string | null,
) {
  const mine = and(
    eq(holdings.owner, filters.owner),
    gt(holdings.amount, '0'),
    ne(tokens.creator, filters.owner),
    filters.collectionId === null ? undefined : eq(tokens.collectionId, filters.collectionId),
    collectionVisibleTo(tokens.collectionId, viewer),
  );
  const from = sql`${holdings} JOIN ${tokens} ON ${tokens.id} = ${holdings.tokenId}`;
  const after = afterId(pagination, -1);
  const { rows, total } = await readTokenPage(db, {
    from,
    where: mine,
    segments: [{ where: after === null ? undefined : lt(holdings.id, after), orderBy: [desc(holdings.id)] }],
    limit: pagination.perPage + 1,
    total: sql`(SELECT count(*) FROM ${from} WHERE ${mine})`,
    extra: sql`${holdings.id}`,
    preferHolder: sql`${filters.owner}::text`,
  });
  return idConnection(rows, pagination.perPage, pagination.after, total, -1, (row) => Number(row.extra), (row) => tokenNode(ipfs, row));
}

/** A collection's tokens in token order; tokenHolding is the owner's where it holds units, else the main holder's. */
export async function getDashboardCollectionTokens(
  db: Db,
  ipfs: Ipfs,
  collectionId: number,
  owner: string,
  pagination: IdPagination,
  viewer: string | null,
) {
  const where = and(eq(tokens.collectionId, collectionId), collectionVisibleTo(tokens.collectionId, viewer));
  const after = afterId(pagination, 1);
  const { rows, total } = await readTokenPage(db, {
    where,
    segments: [{ where: after === null ? undefined : gt(tokens.id, after), orderBy: [asc(tokens.id)] }],
    limit: pagination.perPage + 1,
    total: sql`(${db.select({ n: count() }).from(tokens).where(where)})`,
    preferHolder: sql`${owner}::text`,
  });
  return idConnection(rows, pagination.perPage, pagination.after, total, 1, (row) => row.id, (row) => tokenNode(ipfs, row));
}
