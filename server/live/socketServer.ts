// socket.io on the app's http server: only the app's own origins, a bounded number of connections per client,
// small messages, and account rooms only for sockets that prove a signed-in key.
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server as SocketServer, type ServerOptions } from 'socket.io';
import { checkApiKey } from '../auth/apiKeys.js';
import type { Db } from '../db/client.js';
import { clientAddressOf, clientLimitKey } from '../security/clientAddress.js';
import type { SecurityConfig } from '../security/config.js';
import { createMemoryRateLimiter, createTokenBucket } from '../security/memoryRateLimit.js';
import { RateLimitError } from '../security/rateLimit.js';
import type { ReadLimiter } from '../security/sharedRateLimit.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const KEY = /^[A-Za-z0-9_-]{16,128}$/;

/** What one socket did, in `socket.data.counts` (tests and the benchmark read it). */
export interface SocketCounts {
  /** API key lookups made for this socket's `ready` messages. */
  keyLookups: number;
  /** Messages refused by the socket's message rate. */
  refused: number;
}

/** The ack of a message refused by a rate (a throttled socket), instead of `{ ok, signedIn }`. */
const THROTTLED = { ok: false, error: 'rate_limited', message: 'Too many messages on this connection. Slow down.' } as const;

/** The key a handshake's connections are counted under: the shared client-address rule (an IPv6 client by its /64). */
function clientOf(request: IncomingMessage, trustedProxies: number): string {
  return clientLimitKey(clientAddressOf(request.socket.remoteAddress, request.headers['x-forwarded-for'], trustedProxies));
}

/**
 * How long a disconnected client's session is kept for it to recover: reconnecting within it (to this process or, with
 * the Redis adapter, any other) it receives the events emitted while it was away, and keeps its rooms.
 */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

export interface SocketServerOptions {
  /** Several processes: socket.io's Redis Streams adapter (server/redis.ts); one process: in memory. */
  adapter?: ServerOptions['adapter'];
  /**
   * Several processes: the per-client key-lookup limit counted in Redis (security/sharedRateLimit.ts), so a client
   * gets it once over all processes; without it, in this process's memory.
   */
  keyLookupLimiter?: ReadLimiter;
}

/**
 * socket.io keeps a session for recovery when a connection closes, written by the process that held it: a process that
 * crashes (SIGKILL, out of memory) writes none, and its clients could not recover on another. With a shared adapter
 * every session is therefore written as soon as it connects and whenever its rooms change, and again every half
 * recovery window while it stays (the adapter keeps a session for one window): whichever way its process ends, a client
 * reconnecting to another within half a window (a minute) receives what it missed. One Redis write per socket a minute.
 */
function keepSessionsRecoverable(io: SocketServer, httpServer: HttpServer): void {
  // A closing socket leaves its rooms after socket.io wrote its session: writing then would drop its rooms from it.
  const closing = new WeakSet<object>();
  const persist = (socket: Parameters<Parameters<SocketServer['on']>[1]>[0]) => {
    if (!socket.connected || closing.has(socket)) return;
    // `pid`, the session's private id the client presents to recover, is private in socket.io's types.
    const { pid } = socket as unknown as { pid: string };
    socket.nsp.adapter.persistSession({ sid: socket.id, pid, rooms: [...socket.rooms], data: socket.data });
  };
  io.on('connection', (socket) => {
    socket.on('disconnecting', () => closing.add(socket));
    persist(socket);
  });
  const namespace = io.of('/');
  const roomsChanged = (room: string, id: string) => {
    const socket = namespace.sockets.get(id);
    if (socket && room !== id) persist(socket);
  };
  namespace.adapter.on('join-room', roomsChanged).on('leave-room', roomsChanged);
  const refresh = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) persist(socket);
  }, RECOVERY_WINDOW_MS / 2);
  refresh.unref();
  httpServer.once('close', () => clearInterval(refresh));
}

export function attachSocketServer(httpServer: HttpServer, db: Db, security: SecurityConfig, { adapter, keyLookupLimiter }: SocketServerOptions = {}): SocketServer {
  const { appOrigins, trustProxy, socket: limits } = security;
  const open = new Map<string, number>();
  const io = new SocketServer(httpServer, {
    path: '/socket.io',
    ...(adapter ? { adapter } : {}),
    // A recovered socket comes back with its rooms and data and runs the connection handler below again (the
    // namespace has no middlewares to skip).
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true },
    serveClient: false,
    maxHttpBufferSize: limits.maxMessageBytes,
    allowRequest: (request, callback) => {
      // Browsers always send Origin; a foreign one is another site's page. Non-browser clients send none.
      const origin = request.headers.origin;
      if (origin && !appOrigins.includes(origin)) return callback('Origin not allowed', false);
      if ((open.get(clientOf(request, trustProxy)) ?? 0) >= limits.maxConnectionsPerClient) {
        return callback('Too many connections', false);
      }
      callback(null, true);
    },
  });
  if (adapter) keepSessionsRecoverable(io, httpServer);
  io.engine.on('connection', (connection: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
    const client = clientOf(connection.request, trustProxy);
    open.set(client, (open.get(client) ?? 0) + 1);
    connection.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });

  // Key lookups of all of one client's sockets: a client reconnecting to get fresh per-socket buckets still waits.
  const clientKeyLookups = createMemoryRateLimiter(security.rateLimits.keyLookupByClient);
  // Shared (Redis): refused past the limit; any other failure of the shared count already fell back to this process's.
  const sharedKeyLookupAllowed = (client: string) =>
    Promise.resolve(keyLookupLimiter!.check(client)).then(
      () => true,
      (error: unknown) => !(error instanceof RateLimitError),
    );

  io.on('connection', (socket) => {
    const client = clientOf(socket.request, trustProxy);
    // Every message takes a token; a flooding socket is refused message by message, then disconnected.
    const messages = createTokenBucket(limits.messageRate);
    const keyLookups = createTokenBucket(limits.keyLookupRate);
    const counts: SocketCounts = { keyLookups: 0, refused: 0 };
    socket.data.counts = counts;
    socket.use(([, ...args], next) => {
      // Packets that arrived in the same read as the one that disconnected the socket are dropped unseen.
      if (!socket.connected) return;
      if (messages.take()) return next();
      counts.refused += 1;
      if (counts.refused >= limits.refusedBeforeDisconnect) {
        socket.disconnect(true);
        return;
      }
      const ack = args.at(-1);
      if (typeof ack === 'function') ack(THROTTLED);
    });

    // Clients send 'ready' on connect and after every reconnect. Only a signed-in key joins its account's room
    // (PublishReady and other events meant for one account); anyone else gets the public events only.
    socket.on('ready', async (payload: unknown, ack?: unknown) => {
      const { address, key } = (payload ?? {}) as { address?: unknown; key?: unknown };
      let signedIn = false;
      if (typeof address === 'string' && ADDRESS.test(address) && typeof key === 'string' && KEY.test(key)) {
        // One database lookup per key: bounded per socket and per client; past either the rooms stay as they are.
        const allowed = keyLookups.take() && (keyLookupLimiter ? await sharedKeyLookupAllowed(client) : clientKeyLookups.hit(client).allowed);
        if (!allowed) {
          if (typeof ack === 'function') ack(THROTTLED);
          return;
        }
        counts.keyLookups += 1;
        try {
          signedIn = (await checkApiKey(db, address.toLowerCase(), key)).ok;
        } catch (error) {
          console.error('socket ready: key check failed:', error);
        }
      }
      const rooms = [...socket.rooms].filter((room) => room.startsWith('account:'));
      for (const room of rooms) void socket.leave(room);
      if (signedIn) void socket.join(`account:${(address as string).toLowerCase()}`);
      if (typeof ack === 'function') ack({ ok: true, signedIn });
    });
  });
  return io;
}
