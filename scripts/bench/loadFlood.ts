// The flooding client of the load benchmark (scripts/bench/load.ts), run as a process of its own so its work does
// not delay the probing client's timings: `node --import tsx scripts/bench/loadFlood.ts <socket|read> <url>`
// floods from 127.0.0.2 and prints its counts as one JSON line.
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { io as connectSocket, type Socket } from 'socket.io-client';

export const FLOODER = '127.0.0.2';
export const PHASE_MS = 8000;
export const SOCKET_MESSAGES = 20_000;
/** What one client may open (SOCKET_MAX_CONNECTIONS_PER_CLIENT's default). */
export const FLOOD_SOCKETS = 50;
export const READS_IN_FLIGHT = 32;

const READ_QUERY = JSON.stringify({
  query: `query($pagination: PaginationInput) { getMarketplaceTokens(sort: { sortBy: "_id", sortDir: -1 }, pagination: $pagination) {
    totalCount pageInfo { endCursor hasNextPage }
    edges { cursor node { id name thumbnailUrl likesCount isSold creatorInfo { alias firstName lastName address } tokenHolding { salePrice { amount currency } } } } } }`,
  variables: { pagination: { perPage: 15 } },
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(base: URL, agent: Agent, path: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: base.hostname, port: base.port, path, method: 'POST', agent, timeout: 30_000, headers: { 'Content-Type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

export type SocketFlood = { sent: number; lookups: number; throttled: number; unanswered: number; disconnects: number; ms: number };

/** One client's socket flood: FLOOD_SOCKETS sockets, each keeping 16 `ready` messages in flight. */
export async function socketFlood(base: URL): Promise<SocketFlood> {
  const result: SocketFlood = { sent: 0, lookups: 0, throttled: 0, unanswered: 0, disconnects: 0, ms: 0 };
  const started = performance.now();
  const until = started + PHASE_MS;
  const more = () => performance.now() < until && result.sent < SOCKET_MESSAGES;
  const open = () =>
    new Promise<Socket | null>((resolve) => {
      // engine.io-client hands localAddress to Node's ws, though its types omit it.
      const options = { path: '/socket.io', transports: ['websocket'], reconnection: false, localAddress: FLOODER };
      const socket = connectSocket(base.origin, options);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', () => {
        socket.close();
        resolve(null);
      });
    });
  const ready = async (socket: Socket) => {
    result.sent += 1;
    const address = `0x${randomBytes(20).toString('hex')}`;
    try {
      const ack = (await socket.timeout(2000).emitWithAck('ready', { address, key: randomBytes(24).toString('base64url') })) as { ok: boolean };
      if (ack.ok) result.lookups += 1;
      else result.throttled += 1;
    } catch {
      result.unanswered += 1;
    }
  };
  await Promise.all(
    Array.from({ length: FLOOD_SOCKETS }, async () => {
      while (more()) {
        const socket = await open();
        if (!socket) {
          await pause(50);
          continue;
        }
        // The server disconnects a flooding socket; the flooder opens another, as an attacker would.
        const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
        let open_ = true;
        void closed.then(() => (open_ = false));
        await Promise.all(
          Array.from({ length: 16 }, async () => {
            while (open_ && more()) await ready(socket);
          }),
        );
        if (open_) socket.close();
        else result.disconnects += 1;
      }
    }),
  );
  result.ms = performance.now() - started;
  return result;
}

export type ReadFlood = { statuses: Record<string, number>; ms: number };

export async function readFlood(base: URL): Promise<ReadFlood> {
  const agent = new Agent({ keepAlive: true, localAddress: FLOODER, maxSockets: READS_IN_FLIGHT });
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const until = started + PHASE_MS;
  await Promise.all(
    Array.from({ length: READS_IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const status = await post(base, agent, '/graphql', READ_QUERY);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return { statuses, ms: performance.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [kind, url] = process.argv.slice(2);
  const base = new URL(url!);
  const outcome = kind === 'socket' ? await socketFlood(base) : await readFlood(base);
  console.log(JSON.stringify(outcome));
  process.exit(0);
}
