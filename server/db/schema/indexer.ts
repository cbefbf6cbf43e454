// The chain indexer's tables (server/indexer/): its progress per deployment, every log it applied, and the activity
// it derives from them.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, uint256, updatedAt } from './columns.js';
import { collections, tokens } from './marketplace.js';

export const indexerState = pgTable(
  'indexer_state',
  {
    chainId: integer('chain_id').notNull(),
    contract: text('contract').notNull(),
    lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
    /** The chain's hash of last_block: the next batch's first block must name it as its parent (null: not known yet). */
    blockHash: text('block_hash'),
    /** The chain's block 0 hash when indexing began: another one on reconnect means the chain was reset. */
    genesisHash: text('genesis_hash'),
    /**
     * The version of what the indexer derives from the logs (server/indexer/index.ts DERIVED_VERSION) the rows were
     * built with: a lower one is rebuilt from the stored logs at start (1: the activity rows).
     */
    derivedVersion: integer('derived_version').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract] })],
);

/**
 * Every log the indexer applied, as the chain gave it (the indexer follows the chain's truth): where it is on chain, its block's time (the
 * event's createdAt) and its decoded arguments. On a fork the rows past the fork point are deleted and the rest
 * replayed (server/indexer/rollback.ts); `facts` are what a CreatedCollection's contract said when it was indexed.
 */
export const chainEvents = pgTable(
  'chain_events',
  {
    id: id(),
    chainId: integer('chain_id').notNull(),
    /** indexer_state.contract of the deployment that read it (its marketplace address). */
    deployment: text('deployment').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    transactionHash: text('transaction_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    /** The emitting contract, lower-case. */
    address: text('address').notNull(),
    eventName: text('event_name').notNull(),
    /** Decoded arguments; uint values as decimal strings. */
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('chain_events_position_uq').on(t.chainId, t.deployment, t.blockNumber, t.logIndex),
    index('chain_events_tx_idx').on(t.transactionHash),
  ],
);

/** What an activity row is: the seed's activity names the contract's events produce, plus mint and transfer. */
export const ACTIVITY_TYPES = ['mint', 'transfer', 'listing_created', 'listing_cancelled', 'listing_sold', 'offer_created', 'offer_cancelled', 'offer_sold'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * A token's history, one row per on-chain event as collectors read it (server/indexer/apply.ts writes them with the
 * state they change, in chain order, so the id is the chain's order): a mint or a transfer of units, a listing
 * created, cancelled or bought at its price, an offer made, retracted or accepted (the sale then is `offer_sold`).
 * A sale's own transfer of units is the sale's row, not a second one. Reset and replayed with the rest of the chain
 * data on a fork (server/indexer/rollback.ts).
 */
export const activity = pgTable(
  'activity',
  {
    id: id(),
    chainId: integer('chain_id').notNull(),
    marketplace: text('marketplace').notNull(),
    type: text('type', { enum: ACTIVITY_TYPES }).notNull(),
    tokenRef: ref('token_ref')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    collectionId: ref('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** The seller, the buyer making or retracting an offer, a transfer's sender (null for a mint). Lower-case. */
    fromAddress: text('from_address'),
    /** The buyer of a sale, a transfer's receiver. Lower-case. */
    toAddress: text('to_address'),
    amount: uint256('amount').notNull(),
    /** Listing, offer or sale price in the currency's smallest unit; null for a mint or a transfer. */
    priceWei: uint256('price_wei'),
    currency: text('currency'),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Each scope's page, newest first (the id is the chain's order).
    index('activity_token_idx').on(t.tokenRef, t.id),
    index('activity_collection_idx').on(t.collectionId, t.id),
    // A collection's price history and sales statistics: its listing and sale rows only (server/activity/market.ts).
    index('activity_collection_prices_idx')
      .on(t.collectionId, t.id)
      .where(sql`type IN ('listing_created', 'listing_sold', 'offer_sold')`),
    index('activity_from_idx').on(t.fromAddress, t.id),
    index('activity_to_idx').on(t.toAddress, t.id),
    index('activity_chain_idx').on(t.chainId, t.marketplace),
    index('activity_tx_idx').on(t.transactionHash),
  ],
);
