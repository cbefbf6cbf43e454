// REST routes under /api/v1.
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { errorResponse } from '../http/errors.js';
import { accountRoutes } from './account.js';

export function restRoutes({ db, config }: { db: Db; config: ServerConfig }) {
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

  api.route('/account', accountRoutes({ db, config }));

  api.all('*', (c) => errorResponse(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}.`));
  return api;
}
