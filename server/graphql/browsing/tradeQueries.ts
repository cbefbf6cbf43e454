// Holdings, offers and active sales (read side of trading), keyset-paged by id, relations batched. Tokens hidden
// from the viewer (server/studio/visibility.ts) have no holdings or offers for them.
import { and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { holdings, offers, sales, tokens } from '../../db/schema.js';
import { tokenVisibleTo } from '../../studio/queries/visibility.js';
import { badInput } from '../inputs.js';
import { loadPeople, type Ipfs, type PersonInfo } from '../people.js';
import { price, tokenNode } from '../tokenNode.js';
import { readTokenPage } from '../tokenRows.js';
import type { IdPagination } from './args.js';
import { idConnection } from './connection.js';

function newestAfter(pagination: IdPagination, column: typeof holdings.id | typeof offers.id): SQL | undefined {
  if (!pagination.after) return undefined;
  if (pagination.after.sortDir !== -1) throw badInput('Invalid pagination.after: the cursor belongs to a different list.');
  return lt(column, pagination.after.id);
}

type SaleRow = typeof sales.$inferSelect;

export function bazaarSaleNode(row: SaleRow) {
  return {
    id: String(row.id),
    saleId: row.saleId,
    allOutSaleId: row.allOutSaleId,
    chainId: row.chainId,
    marketplace: row.marketplace,
    seller: row.seller,
    amount: row.amount,
    soldAmount: row.soldAmount,
    price: price(row.priceWei, row.currency),
    wasCancelled: row.wasCancelled,
    token_id: String(row.tokenRef),
    container_id: String(row.collectionId),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Active (not cancelled, not sold out) sales of each token, oldest first: one query for a whole page. */
export async function loadActiveSales(db: Db, tokenRefs: number[]) {
  const rows = await db
    .select()
    .from(sales)
    .where(and(inArray(sales.tokenRef, tokenRefs), eq(sales.wasCancelled, false), sql`${sales.soldAmount} < ${sales.amount}`))
    .orderBy(asc(sales.id));
  const byToken = new Map<number, ReturnType<typeof bazaarSaleNode>[]>(tokenRefs.map((ref) => [ref, []]));
  for (const row of rows) byToken.get(row.tokenRef)?.push(bazaarSaleNode(row));
  return byToken;
}

export interface HoldingFilters {
  owner: string | null;
  tokenId: number | null;
  collectionId: number | null;
}

/** Holdings with units, newest first; each node carries its token (shown with this holding). */
export async function getTokenHoldings(db: Db, ipfs: Ipfs, filters: HoldingFilters, pagination: IdPagination, viewer: string | null) {
  const where = and(
    gt(holdings.amount, '0'),
    tokenVisibleTo(holdings.tokenId, viewer),
    filters.owner ? eq(holdings.owner, filters.owner) : undefined,
    filters.tokenId ? eq(holdings.tokenId, filters.tokenId) : undefined,
    filters.collectionId
      ? inArray(holdings.tokenId, db.select({ id: tokens.id }).from(tokens).where(eq(tokens.collectionId, filters.collectionId)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(holdings)
      .where(and(where, newestAfter(pagination, holdings.id)))
      .orderBy(desc(holdings.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(holdings).where(where),
  ]);
  const tokenIds = [...new Set(rows.map((row) => row.tokenId))];
  const [page, person] = await Promise.all([
    tokenIds.length === 0
      ? { rows: [], total: 0 }
      : readTokenPage(db, {
          where: inArray(tokens.id, tokenIds),
          segments: [{ where: undefined, orderBy: [asc(tokens.id)] }],
          limit: tokenIds.length,
        }),
    loadPeople(
      db,
      ipfs,
      rows.map((row) => row.owner),
    ),
  ]);
  const tokenById = new Map(page.rows.map((row) => [row.id, row]));
  return idConnection(rows, pagination.perPage, pagination.after, total?.n ?? 0, -1, (row) => row.id, (row) => {
    const token = tokenById.get(row.tokenId)!;
    const owner = person(row.owner);
    const holding = { id: row.id, owner: row.owner, amount: row.amount, createdAt: row.createdAt };
    const tokenNodeValue = tokenNode(ipfs, { ...token, holding, ownerAccount: null });
    const tokenHolding = { ...tokenNodeValue.tokenHolding!, owner };
    return { ...tokenHolding, token: { ...tokenNodeValue, ownerInfo: owner, tokenHolding } };
  });
}

/** Offers on a token (optionally only on one seller's sales), newest first. */
export async function getOffersByToken(db: Db, ipfs: Ipfs, tokenRef: number, seller: string | null, pagination: IdPagination, viewer: string | null) {
  const where = and(eq(offers.tokenRef, tokenRef), seller ? eq(sales.seller, seller) : undefined, tokenVisibleTo(offers.tokenRef, viewer));
  const base = () => db.select().from(offers).innerJoin(sales, eq(sales.id, offers.saleRef)).innerJoin(tokens, eq(tokens.id, offers.tokenRef));
  const [rows, [total]] = await Promise.all([
    base()
      .where(and(where, newestAfter(pagination, offers.id)))
      .orderBy(desc(offers.id))
      .limit(pagination.perPage + 1),
    db.select({ n: count() }).from(offers).innerJoin(sales, eq(sales.id, offers.saleRef)).where(where),
  ]);
  const person = await loadPeople(
    db,
    ipfs,
    rows.map((row) => row.offers.buyer),
  );
  return idConnection(rows, pagination.perPage, pagination.after, total?.n ?? 0, -1, (row) => row.offers.id, (row) =>
    offerNode(row, person(row.offers.buyer)),
  );
}

type OfferRow = typeof offers.$inferSelect;

/** The GraphQL Offer for an offer joined with its sale and token (getOffersByToken, the dashboard's offer lists). */
export function offerNode(row: { offers: OfferRow; sales: SaleRow; tokens: { id: number; tokenId: string; collectionId: number } }, buyer: PersonInfo) {
  return {
    id: String(row.offers.id),
    _id: String(row.offers.id),
    chainId: row.offers.chainId,
    saleId: row.sales.saleId,
    allOutSaleId: row.sales.allOutSaleId,
    marketplace: row.sales.marketplace,
    tokenId: row.tokens.tokenId,
    token_id: String(row.tokens.id),
    container_id: String(row.tokens.collectionId),
    buyer,
    seller: row.sales.seller,
    amount: row.offers.amount,
    price: price(row.offers.priceWei, row.offers.currency),
    state: row.offers.state,
    createdAt: row.offers.createdAt.toISOString(),
    updatedAt: row.offers.updatedAt.toISOString(),
  };
}
