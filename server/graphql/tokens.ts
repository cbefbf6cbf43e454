// getMarketplaceTokens: filtered, sorted, keyset-paged tokens with collection, people and holding batched.
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { collections, holdings, tokenCountGroups, tokens } from '../db/schema.js';
import type { ListFilter, ListInput } from './inputs.js';
import { keysetSegments, type Segment } from './keyset.js';
import { toConnection, readSegments } from './page.js';
import { loadPeople, mediaUrl, thumbnailUrl, type Ipfs } from './people.js';

/** Tokens of hidden or unpublished collections never reach the marketplace. */
export function visibleCollectionIds(db: Db) {
  return db
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.isHidden, false), eq(collections.state, 'published')));
}

export function tokenFilter(db: Db, filter: ListFilter): SQL | undefined {
  return and(
    inArray(tokens.collectionId, visibleCollectionIds(db)),
    filter.mediaTypes ? inArray(tokens.mediaType, filter.mediaTypes) : undefined,
    filter.chainIds ? inArray(tokens.chainId, filter.chainIds) : undefined,
    filter.creator ? eq(tokens.creator, filter.creator) : undefined,
    filter.tokenIds ? inArray(tokens.id, filter.tokenIds) : undefined,
  );
}

/** The list total: a sum over the trigger-maintained groups, or a primary-key count for token_ids. */
async function countTokens(db: Db, filter: ListFilter): Promise<number> {
  if (filter.tokenIds) {
    const [row] = await db.select({ n: count() }).from(tokens).where(tokenFilter(db, filter));
    return row?.n ?? 0;
  }
  const groups = tokenCountGroups;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${groups.n}), 0)`.mapWith(Number) })
    .from(groups)
    .where(
      and(
        inArray(groups.collectionId, visibleCollectionIds(db)),
        filter.mediaTypes ? inArray(groups.mediaType, filter.mediaTypes) : undefined,
        filter.chainIds ? inArray(groups.chainId, filter.chainIds) : undefined,
        filter.creator ? eq(groups.creator, filter.creator) : undefined,
      ),
    );
  return row?.n ?? 0;
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
  createdAt: tokens.createdAt,
};

/** The main holder of each token: the largest amount, then the earliest holding. One query per page. */
async function loadHoldings(db: Db, tokenIds: number[]) {
  if (tokenIds.length === 0) return new Map<number, { id: number; owner: string; createdAt: Date }>();
  const rows = await db
    .selectDistinctOn([holdings.tokenId], {
      tokenId: holdings.tokenId,
      id: holdings.id,
      owner: holdings.owner,
      createdAt: holdings.createdAt,
    })
    .from(holdings)
    .where(and(inArray(holdings.tokenId, tokenIds), gt(holdings.amount, '0')))
    .orderBy(asc(holdings.tokenId), desc(holdings.amount), asc(holdings.id));
  return new Map(rows.map((row) => [row.tokenId, row]));
}

export const tokenSegments = (input: ListInput) =>
  keysetSegments(input.sortBy, input.sortDir, input.after, {
    id: tokens.id,
    likesCount: tokens.likesCount,
    price: tokens.priceWei,
  });

/** One keyset read; exported so tests can EXPLAIN exactly the query the resolver runs. */
export function tokenPageQuery(db: Db, filter: SQL | undefined, segment: Segment, limit: number) {
  return db
    .select(tokenColumns)
    .from(tokens)
    .where(and(filter, segment.where))
    .orderBy(...segment.orderBy)
    .limit(limit);
}

export async function getMarketplaceTokens(db: Db, ipfs: Ipfs, input: ListInput) {
  const filter = tokenFilter(db, input.filter);
  const segments = tokenSegments(input);
  const [rows, total] = await Promise.all([
    readSegments(segments, input.perPage + 1, (where, orderBy, limit) =>
      tokenPageQuery(db, filter, { where, orderBy }, limit),
    ),
    countTokens(db, input.filter),
  ]);
  const page = rows.slice(0, input.perPage + 1);
  const collectionIds = [...new Set(page.map((row) => row.collectionId))];
  const [collectionRows, holdingByToken] = await Promise.all([
    collectionIds.length === 0
      ? []
      : db
          .select({ id: collections.id, name: collections.name, address: collections.address, chainId: collections.chainId })
          .from(collections)
          .where(inArray(collections.id, collectionIds)),
    loadHoldings(
      db,
      page.map((row) => row.id),
    ),
  ]);
  const person = await loadPeople(db, ipfs, [
    ...page.map((row) => row.creator),
    ...[...holdingByToken.values()].map((holding) => holding.owner),
  ]);
  const collectionById = new Map(collectionRows.map((row) => [row.id, row]));

  return toConnection(input, page, total, (row) => {
    const collection = collectionById.get(row.collectionId)!;
    const holding = holdingByToken.get(row.id);
    const owner = holding ? person(holding.owner) : null;
    return {
      id: String(row.id),
      _id: String(row.id),
      tokenId: row.tokenId,
      name: row.name,
      description: row.description,
      // A token's own thumbnail image wins; otherwise the image itself is thumbnailed.
      thumbnailUrl: thumbnailUrl(ipfs, row.thumbnail ?? row.media),
      mediaUrl: mediaUrl(ipfs, row.media),
      mediaType: row.mediaType,
      likesCount: row.likesCount,
      isSold: row.isSold,
      chainId: row.chainId,
      createdAt: row.createdAt.toISOString(),
      filename: row.filename,
      attributes: row.attributes,
      metadata: row.metadata,
      collection: {
        id: String(collection.id),
        _id: String(collection.id),
        name: collection.name,
        address: collection.address,
        chainId: collection.chainId,
      },
      creatorInfo: person(row.creator),
      ownerInfo: owner,
      tokenHolding:
        holding && owner
          ? {
              id: String(holding.id),
              chainId: row.chainId,
              salePrice: row.priceWei === null ? null : { amount: row.priceWei, currency: 'ETH' },
              owner,
              createdAt: holding.createdAt.toISOString(),
            }
          : null,
    };
  });
}
