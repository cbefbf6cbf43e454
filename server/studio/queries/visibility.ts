// The visibility rule's SQL (the rule itself is ../visibility.ts): the rule's fields of a collection or of a token's
// collection, and the conditions every list, dashboard and count filters by — "visible to this viewer" as a
// `<> ALL(ARRAY(...))` over hidden_collections, the not-public collections kept by triggers (migration 0018).
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collections, hiddenCollections, tokens } from '../../db/schema.js';

type Reader = Pick<Db, 'select'>;

/** The collection columns the rule reads. */
export interface VisibilityFields {
  creator: string;
  state: 'building' | 'finalized' | 'published';
  isHidden: boolean;
  shareToken: string | null;
}

const visibilityColumns = {
  creator: collections.creator,
  state: collections.state,
  isHidden: collections.isHidden,
  shareToken: collections.shareToken,
};

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

/** The token by row id with its collection's rule fields, or null for an unknown id. */
export async function tokenVisibility(db: Reader, tokenId: number): Promise<({ id: number; collectionId: number } & VisibilityFields) | null> {
  const [row] = await db
    .select({ id: tokens.id, collectionId: tokens.collectionId, ...visibilityColumns })
    .from(tokens)
    .innerJoin(collections, eq(collections.id, tokens.collectionId))
    .where(eq(tokens.id, tokenId));
  return row ?? null;
}
