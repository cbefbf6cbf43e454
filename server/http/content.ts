// The content origin (the content origin for creators' scripts): a second listener (CONTENT_ORIGIN; PORT + 1000 in the demo) that serves only
// what runs a creator's code — the generative sandbox page, p5, /sandbox/sketch/{cid} and a creator's scripts and
// HTML at /ipfs/{cid} — so none of it is ever same-origin with the app. Nothing of the API, GraphQL, the socket or
// the built app is here.
import { Hono } from 'hono';
import type { ServerConfig } from '../config.js';
import type { MediaStore } from '../media/store.js';
import { errorResponse, handleError } from './errors.js';
import { contentMediaRoutes } from './media.js';
import { sandboxRoutes } from './sandbox.js';

export interface ContentServerOptions {
  config: Pick<ServerConfig, 'security'>;
  mediaStore: MediaStore;
}

export function createContentServer({ config, mediaStore }: ContentServerOptions): Hono {
  const app = new Hono();
  app.onError(handleError);
  app.use('*', async (c, next) => {
    await next();
    const headers = c.res.headers;
    // Every answer carries a policy; the sandbox and media routes set their own, anything else (errors) runs nothing.
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', "sandbox; default-src 'none'; frame-ancestors 'none'");
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  });
  app.route('/sandbox', sandboxRoutes(mediaStore, config.security.appOrigins));
  app.route('/ipfs', contentMediaRoutes(mediaStore));
  app.notFound((c) => errorResponse(c, 404, 'not_found', `The content origin serves the generative sandbox and creator scripts only; nothing at ${c.req.method} ${c.req.path}.`));
  return app;
}
