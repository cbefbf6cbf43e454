// `npm run bench`: builds, measures, prints a table and writes bench-results.json at the repo root.
// Figures: first-load JS per route (static, from the build's manifest, and as a browser fetches it until network
// idle: scripts/bench/firstLoad.ts), server cold start on an existing database, and getMarketplaceTokens
// latency (p50/p99, at the server via Server-Timing and at the client) and throughput per sort on a
// 100,000-token database, Lighthouse mobile performance/CLS on /explore and a /token/{id} page, and the live
// figures (socket fan-out, sold → Sold event, sold → SOLD badge in a browser).
// `npm run bench -- --only=sold-badge` builds and runs only the SOLD badge bench, merging its rows into the
// existing bench-results.json. `npm run bench -- --only=load` runs only the load bench (scripts/bench/load.ts:
// /api/v1/config p99 idle, during a socket flood and during a GraphQL read flood) against the server process, on
// the 100,000-token database when it is seeded, else on a 10,000-token one it seeds in .data-bench-load.
// `npm run bench -- --only=offline` builds and runs only the offline figures (scripts/bench/offline.ts: repeat-visit
// FCP/LCP online and offline beside the first visit, the precache size, saving the current exhibition).
// `npm run bench -- --only=media` runs only the media streaming figures (scripts/bench/media.ts: a 100 MB video
// through tus and back on PGlite and PostgreSQL — server RSS growth, /api/v1/config p99, 2-byte range TTFB).
// `npm run bench -- --only=graphql` runs only the server cold start, search(text) p50/p99 for what a visitor types, and getMarketplaceTokens p50/p99 for every sort ×
// filter on the 100,000-token database (seeded into .data-bench, or BENCH_DATA_DIR, first when it is not yet).
// `npm run bench -- --only=cluster` runs only the cluster figures (scripts/bench/cluster.ts: npm run cluster with one
// server process, then two — the GraphQL read rate each holds 60 s at p99 ≤ 200 ms with 1,000 sockets connected,
// every socket's Sold events counted, memory, and the indexer's takeover when its process is killed).
// `npm run bench -- --only=pages` builds and runs only the per-page figures (scripts/bench/pages.ts: Lighthouse
// mobile on every page of the demo, median and spread of 3 runs, and each page's first-load script).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { firstLoadRows, measureFirstLoad } from './bench/firstLoad';
import { firstTokenPath, measureLighthouse } from './bench/lighthouse';
import { tableRows } from './bench/common';
import { BENCH_FILTERS, BENCH_SEARCH_TEXTS, BENCH_SORTS } from './bench/graphqlCases';
import { measureCluster } from './bench/cluster';
import { measureLive } from './bench/live';
import { measureLoad } from './bench/load';
import { measureMedia } from './bench/media';
import { measureOffline } from './bench/offline';
import { measurePages } from './bench/pages';
import { measureSoldBadge } from './bench/soldBadge';
import { measureUpload } from './bench/upload';
import { firstLoadJs } from './bundle-size';
import { buildServer, serverCommand } from './buildServer';

const root = join(import.meta.dirname, '..');
// BENCH_DATA_DIR and BENCH_PORT let a run on a shared machine use a database folder and a port of its own.
const benchDataDir = process.env.BENCH_DATA_DIR ? resolve(root, process.env.BENCH_DATA_DIR) : join(root, '.data-bench');
const benchPort = Number(process.env.BENCH_PORT || 8799);
const base = `http://127.0.0.1:${benchPort}`;
const TOKENS = 100_000;
const SORTS = BENCH_SORTS;
const FILTERS = BENCH_FILTERS;

type Row = { metric: string; value: number; unit: string; target?: string };
const rows: Row[] = [];

function sh(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The server as `npm start` runs it, from the bundle scripts/buildServer.ts made (`entry`, built before any timing). */
function startServer(entry: string, dataDir = benchDataDir): ChildProcess {
  const { command, args } = serverCommand(entry);
  return spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(benchPort), DATA_DIR: dataDir, DEPLOYMENTS_FILE: join(dataDir, 'no-deployments.json') },
  });
}

async function waitUntilUp(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/v1/config`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('server did not start');
}

const QUERY = `query($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
  getMarketplaceTokens(filters: $filters, sort: $sort, pagination: $pagination) {
    totalCount pageInfo { endCursor hasNextPage }
    edges { cursor node { id name thumbnailUrl likesCount isSold creatorInfo { alias firstName lastName address } tokenHolding { salePrice { amount currency } } } }
  }
}`;

/**
 * A client of its own (source address 127.0.1.n) for each measurement: the server's per-client read limit (3,000 a
 * minute) counts each apart, as it would count users, instead of the benchmark raising the limit.
 */
let clients = 0;
function benchClient(): Agent {
  clients += 1;
  return new Agent({ keepAlive: true, maxSockets: 8, localAddress: `127.0.1.${clients}` });
}

/** One GraphQL read: the server's time (Server-Timing), the client's (loopback), and the answer's data. */
function graphqlPost(agent: Agent, document: string, variables: Record<string, unknown>) {
  const started = performance.now();
  return new Promise<{ client: number; server: number; data: Record<string, unknown> }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = httpRequest({ host: hostname, port, path: '/graphql', method: 'POST', agent, timeout: 10_000, headers: { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        const client = performance.now() - started;
        const body = JSON.parse(text);
        if (res.statusCode !== 200 || body.errors) return reject(new Error(`${res.statusCode}: ${text.slice(0, 500)}`));
        const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
        resolve({ client, server: timing ? Number(timing[1]) : client, data: body.data });
      });
    });
    req.on('timeout', () => req.destroy(new Error('GraphQL request timed out')));
    req.on('error', reject);
    req.end(JSON.stringify({ query: document, variables }));
  });
}

async function query(agent: Agent, variables: Record<string, unknown>) {
  const { client, server, data } = await graphqlPost(agent, QUERY, variables);
  return { client, server, page: data.getMarketplaceTokens as { pageInfo: { endCursor: string | null; hasNextPage: boolean } } };
}

// Walks pages from the start and from deep cursors so every measurement includes keyset seeks.
async function measureSort(name: string, sort: object, filters: object) {
  const agent = benchClient();
  const cursors: (string | null)[] = [null];
  const server: number[] = [];
  const client: number[] = [];
  for (let i = 0; i < 120; i++) {
    const after = cursors[i % cursors.length];
    const { client: c, server: s, page } = await query(agent, { filters, sort, pagination: { perPage: 15, after } });
    if (i < 40 && page.pageInfo.hasNextPage) cursors.push(page.pageInfo.endCursor);
    server.push(s);
    client.push(c);
  }
  server.sort((a, b) => a - b);
  client.sort((a, b) => a - b);
  // Throughput: 8 requests in flight for 2 seconds.
  let done = 0;
  const until = performance.now() + 2000;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (performance.now() < until) {
      await query(agent, { filters, sort, pagination: { perPage: 15, after: cursors[done % cursors.length] } });
      done++;
    }
  }));
  agent.destroy();
  return { name, p50: percentile(server, 50), p99: percentile(server, 99), clientP99: percentile(client, 99), rps: done / 2 };
}

async function onlySoldBadge() {
  console.log('== build');
  sh('npx', ['vite', 'build']);
  const measured = await measureSoldBadge({ staticDir: join(root, 'dist') });
  mergeIntoResults(measured);
  console.table(measured);
}

function mergeIntoResults(measured: Row[]) {
  const path = join(root, 'bench-results.json');
  const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { rows: Row[] }).rows : [];
  const names = new Set(measured.map((r) => r.metric));
  rows.push(...previous.filter((r) => !names.has(r.metric)), ...measured);
  writeResults();
}

async function onlyOffline() {
  console.log('== build');
  sh('npx', ['vite', 'build']);
  const measured = await measureOffline({ staticDir: join(root, 'dist') });
  mergeIntoResults(measured);
  console.table(tableRows(measured));
}

async function onlyPages() {
  console.log('== build');
  sh('npx', ['vite', 'build']);
  const measured = await measurePages({ staticDir: join(root, 'dist') });
  mergeIntoResults(measured);
  console.table(tableRows(measured));
}

async function onlyMedia() {
  const measured = await measureMedia();
  mergeIntoResults(measured);
  console.table(measured);
}

async function onlyLoad() {
  let dataDir = benchDataDir;
  if (!existsSync(join(benchDataDir, 'bench-seeded'))) {
    dataDir = join(root, '.data-bench-load');
    if (!existsSync(join(dataDir, 'bench-seeded'))) {
      console.log(`== seeding a 10000-token database in ${dataDir}`);
      sh(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--tokens', '10000', '--reset'], { DATA_DIR: dataDir });
      writeFileSync(join(dataDir, 'bench-seeded'), '10000');
    }
  }
  const server = startServer(await buildServer(), dataDir);
  try {
    await waitUntilUp();
    const warmUp = benchClient();
    for (let i = 0; i < 30; i++) await query(warmUp, { sort: SORTS.newest, pagination: { perPage: 15 } }); // warm-up
    warmUp.destroy();
    const measured = await measureLoad(base);
    mergeIntoResults(measured);
    console.table(measured);
  } finally {
    server.kill('SIGTERM');
  }
}

/** Seeds the 100,000-token database when it is not yet, then starts the server on it, timing its cold start. */
async function startOnBenchDatabase(): Promise<ChildProcess> {
  if (!existsSync(join(benchDataDir, 'bench-seeded'))) {
    console.log(`== seeding a ${TOKENS}-token database in ${benchDataDir}`);
    sh(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--tokens', String(TOKENS), '--reset'], { DATA_DIR: benchDataDir });
    writeFileSync(join(benchDataDir, 'bench-seeded'), String(TOKENS));
  }
  console.log('== server cold start on the existing database');
  const entry = await buildServer();
  const started = performance.now();
  const server = startServer(entry);
  try {
    await waitUntilUp();
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }
  console.log('server up');
  rows.push({ metric: 'server cold start (existing database)', value: Math.round(performance.now() - started), unit: 'ms', target: '≤ 2000' });
  return server;
}

/** getMarketplaceTokens at the server, every sort × filter (keyset pages from the start and from deep cursors). */
async function measureGraphqlReads() {
  const warmUp = benchClient();
  for (let i = 0; i < 30; i++) await query(warmUp, { sort: SORTS.newest, pagination: { perPage: 15 } }); // warm-up
  warmUp.destroy();
  for (const [filterName, filters] of Object.entries(FILTERS)) {
    for (const [sortName, sort] of Object.entries(SORTS)) {
      console.log(`== getMarketplaceTokens ${sortName} (filter: ${filterName})`);
      const r = await measureSort(sortName, sort, filters);
      const label = `getMarketplaceTokens ${sortName}${filterName === 'none' ? '' : ` + ${filterName}`}`;
      rows.push({ metric: `${label} p50 (server)`, value: round(r.p50), unit: 'ms' });
      rows.push({ metric: `${label} p99 (server)`, value: round(r.p99), unit: 'ms', target: '≤ 20' });
      rows.push({ metric: `${label} p99 (client, loopback)`, value: round(r.clientP99), unit: 'ms' });
      rows.push({ metric: `${label} throughput`, value: Math.round(r.rps), unit: 'req/s' });
      writeResults(); // after every measurement, so a long run still leaves its figures
    }
  }
}

const SEARCH_QUERY = `query($text: String!) {
  search(text: $text) {
    tokens { _id name thumbnailUrl collection { _id name } creatorInfo { id address alias avatar firstName lastName } tokenHolding { id } }
    collections { _id name address chainId thumbnail creatorInfo { id address alias avatar firstName lastName } }
    artists { id displayName coverThumbnail account { avatar } }
  }
}`;

/** One search as the search page sends it (src/services/search.ts). */
const searchOnce = (agent: Agent, text: string) => graphqlPost(agent, SEARCH_QUERY, { text });

/** search(text) at the server, 120 times per text a visitor types (BENCH_SEARCH_TEXTS), one request at a time. */
async function measureSearchReads() {
  for (const text of BENCH_SEARCH_TEXTS) {
    console.log(`== search ${JSON.stringify(text)}`);
    const agent = benchClient();
    const server: number[] = [];
    const client: number[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await searchOnce(agent, text);
      server.push(r.server);
      client.push(r.client);
    }
    agent.destroy();
    server.sort((a, b) => a - b);
    client.sort((a, b) => a - b);
    rows.push({ metric: `search ${JSON.stringify(text)} p50 (server)`, value: round(percentile(server, 50)!), unit: 'ms' });
    rows.push({ metric: `search ${JSON.stringify(text)} p99 (server)`, value: round(percentile(server, 99)!), unit: 'ms', target: '≤ 20' });
    rows.push({ metric: `search ${JSON.stringify(text)} p99 (client, loopback)`, value: round(percentile(client, 99)!), unit: 'ms' });
    writeResults();
  }
}

async function onlyGraphql() {
  // The measurements write bench-results.json as they go: read what it held first, to merge into.
  const path = join(root, 'bench-results.json');
  const previous = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { rows: Row[] }).rows : [];
  const server = await startOnBenchDatabase();
  try {
    await measureGraphqlReads();
    await measureSearchReads();
  } finally {
    server.kill('SIGTERM');
  }
  const measured = rows.splice(0, rows.length);
  const names = new Set(measured.map((r) => r.metric));
  rows.push(...previous.filter((r) => !names.has(r.metric)), ...measured);
  writeResults();
  console.table(tableRows(measured));
}

async function onlyCluster() {
  const measured = await measureCluster();
  mergeIntoResults(measured);
  console.table(tableRows(measured));
}

async function main() {
  if (process.argv.includes('--only=cluster')) return onlyCluster();
  if (process.argv.includes('--only=graphql')) return onlyGraphql();
  if (process.argv.includes('--only=sold-badge')) return onlySoldBadge();
  if (process.argv.includes('--only=load')) return onlyLoad();
  if (process.argv.includes('--only=offline')) return onlyOffline();
  if (process.argv.includes('--only=media')) return onlyMedia();
  if (process.argv.includes('--only=pages')) return onlyPages();
  console.log('== build');
  sh('npx', ['vite', 'build']);
  for (const route of ['/', '/explore']) {
    const size = await firstLoadJs(join(root, 'dist'), route);
    // Static: index.html's scripts, the entry with its static imports and the route's split chunks, gzip -9 each.
    rows.push({ metric: `first-load JS ${route} (gzip, static from the manifest)`, value: Math.round(size.gzipBytes / 102.4) / 10, unit: 'KB', target: route === '/' ? '≤ 120' : undefined });
  }

  const server = await startOnBenchDatabase();
  try {
    await measureGraphqlReads();
    await measureSearchReads();
    rows.push(...(await measureLoad(base))); // config p99 idle, during a socket flood and a read flood (scripts/bench/load.ts)
    writeResults();
    console.log('== first-load script in a browser (/, /explore)');
    rows.push(...firstLoadRows(await measureFirstLoad(base, ['/', '/explore'])));
    writeResults();
    console.log('== Lighthouse mobile performance (/explore, /token/{id})');
    rows.push(...(await measureLighthouse(base, ['/explore', await firstTokenPath(base)])));
    writeResults();
  } finally {
    server.kill('SIGTERM');
  }

  rows.push(...(await measureLive())); // socket fan-out and sold → Sold event (scripts/bench/live.ts)
  writeResults();
  rows.push(...(await measureUpload())); // tus upload of 100 MB next to a plain file copy (scripts/bench/upload.ts)
  writeResults();
  console.log('== sold on chain → SOLD badge in a browser');
  rows.push(...(await measureSoldBadge({ staticDir: join(root, 'dist') }))); // scripts/bench/soldBadge.ts
  writeResults();
  console.log('== every page: Lighthouse mobile (median of 3) and first-load script');
  rows.push(...(await measurePages({ staticDir: join(root, 'dist') }))); // scripts/bench/pages.ts
  writeResults();
  console.log('== offline: repeat visits online and offline, precache size, saving the current exhibition');
  rows.push(...(await measureOffline({ staticDir: join(root, 'dist') }))); // scripts/bench/offline.ts
  writeResults();
  console.log('== one server process beside two: reads held with 1,000 sockets, events counted, memory, indexer takeover');
  rows.push(...(await measureCluster())); // scripts/bench/cluster.ts
  writeResults();
  console.table(tableRows(rows));
}

function writeResults() {
  writeFileSync(join(root, 'bench-results.json'), JSON.stringify({ date: new Date().toISOString(), tokens: TOKENS, rows }, null, 2));
}

function round(n: number) {
  return Math.round(n * 100) / 100;
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
