// A token's history as collectors read it (the activity table the indexer writes: server/indexer/apply.ts), for a
// token, a collection, an artist's collections or an account (its sales, purchases, offers and transfers), newest
// first, keyset-paged by the row id (the chain's order). Rows of collections the viewer may not see are left out.
import { and, count, desc, eq, gt, inArray, lt, min, or, type SQL } from 'drizzle-orm';
import { union, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { activity, collections, holdings, tokens } from '../db/schema.js';
import type { IdPagination } from '../graphql/browsing/args.js';
import { badInput } from '../graphql/inputs.js';
import { collectionVisibleTo } from '../studio/queries/visibility.js';

/** Whose history: exactly one of a token (its row id), a collection (its row id), an artist's or an account's. */
export type ActivityScope = { token: number } | { collection: number } | { artist: string } | { account: string };

export type ActivityRow = typeof activity.$inferSelect & {
  /** holdingId: a holding of the token with units today (the token page's address), null when none is left. */
  token: { id: number; tokenId: string; name: string; collectionId: number; holdingId: number | null };
  collection: { id: number; address: string | null; name: string };
};

/** A scope as the reads take it: an artist's is their collections' ids (a few rows, by the collections' creator). */
export type ResolvedScope = { token: number } | { collection: number } | { collections: number[] } | { account: string };

export async function resolveScope(db: Db, scope: ActivityScope): Promise<ResolvedScope> {
  if (!('artist' in scope)) return scope;
  const rows = await db.select({ id: collections.id }).from(collections).where(eq(collections.creator, scope.artist));
  return { collections: rows.map((row) => row.id) };
}

/**
 * The statement of one page (limit rows), newest first, or null when the scope has nothing (an artist without
 * collections). Each side reads its own index in id order as far as the page needs: a token's (token_ref, id), a
 * collection's (collection_id, id), each of an artist's collections, an account's (from, id) and (to, id); several
 * sides are then merged. (A single condition over several of them — an IN list, an OR — lets the planner read the
 * whole table backwards by id instead, which for a scope with little activity reads every row.)
 */
export function activityPageQuery(db: Db, scope: ResolvedScope, pagination: IdPagination, viewer: string | null, limit: number) {
  const before = pagination.after ? lt(activity.id, pagination.after.id) : undefined;
  const visible = collectionVisibleTo(activity.collectionId, viewer);
  const side = (condition: SQL) => db.select().from(activity).where(and(condition, visible, before)).orderBy(desc(activity.id)).limit(limit);
  const sides =
    'token' in scope ? [side(eq(activity.tokenRef, scope.token))]
    : 'collection' in scope ? [side(eq(activity.collectionId, scope.collection))]
    : 'collections' in scope ? scope.collections.map((id) => side(eq(activity.collectionId, id)))
    : [side(eq(activity.fromAddress, scope.account)), side(eq(activity.toAddress, scope.account))];
  if (sides.length < 2) return sides[0] ?? null;
  const [first, second, ...rest] = sides;
  // An account's two sides can name the same row (a transfer to oneself): union keeps it once.
  const merged = 'account' in scope ? union(first!, second!, ...rest) : unionAll(first!, second!, ...rest);
  return merged.orderBy(desc(activity.id)).limit(limit);
}

function totalQuery(db: Db, scope: ResolvedScope, viewer: string | null) {
  const where =
    'token' in scope ? eq(activity.tokenRef, scope.token)
    : 'collection' in scope ? eq(activity.collectionId, scope.collection)
    : 'collections' in scope ? inArray(activity.collectionId, scope.collections)
    : or(eq(activity.fromAddress, scope.account), eq(activity.toAddress, scope.account));
  return db.select({ n: count() }).from(activity).where(and(where, collectionVisibleTo(activity.collectionId, viewer)));
}

export async function readActivity(db: Db, scope: ActivityScope, pagination: IdPagination, viewer: string | null) {
  if (pagination.after && pagination.after.sortDir !== -1) throw badInput('Invalid pagination.after: the cursor belongs to a different list.');
  const resolved = await resolveScope(db, scope);
  if ('collections' in resolved && resolved.collections.length === 0) return { rows: [] as ActivityRow[], totalCount: 0 };
  const [rows, [total]] = await Promise.all([activityPageQuery(db, resolved, pagination, viewer, pagination.perPage + 1)!, totalQuery(db, resolved, viewer)]);
  const tokenRefs = [...new Set(rows.map((row) => row.tokenRef))];
  const collectionIds = [...new Set(rows.map((row) => row.collectionId))];
  const [tokenRows, collectionRows, holdingRows] = await Promise.all([
    tokenRefs.length === 0
      ? []
      : db.select({ id: tokens.id, tokenId: tokens.tokenId, name: tokens.name, collectionId: tokens.collectionId }).from(tokens).where(inArray(tokens.id, tokenRefs)),
    collectionIds.length === 0
      ? []
      : db.select({ id: collections.id, address: collections.address, name: collections.name }).from(collections).where(inArray(collections.id, collectionIds)),
    // The page's tokens' first holdings with units (holdings_token_owner_uq leads with token_id).
    tokenRefs.length === 0
      ? []
      : db
          .select({ tokenId: holdings.tokenId, id: min(holdings.id) })
          .from(holdings)
          .where(and(inArray(holdings.tokenId, tokenRefs), gt(holdings.amount, '0')))
          .groupBy(holdings.tokenId),
  ]);
  const holdingByToken = new Map(holdingRows.map((row) => [row.tokenId, row.id]));
  const tokenById = new Map(tokenRows.map((row) => [row.id, { ...row, holdingId: holdingByToken.get(row.id) ?? null }]));
  const collectionById = new Map(collectionRows.map((row) => [row.id, row]));
  const page: ActivityRow[] = rows.map((row) => ({ ...row, token: tokenById.get(row.tokenRef)!, collection: collectionById.get(row.collectionId)! }));
  return { rows: page, totalCount: total?.n ?? 0 };
}
