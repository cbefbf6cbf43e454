// The GraphQL reader of the cluster benchmark (scripts/bench/cluster.ts), a process of its own:
// `node --import tsx scripts/bench/clusterReads.ts <url> <rate per second> <duration ms>` sends the explore page's
// first read (getMarketplaceTokens, newest first, 15 a page, as the app asks it) at a fixed rate — open loop: a
// request goes out when its time comes, whether or not earlier ones were answered — and prints one JSON line of
// ReadRun. A request's latency runs from the moment it was due to its full answer, so a server falling behind shows
// in the latency instead of slowing the sender (no coordinated omission).
// Requests come from loopback addresses 127.0.2.0 and up, each carrying at most 20 requests a second (the server's
// per-client read limit is 3,000 a minute, 50 a second): the limits apply as they would to that many users.
import { Agent, request as httpRequest } from 'node:http';

export const READS_PER_ADDRESS_PER_SECOND = 20;

export const EXPLORE_READ = JSON.stringify({
  query: `query($pagination: PaginationInput) { getMarketplaceTokens(sort: { sortBy: "_id", sortDir: -1 }, pagination: $pagination) {
    totalCount pageInfo { endCursor hasNextPage }
    edges { cursor node { id name thumbnailUrl likesCount isSold creatorInfo { alias firstName lastName address } tokenHolding { salePrice { amount currency } } } } } }`,
  variables: { pagination: { perPage: 15 } },
});

export type ReadRun = {
  rate: number;
  ms: number;
  sent: number;
  ok: number;
  /** Answers other than 200 with data (status → count; 0: no answer within 10 s or a connection error). */
  errors: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
};

function read(base: URL, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: base.hostname, port: base.port, path: '/graphql', method: 'POST', agent, timeout: 10_000, headers: { 'Content-Type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(res.statusCode === 200 && text.includes('"getMarketplaceTokens"') && !text.includes('"errors"') ? 200 : res.statusCode || 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(EXPLORE_READ);
  });
}

export async function readAtRate(base: URL, rate: number, durationMs: number): Promise<ReadRun> {
  const addresses = Math.max(1, Math.ceil(rate / READS_PER_ADDRESS_PER_SECOND));
  const agents = Array.from({ length: addresses }, (_, i) => new Agent({ keepAlive: true, maxSockets: 16, localAddress: `127.0.${2 + Math.floor(i / 256)}.${i % 256}` }));
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  const total = Math.round((rate * durationMs) / 1000);
  const interval = 1000 / rate;
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out (a timer wakes every few ms; the schedule, not the timer, sets the times).
    while (sent < total && started + sent * interval <= now) {
      const due = started + sent * interval;
      const agent = agents[sent % addresses]!;
      sent += 1;
      pending.push(
        read(base, agent).then((status) => {
          if (status === 200) latencies.push(performance.now() - due);
          else errors[status] = (errors[status] ?? 0) + 1;
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => (latencies.length === 0 ? NaN : latencies[Math.max(0, Math.ceil((p / 100) * latencies.length) - 1)]!);
  return { rate, ms: performance.now() - started, sent, ok: latencies.length, errors, p50: at(50), p99: at(99), max: latencies.at(-1) ?? NaN };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, rate, duration] = process.argv.slice(2);
  console.log(JSON.stringify(await readAtRate(new URL(url!), Number(rate), Number(duration))));
  process.exit(0);
}
