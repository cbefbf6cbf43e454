// Sent offers (getMyBazaarOffers) and received offers grouped by token (getMyTokensWithOffers), keyset-paged; offers
// on tokens hidden from the viewer (server/studio/visibility.ts) are left out.
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offers, sales, tokens } from '../../db/schema.js';
import type { IdPagination } from '../browsing/args.js';
import { idConnection } from '../browsing/connection.js';
import { offerNode } from '../browsing/tradeQueries.js';
import { loadPeople, type Ipfs } from '../people.js';
import { tokenNode } from '../tokenNode.js';
import { readTokenPage } from '../tokenRows.js';
import { collectionVisibleTo } from '../../studio/queries/visibility.js';
import { afterId } from './args.js';

type SaleRow = typeof sales.$inferSelect;

/** Open = not cancelled and units left: offers can still be made on it and accepted. */
export const saleIsOpen = (sale: Pick<SaleRow, 'wasCancelled' | 'soldAmount' | 'amount'>) =>
  !sale.wasCancelled && BigInt(sale.soldAmount) < BigInt(sale.amount);

const openSale = () => and(eq(sales.wasCancelled, false), sql`${sales.soldAmount} < ${sales.amount}`)!;

const offerColumns = {
  offers,
  sales,
  tokens: { id: tokens.id, tokenId: tokens.tokenId, collectionId: tokens.collectionId },
};

/**
 * Offers made BY the address that still hold its funds: state made, and invalidated (their sale was cancelled
 * or sold out; the buyer must retract them), newest first. `token` and `sellerInfo` resolve batched per page.
 */
export async function getMyBazaarOffers(db: Db, ipfs: Ipfs, address: string, pagination: IdPagination, viewer: string | null) {
  const where = and(eq(offers.buyer, address), inArray(offers.state, ['made', 'invalidated']), collectionVisibleTo(sales.collectionId, viewer));
  const after = afterId(pagination, -1);
  const [rows, [total], person] = await Promise.all([
    db
      .select(offerColumns)
      .from(offers)
      .innerJoin(sales, eq(sales.id, offers.saleRef))
      .innerJoin(tokens, eq(tokens.id, offers.tokenRef))
      .where(and(where, after === null ? undefined : lt(offers.id, after)))
      .orderBy(desc(offers.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(offers).innerJoin(sales, eq(sales.id, offers.saleRef)).where(where),
    loadPeople(db, ipfs, [address]),
  ]);
  return idConnection(rows, pagination.perPage, pagination.after, total?.n ?? 0, -1, (row) => row.offers.id, (row) => ({
    ...offerNode(row, person(row.offers.buyer)),
    saleActive: saleIsOpen(row.sales),
  }));
}

export interface TokensWithOffersFilters {
  seller: string;
  collectionId: number | null;
}

/**
 * Tokens with offers in state made on the seller's open sales, ordered by their newest such offer (the cursor
 * is that offer's id); each token shows the seller's holding and lists those offers newest first.
 */
export async function getMyTokensWithOffers(db: Db, ipfs: Ipfs, filters: TokensWithOffersFilters, pagination: IdPagination, viewer: string | null) {
  const received: SQL = and(
    eq(sales.seller, filters.seller),
    openSale(),
    collectionVisibleTo(sales.collectionId, viewer),
    eq(offers.state, 'made'),
    filters.collectionId === null ? undefined : eq(sales.collectionId, filters.collectionId),
  )!;
  const grouped = sql`SELECT ${offers.tokenRef} AS token_ref, max(${offers.id}) AS last_offer
    FROM ${offers} JOIN ${sales} ON ${sales.id} = ${offers.saleRef} WHERE ${received} GROUP BY ${offers.tokenRef}`;
  const after = afterId(pagination, -1);
  const page = await readTokenPage(db, {
    from: sql`(${grouped}) AS received JOIN ${tokens} ON ${tokens.id} = received.token_ref`,
    where: undefined,
    segments: [{ where: after === null ? undefined : sql`received.last_offer < ${after}`, orderBy: [sql`received.last_offer DESC`] }],
    limit: pagination.perPage + 1,
    total: sql`(SELECT count(*) FROM (${grouped}) AS counted)`,
    extra: sql`received.last_offer`,
    preferHolder: sql`${filters.seller}::text`,
  });
  const pageRows = page.rows.slice(0, pagination.perPage);
  const offerRows =
    pageRows.length === 0
      ? []
      : await db
          .select(offerColumns)
          .from(offers)
          .innerJoin(sales, eq(sales.id, offers.saleRef))
          .innerJoin(tokens, eq(tokens.id, offers.tokenRef))
          .where(and(received, inArray(offers.tokenRef, pageRows.map((row) => row.id))))
          .orderBy(desc(offers.id));
  const person = await loadPeople(db, ipfs, [filters.seller, ...offerRows.map((row) => row.offers.buyer)]);
  const sellerInfo = person(filters.seller);
  return idConnection(page.rows, pagination.perPage, pagination.after, page.total, -1, (row) => Number(row.extra), (row) => {
    const token = tokenNode(ipfs, row);
    const tokenOffers = offerRows
      .filter((offer) => offer.offers.tokenRef === row.id)
      .map((offer) => ({ ...offerNode(offer, person(offer.offers.buyer)), token, sellerInfo, saleActive: true }));
    return { id: token._id, token, offers: tokenOffers };
  });
}
