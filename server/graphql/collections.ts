// getMarketplaceCollections: published, visible collections, keyset-paged by _id, likes or floor price.
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { collections } from '../db/schema.js';
import { badInput, type ListFilter, type ListInput } from './inputs.js';
import { keysetSegments } from './keyset.js';
import { readSegments, toConnection } from './page.js';
import { loadPeople, mediaUrl, thumbnailUrl, type Ipfs } from './people.js';

function collectionFilter(filter: ListFilter): SQL | undefined {
  if (filter.tokenIds) throw badInput('Invalid filters.token_ids: it filters tokens, not collections.');
  return and(
    eq(collections.isHidden, false),
    eq(collections.state, 'published'),
    filter.mediaTypes ? inArray(collections.mediaType, filter.mediaTypes) : undefined,
    filter.chainIds ? inArray(collections.chainId, filter.chainIds) : undefined,
    filter.creator ? eq(collections.creator, filter.creator) : undefined,
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
  return toConnection(input, rows, total?.n ?? 0, (row) => ({
    id: String(row.id),
    _id: String(row.id),
    name: row.name,
    symbol: row.symbol,
    description: row.description,
    chainId: row.chainId,
    cover: mediaUrl(ipfs, row.cover),
    thumbnail: thumbnailUrl(ipfs, row.thumbnail ?? row.cover),
    address: row.address,
    mediaType: row.mediaType,
    tokenCount: row.tokenCount,
    soldOut: row.soldOut,
    likesCount: row.likesCount,
    floorPrice: row.priceWei === null ? null : { amount: row.priceWei, currency: 'ETH' },
    createdAt: row.createdAt.toISOString(),
    creatorInfo: person(row.creator),
    attributes: row.attributes,
  }));
}
