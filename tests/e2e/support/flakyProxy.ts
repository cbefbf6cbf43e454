import { Agent, createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

// A loopback proxy in front of the e2e server for the flaky-network spec (offline-first): it aborts or delays a seeded
// share of the requests it relays (the page's and the service worker's alike: the browser talks only to it), so a
// run is the same run every time. WebSocket upgrades (the live socket) pass through untouched, counted.
// Two things of the browser would hide its choices, so it turns them off in what it relays:
// - keep-alive: Chromium silently sends a request again when a reused connection closes before any answer, so an abort
//   on a kept-alive connection would reach the page only if the next roll aborts too. Every answer closes its
//   connection (`Connection: close`): every request comes on a fresh one, and a dropped one fails as the page sees it.
// - the HTTP cache: the hashed code (`immutable`) loaded once in the steady setup would come from the browser's cache
//   ever after (the worker's fetches included, which a page's cache switch does not reach), never from the proxy.
//   Every answer is `no-store`, as a phone whose HTTP cache was cleared: what the app kept, it kept in its own stores.

export type FlakyDecision = 'pass' | 'abort' | 'delay';

/** mulberry32: a small deterministic PRNG, [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface FlakyPlan {
  /** Share of requests that are aborted or delayed (0.3: 30%); half of them aborted, half delayed. */
  rate: number;
  /** A delayed request waits this long (ms), drawn uniformly, before it is relayed. */
  delayMs: readonly [number, number];
}

export const DEFAULT_FLAKY_PLAN: FlakyPlan = { rate: 0.3, delayMs: [300, 2_500] };

/** The seeded sequence of decisions: the n-th request gets the n-th decision, whatever it is. */
export function flakyDecisions(seed: number, plan: FlakyPlan = DEFAULT_FLAKY_PLAN): () => { decision: FlakyDecision; delayMs: number } {
  const random = seededRandom(seed);
  return () => {
    const roll = random();
    const spread = random();
    if (roll < plan.rate / 2) return { decision: 'abort', delayMs: 0 };
    if (roll < plan.rate) return { decision: 'delay', delayMs: Math.round(plan.delayMs[0] + spread * (plan.delayMs[1] - plan.delayMs[0])) };
    return { decision: 'pass', delayMs: 0 };
  };
}

export interface FlakyStats {
  passed: number;
  aborted: number;
  delayed: number;
  /** WebSocket upgrades relayed untouched. */
  upgrades: number;
  /** The requests aborted, as `METHOD path`, for a failure message. */
  abortedRequests: string[];
}

export interface FlakyProxy {
  /** http://127.0.0.1:<port>: the browser's baseURL. */
  origin: string;
  stats(): FlakyStats;
  /** Off: every request is relayed at once (setup steps); on: the seeded plan applies. Starts on. */
  setFlaky(on: boolean): void;
  close(): Promise<void>;
}

export interface FlakyProxyOptions {
  /** The server's port on 127.0.0.1. */
  targetPort: number;
  /** The proxy's own port (0: any free one). */
  port: number;
  seed: number;
  plan?: FlakyPlan;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFlakyProxy({ targetPort, port, seed, plan = DEFAULT_FLAKY_PLAN }: FlakyProxyOptions): Promise<FlakyProxy> {
  const next = flakyDecisions(seed, plan);
  const stats: FlakyStats = { passed: 0, aborted: 0, delayed: 0, upgrades: 0, abortedRequests: [] };
  const sockets = new Set<Socket>();
  let flaky = true;
  // Its own connections to the server, closed with the proxy.
  const agent = new Agent({ keepAlive: true });

  const relay = (incoming: IncomingMessage, respond: (upstream: IncomingMessage) => void, fail: () => void) => {
    const outgoing = forward({ agent, host: '127.0.0.1', port: targetPort, method: incoming.method, path: incoming.url, headers: incoming.headers }, respond);
    outgoing.on('error', fail);
    incoming.pipe(outgoing);
  };

  const server: Server = createServer(async (incoming, response) => {
    const { decision, delayMs } = flaky ? next() : { decision: 'pass' as const, delayMs: 0 };
    if (decision === 'abort') {
      // As a dropped connection: the browser sees a network error, the server never sees the request.
      stats.aborted += 1;
      stats.abortedRequests.push(`${incoming.method} ${incoming.url}`);
      incoming.socket.destroy();
      return;
    }
    if (decision === 'delay') {
      stats.delayed += 1;
      await wait(delayMs);
    } else {
      stats.passed += 1;
    }
    relay(
      incoming,
      (upstream) => {
        const { etag: _etag, 'last-modified': _lastModified, ...headers } = upstream.headers;
        response.shouldKeepAlive = false;
        response.writeHead(upstream.statusCode ?? 502, { ...headers, 'cache-control': 'no-store', connection: 'close' });
        upstream.pipe(response);
      },
      () => response.socket?.destroy(),
    );
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  // The live socket (socket.io over WebSocket): the raw upgrade request, then bytes both ways.
  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    stats.upgrades += 1;
    const upstream = connect(targetPort, '127.0.0.1', () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/${incoming.httpVersion}`];
      for (let i = 0; i < incoming.rawHeaders.length; i += 2) lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    origin: `http://127.0.0.1:${boundPort}`,
    stats: () => ({ ...stats, abortedRequests: [...stats.abortedRequests] }),
    setFlaky: (on) => {
      flaky = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
