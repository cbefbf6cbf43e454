// REST under /api/v1/home (the editorial pages; docs/requirements.md#home "Carousel: 4 slides, auto-advance 5000 ms").
// - GET /home/slides: { slides } — the carousel's slides (home_slides) ordered by position, each with its image,
//   alt text and link: { kind: 'page', path } or { kind: 'collection', address, chainId, name } (the app builds the
//   collection page's address from the two). A slide whose collection is not shown (hidden, not yet published, or
//   without an address) is left out, so the carousel never links to a page that does not exist.
// The handler answers what the home service reads (./service.ts), which is GraphQL's getHomeSlides too (the app uses that).
import { Hono } from 'hono';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { homeService } from './service.js';

export function homeRoutes({ db, config }: RestRouteOptions) {
  const api = new Hono();
  const service = homeService({ db, config });

  api.get('/slides', async (c) => {
    const slides = await service.slides();
    c.header('Cache-Control', 'no-cache');
    return c.json({ slides });
  });

  return api;
}
