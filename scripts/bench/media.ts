// Media streaming (durable data and media "Benchmark"): a generated 100 MB video through tus (tus-js-client, 5,000,000-byte chunks)
// to the real server process (server/main.ts, filesystem blob store), then read back; on PGlite and on PostgreSQL (a
// throwaway cluster, as the server tests start it). Run with `npm run bench -- --only=media` or
// `npx tsx scripts/bench/media.ts`.
//
// How it measures:
// - server RSS growth: the server process's VmRSS (/proc/<pid>/status) sampled every 50 ms; the figure is the peak
//   during the upload and the whole read-back minus the RSS just before the upload (after a warm-up request).
// - /api/v1/config p99: one request after another on a keep-alive connection for the whole upload; p99 of their times.
// - TTFB of a 2-byte range: `Range: bytes=50000000-50000001` of the stored video, time from sending the request to
//   its first body byte; median of 20 after one warm-up.
// - upload throughput: 100 MB over creation → last PATCH's answer (which includes storing the file in the blob
//   store); read-back throughput: a whole GET streamed through sha-256 (the hash is checked). MB = 1,000,000 bytes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { unixfsCid } from '../../server/media/unixfs.js';
import startPostgres from '../../tests/server/postgres.globalSetup.js';
import { percentile, root, round, runWhenMain } from './common.js';
import { freePort, prepareDatabase, timedUpload, videoBytes, waitUntilUp, type UploadRow } from './upload.js';
import { buildServer, serverCommand } from '../buildServer.js';


async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

function sampleRss(pid: number) {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssBytes(pid).catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/** Times one GET (ms to the first body byte, or to the end) on a keep-alive agent; returns the body's sha-256 when asked. */
function timedGet(agent: Agent, url: string, headers: Record<string, string> = {}, hash = false) {
  return new Promise<{ ttfbMs: number; totalMs: number; status: number; bytes: number; sha256: string | null }>((resolve, reject) => {
    const started = performance.now();
    let ttfb = 0;
    let bytes = 0;
    const digest = hash ? createHash('sha256') : null;
    request(url, { agent, headers }, (res) => {
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) ttfb = performance.now() - started;
        bytes += chunk.byteLength;
        digest?.update(chunk);
      });
      res.on('end', () => resolve({ ttfbMs: ttfb, totalMs: performance.now() - started, status: res.statusCode ?? 0, bytes, sha256: digest?.digest('hex') ?? null }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function measureOne(kind: 'pglite' | 'postgres', databaseUrl: string | undefined, bytes: Buffer, cid: string, log: (line: string) => void): Promise<UploadRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'artbazaar-bench-media-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { key, canvasId } = await prepareDatabase(dataDir, databaseUrl);
  const { command, args } = serverCommand(await buildServer());
  const server = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DEPLOYMENTS_FILE: join(dataDir, 'none.json') },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // A busy machine starts the server slowly (PostgreSQL migrations): up to three minutes.
    await waitUntilUp(base, 180_000);
    await timedGet(agent, `${base}/api/v1/config`);
    const before = await rssBytes(server.pid!);
    const rss = sampleRss(server.pid!);
    log(`== media (${kind}): 100 MB through tus while /api/v1/config is requested`);
    let uploading = true;
    const configTimes: number[] = [];
    const configLoop = (async () => {
      while (uploading) configTimes.push((await timedGet(agent, `${base}/api/v1/config`)).totalMs);
    })();
    const upload = await timedUpload(base, canvasId, key, bytes).finally(() => (uploading = false));
    await configLoop;

    log(`== media (${kind}): read back`);
    const reader = new Agent({ keepAlive: true, maxSockets: 1 });
    const whole = await timedGet(reader, `${base}/ipfs/${cid}`, {}, true);
    if (whole.status !== 200 || whole.sha256 !== createHash('sha256').update(bytes).digest('hex')) throw new Error(`read back ${whole.status}: not the uploaded bytes`);
    await timedGet(reader, `${base}/ipfs/${cid}`, { Range: 'bytes=50000000-50000001' });
    const ttfb: number[] = [];
    for (let i = 0; i < 20; i++) {
      const part = await timedGet(reader, `${base}/ipfs/${cid}`, { Range: 'bytes=50000000-50000001' });
      if (part.status !== 206 || part.bytes !== 2) throw new Error(`range answered ${part.status} with ${part.bytes} bytes`);
      ttfb.push(part.ttfbMs);
    }
    reader.destroy();
    const peak = await rss.stop();
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const rows: UploadRow[] = [
      { metric: `media 100 MB via tus (${label}): server RSS growth`, value: round((peak - before) / 1_048_576), unit: 'MB', target: '≤ 100' },
      { metric: `media 100 MB via tus (${label}): /api/v1/config p99 during the upload`, value: round(percentile(configTimes, 99)), unit: 'ms', target: '≤ 200' },
      { metric: `media 100 MB via tus (${label}): TTFB of a 2-byte range (median of 20)`, value: round(percentile(ttfb, 50), 2), unit: 'ms', target: '≤ 50' },
      { metric: `media 100 MB via tus (${label}): upload throughput end to end`, value: round(bytes.byteLength / 1e6 / upload.totalSeconds), unit: 'MB/s' },
      { metric: `media 100 MB via tus (${label}): read-back throughput`, value: round(bytes.byteLength / 1e6 / (whole.totalMs / 1000)), unit: 'MB/s' },
    ];
    for (const row of rows) log(`   ${row.metric}: ${row.value} ${row.unit}${row.target ? ` (target ${row.target})` : ''}`);
    return rows;
  } finally {
    agent.destroy();
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measureMedia(log: (line: string) => void = console.log): Promise<UploadRow[]> {
  const bytes = videoBytes();
  // What the server will name it (UnixFS CIDv1): the bench reads it back by this CID.
  const cid = await unixfsCid([bytes]);
  const rows = await measureOne('pglite', undefined, bytes, cid, log);
  // PostgreSQL: a throwaway cluster, started as the server tests start theirs.
  let adminUrl = '';
  const teardown = await startPostgres({ provide: (_key: string, value: string) => (adminUrl = value) } as unknown as Parameters<typeof startPostgres>[0]);
  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE bench_media');
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = '/bench_media';
    rows.push(...(await measureOne('postgres', url.toString(), bytes, cid, log)));
  } finally {
    teardown();
  }
  return rows;
}

runWhenMain(import.meta.url, () => measureMedia());
