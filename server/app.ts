// The HTTP application: REST, GraphQL, media, the built PWA, and socket.io on the same http server.
import type { Server as HttpServer } from 'node:http';
import { Hono } from 'hono';
import type { Server as SocketServer } from 'socket.io';
import type { ServerConfig } from './config.js';
import type { Db } from './db/client.js';
import { createExecutionQueue, type ExecutionQueue } from './graphql/executionQueue.js';
import { createGraphql } from './graphql/index.js';
import { bodyLimits } from './http/bodyLimits.js';
import { errorResponse, handleError } from './http/errors.js';
import { mediaRoutes } from './http/media.js';
import { createRequestLog } from './http/requestLog.js';
import { securityHeaders } from './http/security.js';
import { firstAnswersHtml, FIRST_ANSWER_TIMEOUT_MS, type RunRead } from './http/firstAnswers.js';
import { isApiPath, serveApp, type FirstAnswersFor } from './http/static.js';
import type { MediaStore } from './media/store.js';
import { createLiveBus, type LiveBus } from './live/bus.js';
import type { Locker } from '@tus/server';
import { attachSocketServer, type SocketServerOptions } from './live/socketServer.js';
import { restRoutes } from './rest/index.js';
import { geofence, regionRefused } from './security/geofence.js';
import { createMemoryRateLimiter } from './security/memoryRateLimit.js';
import type { ReadLimiter } from './security/sharedRateLimit.js';
import { clientAddress, clientLimitKey } from './security/clientAddress.js';
import { createRateLimiter, isWrite, limitByClient } from './security/rateLimit.js';
import { uploadRoutes } from './studio/upload.js';

/** The bodies yoga reads as a query: JSON, GraphQL JSON and a bare GraphQL document (same matching as yoga's). */
const GRAPHQL_CONTENT_TYPE = /^application\/(json|graphql\+json|graphql)(;|,|$)/;

export interface CreateServerOptions {
  db: Db;
  config: ServerConfig;
  mediaStore: MediaStore;
  /** The built app (default config.staticDir, i.e. dist/). */
  staticDir?: string;
  /** Where live events go; created here when not given (tests pass their own to observe it). */
  live?: LiveBus;
  /** Several processes (REDIS_URL): the studio's upload lock shared through Redis (studio/uploadLocker.ts). */
  uploadLocker?: Locker;
  /** Several processes (REDIS_URL): the per-client read limit counted in Redis (security/sharedRateLimit.ts). */
  readLimiter?: ReadLimiter;
}

export interface AppServer {
  app: Hono;
  live: LiveBus;
  /** The GraphQL executions running and queued in this process (config.security.graphqlQueue); `run` takes a slot. */
  graphqlExecutions: Pick<ExecutionQueue, 'running' | 'queued' | 'run'>;
  /** Wires socket.io at /socket.io onto the http server; the indexer broadcasts through the returned io. */
  attach(httpServer: HttpServer, options?: SocketServerOptions): SocketServer;
}

export function createServer({ db, config, mediaStore, staticDir, live = createLiveBus(), uploadLocker, readLimiter }: CreateServerOptions): AppServer {
  const app = new Hono();
  // End-to-end tests only (E2E_REQUEST_LOG=1): every request counted, ahead of everything that could answer it.
  if (config.requestLog) {
    const requestLog = createRequestLog();
    app.use('*', requestLog.middleware);
    requestLog.mount(app);
  }
  // Time spent in the server per request, for the benchmark and the browser's network panel.
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    c.header('Server-Timing', `app;dur=${(performance.now() - started).toFixed(2)}`);
  });
  app.use('*', securityHeaders(config.chainRpcUrl, () => config.contentOrigin));
  app.onError(handleError);
  // Refused regions get a 451 from the API (the app's config request shows the geofence page); the app shell still loads.
  app.use('/api/*', geofence(config.security.geofence));
  app.use('/graphql', geofence(config.security.geofence));
  // Ahead of authentication and parsing: every route's body limit from one table (http/bodyLimits.ts).
  app.use('*', bodyLimits(config.public));
  // Per client address, second to the per-account limits inside the routes: every write of one client.
  const limiter = createRateLimiter(db, config.security.rateLimits);
  const clientWrites = limitByClient(limiter, 'writeByClient', config.security.trustProxy);
  // Sign-ins (POST /api/v1/account) have limits of their own.
  const isSignIn = (method: string, path: string) => method === 'POST' && /^\/api\/v1\/account\/?$/.test(path);
  app.use('/api/v1/*', (c, next) => (isWrite(c.req.method) && !isSignIn(c.req.method, c.req.path) ? clientWrites(c, next) : next()));
  // Reads per client address, counted in this process's memory (no database write per read), or with several
  // processes in Redis: every POST /graphql and every REST GET/HEAD but the config and health routes, which scripts
  // and the app's start always reach.
  const clientReads = readLimiter ?? createMemoryRateLimiter(config.security.rateLimits.readByClient);
  const isCountedRead = (method: string, path: string) =>
    path === '/graphql'
      ? method === 'POST'
      : (method === 'GET' || method === 'HEAD') && path.startsWith('/api/') && !/^\/api\/v1\/(config|health)\/?$/.test(path);
  app.use('*', async (c, next) => {
    if (isCountedRead(c.req.method, c.req.path)) await clientReads.check(clientLimitKey(clientAddress(c, config.security.trustProxy)));
    await next();
  });

  // tus uploads of the studio (/api/v1/canvas/{id}/upload/), ahead of the REST routes' catch-all 404.
  app.route('/api/v1/canvas', uploadRoutes({ db, config, mediaStore, limiter, locker: uploadLocker }));
  app.route('/api/v1', restRoutes({ db, config, live, mediaStore, limiter }));

  const yoga = createGraphql({ db, config: config.public, limits: config.security.graphql, mediaStore });
  const executions = createExecutionQueue(config.security.graphqlQueue);
  app.post('/graphql', async (c) => {
    // JSON (what the app sends) or a GraphQL document only: yoga's form-urlencoded parser throws a 500 on
    // malformed `variables`, and a form POST is a cross-site "simple request".
    if (!GRAPHQL_CONTENT_TYPE.test(c.req.header('Content-Type') ?? '')) {
      return errorResponse(c, 415, 'unsupported_media_type', 'Send GraphQL queries as application/json.');
    }
    // The body is read before taking a slot, so a client sending it slowly holds no execution slot.
    const request = new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: await c.req.arrayBuffer(), signal: c.req.raw.signal });
    return executions.run(async () => {
      // A client that gave up while its request waited in the queue: nothing to answer.
      if (request.signal.aborted) return errorResponse(c, 408, 'request_aborted', 'The request was aborted.');
      return yoga.fetch(request);
    });
  });
  app.all('/graphql', (c) => errorResponse(c, 405, 'method_not_allowed', 'Send GraphQL queries with POST.'));

  app.route('/ipfs', mediaRoutes(mediaStore, db));
  // The generative sandbox runs creators' scripts: only the content origin serves it (http/content.ts).
  app.all('/sandbox/*', (c) => errorResponse(c, 404, 'not_found', `The sandbox is served from the content origin, ${config.contentOrigin}.`));

  // A navigation's first answers run through the same pipeline as the app's reads (its limits and execution queue),
  // and not at all for a region the API refuses (the app shows the geofence page there), nor when every execution
  // slot is taken: a busy server sends the page at once and the app asks as it would without them.
  const refusedRegion = regionRefused(config.security.geofence);
  const runFirstRead: RunRead = async (read) => {
    if (executions.queued > 0 || executions.running >= config.security.graphqlQueue.maxConcurrent) return null;
    const request = new Request(new URL('/graphql', 'http://first-answers.local'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ operationName: read.operationName, query: read.query, variables: read.variables }),
      signal: AbortSignal.timeout(FIRST_ANSWER_TIMEOUT_MS),
    });
    const response = await executions.run(async () => yoga.fetch(request));
    return response.ok ? ((await response.json()) as { data?: unknown; errors?: unknown }) : null;
  };
  const firstAnswers: FirstAnswersFor = async (c, urlPath) => {
    return refusedRegion((name) => c.req.header(name)) ? '' : firstAnswersHtml(urlPath, runFirstRead, { search: new URL(c.req.url).search });
  };
  const serveStatic = serveApp(staticDir ?? config.staticDir, firstAnswers);
  app.on(['GET', 'HEAD'], '*', (c) => {
    if (isApiPath(c.req.path)) return errorResponse(c, 404, 'not_found', `Nothing at ${c.req.path}.`);
    return serveStatic(c);
  });
  app.notFound((c) => errorResponse(c, 404, 'not_found', `Nothing at ${c.req.method} ${c.req.path}.`));

  return {
    app,
    live,
    graphqlExecutions: executions,
    attach(httpServer, options) {
      const io = attachSocketServer(httpServer, db, config.security, options);
      live.attach(io);
      return io;
    },
  };
}
