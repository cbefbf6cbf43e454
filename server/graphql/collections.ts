// getMarketplaceCollections: published, visible collections, keyset-paged by _id, likes or floor price.
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { collections } from '../db/schema.js';
import { badInput, type ListFilter, type ListInput } from './inputs.js';
import { keysetSegments } from './keyset.js';
import { priceRange } from './tokens.js';
import { readSegments, toConnection } from './page.js';
import { loadPeople, mediaUrl, thumbnailUrl, type Ipfs, type PersonInfo } from './people.js';

function collectionFilter(filter: ListFilter): SQL | undefined {
  if (filter.tokenIds) throw badInput('Invalid filters.token_ids: it filters tokens, not collections.');
  if (filter.status) throw badInput('Invalid filters.status: it filters tokens, not collections.');
  return and(
    eq(collections.isHidden, false),
    eq(collections.state, 'published'),
    filter.mediaTypes ? inArray(collections.mediaType, filter.mediaTypes) : undefined,
    filter.chainIds ? inArray(collections.chainId, filter.chainIds) : undefined,
    filter.creators ? inArray(collections.creator, filter.creators) : undefined,
    // A collection's price is its floor (its lowest listing).
    ...priceRange(collections.priceWei, filter),
  );
}

export async function getMarketplaceCollections(db: Db, ipfs: Ipfs, input: ListInput) {
  const filter = collectionFilter(input.filter);
  const segments = keysetSegments(input.sortBy, input.sortDir, input.after, {
    id: collections.id,
    likesCount: collections.likesCount,
    price: collections.priceWei,
  });
  const [rows, [total]] = await Promise.all([
    readSegments(segments, input.perPage + 1, (where, orderBy, limit) =>
      db
        .select()
        .from(collections)
        .where(and(filter, where))
        .orderBy(...orderBy)
        .limit(limit),
    ),
    db.select({ n: count() }).from(collections).where(filter),
  ]);
  const person = await loadPeople(
    db,
    ipfs,
    rows.map((row) => row.creator),
  );
  return toConnection(input, rows, total?.n ?? 0, (row) => collectionNode(ipfs, row, person(row.creator)));
}

type CollectionRow = typeof collections.$inferSelect;

/** The GraphQL Collection for a row (getMarketplaceCollections, getCollections, REST /collection). */
export function collectionNode(ipfs: Ipfs, row: CollectionRow, creatorInfo: PersonInfo) {
  return {
    id: String(row.id),
    _id: String(row.id),
    name: row.name,
    symbol: row.symbol,
    description: row.description,
    chainId: row.chainId,
    cover: mediaUrl(ipfs, row.cover),
    coverThumbnail: thumbnailUrl(ipfs, row.cover),
    thumbnail: thumbnailUrl(ipfs, row.thumbnail ?? row.cover),
    address: row.address,
    mediaType: row.mediaType,
    tokenCount: row.tokenCount,
    soldOut: row.soldOut,
    likesCount: row.likesCount,
    floorPrice: row.priceWei === null ? null : { amount: row.priceWei, currency: 'ETH' },
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    creator: row.creator,
    creatorInfo,
    isFeatured: row.isFeatured,
    state: row.state,
    supplyPerToken: row.supplyPerToken,
    royaltiesBasispoints: row.royaltiesBasispoints,
    baseUri: row.baseUri,
    attributes: row.attributes,
  };
}
