// REST under /api/v1/likes (issue 5).
import { Hono } from 'hono';
import type { AuthEnv } from '../auth/requireAccount.js';
import type { RestRouteOptions } from './routeOptions.js';

export function likesRoutes(options: RestRouteOptions) {
  void options;
  const api = new Hono<AuthEnv>();
  return api;
}
