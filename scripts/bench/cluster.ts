// The cluster benchmark: one server process beside two, as `npm run cluster` runs them (PostgreSQL and Redis from
// Debian's packages, the local chain with the real contracts, the seeded demo, the bundled server; SERVER_PROCESSES
// 1 then 2 behind one origin), measured over loopback from distinct source addresses so the per-client limits apply
// unchanged. Run alone with `npm run bench -- --only=cluster` (or `npx tsx scripts/bench/cluster.ts`).
// For each layout:
// - 1,000 socket.io clients connect (scripts/bench/clusterSockets.ts: 127.0.0.2 and up, 25 to an address) and stay
//   connected throughout;
// - the highest GraphQL read rate with p99 ≤ 200 ms and no error (scripts/bench/clusterReads.ts: the explore page's
//   first read, open loop, 20 a second per source address from 127.0.2.0 up): rates doubled from 40 a second in
//   10 s steps until one fails, two halvings of the gap, then the best held for 60 s (lowered by 15 % and held again
//   when it does not hold, at most three times);
// - during the 60 s, a purchase on chain every 4 s (Sold events through the indexer, and Redis with two processes):
//   every socket client must receive each one exactly once (counted per client);
// - the server processes' memory (RSS, summed; the cluster's primary counted too) before the reads and after.
// With two processes it then kills the indexing process (SIGKILL) and times the other's takeover (it logs that it
// leads, then that it is in step with the chain), buying once more meanwhile: the clients of the killed process
// reconnect to the other and must still receive that Sold.
// Everything (servers, PostgreSQL, Redis, the chain, the clients and this script) shares the machine's cores, so the
// two layouts are reported side by side and as ratios, not as absolute capacity.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface, type Interface } from 'node:readline';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, getAddress, http, parseEther, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { addCreator, isCreator } from '../../contracts/creators.js';
import type { Deployments } from '../../contracts/deploy.js';
import { approveMarketplace, createCollection, createSale, makeOffer, type Market, type SeedWallet } from '../seed/chain.js';
import { root, round, runWhenMain, waitForDemo, type BenchRow } from './common.js';
import type { ReadRun } from './clusterReads.js';
import type { SocketCounts } from './clusterSockets.js';

const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 8797);
const CHAIN_PORT = PORT - 200;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = join(root, '.data-bench-cluster');
const deploymentsFile = join(root, 'contracts', 'deployments', 'bench-cluster.json');

export const SOCKET_CLIENTS = 1000;
const P99_LIMIT_MS = 200;
const PROBE_MS = 10_000;
const HOLD_MS = 60_000;
const PURCHASE_EVERY_MS = 4000;
const START_RATE = 40;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Layout = { processes: number; rate: number; hold: ReadRun; events: SocketCounts; sold: number; rssBefore: number; rssAfter: number; takeover?: Takeover };
type Takeover = { leadsMs: number; inStepMs: number; events: SocketCounts };

/** `npm run cluster` with SERVER_PROCESSES=processes on the bench's own ports and data folder; its output is read. */
function startCluster(processes: number): { child: ChildProcess; lines: Interface } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cluster.ts', '--no-build-check'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      SERVER_PROCESSES: String(processes),
      PORT: String(PORT),
      CHAIN_PORT: String(CHAIN_PORT),
      CHAIN_RPC_URL: `http://127.0.0.1:${CHAIN_PORT}`,
      CLUSTER_PG_PORT: String(PORT - 3350),
      CLUSTER_REDIS_PORT: String(PORT - 2400),
      DATA_DIR: dataDir,
      DEPLOYMENTS_FILE: deploymentsFile,
      STATIC_DIR: join(root, 'dist'),
      CHAIN_QUIET: '1',
    },
  });
  return { child, lines: createInterface({ input: child.stdout! }) };
}

function stopCluster(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM'); // scripts/cluster.ts stops the demo, Redis and PostgreSQL
  });
}

/** Every process below `pid` (pid, ppid, RSS in KB, command line), from ps. */
function descendants(pid: number): { pid: number; rssKb: number; args: string }[] {
  const rows = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), rssKb: Number(m[3]), args: m[4]! }));
  const found: typeof rows = [];
  const parents = new Set([pid]);
  for (let added = true; added; ) {
    added = false;
    for (const row of rows) {
      if (parents.has(row.ppid) && !parents.has(row.pid)) {
        parents.add(row.pid);
        found.push(row);
        added = true;
      }
    }
  }
  return found;
}

/** The server processes' resident memory, summed (MB): the bundled server runs with --enable-source-maps. */
function serverRssMb(demoPid: number): number {
  const servers = descendants(demoPid).filter((p) => p.args.includes('--enable-source-maps'));
  if (servers.length === 0) throw new Error('no server process found under the demo');
  return servers.reduce((sum, p) => sum + p.rssKb, 0) / 1024;
}

function runChild<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as T) : reject(new Error(`${script} exited with ${code}`))));
  });
}

const readAt = (rate: number, ms: number) => runChild<ReadRun>('clusterReads.ts', [base, String(rate), String(ms)]);
const holds = (run: ReadRun) => Object.keys(run.errors).length === 0 && run.p99 <= P99_LIMIT_MS;

/** The socket clients, in a process of their own; `counts` asks how many received each of the given sales' Sold. */
async function startSockets(): Promise<{ counts(saleIds: string[]): Promise<SocketCounts>; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'clusterSockets.ts'), base, String(SOCKET_CLIENTS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the socket clients exited (${code})`))));
  exited.catch(() => {});
  const next = () => Promise.race([new Promise<string>((resolve) => lines.once('line', resolve)), exited]);
  await next(); // {"connected": n}
  return {
    async counts(saleIds) {
      const answer = next();
      child.stdin!.write(`${JSON.stringify({ saleIds })}\n`);
      return JSON.parse(await answer) as SocketCounts;
    },
    stop: () => child.stdin!.end(),
  };
}

/** Waits until every client received every sale's Sold once, or 20 s passed; the last counts. */
async function settle(sockets: Awaited<ReturnType<typeof startSockets>>, saleIds: string[]): Promise<SocketCounts> {
  const until = Date.now() + 20_000;
  for (;;) {
    const counts = await sockets.counts(saleIds);
    if (counts.receivedEvery === counts.clients || Date.now() > until) return counts;
    await pause(250);
  }
}

/** An artist (local account 17, made a creator by the owner when it is not) lists `count` tokens; returns a buyer. */
async function listTokens(count: number) {
  const deployments = JSON.parse(readFileSync(deploymentsFile, 'utf8')) as Deployments;
  const transport = http(`http://127.0.0.1:${CHAIN_PORT}`, { retryCount: 0 });
  const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 50 });
  const accounts = ((await createWalletClient({ chain: hardhat, transport }).getAddresses()) as string[]).map((a) => getAddress(a) as Address);
  const wallet = (account: Address) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 50 }) as SeedWallet;
  const [owner, artist, buyer] = [wallet(accounts[0]!), wallet(accounts[17]!), wallet(accounts[18]!)];
  const market: Market = { publicClient, marketplace: deployments.marketplace, collectionFactory: deployments.collectionFactory };
  if (!(await isCreator(publicClient, deployments.collectionFactory, artist.account.address))) {
    await addCreator({ walletClient: owner, publicClient, factory: deployments.collectionFactory }, artist.account.address);
  }
  const { address } = await createCollection(market, artist, { name: `Bench Cluster ${Date.now()}`, symbol: 'BCLU', tokenCount: count, baseUri: 'ipfs://bench-cluster/' });
  await approveMarketplace(market, artist, address);
  const price = parseEther('0.001');
  const sales: { saleId: bigint; tokenId: number }[] = [];
  for (let tokenId = 1; tokenId <= count; tokenId++) sales.push({ saleId: await createSale(market, artist, address, tokenId, price), tokenId });
  return {
    /** Buys the next listed token; returns its sale id. */
    async buy(): Promise<string> {
      const sale = sales.shift();
      if (!sale) throw new Error('no listed token left to buy');
      await makeOffer(market, buyer, sale.saleId, sale.tokenId, price);
      return sale.saleId.toString();
    },
  };
}

/** The first line matching `pattern` (with a pid other than `not`) after now, with the time it came. */
function nextLine(lines: Interface, pattern: RegExp, timeoutMs: number, not?: number): Promise<{ pid: number; at: number }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      lines.off('line', onLine);
      reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onLine = (line: string) => {
      const m = pattern.exec(line);
      if (!m || Number(m[1]) === not) return;
      clearTimeout(timer);
      lines.off('line', onLine);
      resolve({ pid: Number(m[1]), at: performance.now() });
    };
    lines.on('line', onLine);
  });
}

const LEADS = /Chain indexer: this process \(pid (\d+)\) leads/;
const IN_STEP = /Chain indexer: in step with chain \d+ at block \d+ \(pid (\d+)\)/;

async function measureLayout(processes: number, log: (line: string) => void): Promise<Layout> {
  log(`== cluster: ${processes} server process${processes > 1 ? 'es' : ''} (npm run cluster, SERVER_PROCESSES=${processes}, ${base})`);
  const { child, lines } = startCluster(processes);
  // The indexer's leader, as the processes say it (the newest one that said it leads).
  let leader = 0;
  lines.on('line', (line) => {
    const m = LEADS.exec(line);
    if (m) leader = Number(m[1]);
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`npm run cluster exited (${code})`))));
  exited.catch(() => {});
  try {
    await Promise.race([waitForDemo(base), exited]);
    const market = await listTokens(Math.ceil(HOLD_MS / PURCHASE_EVERY_MS) * 4 + 8);
    log(`== cluster: connecting ${SOCKET_CLIENTS} socket clients`);
    const sockets = await startSockets();
    try {
      const rssBefore = serverRssMb(child.pid!);
      await readAt(20, 5000); // warm-up, not counted
      // Up in doublings until a rate does not hold, then two halvings of the gap.
      let good = 0;
      let bad = 0;
      for (let rate = START_RATE; ; rate *= 2) {
        const run = await readAt(rate, PROBE_MS);
        log(`   ${rate}/s for ${PROBE_MS / 1000} s: p99 ${round(run.p99)} ms, errors ${JSON.stringify(run.errors)}`);
        if (!holds(run)) {
          bad = rate;
          break;
        }
        good = rate;
      }
      for (let i = 0; i < 2 && good > 0; i++) {
        const rate = Math.round((good + bad) / 2);
        const run = await readAt(rate, PROBE_MS);
        log(`   ${rate}/s for ${PROBE_MS / 1000} s: p99 ${round(run.p99)} ms, errors ${JSON.stringify(run.errors)}`);
        if (holds(run)) good = rate;
        else bad = rate;
      }
      if (good === 0) good = START_RATE / 2;
      // Held for 60 s, with purchases on chain meanwhile.
      let hold: ReadRun | null = null;
      const saleIds: string[] = [];
      let rate = good;
      for (let attempt = 0; attempt < 3; attempt++) {
        let buying = true;
        const purchases = (async () => {
          while (buying) {
            saleIds.push(await market.buy());
            await pause(PURCHASE_EVERY_MS);
          }
        })();
        const run = await readAt(rate, HOLD_MS);
        buying = false;
        await purchases;
        log(`   held ${rate}/s for ${HOLD_MS / 1000} s: p99 ${round(run.p99)} ms, errors ${JSON.stringify(run.errors)}, ${saleIds.length} purchases so far`);
        hold = run;
        if (holds(run)) break;
        rate = Math.max(1, Math.floor(rate * 0.85));
      }
      const events = await settle(sockets, saleIds);
      const rssAfter = serverRssMb(child.pid!);
      const layout: Layout = { processes, rate, hold: hold!, events, sold: saleIds.length, rssBefore, rssAfter };
      if (processes > 1) {
        if (!leader) throw new Error('no process said it leads the indexer');
        log(`== cluster: killing the indexing process (pid ${leader}, SIGKILL)`);
        const killed = leader;
        const leads = nextLine(lines, LEADS, 30_000, killed);
        const inStep = nextLine(lines, IN_STEP, 30_000, killed);
        const killedAt = performance.now();
        process.kill(killed, 'SIGKILL');
        // A purchase while the indexer changes hands: the new leader indexes it and every client must receive it.
        saleIds.push(await market.buy());
        const [led, stepped] = await Promise.all([leads, inStep]);
        const takeoverEvents = await settle(sockets, saleIds);
        layout.takeover = { leadsMs: led.at - killedAt, inStepMs: stepped.at - killedAt, events: takeoverEvents };
      }
      return layout;
    } finally {
      sockets.stop();
    }
  } finally {
    await stopCluster(child);
  }
}

export async function measureCluster(log: (line: string) => void = console.log): Promise<BenchRow[]> {
  if (!existsSync(join(root, 'dist', 'index.html'))) spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  const one = await measureLayout(1, log);
  const two = await measureLayout(2, log);
  const rows: BenchRow[] = [];
  for (const layout of [one, two]) {
    const label = `cluster ${layout.processes} process${layout.processes > 1 ? 'es' : ''}`;
    rows.push({ metric: `${label}: GraphQL reads held 60 s (p99 ≤ ${P99_LIMIT_MS} ms, 0 errors, ${SOCKET_CLIENTS} sockets connected)`, value: layout.rate, unit: 'req/s' });
    rows.push({ metric: `${label}: p50 at that rate`, value: round(layout.hold.p50), unit: 'ms' });
    rows.push({ metric: `${label}: p99 at that rate`, value: round(layout.hold.p99), unit: 'ms', target: `≤ ${P99_LIMIT_MS}` });
    rows.push({ metric: `${label}: reads answered / errors in the 60 s`, value: layout.hold.ok, unit: `ok / ${Object.values(layout.hold.errors).reduce((a, b) => a + b, 0)} errors` });
    rows.push({ metric: `${label}: socket clients that received all ${layout.sold} Sold events exactly once`, value: layout.events.receivedEvery, unit: `of ${layout.events.clients}`, target: `${layout.events.clients}` });
    rows.push({ metric: `${label}: Sold events missed / received twice (all clients)`, value: layout.events.missing, unit: `missed / ${layout.events.duplicates} twice`, target: '0 / 0' });
    rows.push({ metric: `${label}: server memory (RSS, all server processes) before the reads`, value: round(layout.rssBefore), unit: 'MB' });
    rows.push({ metric: `${label}: server memory (RSS, all server processes) after`, value: round(layout.rssAfter), unit: 'MB' });
  }
  rows.push({ metric: 'cluster: throughput per process, 2 processes over 1', value: round(two.rate / 2 / one.rate, 2), unit: 'ratio' });
  rows.push({ metric: 'cluster: throughput, 2 processes over 1', value: round(two.rate / one.rate, 2), unit: 'ratio' });
  rows.push({ metric: 'cluster: p99 at 2 processes over p99 at 1 (each at its held rate)', value: round(two.hold.p99 / one.hold.p99, 2), unit: 'ratio' });
  const takeover = two.takeover!;
  rows.push({ metric: 'cluster: indexing process killed → another leads', value: Math.round(takeover.leadsMs), unit: 'ms', target: '≤ 5000' });
  rows.push({ metric: 'cluster: indexing process killed → another in step with the chain', value: Math.round(takeover.inStepMs), unit: 'ms', target: '≤ 5000' });
  rows.push({ metric: 'cluster: after the kill, socket clients that received every Sold (the bought-meanwhile one too)', value: takeover.events.receivedEvery, unit: `of ${takeover.events.clients}`, target: `${takeover.events.clients}` });
  rows.push({ metric: 'cluster: after the kill, Sold events missed / received twice (all clients)', value: takeover.events.missing, unit: `missed / ${takeover.events.duplicates} twice`, target: '0 / 0' });
  rows.push({ metric: 'cluster: after the kill, sockets disconnected / sessions recovered on the other process', value: takeover.events.disconnects, unit: `disconnects / ${takeover.events.recovered} recovered` });
  return rows;
}

runWhenMain(import.meta.url, () => measureCluster());
