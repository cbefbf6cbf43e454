// The trade check's SQL: the sale, token or collection a check is about (as the viewer may see it) and whether the
// viewer holds any of it.
import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { collections, holdings, sales, tokens } from '../db/schema.js';
import { collectionVisibleTo } from '../studio/queries/visibility.js';

/** True when `owner` holds units of any token matching `where` (one token, or every token of a collection). */
export async function holdsAny(db: Db, owner: string, where: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: holdings.id })
    .from(holdings)
    .innerJoin(tokens, eq(tokens.id, holdings.tokenId))
    .where(and(where, eq(holdings.owner, owner), gt(holdings.amount, '0')))
    .limit(1);
  return !!row;
}

/** The sale by on-chain id on this chain (of `marketplace` when known) the viewer may see, with its token row id. */
export async function findSale(db: Db, chainId: number, saleId: string, marketplace: string | undefined, viewer: string) {
  const [row] = await db
    .select({ tokenRef: sales.tokenRef, seller: sales.seller, wasCancelled: sales.wasCancelled, left: sql<string>`${sales.amount} - ${sales.soldAmount}` })
    .from(sales)
    .where(
      and(
        eq(sales.chainId, chainId),
        eq(sales.saleId, saleId),
        marketplace ? eq(sales.marketplace, marketplace) : undefined,
        collectionVisibleTo(sales.collectionId, viewer),
      ),
    )
    .orderBy(desc(sales.id))
    .limit(1);
  return row ?? null;
}

/** The row id of the token matching `where` the viewer may see, or null. */
export async function findVisibleTokenId(db: Db, where: SQL | undefined, viewer: string): Promise<number | null> {
  const [token] = await db
    .select({ id: tokens.id })
    .from(tokens)
    .innerJoin(collections, eq(collections.id, tokens.collectionId))
    .where(and(where, collectionVisibleTo(tokens.collectionId, viewer)))
    .limit(1);
  return token?.id ?? null;
}

/** The collection matching `where` on this chain the viewer may see (its id and creator), or null. */
export async function findVisibleCollection(db: Db, where: SQL, chainId: number, viewer: string) {
  const [collection] = await db
    .select({ id: collections.id, creator: collections.creator })
    .from(collections)
    .where(and(where, eq(collections.chainId, chainId), collectionVisibleTo(collections.id, viewer)))
    .limit(1);
  return collection ?? null;
}
