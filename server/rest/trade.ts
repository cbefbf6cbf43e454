// REST under /api/v1/trade (issue 6): the server's check of the trading rules before a wallet transaction.
import { Hono } from 'hono';
import type { AuthEnv } from '../auth/requireAccount.js';
import type { RestRouteOptions } from './routeOptions.js';

export function tradeRoutes(_options: RestRouteOptions) {
  return new Hono<AuthEnv>();
}
