// Remote pins (server/media/pinning.ts): what a configured IPFS Pinning Service was asked to pin for a published
// collection, and what it answered. One row per (collection, cid); the service's requestid once it accepted it.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.js';
import { collections } from './marketplace.js';

/** The Pinning Service API's PinStatus.status values. */
export const PIN_STATUSES = ['queued', 'pinning', 'pinned', 'failed'] as const;
export type PinStatusValue = (typeof PIN_STATUSES)[number];

export const pinRequests = pgTable(
  'pin_requests',
  {
    id: id(),
    collectionId: ref('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    cid: text('cid').notNull(),
    /** The pin's name at the service: the collection's name and what the cid is in it. */
    name: text('name').notNull(),
    /** The service's requestid; null until it accepted the pin. */
    requestId: text('request_id'),
    /** queued before the service answered, then the service's status; failed also when it refused or never answered. */
    status: text('status', { enum: PIN_STATUSES }).notNull().default('queued'),
    /** Why it failed: the service's error reason and details, or the network error. */
    reason: text('reason'),
    /** Requests sent for this pin (the add and its retries). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pin_requests_collection_cid_uq').on(t.collectionId, t.cid),
    check('pin_requests_status', sql`${t.status} in ('queued', 'pinning', 'pinned', 'failed')`),
  ],
);
