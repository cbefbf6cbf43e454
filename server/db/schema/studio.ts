// Studio uploads (docs/requirements.md#studio-upload): one row per tus upload, so a finished upload answers its
// token-id again on the HEAD of a resumed client, and a canvas's pending uploads can be listed and cleaned up.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, ref, updatedAt } from './columns.js';
import { collections, tokens } from './marketplace.js';

export const canvasUploads = pgTable(
  'canvas_uploads',
  {
    /** The tus upload id (the last path segment of its URL). */
    id: text('id').primaryKey(),
    canvasId: ref('canvas_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    /** The uploader's address, lower-case. */
    uploader: text('uploader').notNull(),
    /** upload-context header: cover, media, collection or thumbnail. */
    context: text('context', { enum: ['cover', 'media', 'collection', 'thumbnail'] }).notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type'),
    size: integer('size').notNull(),
    /** The token the finished upload created or changed (media, thumbnail); null for cover/collection uploads. */
    tokenRef: ref('token_ref').references(() => tokens.id, { onDelete: 'set null' }),
    /** The stored media's CID once finished. */
    cid: text('cid'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('canvas_uploads_canvas_idx').on(t.canvasId),
    // An account's open uploads (the upload quotas, server/studio/uploadQuota.ts).
    index('canvas_uploads_open_idx').on(t.uploader).where(sql`${t.completedAt} is null`),
  ],
);
