// The home page's reads (issue 16; seed 001 §2 Home, §7 GET /collection/featured, /collection/trending; seed 001 §9
// "Carousel: 4 slides"), shared by REST (server/rest/home.ts, server/collections/service.ts) and GraphQL (getHomeSlides,
// getFeaturedCollections, getTrendingCollections).
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { PublicConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { collections, homeSlides, likes, tokens } from '../../db/schema.js';
import { chainName } from '../browsing/chains.js';
import { collectionNode } from '../collections.js';
import { loadPeople, mediaUrl } from '../people.js';

export type SlideLink = { kind: 'page'; path: string } | { kind: 'collection'; address: string; chainId: number; name: string };

export interface SlideAnswer {
  position: number;
  title: string;
  text: string;
  image: string;
  alt: string;
  link: SlideLink;
}

/**
 * The carousel's slides (home_slides) ordered by position, each with its image, alt text and link: a page, or a
 * collection by address and chain (the app builds the collection page's address from the two). A slide whose
 * collection is not shown (hidden, not yet published, or without an address) is left out, so the carousel never
 * links to a page that does not exist.
 */
export async function readHomeSlides(db: Db, ipfs: PublicConfig['ipfs']): Promise<SlideAnswer[]> {
  const rows = await db
    .select({ slide: homeSlides, address: collections.address, chainId: collections.chainId, name: collections.name })
    .from(homeSlides)
    .leftJoin(collections, eq(collections.id, homeSlides.collectionId))
    .where(or(isNull(homeSlides.collectionId), and(eq(collections.isHidden, false), eq(collections.state, 'published'), isNotNull(collections.address))))
    .orderBy(asc(homeSlides.position));
  return rows.map(({ slide, address, chainId, name }) => ({
    position: slide.position,
    title: slide.title,
    text: slide.text,
    image: mediaUrl(ipfs, slide.image)!,
    alt: slide.alt,
    link: slide.linkPath !== null ? { kind: 'page', path: slide.linkPath } : { kind: 'collection', address: address!, chainId: chainId!, name: name! },
  }));
}

export const FEATURED_LIMIT = 20;
export const TRENDING_LIMIT = 10;
/** Trending = most likes received in this window by the collection's tokens. */
export const TRENDING_DAYS = 7;

type CollectionRow = typeof collections.$inferSelect;
const visible = and(eq(collections.isHidden, false), eq(collections.state, 'published'));

/** Collections as GraphQL's Collection (and REST's answers): with the creator's person info and the chain's name. */
export async function collectionAnswers(db: Db, config: Pick<PublicConfig, 'ipfs' | 'evms'>, rows: CollectionRow[]) {
  const person = await loadPeople(
    db,
    config.ipfs,
    rows.map((row) => row.creator),
  );
  return rows.map((row) => ({ ...collectionNode(config.ipfs, row, person(row.creator)), chainName: chainName(config, row.chainId) }));
}

/** The featured collections shown (visible, published), newest first, at most FEATURED_LIMIT. */
export async function readFeaturedCollections(db: Db, config: Pick<PublicConfig, 'ipfs' | 'evms'>) {
  const rows = await db
    .select()
    .from(collections)
    .where(and(visible, eq(collections.isFeatured, true)))
    .orderBy(desc(collections.id))
    .limit(FEATURED_LIMIT);
  return collectionAnswers(db, config, rows);
}

/** The shown collections ranked by likes given in the last TRENDING_DAYS days, then all-time likes, then newest. */
export async function readTrendingCollections(db: Db, config: Pick<PublicConfig, 'ipfs' | 'evms'>) {
  const recent = db
    .select({ collectionId: tokens.collectionId, n: sql<number>`count(*)`.as('n') })
    .from(likes)
    .innerJoin(tokens, eq(tokens.id, likes.tokenId))
    .where(sql`${likes.createdAt} > now() - make_interval(days => ${TRENDING_DAYS})`)
    .groupBy(tokens.collectionId)
    .as('recent');
  const rows = await db
    .select({ collection: collections })
    .from(collections)
    .leftJoin(recent, eq(recent.collectionId, collections.id))
    .where(visible)
    .orderBy(sql`coalesce(${recent.n}, 0) DESC`, desc(collections.likesCount), desc(collections.id))
    .limit(TRENDING_LIMIT);
  return collectionAnswers(
    db,
    config,
    rows.map((row) => row.collection),
  );
}
