// Social and editorial tables: comments, artists, exhibitions, articles, contact messages (docs/requirements.md#content-pages).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.js';
import { accounts, collections, tokens } from './marketplace.js';

export const comments = pgTable(
  'comments',
  {
    id: id(),
    entityType: text('entity_type', { enum: ['token', 'collection', 'exhibition'] })
      .notNull()
      .default('token'),
    tokenId: ref('token_id').references(() => tokens.id, { onDelete: 'cascade' }),
    collectionId: ref('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    exhibitionId: ref('exhibition_id').references((): AnyPgColumn => exhibitions.id, {
      onDelete: 'cascade',
    }),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    parentId: ref('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_token_idx').on(t.tokenId, t.id),
    index('comments_parent_idx').on(t.parentId),
  ],
);

// One vote per account per comment (docs/requirements.md#comments); value +1 or -1.
export const commentVotes = pgTable(
  'comment_votes',
  {
    id: id(),
    commentId: ref('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    accountId: ref('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('comment_votes_comment_account_uq').on(t.commentId, t.accountId),
    check('comment_votes_value', sql`${t.value} in (-1, 1)`),
  ],
);

// The catalogue's sort key compares bytes ("C"), so PGlite and PostgreSQL order it identically whatever their locale.
const textCollateC = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export const artists = pgTable('artists', {
  id: id(),
  /** domain/artist.ts artistSortKey: the display name lower-cased; written with the names (catalogue order, id breaks ties). */
  sortKey: textCollateC('sort_key').notNull(),
  accountId: ref('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  cover: text('cover'),
  description: text('description'),
  featuredTokenId: ref('featured_token_id').references(() => tokens.id, { onDelete: 'set null' }),
  featuredArtworkDescription: text('featured_artwork_description'),
  about: text('about'), // the artist page's "comments" section
  highlights: jsonb('highlights').$type<{ date: string; achievement: string }[]>().notNull().default([]),
  portfolio: jsonb('portfolio')
    .$type<{ context: string; items: { mediaUrl: string; description: string }[] }>()
    .notNull()
    .default({ context: '', items: [] }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('artists_sort_idx').on(t.sortKey, t.id),
  // Search by display name (server/graphql/search): a substring match of the lower-cased name (pg_trgm, migration 0021).
  index('artists_sort_key_trgm_idx').using('gin', t.sortKey.op('gin_trgm_ops')),
]);

export const exhibitions = pgTable(
  'exhibitions',
  {
    id: id(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    cover: text('cover'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    exhibitionIntro: text('exhibition_intro'),
    curatorialStatement: text('curatorial_statement'),
    curator: text('curator'),
    isFeatured: boolean('is_featured').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('exhibitions_dates_idx').on(t.startDate, t.endDate)],
);

export const exhibitionArtworks = pgTable(
  'exhibition_artworks',
  {
    id: id(),
    exhibitionId: ref('exhibition_id')
      .notNull()
      .references(() => exhibitions.id, { onDelete: 'cascade' }),
    tokenId: ref('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    medium: text('medium'),
  },
  (t) => [index('exhibition_artworks_exhibition_idx').on(t.exhibitionId, t.order)],
);

export const articles = pgTable(
  'articles',
  {
    id: id(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    cover: text('cover'),
    ipfsHash: text('ipfs_hash').notNull(), // cid of the HTML body
    isFeatured: boolean('is_featured').notNull().default(false),
    artistId: ref('artist_id').references(() => artists.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('articles_artist_idx').on(t.artistId)],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  category: text('category').notNull(),
  topic: text('topic').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
