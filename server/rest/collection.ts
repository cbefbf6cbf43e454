// REST under /api/v1/collection (issue 5).
import { Hono } from 'hono';
import type { AuthEnv } from '../auth/requireAccount.js';
import type { RestRouteOptions } from './routeOptions.js';

export function collectionRoutes(options: RestRouteOptions) {
  void options;
  const api = new Hono<AuthEnv>();
  return api;
}
