// Live events across two server processes sharing PostgreSQL and Redis (socket.io's Redis Streams adapter,
// server/live/redisAdapter.ts): each "process" is a whole server (app, http server, socket.io, its own database pool and
// Redis connection) on its own port, as `npm run cluster` runs them; clients connect over real sockets, through a
// one-origin proxy where they must move from one to the other. Real Redis (Debian's redis-server), real PostgreSQL, a
// real in-process chain with the real contracts.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createTcpServer, connect as tcpConnect, type Server as TcpServer, type Socket as TcpSocket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Server as SocketServer } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventName } from '../../domain/contracts/live.js';
import type { Deployments } from '../../contracts/deploy.js';
import { openDatabase, type OpenedDatabase } from '../../server/db/client.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import { openRedis, type SharedRedis } from '../../server/redis.js';
import { approveMarketplace, createCollection, createSale, type Market, type SeedWallet } from '../../scripts/seed/chain.js';
import { liveDoc } from '../domain/liveEventSamples.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, makeStaticDir } from './fixtures.js';
import { deployTestMarket } from './marketFixtures.js';
import { startRedis, type TestRedis } from './redisServer.js';
import { until } from './until.js';
import { CAROL, login } from './authFixtures.js';

const OTHER_ACCOUNT = '0x00000000000000000000000000000000000000a1';

interface ServerProcess {
  name: string;
  port: number;
  server: Awaited<ReturnType<typeof buildTestServer>>;
  io: SocketServer;
  redis: SharedRedis;
  db: OpenedDatabase;
  /** What `npm run server` does on SIGTERM: sockets closed (their sessions kept in Redis), then Redis and the pool. */
  shutDown(): Promise<void>;
}

async function startProcess(name: string, databaseUrl: string, redisUrl: string): Promise<ServerProcess> {
  const db = await openDatabase({ databaseUrl });
  const server = await buildTestServer(db.db, { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });
  const httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => httpServer.once('listening', resolve));
  const redis = await openRedis(redisUrl, () => {});
  const io = server.attach(httpServer as Parameters<typeof server.attach>[0], { adapter: redis.adapter });
  const { port } = httpServer.address() as AddressInfo;
  let down = false;
  return {
    name, port, server, io, redis, db,
    async shutDown() {
      if (down) return;
      down = true;
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await redis.close();
      await db.close();
    },
  };
}

/** One origin in front of the processes (nginx in `npm run cluster`): each new connection goes to the current target. */
function startOrigin(target: () => number): Promise<{ port: number; server: TcpServer; close(): void }> {
  const open = new Set<TcpSocket>();
  const server = createTcpServer((client) => {
    const upstream = tcpConnect(target(), '127.0.0.1');
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        server,
        close() {
          for (const socket of open) socket.destroy();
          server.close();
        },
      }),
    ),
  );
}

/** server/main.ts as `npm run server` runs it, in a process of its own (no chain: no indexer); resolves once it listens. */
async function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(() => /Server listening on http:\/\/127\.0\.0\.1:\d+/.test(output) || child.exitCode !== null, 'the server process listening', 120_000);
  const port = /Server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
  if (!port) throw new Error(`the server process did not start:\n${output}`);
  return { child, port: Number(port), exited };
}

type Received = { name: LiveEventName; doc: Record<string, unknown> };
const EVENTS: LiveEventName[] = ['CreatedCollection', 'CreatedSale', 'CreatedOwner', 'CreatedCreator', 'Sold', 'OfferMade', 'PublishReady'];

/** A client of the origin at `port`; with an address and its API key its 'ready' joins the account's room. */
async function listen(port: number, ready: { address?: string; key?: string } = {}) {
  const socket: Socket = connectSocket(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 400 });
  const received: Received[] = [];
  for (const name of EVENTS) socket.on(name, (doc: Record<string, unknown>) => received.push({ name, doc }));
  const ack = (await socket.timeout(10_000).emitWithAck('ready', ready)) as { signedIn?: boolean };
  return { socket, received, signedIn: ack.signedIn === true };
}

describe('live events across two server processes (PostgreSQL and Redis)', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let market: Market;
  let deployments: Deployments;
  let wallets: SeedWallet[];
  let a: ServerProcess;
  let b: ServerProcess;
  let indexer: Indexer | null = null;
  const clients: Socket[] = [];

  beforeAll(async () => {
    [redis, database] = await Promise.all([startRedis(), openTestDatabase('postgres')]);
    ({ market, deployments, wallets } = await deployTestMarket({ creators: [1] }));
    a = await startProcess('a', database.location.databaseUrl!, redis.url);
    b = await startProcess('b', database.location.databaseUrl!, redis.url);
  }, 120_000);
  afterAll(async () => {
    for (const socket of clients) socket.close();
    await indexer?.stop();
    await a?.shutDown();
    await b?.shutDown();
    await database?.close();
    await redis?.stop();
  });

  it('a sale indexed by one process reaches the clients of both, once each', async () => {
    // Process a leads (it runs the indexer); b only serves clients.
    indexer = await startIndexer({ db: a.db.db, publicClient: market.publicClient, deployments, ipfs: a.server.config.public.ipfs, io: a.server.live, pollIntervalMs: 20 });
    const ofA = await listen(a.port);
    const ofB = await listen(b.port);
    clients.push(ofA.socket, ofB.socket);
    const artist = wallets[1]!;
    const { address } = await createCollection(market, artist, { name: 'Two Rooms', symbol: 'TWO', tokenCount: 1, baseUri: 'ipfs://two-rooms/' });
    await approveMarketplace(market, artist, address);
    const saleId = await createSale(market, artist, address, 1, parseEther('1'));
    const sales = (client: { received: Received[] }) => client.received.filter((event) => event.name === 'CreatedSale').map((event) => event.doc.sale_id);
    await until(() => sales(ofB).length > 0 && sales(ofA).length > 0, 'CreatedSale on both processes', 20_000);
    expect(sales(ofB)).toEqual([String(saleId)]);
    expect(sales(ofA)).toEqual([String(saleId)]);
    await indexer.stop();
    indexer = null;
  }, 120_000);

  it('a signed-in client of a process that shuts down reconnects through the origin to the other and receives the events emitted meanwhile, its account\'s among them', async () => {
    let target = a.port;
    const origin = await startOrigin(() => target);
    try {
      const { apiKey } = await login(a.server, CAROL);
      const client = await listen(origin.port, { address: CAROL.address, key: apiKey.key });
      expect(client.signedIn, 'the key proves the address: the socket is in its account room').toBe(true);
      clients.push(client.socket);
      // One event while on a (the session's offset), from b: the adapter carries it over.
      b.server.live.emit('CreatedOwner', liveDoc('CreatedOwner', { _id: 'before' }));
      await until(() => client.received.length === 1, 'the first event', 20_000);

      // a goes (SIGTERM: its sockets close as recoverable, their sessions kept in Redis); the origin sends new
      // connections to b. What b emits while the client is away must reach it after it reconnects.
      const disconnected = new Promise<string>((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));
      target = b.port;
      await a.shutDown();
      expect(await disconnected).not.toBe('io server disconnect');
      b.server.live.emit('CreatedSale', liveDoc('CreatedSale', { _id: 'while-away-1', sale_id: '101' }));
      b.server.live.emit('Sold', liveDoc('Sold', { _id: 'while-away-2', sale_id: '101' }));
      // One for its account (the room comes back with the recovered session; the client sends no 'ready' again here),
      // one for another account (never its own).
      b.server.live.emitTo(CAROL.address, 'PublishReady', liveDoc('PublishReady', { _id: 'while-away-mine' }));
      b.server.live.emitTo(OTHER_ACCOUNT, 'PublishReady', liveDoc('PublishReady', { _id: 'while-away-theirs' }));
      await until(() => client.socket.connected, 'the reconnection to b', 20_000);
      expect(client.socket.recovered, 'the session was recovered on the other process').toBe(true);
      await until(() => client.received.length === 4, 'the three events emitted while away', 20_000);
      expect(client.received.map((event) => `${event.name} ${String(event.doc._id)}`)).toEqual([
        'CreatedOwner before',
        'CreatedSale while-away-1',
        'Sold while-away-2',
        'PublishReady while-away-mine',
      ]);
      // And it is live on b from now on, in its account's room too.
      b.server.live.emit('CreatedCreator', liveDoc('CreatedCreator', { _id: 'after' }));
      b.server.live.emitTo(CAROL.address, 'PublishReady', liveDoc('PublishReady', { _id: 'after-mine' }));
      await until(() => client.received.length === 6, 'the events after the reconnection', 20_000);
      expect(client.received.at(-2)).toMatchObject({ name: 'CreatedCreator', doc: { _id: 'after' } });
      expect(client.received.at(-1)).toMatchObject({ name: 'PublishReady', doc: { _id: 'after-mine' } });
    } finally {
      origin.close();
    }
  }, 120_000);

  it('a client of a process that crashes (SIGKILL: nothing written on the way out) reconnects to the other and receives the events emitted meanwhile', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'artbazaar-live-crash-'));
    const crashing = await startServerProcess({
      DATABASE_URL: database.location.databaseUrl!,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      STATIC_DIR: await makeStaticDir(),
      DEPLOYMENTS_FILE: join(dataDir, 'none.json'),
    });
    let target = crashing.port;
    const origin = await startOrigin(() => target);
    try {
      const client = await listen(origin.port);
      clients.push(client.socket);
      b.server.live.emit('CreatedOwner', liveDoc('CreatedOwner', { _id: 'before-crash' }));
      await until(() => client.received.length === 1, 'the first event', 20_000);

      // The process is killed: socket.io's close path never runs, so only the session written while connected remains.
      const disconnected = new Promise<void>((resolve) => client.socket.once('disconnect', () => resolve()));
      target = b.port;
      crashing.child.kill('SIGKILL');
      await crashing.exited;
      await disconnected;
      b.server.live.emit('Sold', liveDoc('Sold', { _id: 'while-crashed', sale_id: '202' }));
      await until(() => client.socket.connected, 'the reconnection to b', 20_000);
      expect(client.socket.recovered, 'the session was recovered on the other process').toBe(true);
      await until(() => client.received.length === 2, 'the event emitted while away', 20_000);
      expect(client.received.map((event) => `${event.name} ${String(event.doc._id)}`)).toEqual(['CreatedOwner before-crash', 'Sold while-crashed']);
    } finally {
      origin.close();
      crashing.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
