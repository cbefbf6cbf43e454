// REST under /api/v1/comments (issue 7).
import { Hono } from 'hono';
import type { AuthEnv } from '../auth/requireAccount.js';
import type { RestRouteOptions } from './routeOptions.js';

export function commentRoutes(options: RestRouteOptions) {
  void options;
  const api = new Hono<AuthEnv>();
  return api;
}
