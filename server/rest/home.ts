// REST under /api/v1/home (issue 16; seed 001 §2 Home, §9 "Carousel: 4 slides, auto-advance 5000 ms").
// - GET /home/slides: { slides } — the carousel's slides (home_slides) ordered by position, each with its image,
//   alt text and link: { kind: 'page', path } or { kind: 'collection', address, chainId, name } (the app builds the
//   collection page's address from the two). A slide whose collection is not shown (hidden, not yet published, or
//   without an address) is left out, so the carousel never links to a page that does not exist.
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { collections, homeSlides } from '../db/schema.js';
import { mediaUrl } from '../graphql/people.js';
import type { RestRouteOptions } from './routeOptions.js';

export type SlideLink = { kind: 'page'; path: string } | { kind: 'collection'; address: string; chainId: number; name: string };

export interface SlideAnswer {
  position: number;
  title: string;
  text: string;
  image: string;
  alt: string;
  link: SlideLink;
}

export function homeRoutes({ db, config }: RestRouteOptions) {
  const api = new Hono();
  const ipfs = config.public.ipfs;

  api.get('/slides', async (c) => {
    const rows = await db
      .select({ slide: homeSlides, address: collections.address, chainId: collections.chainId, name: collections.name })
      .from(homeSlides)
      .leftJoin(collections, eq(collections.id, homeSlides.collectionId))
      .where(
        or(
          isNull(homeSlides.collectionId),
          and(eq(collections.isHidden, false), eq(collections.state, 'published'), isNotNull(collections.address)),
        ),
      )
      .orderBy(asc(homeSlides.position));
    const slides: SlideAnswer[] = rows.map(({ slide, address, chainId, name }) => ({
      position: slide.position,
      title: slide.title,
      text: slide.text,
      image: mediaUrl(ipfs, slide.image)!,
      alt: slide.alt,
      link:
        slide.linkPath !== null
          ? { kind: 'page', path: slide.linkPath }
          : { kind: 'collection', address: address!, chainId: chainId!, name: name! },
    }));
    c.header('Cache-Control', 'no-cache');
    return c.json({ slides });
  });

  return api;
}
