// The per-client read limit and the live socket's key-lookup limit across two server processes sharing Redis
// (server/security/sharedRateLimit.ts): a client gets each limit once, not once per process. Two whole servers on their own ports as `npm run cluster` runs them, a
// real Redis (Debian's redis-server); and what a read does when the shared count does not answer.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, type SharedRedis } from '../../server/redis.js';
import { RateLimitError } from '../../server/security/rateLimit.js';
import { createSharedRateLimiter, type ReadLimiter } from '../../server/security/sharedRateLimit.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { startRedis, type TestRedis } from './redisServer.js';

// Five reads an hour per client: an hour-long window, so the test never straddles two.
const RATE = { limit: 5, windowMs: 3_600_000 };

async function startProcess(database: TestDatabase, readLimiter?: ReadLimiter) {
  const server = await buildTestServer(database.db, { RATE_LIMIT_READ_BY_CLIENT: '5/3600' }, readLimiter ? { readLimiter } : {});
  const httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => httpServer.once('listening', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    read: async () => (await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) })).status,
    close: () => new Promise<void>((resolve) => httpServer.close(() => resolve())),
  };
}

describe('the read limit across two server processes (Redis)', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  const shared: SharedRedis[] = [];

  beforeAll(async () => {
    [redis, database] = await Promise.all([startRedis(), openTestDatabase('pglite')]);
  }, 120_000);
  afterAll(async () => {
    for (const connection of shared) await connection.close();
    await database?.close();
    await redis?.stop();
  });

  it('counted in Redis, a client gets the limit once over both processes; counted per process, once per process', async () => {
    // Each process opens its own Redis connection, as main.ts does; the name keeps this test's windows its own.
    const name = `read-${process.pid}-${Date.now()}`;
    const [ra, rb] = await Promise.all([openRedis(redis.url, () => {}), openRedis(redis.url, () => {})]);
    shared.push(ra, rb);
    const a = await startProcess(database, createSharedRateLimiter(ra.counters, RATE, name));
    const b = await startProcess(database, createSharedRateLimiter(rb.counters, RATE, name));
    try {
      const statuses = [await a.read(), await a.read(), await a.read(), await b.read(), await b.read(), await b.read(), await a.read()];
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }

    // Without Redis each process counts its own: the same seven reads all pass (the limit once per process).
    const c = await startProcess(database);
    const d = await startProcess(database);
    try {
      const statuses = [await c.read(), await c.read(), await c.read(), await d.read(), await d.read(), await d.read(), await c.read()];
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    } finally {
      await c.close();
      await d.close();
    }
  }, 120_000);

  it("the live socket's key lookups: a client's sockets on both processes share one limit", async () => {
    const name = `key-lookup-${process.pid}-${Date.now()}`;
    const [ra, rb] = await Promise.all([openRedis(redis.url, () => {}), openRedis(redis.url, () => {})]);
    shared.push(ra, rb);
    const lookupRate = { limit: 3, windowMs: 3_600_000 };
    const sockets: Socket[] = [];
    const servers: { close(): Promise<void> }[] = [];
    const start = async (keyLookupLimiter: ReadLimiter) => {
      const server = await buildTestServer(database.db, { RATE_LIMIT_KEY_LOOKUP_BY_CLIENT: '3/3600' });
      const httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => httpServer.once('listening', resolve));
      const io = server.attach(httpServer as Parameters<typeof server.attach>[0], { keyLookupLimiter });
      servers.push({ close: () => new Promise<void>((resolve) => io.close(() => resolve())) });
      const socket = connectSocket(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      return socket;
    };
    try {
      const onA = await start(createSharedRateLimiter(ra.counters, lookupRate, name));
      const onB = await start(createSharedRateLimiter(rb.counters, lookupRate, name));
      // Well-formed keys nobody holds: each costs a database lookup, which is what the limit bounds.
      const ready = async (socket: Socket) => {
        const ack = (await socket.timeout(10_000).emitWithAck('ready', { address: `0x${randomBytes(20).toString('hex')}`, key: randomBytes(24).toString('base64url') })) as { ok: boolean; error?: string };
        return ack.ok ? 'looked up' : ack.error;
      };
      expect([await ready(onA), await ready(onA), await ready(onB), await ready(onB), await ready(onA)]).toEqual(['looked up', 'looked up', 'looked up', 'rate_limited', 'rate_limited']);
    } finally {
      for (const socket of sockets) socket.close();
      for (const server of servers) await server.close();
    }
  }, 120_000);

  it('when the shared count does not answer (or fails), the process counts alone: reads go on, and its own limit holds', async () => {
    const logged: string[] = [];
    const silent = createSharedRateLimiter({ increment: () => new Promise<number>(() => {}) }, { limit: 2, windowMs: 60_000 }, 'silent', (line) => logged.push(line));
    await expect(silent.check('client')).resolves.toBeUndefined();
    await expect(silent.check('client')).resolves.toBeUndefined();
    await expect(silent.check('client')).rejects.toBeInstanceOf(RateLimitError);
    expect(logged, 'one warning a minute, not one per read').toEqual(['Rate limit silent: the shared count is unavailable (no answer within 250 ms); counting in this process']);

    const failing = createSharedRateLimiter({ increment: () => Promise.reject(new Error('ECONNREFUSED')) }, { limit: 1, windowMs: 60_000 }, 'failing', () => {});
    await expect(failing.check('client')).resolves.toBeUndefined();
    await expect(failing.check('client')).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
  });
});
