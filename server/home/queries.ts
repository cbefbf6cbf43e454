// The home carousel's read (the editorial pages; docs/requirements.md#home "Carousel: 4 slides"), shared by REST (./service.ts) and
// GraphQL's getHomeSlides (graphql/home). The home's featured and trending collections are the collections' queries
// (server/collections/queries.ts).
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { collections, homeSlides } from '../db/schema.js';
import { mediaUrl } from '../graphql/people.js';

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
