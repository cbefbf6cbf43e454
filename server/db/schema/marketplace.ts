// Marketplace tables: accounts and auth, collections, tokens, holdings, sales, offers, likes, media (the indexer's own
// tables are in ./indexer.ts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, uint256, updatedAt } from './columns.js';

export const accounts = pgTable('accounts', {
  id: id(),
  address: text('address').notNull().unique(),
  alias: text('alias'),
  email: text('email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  avatar: text('avatar'), // media cid
  isCreator: boolean('is_creator').notNull().default(false),
  isBanned: boolean('is_banned').notNull().default(false),
  bio: text('bio'),
  twitter: text('twitter'),
  instagram: text('instagram'),
  web: text('web'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [check('accounts_address_lower', sql`${t.address} = lower(${t.address})`)]);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    address: text('address').notNull(),
    keyHash: text('key_hash').notNull().unique(), // sha-256 of the key; the key itself is only returned once
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the holder signs out: the key is refused from then on. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_address_idx').on(t.address)],
);

/** Fixed-window request counters of the rate limiter, shared by every server process on this database. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<limit name>:<account address or client address>` */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);

export const authNonces = pgTable('auth_nonces', {
  nonce: text('nonce').primaryKey(),
  address: text('address'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const collections = pgTable(
  'collections',
  {
    id: id(), // exposed as _id
    chainId: integer('chain_id').notNull(),
    address: text('address'), // null until published on chain
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover'),
    thumbnail: text('thumbnail'),
    mediaType: text('media_type').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    baseUri: text('base_uri'),
    creator: text('creator').notNull(),
    tokenCount: integer('token_count').notNull().default(0),
    supplyPerToken: integer('supply_per_token').notNull().default(1),
    royaltiesBasispoints: integer('royalties_basispoints').notNull().default(0),
    soldOut: boolean('sold_out').notNull().default(false),
    // Sum of the tokens' likes and their lowest listing price: kept by the tokens triggers (migration 0004).
    likesCount: integer('likes_count').notNull().default(0),
    priceWei: uint256('price_wei'),
    state: text('state', { enum: ['building', 'finalized', 'published'] }).notNull().default('building'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
    /** Studio (docs/requirements.md#studio-publish): the unguessable token of the preview link; a canvas that is not published is visible to its creator or with it. */
    shareToken: text('share_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('collections_chain_address_uq').on(t.chainId, t.address),
    index('collections_creator_idx').on(t.creator, t.id),
    index('collections_media_type_idx').on(t.mediaType, t.id),
    index('collections_chain_idx').on(t.chainId, t.id),
    index('collections_featured_idx').on(t.isFeatured),
    index('collections_likes_idx').on(t.likesCount, t.id),
    index('collections_price_idx').on(t.priceWei, t.id),
    // Search by name (server/graphql/search): a substring match, any case (pg_trgm, migration 0021).
    index('collections_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('collections_addresses_lower', sql`${t.creator} = lower(${t.creator}) AND ${t.address} = lower(${t.address})`),
  ],
);

export const tokens = pgTable(
  'tokens',
  {
    id: id(), // exposed as _id
    collectionId: ref('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    tokenId: uint256('token_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    media: text('media'), // cid
    thumbnail: text('thumbnail'), // cid
    mediaType: text('media_type').notNull(),
    filename: text('filename'),
    attributes: jsonb('attributes').$type<Record<string, unknown>>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    likesCount: integer('likes_count').notNull().default(0),
    isSold: boolean('is_sold').notNull().default(false),
    creator: text('creator').notNull(),
    // Lowest active listing price; null = not listed. Maintained by the indexer for the price sorts.
    priceWei: uint256('price_wei'),
    // When the newest active listing was made; null = not listed. Millisecond precision, as the sort's cursor keeps it.
    listedAt: timestamp('listed_at', { withTimezone: true, precision: 3 }),
    // The newest sale of a unit (a listing bought or an offer accepted): its block time and unit price. Null = never
    // sold through the marketplace. Recomputed from the activity rows on every sale (server/indexer/apply.ts).
    lastSoldAt: timestamp('last_sold_at', { withTimezone: true, precision: 3 }),
    lastSaleWei: uint256('last_sale_wei'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tokens_collection_token_uq').on(t.collectionId, t.tokenId),
    // Keyset indexes: one per explore sort, plus the same with the media-type filter in front.
    index('tokens_likes_idx').on(t.likesCount, t.id),
    index('tokens_price_idx').on(t.priceWei, t.id),
    index('tokens_media_type_idx').on(t.mediaType, t.id),
    index('tokens_media_type_likes_idx').on(t.mediaType, t.likesCount, t.id),
    index('tokens_media_type_price_idx').on(t.mediaType, t.priceWei, t.id),
    index('tokens_creator_idx').on(t.creator, t.id),
    index('tokens_chain_idx').on(t.chainId, t.id),
    // Chain and artist filters under the likes and price sorts, and the collection grid in token order (marketplace browsing).
    index('tokens_chain_likes_idx').on(t.chainId, t.likesCount, t.id),
    index('tokens_chain_price_idx').on(t.chainId, t.priceWei, t.id),
    index('tokens_creator_likes_idx').on(t.creator, t.likesCount, t.id),
    index('tokens_creator_price_idx').on(t.creator, t.priceWei, t.id),
    index('tokens_collection_idx').on(t.collectionId, t.id),
    // The sorts recently listed, recently sold and highest last sale (migration 0023), alone and under the media type,
    // chain and artist filters, as the likes and price sorts have.
    index('tokens_listed_at_idx').on(t.listedAt, t.id),
    index('tokens_last_sold_idx').on(t.lastSoldAt, t.id),
    index('tokens_last_sale_idx').on(t.lastSaleWei, t.id),
    index('tokens_media_type_listed_at_idx').on(t.mediaType, t.listedAt, t.id),
    index('tokens_media_type_last_sold_idx').on(t.mediaType, t.lastSoldAt, t.id),
    index('tokens_media_type_last_sale_idx').on(t.mediaType, t.lastSaleWei, t.id),
    index('tokens_chain_listed_at_idx').on(t.chainId, t.listedAt, t.id),
    index('tokens_chain_last_sold_idx').on(t.chainId, t.lastSoldAt, t.id),
    index('tokens_chain_last_sale_idx').on(t.chainId, t.lastSaleWei, t.id),
    index('tokens_creator_listed_at_idx').on(t.creator, t.listedAt, t.id),
    index('tokens_creator_last_sold_idx').on(t.creator, t.lastSoldAt, t.id),
    index('tokens_creator_last_sale_idx').on(t.creator, t.lastSaleWei, t.id),
    // The media collection asks whether a cid is still some token's media or thumbnail (server/media/references.ts).
    index('tokens_media_cid_idx').on(t.media),
    index('tokens_thumbnail_cid_idx').on(t.thumbnail),
    // Search by name (server/graphql/search): a substring match, any case (pg_trgm, migration 0021).
    index('tokens_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('tokens_creator_lower', sql`${t.creator} = lower(${t.creator})`),
  ],
);

/**
 * Token rows per (collection, media type, chain, creator, listed), kept exact by statement triggers on tokens
 * (migrations 0002 and 0022), so list totals are a sum over a few hundred groups instead of a count over every token.
 * `listed` is `price_wei IS NOT NULL`: the buy-now total sums the listed groups (a listing, a cancel or a sale moves
 * a token between them).
 */
export const tokenCountGroups = pgTable(
  'token_count_groups',
  {
    collectionId: bigint('collection_id', { mode: 'number' }).notNull(),
    mediaType: text('media_type').notNull(),
    chainId: integer('chain_id').notNull(),
    creator: text('creator').notNull(),
    listed: boolean('listed').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.mediaType, t.chainId, t.creator, t.listed] })],
);

/**
 * The collections kept off public reads (hidden, or not yet published), with their creator: kept exact by row triggers
 * on collections (migration 0018). Every public read filters by this short list; reading it from collections was a
 * scan of every collection per statement (the planner cannot tell it is short without statistics, which PGlite lacks).
 */
export const hiddenCollections = pgTable('hidden_collections', {
  collectionId: ref('collection_id')
    .primaryKey()
    .references(() => collections.id, { onDelete: 'cascade' }),
  creator: text('creator').notNull(),
});

export const holdings = pgTable(
  'holdings',
  {
    id: id(),
    tokenId: ref('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    owner: text('owner').notNull(),
    amount: uint256('amount').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('holdings_token_owner_uq').on(t.tokenId, t.owner),
    index('holdings_owner_idx').on(t.owner, t.id),
    check('holdings_owner_lower', sql`${t.owner} = lower(${t.owner})`),
  ],
);

export const allOutSales = pgTable(
  'all_out_sales',
  {
    id: id(),
    chainId: integer('chain_id').notNull(),
    marketplace: text('marketplace').notNull(),
    allOutSaleId: uint256('all_out_sale_id').notNull(),
    collectionId: ref('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    seller: text('seller').notNull(),
    priceWei: uint256('price_wei').notNull(),
    currency: text('currency').notNull(),
    wasCancelled: boolean('was_cancelled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('all_out_sales_chain_id_uq').on(t.chainId, t.marketplace, t.allOutSaleId),
    index('all_out_sales_collection_idx').on(t.collectionId),
    index('all_out_sales_seller_idx').on(t.seller, t.id),
  ],
);

export const sales = pgTable(
  'sales',
  {
    id: id(),
    chainId: integer('chain_id').notNull(),
    marketplace: text('marketplace').notNull(),
    saleId: uint256('sale_id').notNull(),
    allOutSaleId: uint256('all_out_sale_id'), // null = standalone sale (on chain 0)
    tokenRef: ref('token_ref')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    collectionId: ref('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    seller: text('seller').notNull(),
    amount: uint256('amount').notNull(),
    priceWei: uint256('price_wei').notNull(),
    currency: text('currency').notNull(),
    wasCancelled: boolean('was_cancelled').notNull().default(false),
    soldAmount: uint256('sold_amount').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sales_chain_sale_uq').on(t.chainId, t.marketplace, t.saleId),
    index('sales_token_idx').on(t.tokenRef),
    index('sales_collection_idx').on(t.collectionId),
    index('sales_seller_idx').on(t.seller),
    // Dashboard listings (trading and the dashboard): open sales newest first, by seller or collection; an all-out sale's token sales; sale by on-chain id.
    index('sales_open_idx').on(t.id).where(sql`was_cancelled = false AND sold_amount < amount`),
    index('sales_open_seller_idx').on(t.seller, t.id).where(sql`was_cancelled = false AND sold_amount < amount`),
    index('sales_open_collection_idx').on(t.collectionId, t.id).where(sql`was_cancelled = false AND sold_amount < amount`),
    index('sales_all_out_idx').on(t.chainId, t.marketplace, t.allOutSaleId),
    index('sales_sale_id_idx').on(t.saleId, t.chainId),
  ],
);

export const offers = pgTable(
  'offers',
  {
    id: id(),
    chainId: integer('chain_id').notNull(),
    saleRef: ref('sale_ref')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    tokenRef: ref('token_ref')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    buyer: text('buyer').notNull(),
    amount: uint256('amount').notNull(),
    priceWei: uint256('price_wei').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: ['made', 'retracted', 'accepted', 'invalidated'] })
      .notNull()
      .default('made'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_sale_token_buyer_idx').on(t.saleRef, t.tokenRef, t.buyer),
    index('offers_buyer_idx').on(t.buyer, t.id),
    index('offers_token_idx').on(t.tokenRef, t.id),
    // Received offers (trading and the dashboard): the open offers of a seller's open sales, reached from the sales.
    index('offers_made_sale_idx').on(t.saleRef, t.id).where(sql`state = 'made'`),
  ],
);

export const likes = pgTable(
  'likes',
  {
    id: id(), // exposed as _id
    tokenId: ref('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('likes_token_account_uq').on(t.tokenId, t.accountId),
    index('likes_account_idx').on(t.accountId, t.id),
  ],
);

export const media = pgTable('media', {
  cid: text('cid').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  // The bytes and an image's webp thumbnail are blobs (server/media/blobStore): media/<cid>, thumbnails/<cid>.
  createdAt: createdAt(),
  /** When a put() last found these bytes already stored: a request may be about to name them (server/media/collect.ts). */
  reusedAt: timestamp('reused_at', { withTimezone: true }),
});

/**
 * Media a published collection named and no longer names in its rows (its cover replaced after publishing): its
 * manifest, which is immutable and on chain, still names it, so it is never collected (server/media/references.ts).
 */
export const mediaPins = pgTable(
  'media_pins',
  {
    cid: text('cid').notNull(),
    collectionId: ref('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.collectionId] })],
);
