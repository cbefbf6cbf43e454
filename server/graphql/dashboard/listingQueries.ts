// Sales reads: one sale (getSale), open per-token listings (getTokenListing), open all-out sales (getCollectionListing).
// Sales of collections hidden from the viewer (server/studio/visibility.ts) are left out as if they did not exist.
import { and, count, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { PublicConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { allOutSales, collections, sales } from '../../db/schema.js';
import type { IdPagination } from '../browsing/args.js';
import { idConnection } from '../browsing/connection.js';
import { bazaarSaleNode } from '../browsing/tradeQueries.js';
import { loadPeople, type Ipfs } from '../people.js';
import { collectionSummary, price } from '../tokenNode.js';
import { collectionVisibleTo } from '../../studio/queries/visibility.js';
import { afterId, type ListingFilters, type SaleRef } from './args.js';
import { holderKey, loadHolderTokens } from './holderTokens.js';

/** A sale by database id, or by on-chain id on a chain (the configured marketplace's sale first); null when unknown. */
export async function getSale(db: Db, config: Pick<PublicConfig, 'evms'>, ref: SaleRef, viewer: string | null) {
  const visible = collectionVisibleTo(sales.collectionId, viewer);
  if ('id' in ref) {
    const [row] = await db.select().from(sales).where(and(eq(sales.id, ref.id), visible));
    return row ? bazaarSaleNode(row) : null;
  }
  const marketplace = config.evms.find((evm) => evm.chainId === ref.chainId)?.contracts.marketplace?.toLowerCase() ?? '';
  const [row] = await db
    .select()
    .from(sales)
    .where(and(eq(sales.chainId, ref.chainId), eq(sales.saleId, ref.saleId), visible))
    .orderBy(sql`(${sales.marketplace} = ${marketplace}) DESC`, desc(sales.id))
    .limit(1);
  return row ? bazaarSaleNode(row) : null;
}

const openSale = () => and(eq(sales.wasCancelled, false), sql`${sales.soldAmount} < ${sales.amount}`)!;

/** Open per-token sales (standalone or inside an all-out sale), newest first, with the token shown by its seller. */
export async function getTokenListing(db: Db, ipfs: Ipfs, filters: ListingFilters, pagination: IdPagination, viewer: string | null) {
  const where = and(
    openSale(),
    collectionVisibleTo(sales.collectionId, viewer),
    filters.collectionId === null ? undefined : eq(sales.collectionId, filters.collectionId),
    filters.tokenRef === null ? undefined : eq(sales.tokenRef, filters.tokenRef),
    filters.seller === null ? undefined : eq(sales.seller, filters.seller),
    filters.chainId === null ? undefined : eq(sales.chainId, filters.chainId),
  );
  const after = afterId(pagination, -1);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sales)
      .where(and(where, after === null ? undefined : lt(sales.id, after)))
      .orderBy(desc(sales.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(sales).where(where),
  ]);
  const pageRows = rows.slice(0, pagination.perPage);
  const [tokenByKey, person] = await Promise.all([
    loadHolderTokens(db, ipfs, pageRows.map((row) => ({ tokenRef: row.tokenRef, holder: row.seller }))),
    loadPeople(db, ipfs, pageRows.map((row) => row.seller)),
  ]);
  return idConnection(rows, pagination.perPage, pagination.after, total?.n ?? 0, -1, (row) => row.id, (row) => {
    const token = tokenByKey.get(holderKey({ tokenRef: row.tokenRef, holder: row.seller }))!;
    const holding = token.tokenHolding;
    return {
      id: String(row.id),
      saleId: row.saleId,
      allOutSaleId: row.allOutSaleId,
      tokenHolding_id: holding && holding.owner.address === row.seller ? holding.id : null,
      chainId: row.chainId,
      marketplace: row.marketplace,
      listedDate: row.createdAt.toISOString(),
      owner: row.seller,
      ownerInfo: person(row.seller),
      creatorInfo: token.creatorInfo,
      sale_price: price(row.priceWei, row.currency),
      amount: (BigInt(row.amount) - BigInt(row.soldAmount)).toString(),
      token,
      collection: token.collection,
    };
  });
}

/** Open token sales inside the outer query's all-out sale (count, or existence with an extra condition). */
const tokenSalesOf = (select: SQL, extra?: SQL) => sql`(SELECT ${select} FROM ${sales}
  WHERE ${sales.chainId} = ${allOutSales.chainId} AND ${sales.marketplace} = ${allOutSales.marketplace}
    AND ${sales.allOutSaleId} = ${allOutSales.allOutSaleId} AND ${openSale()}${extra ? sql` AND ${extra}` : sql``})`;

/**
 * Open all-out sales: not cancelled and with at least one open token sale left (a fully sold one is over),
 * newest first. token_id keeps those listing that token.
 */
export async function getCollectionListing(db: Db, ipfs: Ipfs, filters: ListingFilters, pagination: IdPagination, viewer: string | null) {
  const tokensListed = sql<number>`${tokenSalesOf(sql`count(*)::int`)}`;
  const where = and(
    eq(allOutSales.wasCancelled, false),
    collectionVisibleTo(allOutSales.collectionId, viewer),
    sql`EXISTS ${tokenSalesOf(sql`1`, filters.tokenRef === null ? undefined : eq(sales.tokenRef, filters.tokenRef))}`,
    filters.collectionId === null ? undefined : eq(allOutSales.collectionId, filters.collectionId),
    filters.seller === null ? undefined : eq(allOutSales.seller, filters.seller),
    filters.chainId === null ? undefined : eq(allOutSales.chainId, filters.chainId),
  );
  const after = afterId(pagination, -1);
  const [rows, [total]] = await Promise.all([
    db
      .select({ sale: allOutSales, collection: collections, tokensListed })
      .from(allOutSales)
      .innerJoin(collections, eq(collections.id, allOutSales.collectionId))
      .where(and(where, after === null ? undefined : lt(allOutSales.id, after)))
      .orderBy(desc(allOutSales.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(allOutSales).where(where),
  ]);
  const person = await loadPeople(db, ipfs, rows.map((row) => row.collection.creator));
  return idConnection(rows, pagination.perPage, pagination.after, total?.n ?? 0, -1, (row) => row.sale.id, ({ sale, collection, tokensListed: listed }) => ({
    id: String(sale.id),
    allOutSaleId: sale.allOutSaleId,
    container_id: String(sale.collectionId),
    chainId: sale.chainId,
    marketplace: sale.marketplace,
    seller: sale.seller,
    price: price(sale.priceWei, sale.currency),
    collection: collectionSummary(ipfs, collection, person(collection.creator)),
    tokensListed: Number(listed),
    createdAt: sale.createdAt.toISOString(),
    updatedAt: sale.updatedAt.toISOString(),
  }));
}
