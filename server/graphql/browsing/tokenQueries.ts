// Token reads for the token page, the collection grid, sibling thumbnails and favourites (one statement each).
// `viewer` is the signed-in caller (or null): tokens of collections hidden from them (server/studio/visibility.ts)
// are left out as if they did not exist.
import { and, asc, count, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import { accountIdSubquery } from '../../accounts/store.js';
import type { Db } from '../../db/client.js';
import { holdings, likes, tokens } from '../../db/schema.js';
import { collectionVisibleTo } from '../../studio/queries/visibility.js';
import { badInput } from '../inputs.js';
import type { Ipfs } from '../people.js';
import { tokenNode } from '../tokenNode.js';
import { readTokenPage } from '../tokenRows.js';
import type { IdPagination } from './args.js';
import { idConnection } from './connection.js';

function cursorAfter(pagination: IdPagination, dir: 1 | -1, column: typeof tokens.id | typeof likes.id): SQL | undefined {
  const after = pagination.after;
  if (!after) return undefined;
  if (after.sortDir !== dir) throw badInput('Invalid pagination.after: the cursor belongs to a different list.');
  return dir === 1 ? gt(column, after.id) : lt(column, after.id);
}

/** The token behind a holding id (the token page route), showing that holding; null once it holds nothing. */
export async function getTokenFromHolding(db: Db, ipfs: Ipfs, holdingId: number, viewer: string | null) {
  const held = db
    .select({ tokenId: holdings.tokenId })
    .from(holdings)
    .where(and(eq(holdings.id, holdingId), gt(holdings.amount, '0')));
  const { rows } = await readTokenPage(db, {
    where: and(sql`${tokens.id} = (${held})`, collectionVisibleTo(tokens.collectionId, viewer)),
    segments: [{ where: undefined, orderBy: [asc(tokens.id)] }],
    limit: 1,
    holdingId,
  });
  const row = rows[0];
  return row && row.holding ? tokenNode(ipfs, row) : null;
}

/** A collection's tokens in token order (collection grid, page 12; siblings, perPage 4 with `exclude`). */
export async function getTokensByContainerId(db: Db, ipfs: Ipfs, collectionId: number, pagination: IdPagination, exclude: number | null) {
  const where = and(eq(tokens.collectionId, collectionId), exclude === null ? undefined : ne(tokens.id, exclude));
  const { rows, total } = await readTokenPage(db, {
    where,
    segments: [{ where: cursorAfter(pagination, 1, tokens.id), orderBy: [asc(tokens.id)] }],
    limit: pagination.perPage + 1,
    total: sql`(${db.select({ n: count() }).from(tokens).where(where)})`,
  });
  return idConnection(rows, pagination.perPage, pagination.after, total, 1, (row) => row.id, (row) => tokenNode(ipfs, row));
}

/** The collection's most recently created token; null for an empty or unknown collection. */
export async function getLastToken(db: Db, ipfs: Ipfs, collectionId: number) {
  const { rows } = await readTokenPage(db, {
    where: eq(tokens.collectionId, collectionId),
    segments: [{ where: undefined, orderBy: [desc(tokens.id)] }],
    limit: 1,
  });
  return rows[0] ? tokenNode(ipfs, rows[0]) : null;
}

/** Tokens an account liked, the newest like first; the cursor is the like's id. */
export async function getLikedTokensByAccount(
  db: Db,
  ipfs: Ipfs,
  account: { address: string } | { id: number },
  pagination: IdPagination,
  viewer: string | null,
) {
  const accountId =
    'id' in account
      ? sql`${account.id}::bigint`
      : sql`(${accountIdSubquery(db, account.address)})`;
  const mine = and(sql`${likes.accountId} = ${accountId}`, collectionVisibleTo(tokens.collectionId, viewer));
  const from = sql`${likes} JOIN ${tokens} ON ${tokens.id} = ${likes.tokenId}`;
  const { rows, total } = await readTokenPage(db, {
    from,
    where: mine,
    segments: [{ where: cursorAfter(pagination, -1, likes.id), orderBy: [desc(likes.id)] }],
    limit: pagination.perPage + 1,
    total: sql`(SELECT count(*) FROM ${from} WHERE ${mine})`,
    extra: sql`${likes.id}`,
  });
  return idConnection(rows, pagination.perPage, pagination.after, total, -1, (row) => Number(row.extra), (row) => tokenNode(ipfs, row));
}
