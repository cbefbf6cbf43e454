// The studio's visibility rule (the creator studio, the second security review), one place for every read and write that names a token or a
// collection: a collection that is published and not hidden is public; any other (a canvas still building or
// finalized, or a hidden one) exists only for its creator and, read-only, for whoever holds its preview link's
// share token. To anyone else it and its tokens do not exist: a write answers as for an unknown id, a read leaves
// them out, so neither their data nor their media CIDs nor their existence leak. Its SQL (the rule's fields, and the
// conditions lists filter by: collectionVisibleTo, tokenVisibleTo) is ./queries/visibility.ts.
import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.js';
import { tokenVisibility, type VisibilityFields } from './queries/visibility.js';

type Reader = Pick<Db, 'select'>;

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
  const row = await tokenVisibility(db, tokenId);
  if (!row || !canSeeCollection(row, viewer, share)) return null;
  return { id: row.id, collectionId: row.collectionId, isPublic: isPublicCollection(row) };
}
