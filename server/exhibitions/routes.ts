// REST under /api/v1/exhibition (the editorial pages; docs/requirements.md#home "Current exhibition card", docs/requirements.md#exhibitions).
// - GET /exhibition/featured: { exhibition } — the exhibition running now (start <= now <= end; the featured one
//   first, then the latest start), with what the home's card shows; { exhibition: null } (200) when none runs: the
//   home then leaves the card out. The same choice and artist names as GraphQL's getCurrentExhibition.
// The handler answers what the exhibitions service reads (./service.ts).
import { Hono } from 'hono';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { exhibitionsService } from './service.js';

export function exhibitionRoutes({ db, config }: RestRouteOptions) {
  const api = new Hono();
  const service = exhibitionsService({ db, config });

  api.get('/featured', async (c) => {
    const exhibition = await service.featured();
    c.header('Cache-Control', 'no-cache');
    return c.json({ exhibition });
  });

  return api;
}
