// Items 6 and 7 of the security issue: socket.io takes only the app's origins, a bounded number of connections
// per client and small messages, and joins an account's room only for a signed-in key; a client that holds its
// request headers open is cut off by the configured timeout.
import type { AddressInfo } from 'node:net';
import { Agent, get as httpGet } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Server as SocketServer } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServerOptions } from '../../server/security/httpTimeouts.js';
import { CAROL, login, signedRequest, type TestServer } from './authFixtures.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { liveDoc } from '../domain/liveEventSamples.js';

type Listening = { server: TestServer; http: ServerType; io: SocketServer; port: number; origin: string };

async function start(database: TestDatabase, env: Record<string, string>): Promise<Listening> {
  const server = await buildTestServer(database.db, env);
  const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1', serverOptions: httpServerOptions(server.config.security) });
  await new Promise((resolve) => http.once('listening', resolve));
  const io = server.attach(http as Parameters<typeof server.attach>[0]);
  const { port } = http.address() as AddressInfo;
  return { server, http, io, port, origin: `http://127.0.0.1:${port}` };
}

async function stop(listening: Listening | undefined) {
  if (!listening) return;
  await new Promise<void>((resolve) => listening.io.close(() => resolve()));
  await new Promise<void>((resolve) => listening.http.close(() => resolve()));
}

/** Connects (websocket, no reconnection); resolves 'connected' or the server's refusal message. */
function open(port: number, extraHeaders: Record<string, string> = {}): Promise<{ socket: Socket; outcome: string }> {
  const socket = connectSocket(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['polling'], reconnection: false, extraHeaders });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, outcome: 'connected' }));
    socket.once('connect_error', (error) => resolve({ socket, outcome: `refused: ${(error as Error & { context?: { responseText?: string } }).context?.responseText ?? error.message}` }));
  });
}

// PGlite only: nothing here depends on the database kind beyond the key lookup, which the auth suites run on both.
describe('socket.io limits', () => {
  let database: TestDatabase;
  let listening: Listening;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    listening = await start(database, { APP_DOMAIN: 'localhost,market.example', SOCKET_MAX_CONNECTIONS_PER_CLIENT: '3', SOCKET_MAX_MESSAGE_BYTES: '1024' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await stop(listening);
    await database?.close();
  });

  const track = (opened: { socket: Socket; outcome: string }) => {
    sockets.push(opened.socket);
    return opened;
  };

  it("abuse: another site's Origin is refused; the app's origins and clients without an Origin connect", async () => {
    const foreign = track(await open(listening.port, { Origin: 'https://evil.example' }));
    expect(foreign.outcome).toContain('Origin not allowed');
    const app = track(await open(listening.port, { Origin: 'https://market.example' }));
    expect(app.outcome).toBe('connected');
    app.socket.close();
    const noOrigin = track(await open(listening.port));
    expect(noOrigin.outcome).toBe('connected');
    noOrigin.socket.close();
  });

  it('one connection more than allowed per client is refused; closing one makes room', async () => {
    // Wait for the two closed sockets of the previous test to be gone on the server.
    await expect.poll(() => listening.io.engine.clientsCount, { timeout: 10_000 }).toBe(0);
    const first = await Promise.all([open(listening.port), open(listening.port), open(listening.port)]);
    first.forEach(track);
    expect(first.map((o) => o.outcome)).toEqual(['connected', 'connected', 'connected']);
    const fourth = track(await open(listening.port));
    expect(fourth.outcome).toContain('Too many connections');
    first[0]!.socket.close();
    await expect.poll(() => listening.io.engine.clientsCount, { timeout: 10_000 }).toBe(2);
    const again = track(await open(listening.port));
    expect(again.outcome).toBe('connected');
    for (const opened of [...first, again]) opened.socket.close();
    await expect.poll(() => listening.io.engine.clientsCount, { timeout: 10_000 }).toBe(0);
  });

  it('a message over the size limit closes the socket', async () => {
    const opened = track(await open(listening.port));
    expect(opened.outcome).toBe('connected');
    const closed = new Promise<string>((resolve) => opened.socket.once('disconnect', (reason) => resolve(reason)));
    opened.socket.emit('ready', { address: 'x'.repeat(4096) });
    // Over long-polling the oversized POST is refused (413), a transport error; over a websocket the server closes it.
    expect(['transport close', 'transport error']).toContain(await closed);
  });

  it("ready joins the account's room only with that account's valid key; a revoked key is anonymous", async () => {
    const { apiKey } = await login(listening.server, CAROL);
    const address = apiKey.address;
    const hearsAccountEvents = async (payload: Record<string, unknown>) => {
      const opened = track(await open(listening.port));
      const ack = (await opened.socket.timeout(5000).emitWithAck('ready', payload)) as { ok: boolean; signedIn: boolean };
      const heard = new Promise<boolean>((resolve) => {
        opened.socket.once('PublishReady', () => resolve(true));
        opened.socket.once('Ping', () => resolve(false));
      });
      listening.server.live.emitTo(address, 'PublishReady', liveDoc('PublishReady'));
      listening.io.emit('Ping', {}); // public events arrive after the room's, so "nothing in the room" is a signal too
      const result = { signedIn: ack.signedIn, heard: await heard };
      opened.socket.close();
      return result;
    };
    expect(await hearsAccountEvents({ address })).toEqual({ signedIn: false, heard: false });
    expect(await hearsAccountEvents({ address, key: 'not-the-key-of-this-account' })).toEqual({ signedIn: false, heard: false });
    expect(await hearsAccountEvents({ address, key: apiKey.key })).toEqual({ signedIn: true, heard: true });
    expect((await signedRequest(listening.server, '/account/session', { method: 'DELETE' }, apiKey)).status).toBe(200);
    expect(await hearsAccountEvents({ address, key: apiKey.key })).toEqual({ signedIn: false, heard: false });
  });
});

describe('HTTP timeouts', () => {
  let database: TestDatabase;
  let listening: Listening;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    listening = await start(database, { HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    await stop(listening);
    await database?.close();
  });

  it('a client holding its request headers open is answered 408 and cut off at the configured timeout', async () => {
    const socket = connectTcp(listening.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    // Headers started and never finished (the slowloris pattern).
    socket.write('GET /api/v1/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const timer = setInterval(() => socket.write('a'), 100); // trickles bytes so only the deadline can end it
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('a kept-alive connection outlives the headers timeout and is reused (the server says timeout=65)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let connections = 0;
    const onConnection = () => connections++;
    listening.http.on('connection', onConnection);
    const get = () =>
      new Promise<{ status: number; keepAlive: string }>((resolve, reject) =>
        httpGet({ host: '127.0.0.1', port: listening.port, path: '/api/v1/config', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, keepAlive: String(response.headers['keep-alive']) }));
        }).on('error', reject),
      );
    try {
      expect(await get()).toEqual({ status: 200, keepAlive: 'timeout=65' });
      // Idle for longer than the (500 ms) headers timeout: the connection is kept, not cut.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await get()).toEqual({ status: 200, keepAlive: 'timeout=65' });
      expect(connections).toBe(1);
    } finally {
      listening.http.off('connection', onConnection);
      agent.destroy();
    }
  });

  it('the production defaults are 15 s for headers and 120 s for a whole request', async () => {
    const { loadServerConfig } = await import('../../server/config.js');
    const { security } = loadServerConfig({ DEPLOYMENTS_FILE: '/nonexistent.json' });
    expect(httpServerOptions(security)).toEqual({ headersTimeout: 15_000, requestTimeout: 120_000, connectionsCheckingInterval: 1000, keepAliveTimeout: 65_000 });
  });
});
