// REST under /api/v1/home (issue 16; seed 001 §2 Home, §9 "Carousel: 4 slides, auto-advance 5000 ms").
// - GET /home/slides: { slides } — the carousel's slides (home_slides) ordered by position, each with its image,
//   alt text and link: { kind: 'page', path } or { kind: 'collection', address, chainId, name } (the app builds the
//   collection page's address from the two). A slide whose collection is not shown (hidden, not yet published, or
//   without an address) is left out, so the carousel never links to a page that does not exist.
// The read is GraphQL's getHomeSlides too (server/graphql/home/queries.ts), which the app uses.
import { Hono } from 'hono';
import { readHomeSlides } from '../graphql/home/queries.js';
import type { RestRouteOptions } from './routeOptions.js';

export type { SlideAnswer, SlideLink } from '../graphql/home/queries.js';

export function homeRoutes({ db, config }: RestRouteOptions) {
  const api = new Hono();

  api.get('/slides', async (c) => {
    const slides = await readHomeSlides(db, config.public.ipfs);
    c.header('Cache-Control', 'no-cache');
    return c.json({ slides });
  });

  return api;
}
