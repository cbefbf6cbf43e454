// getMarketplaceTokens: filtered, sorted, keyset-paged tokens with collection, people and holding in one statement.
import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { collections, offers, tokenCountGroups, tokens } from '../db/schema.js';
import type { ListFilter, ListInput } from './inputs.js';
import { keysetSegments, type Segment } from './keyset.js';
import { toConnection } from './page.js';
import type { Ipfs } from './people.js';
import { collectionsHiddenFrom } from '../studio/queries/visibility.js';
import { tokenNode } from './tokenNode.js';
import { readTokenPage } from './tokenRows.js';

/** Tokens of hidden or unpublished collections never reach the marketplace. */
export function visibleCollectionIds(db: Db) {
  return db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.isHidden, false), eq(collections.state, 'published')));
}

/**
 * Collections kept off the marketplace, as an array computed once per statement (an InitPlan). Checking
 * `<> ALL(array)` per row keeps the sort index scan whatever the planner's statistics say (PGlite never
 * auto-analyzes; a semi-join on stale stats turned into a nested loop over every collection). The studio's rule
 * (server/studio/visibility.ts) for an anonymous viewer: the marketplace is the same for everyone.
 */
export const hiddenCollections = collectionsHiddenFrom(null);

export function tokenFilter(db: Db, filter: ListFilter): SQL | undefined {
  void db;
  return and(
    sql`${tokens.collectionId} <> ALL(${hiddenCollections})`,
    filter.mediaTypes ? inArray(tokens.mediaType, filter.mediaTypes) : undefined,
    filter.chainIds ? inArray(tokens.chainId, filter.chainIds) : undefined,
    filter.creators ? inArray(tokens.creator, filter.creators) : undefined,
    filter.tokenIds ? inArray(tokens.id, filter.tokenIds) : undefined,
    ...priceRange(tokens.priceWei, filter),
    filter.status?.includes('buy_now') ? isNotNull(tokens.priceWei) : undefined,
    // An open offer: a probe of offers_token_idx per token read.
    filter.status?.includes('has_offers')
      ? sql`exists (select 1 from ${offers} where ${offers.tokenRef} = ${tokens.id} and ${offers.state} = 'made')`
      : undefined,
  );
}

/** The price range as comparisons on a listing-price column (a null, unlisted price is outside every range). */
export function priceRange(column: PgColumn, filter: Pick<ListFilter, 'minPrice' | 'maxPrice'>): (SQL | undefined)[] {
  return [
    filter.minPrice !== null ? sql`${column} >= ${filter.minPrice}::numeric` : undefined,
    filter.maxPrice !== null ? sql`${column} <= ${filter.maxPrice}::numeric` : undefined,
  ];
}

/** Buy now alone: the groups keep `listed` (price_wei is not null), so its total is a sum over the listed groups. */
const onlyBuyNow = (filter: ListFilter) => filter.status?.length === 1 && filter.status[0] === 'buy_now';

/**
 * Token ids, a price range or an open offer cannot be summed from the groups (they have none of these): such a list's
 * total is counted. Buy now alone can (onlyBuyNow).
 */
const needsCountedTotal = (filter: ListFilter) =>
  filter.tokenIds !== null ||
  filter.minPrice !== null ||
  filter.maxPrice !== null ||
  (filter.status !== null && !onlyBuyNow(filter));

/** The list total as one scalar subquery: a sum over the trigger-maintained groups, or a count (needsCountedTotal). */
export function tokenTotalSql(db: Db, filter: ListFilter): SQL {
  if (needsCountedTotal(filter)) return sql`(${db.select({ n: count() }).from(tokens).where(tokenFilter(db, filter))})`;
  const groups = tokenCountGroups;
  return sql`(${db
    .select({ n: sql`coalesce(sum(${groups.n}), 0)` })
    .from(groups)
    .where(
      and(
        sql`${groups.collectionId} <> ALL(${hiddenCollections})`,
        filter.mediaTypes ? inArray(groups.mediaType, filter.mediaTypes) : undefined,
        filter.chainIds ? inArray(groups.chainId, filter.chainIds) : undefined,
        filter.creators ? inArray(groups.creator, filter.creators) : undefined,
        onlyBuyNow(filter) ? eq(groups.listed, true) : undefined,
      ),
    )})`;
}

const tokenColumns = {
  id: tokens.id,
  collectionId: tokens.collectionId,
  chainId: tokens.chainId,
  tokenId: tokens.tokenId,
  name: tokens.name,
  description: tokens.description,
  media: tokens.media,
  thumbnail: tokens.thumbnail,
  mediaType: tokens.mediaType,
  filename: tokens.filename,
  attributes: tokens.attributes,
  metadata: tokens.metadata,
  likesCount: tokens.likesCount,
  isSold: tokens.isSold,
  creator: tokens.creator,
  priceWei: tokens.priceWei,
  listedAt: tokens.listedAt,
  lastSoldAt: tokens.lastSoldAt,
  lastSaleWei: tokens.lastSaleWei,
  createdAt: tokens.createdAt,
};

/** Only listed tokens match: buy now, or a price range (an unlisted, null price is outside every range). */
const onlyListed = (filter: ListFilter) => filter.status?.includes('buy_now') || filter.minPrice !== null || filter.maxPrice !== null;

export const tokenSegments = (input: ListInput) =>
  keysetSegments(
    input.sortBy,
    input.sortDir,
    input.after,
    {
      id: tokens.id,
      likesCount: tokens.likesCount,
      price: tokens.priceWei,
      listedAt: tokens.listedAt,
      lastSoldAt: tokens.lastSoldAt,
      lastSale: tokens.lastSaleWei,
    },
    // A listed token has a price and a listing time (refreshToken, server/indexer/apply.ts, sets both from the same
    // open listings), an unlisted one neither.
    { valuesOnly: (input.sortBy === 'price' || input.sortBy === 'listedAt') && onlyListed(input.filter) },
  );

/** One keyset read; exported so tests can EXPLAIN exactly the query the resolver runs. */
export function tokenPageQuery(db: Db, filter: SQL | undefined, segment: Segment, limit: number) {
  return db
    .select(tokenColumns)
    .from(tokens)
    .where(and(filter, segment.where))
    .orderBy(...segment.orderBy)
    .limit(limit);
}

/** One statement per page (tokenRows.ts): rows, total, holding, collection and people together. */
export async function getMarketplaceTokens(db: Db, ipfs: Ipfs, input: ListInput) {
  const { rows, total } = await readTokenPage(db, {
    where: tokenFilter(db, input.filter),
    segments: tokenSegments(input),
    limit: input.perPage + 1,
    total: tokenTotalSql(db, input.filter),
  });
  return toConnection(input, rows, total, (row) => tokenNode(ipfs, row));
}
