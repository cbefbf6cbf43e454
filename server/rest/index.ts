// REST routes under /api/v1: the mount point. Each feature's routes live in server/<feature>/routes.ts (server/README.md).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { errorResponse } from '../http/errors.js';
import { accountRoutes } from '../accounts/routes.js';
import { articleRoutes } from '../articles/routes.js';
import { artistRoutes } from '../artists/routes.js';
import { collectionRoutes } from '../collections/routes.js';
import { commentRoutes } from '../comments/routes.js';
import { connectRoutes } from '../contact/routes.js';
import { exhibitionRoutes } from '../exhibitions/routes.js';
import { homeRoutes } from '../home/routes.js';
import { likesRoutes } from '../likes/routes.js';
import { canvasRoutes } from '../studio/routes.js';
import { tradeRoutes } from '../trade/routes.js';
import type { RestRouteOptions } from './routeOptions.js';

export function restRoutes(options: RestRouteOptions) {
  const { db, config } = options;
  const api = new Hono();

  api.get('/config', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(config.public);
  });

  // Liveness for scripts waiting on the server: also proves the database answers.
  api.get('/health', async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ ok: true });
  });

  api.route('/account', accountRoutes({ db, config, limiter: options.limiter, mediaStore: options.mediaStore }));
  api.route('/likes', likesRoutes(options));
  api.route('/collection', collectionRoutes(options));
  // Mounted with the slash: the seed's create path is POST /canvas/ (Hono's routing is strict about it).
  api.route('/canvas/', canvasRoutes(options));
  api.route('/comments', commentRoutes(options));
  api.route('/trade', tradeRoutes(options));
  api.route('/artist', artistRoutes(options));
  api.route('/article', articleRoutes(options));
  api.route('/exhibition', exhibitionRoutes(options));
  api.route('/home', homeRoutes(options));
  api.route('/connect', connectRoutes(options));

  api.all('*', (c) => errorResponse(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}.`));
  return api;
}
