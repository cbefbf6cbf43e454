// A token's history as collectors read it (the activity table the indexer writes: server/indexer/apply.ts), for a
// token, a collection, an artist's collections or an account (its sales, purchases, offers and transfers), newest
// first, keyset-paged by the row id (the chain's order). Rows of collections the viewer may not see are left out.
import { and, count, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { activity, collections, tokens } from '../db/schema.js';
import type { IdPagination } from '../graphql/browsing/args.js';
import { badInput } from '../graphql/inputs.js';
import { collectionVisibleTo } from '../studio/queries/visibility.js';

/** Whose history: exactly one of a token (its row id), a collection (its row id), an artist's or an account's. */
export type ActivityScope = { token: number } | { collection: number } | { artist: string } | { account: string };

export type ActivityRow = typeof activity.$inferSelect & {
  token: { id: number; tokenId: string; name: string; collectionId: number };
  collection: { id: number; address: string | null; name: string };
};

function scopeCondition(db: Db, scope: ActivityScope): SQL {
  if ('token' in scope) return eq(activity.tokenRef, scope.token);
  if ('collection' in scope) return eq(activity.collectionId, scope.collection);
  // The artist's collections: a few rows, by the collections' creator.
  if ('artist' in scope) return inArray(activity.collectionId, db.select({ id: collections.id }).from(collections).where(eq(collections.creator, scope.artist)));
  return or(eq(activity.fromAddress, scope.account), eq(activity.toAddress, scope.account))!;
}

export async function readActivity(db: Db, scope: ActivityScope, pagination: IdPagination, viewer: string | null) {
  if (pagination.after && pagination.after.sortDir !== -1) throw badInput('Invalid pagination.after: the cursor belongs to a different list.');
  const where = and(scopeCondition(db, scope), collectionVisibleTo(activity.collectionId, viewer));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(activity)
      .where(and(where, pagination.after ? lt(activity.id, pagination.after.id) : undefined))
      .orderBy(desc(activity.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(activity).where(where),
  ]);
  const tokenRefs = [...new Set(rows.map((row) => row.tokenRef))];
  const collectionIds = [...new Set(rows.map((row) => row.collectionId))];
  const [tokenRows, collectionRows] = await Promise.all([
    tokenRefs.length === 0
      ? []
      : db.select({ id: tokens.id, tokenId: tokens.tokenId, name: tokens.name, collectionId: tokens.collectionId }).from(tokens).where(inArray(tokens.id, tokenRefs)),
    collectionIds.length === 0
      ? []
      : db.select({ id: collections.id, address: collections.address, name: collections.name }).from(collections).where(inArray(collections.id, collectionIds)),
  ]);
  const tokenById = new Map(tokenRows.map((row) => [row.id, row]));
  const collectionById = new Map(collectionRows.map((row) => [row.id, row]));
  const page: ActivityRow[] = rows.map((row) => ({ ...row, token: tokenById.get(row.tokenRef)!, collection: collectionById.get(row.collectionId)! }));
  return { rows: page, totalCount: total?.n ?? 0 };
}
