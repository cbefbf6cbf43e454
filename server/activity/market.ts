// What collectors read to decide (issue: pictures where people would rather look than read): a token's or a
// collection's price history (its sales over time, with the listing prices), and a collection's statistics (floor
// price, volume, sales, owners, listed share), read from the activity rows the indexer writes and the tokens' and
// holdings' current state.
import { and, count, countDistinct, desc, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { activity, collections, holdings, tokens } from '../db/schema.js';
import { collectionVisibleTo } from '../studio/queries/visibility.js';

/** The rows a price history draws: listings (the asked price) and sales (the paid price, per unit). */
export const PRICE_TYPES = ['listing_created', 'listing_sold', 'offer_sold'] as const;
export const SALE_TYPES = ['listing_sold', 'offer_sold'] as const;

/** The newest points a history holds (a chart of more is unreadable on a phone anyway). */
export const PRICE_HISTORY_LIMIT = 500;

export type PriceScope = { token: number } | { collection: number };

export interface PricePointRow {
  id: number;
  type: (typeof PRICE_TYPES)[number];
  priceWei: string;
  currency: string | null;
  amount: string;
  blockTime: Date;
}

/** The statement of the scope's newest PRICE_HISTORY_LIMIT price points, newest first (a token's by activity_token_idx,
 * a collection's by its partial index of price rows, activity_collection_prices_idx). */
export function priceHistoryQuery(db: Db, scope: PriceScope, viewer: string | null) {
  const where = 'token' in scope ? eq(activity.tokenRef, scope.token) : eq(activity.collectionId, scope.collection);
  return db
    .select({ id: activity.id, type: activity.type, priceWei: activity.priceWei, currency: activity.currency, amount: activity.amount, blockTime: activity.blockTime })
    .from(activity)
    .where(and(where, inArray(activity.type, [...PRICE_TYPES]), collectionVisibleTo(activity.collectionId, viewer)))
    .orderBy(desc(activity.id))
    .limit(PRICE_HISTORY_LIMIT);
}

/** The scope's newest PRICE_HISTORY_LIMIT price points, oldest first; none when its collection is hidden from the viewer. */
export async function readPriceHistory(db: Db, scope: PriceScope, viewer: string | null): Promise<PricePointRow[]> {
  const rows = await priceHistoryQuery(db, scope, viewer);
  return rows.reverse() as PricePointRow[];
}

/** The statement of a collection's sales per currency: count and price × units (its partial index of price rows). */
export function collectionSalesQuery(db: Db, collectionId: number) {
  return db
    .select({ currency: activity.currency, sales: count(), wei: sql<string>`sum(${activity.priceWei} * ${activity.amount})::text` })
    .from(activity)
    .where(and(eq(activity.collectionId, collectionId), inArray(activity.type, [...SALE_TYPES])))
    .groupBy(activity.currency)
    .orderBy(activity.currency);
}

/** The current listing price of a token (its lowest open listing), or the floor of a collection; null when nothing is listed. */
export async function readAskingPrice(db: Db, scope: PriceScope): Promise<string | null> {
  const where = 'token' in scope ? eq(tokens.id, scope.token) : eq(tokens.collectionId, scope.collection);
  const [row] = await db.select({ price: min(tokens.priceWei) }).from(tokens).where(where);
  return row?.price ?? null;
}

export interface CollectionStatsRow {
  floorWei: string | null;
  /** Sum of price × units of every sale, per currency (null: the chain's native currency). */
  volume: { currency: string | null; wei: string }[];
  sales: number;
  owners: number;
  listed: number;
  tokens: number;
}

/** A collection's statistics, or null when it does not exist for the viewer (unknown, or hidden from them). */
export async function readCollectionStats(db: Db, collectionId: number, viewer: string | null): Promise<CollectionStatsRow | null> {
  const [visible] = await db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.id, collectionId), collectionVisibleTo(collections.id, viewer)));
  if (!visible) return null;
  const [tokenRows, ownerRows, saleRows] = await Promise.all([
    db
      .select({ tokens: count(), listed: count(tokens.priceWei), floor: min(tokens.priceWei) })
      .from(tokens)
      .where(eq(tokens.collectionId, collectionId)),
    db
      .select({ owners: countDistinct(holdings.owner) })
      .from(holdings)
      .innerJoin(tokens, eq(holdings.tokenId, tokens.id))
      .where(and(eq(tokens.collectionId, collectionId), gt(holdings.amount, '0'))),
    collectionSalesQuery(db, collectionId),
  ]);
  const stats = tokenRows[0]!;
  return {
    floorWei: stats.floor ?? null,
    volume: saleRows.map((row) => ({ currency: row.currency, wei: row.wei })),
    sales: saleRows.reduce((total, row) => total + row.sales, 0),
    owners: ownerRows[0]?.owners ?? 0,
    listed: stats.listed,
    tokens: stats.tokens,
  };
}
