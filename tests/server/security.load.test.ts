// One client must not pin the server: a flooding socket is throttled, its key lookups bounded, then it is
// disconnected; GraphQL runs a bounded number of executions at once with a bounded queue (then 503 with
// Retry-After) while /api/v1/config and /api/v1/health answer; reads per client address end in 429.
// A real server on loopback; clients are told apart by their source address (127.0.0.2 and up), as in production.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import pg from 'pg';
import type { Server as SocketServer } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.js';
import type { SocketCounts } from '../../server/live/socketServer.js';
import { DEFAULT_GRAPHQL_QUEUE, DEFAULT_RATE_LIMITS, DEFAULT_SOCKET_LIMITS } from '../../server/security/config.js';
import { httpServerOptions } from '../../server/security/httpTimeouts.js';
import { CAROL, login, type TestServer } from './authFixtures.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One HTTP request over loopback from `localAddress` (the client address the server sees). */
function send(port: number, path: string, { localAddress, method = 'GET', body }: { localAddress: string; method?: string; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, localAddress, headers: body ? { 'Content-Type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const TOKENS_QUERY = JSON.stringify({ query: '{ getMarketplaceTokens(pagination: { perPage: 1 }) { totalCount } }' });
const graphqlFrom = (port: number, localAddress: string) => send(port, '/graphql', { localAddress, method: 'POST', body: TOKENS_QUERY });
const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;
const randomKey = () => randomBytes(24).toString('base64url');

// The production socket rates (defaults); the per-client limits small enough to reach in a test. PostgreSQL: the
// slow GraphQL executions are made by a table lock held on a connection of the test's own.
describe('one client cannot pin the server', () => {
  let database: TestDatabase;
  let server: TestServer;
  let http: ServerType;
  let io: SocketServer;
  let port: number;
  const sockets: Socket[] = [];
  /** Each server-side socket's counts, kept after it disconnects. */
  const countsBySocket = new Map<string, SocketCounts>();

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    server = await buildTestServer(database.db, {
      RATE_LIMIT_KEY_LOOKUP_BY_CLIENT: '15/60',
      RATE_LIMIT_READ_BY_CLIENT: '8/60',
      GRAPHQL_MAX_CONCURRENT: '2',
      GRAPHQL_MAX_QUEUED: '3',
    });
    http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: httpServerOptions(server.config.security) });
    await new Promise((resolve) => http.once('listening', resolve));
    io = server.attach(http as Parameters<typeof server.attach>[0]);
    io.on('connection', (socket) => countsBySocket.set(socket.id, socket.data.counts as SocketCounts));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await database?.close();
  });

  async function openSocket(localAddress: string): Promise<Socket> {
    // engine.io-client hands localAddress to Node's ws, though its types omit it.
    const options = { path: '/socket.io', transports: ['websocket'], reconnection: false, localAddress };
    const socket = connectSocket(`http://127.0.0.1:${port}`, options);
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  type Ack = { ok: boolean; signedIn?: boolean; error?: string };
  const ready = (socket: Socket) => socket.timeout(2000).emitWithAck('ready', { address: randomAddress(), key: randomKey() }) as Promise<Ack>;

  /** Sends ready messages with random well-formed keys, each as soon as the last is answered, until no answer comes. */
  async function floodInTurn(socket: Socket, most: number): Promise<{ acks: Ack[]; disconnect: Promise<string> }> {
    const disconnect = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const acks: Ack[] = [];
    for (let i = 0; i < most; i += 1) {
      const ack = await ready(socket).catch(() => null);
      if (!ack) break;
      acks.push(ack);
    }
    return { acks, disconnect };
  }

  it('a flooding socket is throttled, its key lookups counted and bounded, then it is disconnected; another client signs in', async () => {
    const { messageRate, keyLookupRate, refusedBeforeDisconnect } = DEFAULT_SOCKET_LIMITS;
    // In turn: the message bucket's burst passes, the first 10 of them looked up, then every message is refused
    // until the 20th refusal disconnects the socket (unanswered).
    const inTurn = await openSocket('127.0.0.2');
    const inTurnCounts = countsBySocket.get(inTurn.id!)!;
    const first = await floodInTurn(inTurn, 500);
    expect(await first.disconnect).toBe('io server disconnect');
    expect(inTurnCounts.keyLookups).toBe(keyLookupRate.limit);
    expect(first.acks.slice(0, keyLookupRate.limit).every((ack) => ack.ok && ack.signedIn === false)).toBe(true);
    expect(first.acks.slice(keyLookupRate.limit).every((ack) => !ack.ok && ack.error === 'rate_limited')).toBe(true);
    expect(inTurnCounts.refused).toBe(refusedBeforeDisconnect);
    // 20 accepted + 19 refused with an answer, give or take the bucket's refill (2 a second) while it ran.
    expect(first.acks.length).toBeGreaterThanOrEqual(messageRate.limit + refusedBeforeDisconnect - 1);
    expect(first.acks.length).toBeLessThanOrEqual(messageRate.limit + refusedBeforeDisconnect + 1);

    // All at once: 500 messages in one burst; the socket is gone before any is looked up.
    const burst = await openSocket('127.0.0.2');
    const burstCounts = countsBySocket.get(burst.id!)!;
    const disconnected = new Promise<string>((resolve) => burst.once('disconnect', (reason) => resolve(reason)));
    const answers = await Promise.allSettled(Array.from({ length: 500 }, () => ready(burst)));
    expect(await disconnected).toBe('io server disconnect');
    expect(burstCounts.keyLookups).toBeLessThanOrEqual(keyLookupRate.limit);
    expect(burstCounts.refused).toBe(refusedBeforeDisconnect);
    expect(answers.filter((answer) => answer.status === 'fulfilled').length).toBeLessThan(messageRate.limit + refusedBeforeDisconnect);

    // A fresh socket of the same client has fresh buckets, but the client's lookups (15 a minute here) run out.
    const third = await openSocket('127.0.0.2');
    const thirdCounts = countsBySocket.get(third.id!)!;
    const { acks } = await floodInTurn(third, 8);
    const left = 15 - inTurnCounts.keyLookups - burstCounts.keyLookups;
    expect(thirdCounts.keyLookups).toBe(left);
    expect(acks.map((ack) => ack.ok)).toEqual(Array.from({ length: 8 }, (_, i) => i < left));

    // Another client with a valid key is not affected: it joins its account's room; the flooder still reads config.
    const { apiKey } = await login(server, CAROL);
    const other = await openSocket('127.0.0.3');
    expect(await other.timeout(3000).emitWithAck('ready', { address: apiKey.address, key: apiKey.key })).toEqual({ ok: true, signedIn: true });
    expect((await send(port, '/api/v1/config', { localAddress: '127.0.0.2' })).status).toBe(200);
  });

  it('GraphQL: past the concurrent executions a bounded queue, then 503 with Retry-After; config and health answer meanwhile', async () => {
    const locker = new pg.Client({ connectionString: database.location.databaseUrl });
    await locker.connect();
    const pending: Promise<Answer>[] = [];
    try {
      await locker.query('begin');
      await locker.query('lock table tokens, token_count_groups, holdings in access exclusive mode');
      // 2 executions waiting on the lock, 3 queued behind them; each from its own address (the read limit is per client).
      for (let i = 0; i < 5; i += 1) pending.push(graphqlFrom(port, `127.0.1.${i + 1}`));
      await expect.poll(() => [server.graphqlExecutions.running, server.graphqlExecutions.queued], { timeout: 10_000 }).toEqual([2, 3]);

      const busy = await graphqlFrom(port, '127.0.1.9');
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(JSON.parse(busy.body)).toEqual({ error: 'server_busy', message: 'The server is busy. Try again in 1 second.' });

      const config = await send(port, '/api/v1/config', { localAddress: '127.0.1.9' });
      const health = await send(port, '/api/v1/health', { localAddress: '127.0.1.9' });
      expect([config.status, health.status]).toEqual([200, 200]);
      expect(JSON.parse(health.body)).toEqual({ ok: true });
    } finally {
      await locker.query('commit').catch(() => undefined);
      await locker.end();
    }
    const answers = await Promise.all(pending);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => JSON.parse(answer.body).data.getMarketplaceTokens.totalCount)).toEqual([0, 0, 0, 0, 0]);
    expect([server.graphqlExecutions.running, server.graphqlExecutions.queued]).toEqual([0, 0]);
  });

  it('reads per client: past the limit 429 with Retry-After for GraphQL and REST reads; config and health still answer', async () => {
    const client = '127.0.2.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await graphqlFrom(port, client)).status);
    statuses.push((await send(port, '/api/v1/home/slides', { localAddress: client })).status);
    statuses.push((await send(port, '/api/v1/exhibition/featured', { localAddress: client })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    const refused = await graphqlFrom(port, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toEqual({ error: 'rate_limited', message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds?\.$/) });
    expect((await send(port, '/api/v1/home/slides', { localAddress: client })).status).toBe(429);
    expect((await send(port, '/api/v1/config', { localAddress: client })).status).toBe(200);
    expect((await send(port, '/api/v1/health', { localAddress: client })).status).toBe(200);
    // Another client address is counted on its own.
    expect((await graphqlFrom(port, '127.0.2.2')).status).toBe(200);
  });

  it('the production defaults, and each number set by its variable', () => {
    const defaults = loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent.json' }).security;
    expect(defaults.socket).toEqual(DEFAULT_SOCKET_LIMITS);
    expect(DEFAULT_SOCKET_LIMITS).toMatchObject({ messageRate: { limit: 20, windowMs: 10_000 }, keyLookupRate: { limit: 10, windowMs: 60_000 }, refusedBeforeDisconnect: 20 });
    expect(defaults.graphqlQueue).toEqual(DEFAULT_GRAPHQL_QUEUE);
    expect(DEFAULT_GRAPHQL_QUEUE).toEqual({ maxConcurrent: 8, maxQueued: 64, retryAfterSeconds: 1 });
    expect(defaults.rateLimits.readByClient).toEqual({ limit: 3000, windowMs: 60_000 });
    expect(defaults.rateLimits.keyLookupByClient).toEqual({ limit: 600, windowMs: 60_000 });
    // Far above a browser's pace: 50 reads a second, every second of the minute.
    expect(DEFAULT_RATE_LIMITS.readByClient.limit / (DEFAULT_RATE_LIMITS.readByClient.windowMs / 1000)).toBeGreaterThanOrEqual(50);
    const tuned = loadServerConfig({
      DEPLOYMENTS_FILE: '/nonexistent.json',
      SOCKET_MESSAGE_RATE: '5/2',
      SOCKET_KEY_LOOKUP_RATE: '3/30',
      SOCKET_REFUSED_BEFORE_DISCONNECT: '7',
      GRAPHQL_MAX_CONCURRENT: '4',
      GRAPHQL_MAX_QUEUED: '0',
      RATE_LIMIT_READ_BY_CLIENT: '100/10',
    }).security;
    expect(tuned.socket).toMatchObject({ messageRate: { limit: 5, windowMs: 2000 }, keyLookupRate: { limit: 3, windowMs: 30_000 }, refusedBeforeDisconnect: 7 });
    expect(tuned.graphqlQueue).toMatchObject({ maxConcurrent: 4, maxQueued: 0 });
    expect(tuned.rateLimits.readByClient).toEqual({ limit: 100, windowMs: 10_000 });
    expect(() => loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent.json', SOCKET_MESSAGE_RATE: 'fast' })).toThrow('must be "<requests>/<seconds>"');
  });
});
