// The studio's visibility rule (the creator studio, the second security review), one place for every read and write that names a token or a
// collection: a collection that is published and not hidden is public; any other (a canvas still building or
// finalized, or a hidden one) exists only for its creator and, read-only, for whoever holds its preview link's
// share token. To anyone else it and its tokens do not exist: a write answers as for an unknown id, a read leaves
// them out, so neither their data nor their media CIDs nor their existence leak.
import { timingSafeEqual } from 'node:crypto';
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { collections, hiddenCollections, tokens } from '../db/schema.js';

type Reader = Pick<Db, 'select'>;

/** The collection columns the rule reads. */
export interface VisibilityFields {
  creator: string;
  state: 'building' | 'finalized' | 'published';
  isHidden: boolean;
  shareToken: string | null;
}

export const visibilityColumns = {
  creator: collections.creator,
  state: collections.state,
  isHidden: collections.isHidden,
  shareToken: collections.shareToken,
};

/** Compares a preview link's token in constant time; false for a canvas without one. */
export function shareTokenMatches(row: Pick<VisibilityFields, 'shareToken'>, given: string | undefined | null): boolean {
  if (!row.shareToken || typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(row.shareToken);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Published and not hidden: everyone sees it. */
export const isPublicCollection = (row: Pick<VisibilityFields, 'state' | 'isHidden'>): boolean => row.state === 'published' && !row.isHidden;

/**
 * Whether `viewer` (a signed-in address, or null) may see the collection and its tokens. `share` (a preview link's
 * token) counts only for reads: writes pass none, so a share link never likes, comments, votes or trades.
 */
export function canSeeCollection(row: VisibilityFields, viewer: string | null, share: string | null = null): boolean {
  if (viewer !== null && row.creator === viewer.toLowerCase()) return true;
  if (isPublicCollection(row)) return true;
  return shareTokenMatches(row, share);
}

/**
 * The ids of the collections `viewer` may not see, as an array computed once per statement (an InitPlan), so a
 * filter `collection_id <> ALL(...)` keeps whatever index the query reads by (see graphql/tokens.ts). Read from
 * hidden_collections, the not-public collections kept by triggers (migration 0018): a few rows, where the same rule
 * over collections scanned every collection, once per keyset segment.
 */
export function collectionsHiddenFrom(viewer: string | null): SQL {
  const others = viewer === null ? sql`` : sql` WHERE ${hiddenCollections.creator} <> ${viewer.toLowerCase()}`;
  return sql`ARRAY(SELECT ${hiddenCollections.collectionId} FROM ${hiddenCollections}${others})`;
}

/** SQL condition on a collection id column (tokens.collection_id, sales.collection_id, …): visible to `viewer`. */
export function collectionVisibleTo(collectionId: SQLWrapper, viewer: string | null): SQL {
  return sql`${collectionId} <> ALL(${collectionsHiddenFrom(viewer)})`;
}

/**
 * SQL condition on a token id column of a table without the collection (holdings.token_id, offers.token_id, …):
 * the token is visible to `viewer`. The tokens of hidden collections are few, read by the collection index once.
 */
export function tokenVisibleTo(tokenId: SQLWrapper, viewer: string | null): SQL {
  return sql`${tokenId} <> ALL(ARRAY(SELECT ${tokens.id} FROM ${tokens} WHERE ${tokens.collectionId} = ANY(${collectionsHiddenFrom(viewer)})))`;
}

/** The collection's rule fields, or null for an unknown id. */
export async function collectionVisibility(db: Reader, collectionId: number): Promise<VisibilityFields | null> {
  const [row] = await db.select(visibilityColumns).from(collections).where(eq(collections.id, collectionId));
  return row ?? null;
}

/** True when the collection exists and `viewer` (or the share token, for reads) may see it. */
export async function collectionVisible(db: Reader, collectionId: number, viewer: string | null, share: string | null = null): Promise<boolean> {
  const row = await collectionVisibility(db, collectionId);
  return row !== null && canSeeCollection(row, viewer, share);
}

export interface VisibleToken {
  id: number;
  collectionId: number;
  /** Everyone sees it (live events about it may go to everyone). */
  isPublic: boolean;
}

/**
 * The token by row id when it exists and `viewer` may see it; null otherwise, and the caller answers exactly as
 * for an unknown id. Pass a transaction as `db` to check inside the write.
 */
export async function findVisibleToken(db: Reader, tokenId: number, viewer: string | null, share: string | null = null): Promise<VisibleToken | null> {
  const [row] = await db
    .select({ id: tokens.id, collectionId: tokens.collectionId, ...visibilityColumns })
    .from(tokens)
    .innerJoin(collections, eq(collections.id, tokens.collectionId))
    .where(eq(tokens.id, tokenId));
  if (!row || !canSeeCollection(row, viewer, share)) return null;
  return { id: row.id, collectionId: row.collectionId, isPublic: isPublicCollection(row) };
}
