// REST under /api/v1/exhibition (issue 16; seed 001 §2 Home "Current exhibition card", §7 "GET /exhibition/featured").
// - GET /exhibition/featured: { exhibition } — the exhibition running now (start <= now <= end; the featured one
//   first, then the latest start), with what the home's card shows; { exhibition: null } (200) when none runs: the
//   home then leaves the card out. The same choice and artist names as GraphQL's getCurrentExhibition.
import { Hono } from 'hono';
import { exhibitionNode, loadExhibitionContents } from '../graphql/exhibitions/contents.js';
import { currentExhibitionRow } from '../graphql/exhibitions/queries.js';
import type { RestRouteOptions } from './routeOptions.js';

export function exhibitionRoutes({ db, config }: RestRouteOptions) {
  const api = new Hono();
  const ipfs = config.public.ipfs;

  api.get('/featured', async (c) => {
    const row = await currentExhibitionRow(db, new Date());
    c.header('Cache-Control', 'no-cache');
    if (!row) return c.json({ exhibition: null });
    const node = exhibitionNode(ipfs, row);
    const contents = (await loadExhibitionContents(db, ipfs, [row.id])).get(row.id);
    return c.json({
      exhibition: {
        id: node.id,
        title: node.title,
        subtitle: node.subtitle,
        cover: node.cover,
        coverThumbnail: node.coverThumbnail,
        startDate: node.startDate,
        endDate: node.endDate,
        artistNamesFormatted: contents?.artistNamesFormatted ?? '',
      },
    });
  });

  return api;
}
