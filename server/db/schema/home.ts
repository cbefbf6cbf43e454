// The home page's carousel slides (the editorial pages; docs/requirements.md#home "Carousel: 4 slides"): content in the database,
// not in the app. A slide links either to a page of the app (link_path) or to a collection (collection_id, the
// link built from the collection's address and chain id); exactly one of the two.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.js';
import { collections } from './marketplace.js';

export const homeSlides = pgTable(
  'home_slides',
  {
    id: id(),
    /** 1..4, the slide's place in the carousel. */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** Media store cid of the slide's image. */
    image: text('image').notNull(),
    /** The image's alternative text. */
    alt: text('alt').notNull(),
    /** An app page ('/artists/apply'), or null when the slide links to a collection. */
    linkPath: text('link_path'),
    /** The collection the slide links to; its deletion removes the slide. */
    collectionId: ref('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('home_slides_position_uq').on(t.position),
    check('home_slides_position', sql`${t.position} between 1 and 4`),
    check('home_slides_link', sql`(${t.linkPath} is null) <> (${t.collectionId} is null)`),
    check('home_slides_link_path', sql`${t.linkPath} is null or ${t.linkPath} ~ '^/[a-z0-9/-]*$'`),
  ],
);
