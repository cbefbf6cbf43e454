// Load benchmark: /api/v1/config (and /api/v1/health) latency at one client while another client floods the
// server, beside idle. Measured against the real server process over loopback HTTP and socket.io; the flooding
// client and the probing client are told apart by their source addresses (localAddress 127.0.0.2 and 127.0.0.3,
// 127.0.0.4 for health), so the production limits apply as they would to two users: nothing is raised.
// The flooding client runs in a process of its own (loadFlood.ts), so its work does not delay the probe's timings.
// Phases, each bounded in time and count: idle; a socket flood (`ready` with well-formed random keys on as many
// sockets as one client may open, reopened when the server disconnects them, at most 20,000 messages); a
// GraphQL read flood (32 requests in flight).
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { percentile, round, type BenchRow } from './common';
import { FLOOD_SOCKETS, FLOODER, PHASE_MS, READS_IN_FLIGHT, SOCKET_MESSAGES, type ReadFlood, type SocketFlood } from './loadFlood';

export type LoadRow = BenchRow;

const CONFIG_PROBE = '127.0.0.3';
const HEALTH_PROBE = '127.0.0.4';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request from `agent` (bound to a source address); resolves the status and the time to the full answer. */
function timedRequest(base: URL, agent: Agent, path: string, init: { method?: string; body?: string } = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, path, method: init.method ?? 'GET', agent, timeout: 30_000, headers: init.body ? { 'Content-Type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(init.body);
  });
}

/** Probes a path every 20 ms, one request at a time, until `stop` resolves. */
async function probe(base: URL, agent: Agent, path: string, stop: Promise<unknown>): Promise<number[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const samples: number[] = [];
  while (!stopped) {
    const { status, ms } = await timedRequest(base, agent, path);
    if (status === 200) samples.push(ms);
    await pause(20);
  }
  return samples;
}

/** Runs the flooding client in a process of its own (scripts/bench/loadFlood.ts); resolves its counts. */
function runFlood<T>(kind: 'socket' | 'read', base: URL): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'loadFlood.ts'), kind, base.origin], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').at(-1)!) as T) : reject(new Error(`the ${kind} flood exited with ${code}`))));
  });
}

/** Runs a phase: probes config and health from their own addresses while `load` runs (or for PHASE_MS when idle). */
async function phase<T>(base: URL, load: () => Promise<T>) {
  const configAgent = new Agent({ keepAlive: true, localAddress: CONFIG_PROBE, maxSockets: 1 });
  const healthAgent = new Agent({ keepAlive: true, localAddress: HEALTH_PROBE, maxSockets: 1 });
  const running = load();
  const [config, health, outcome] = await Promise.all([probe(base, configAgent, '/api/v1/config', running), probe(base, healthAgent, '/api/v1/health', running), running]);
  configAgent.destroy();
  healthAgent.destroy();
  return { config, health, outcome };
}

export async function measureLoad(url: string, log: (line: string) => void = console.log): Promise<LoadRow[]> {
  const base = new URL(url);
  const rows: LoadRow[] = [];
  log(`== load: /api/v1/config and /api/v1/health probed from ${CONFIG_PROBE} and ${HEALTH_PROBE} (one request at a time, every 20 ms) while ${FLOODER} floods the server process at ${base.origin} over loopback`);
  const latencyRows = (label: string, config: number[], health: number[]) => {
    rows.push({ metric: `/api/v1/config p50 ${label} (${config.length} requests)`, value: round(percentile(config, 50)), unit: 'ms' });
    rows.push({ metric: `/api/v1/config p99 ${label} (${config.length} requests)`, value: round(percentile(config, 99)), unit: 'ms' });
    rows.push({ metric: `/api/v1/health p99 ${label} (${health.length} requests)`, value: round(percentile(health, 99)), unit: 'ms' });
  };

  log(`== load: idle, ${PHASE_MS / 1000} s`);
  const idle = await phase(base, () => pause(PHASE_MS));
  latencyRows('idle', idle.config, idle.health);

  log(`== load: socket flood, ${FLOOD_SOCKETS} sockets from ${FLOODER}, 'ready' with random well-formed keys, at most ${SOCKET_MESSAGES} messages or ${PHASE_MS / 1000} s`);
  const sockets = await phase(base, () => runFlood<SocketFlood>('socket', base));
  latencyRows('during a socket flood', sockets.config, sockets.health);
  const flood = sockets.outcome;
  const seconds = flood.ms / 1000;
  rows.push({ metric: 'socket flood: ready messages sent', value: flood.sent, unit: 'messages' });
  rows.push({ metric: 'socket flood: key lookups the server made (acks ok)', value: flood.lookups, unit: 'lookups' });
  rows.push({ metric: 'socket flood: key lookups a second', value: round(flood.lookups / seconds), unit: 'lookups/s' });
  rows.push({ metric: 'socket flood: messages refused (acks rate_limited)', value: flood.throttled, unit: 'messages' });
  rows.push({ metric: 'socket flood: messages dropped unanswered (socket disconnected)', value: flood.unanswered, unit: 'messages' });
  rows.push({ metric: 'socket flood: sockets disconnected by the server', value: flood.disconnects, unit: 'sockets' });

  log(`== load: GraphQL read flood, ${READS_IN_FLIGHT} requests in flight from ${FLOODER}, ${PHASE_MS / 1000} s`);
  const reads = await phase(base, () => runFlood<ReadFlood>('read', base));
  latencyRows('during a GraphQL read flood', reads.config, reads.health);
  const answered = Object.entries(reads.outcome.statuses);
  for (const [status, count] of answered) {
    rows.push({ metric: `read flood: GraphQL answers ${status === '0' ? 'failed (no answer)' : `with status ${status}`}`, value: count, unit: 'requests' });
  }
  const ok = reads.outcome.statuses['200'] ?? 0;
  rows.push({ metric: 'read flood: GraphQL reads answered 200 a second', value: round(ok / (reads.outcome.ms / 1000)), unit: 'req/s' });
  return rows;
}
