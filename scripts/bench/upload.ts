// Studio upload throughput (the creator studio "Benchmark"): a 100 MB video through tus-js-client (5,000,000-byte chunks, one
// at a time, as the studio sends them) to the real server (server/main.ts in its own process, PGlite, loopback),
// next to a plain copy of the same file on the same disk. Run alone with `npx tsx scripts/bench/upload.ts`, or from
// scripts/bench.ts.
//
// How it measures: the transfer figure is the bytes of every PATCH but the last, over the time from the creation
// request to that PATCH's response — the last PATCH also stores the whole file in the media store, which the
// end-to-end figure (creation → last response) includes. The copy is fs.copyFile of the same 100 MB file (written
// and fsynced first) in the folder the server keeps its uploads in; MB = 1,000,000 bytes.
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { UPLOAD_CHUNK_SIZE } from '../../domain/studio.js';
import { createApiKey } from '../../server/auth/apiKeys.js';
import { openDatabase } from '../../server/db/client.js';
import { accounts, collections } from '../../server/db/schema.js';
import { authorizationHeader } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { root, round, runWhenMain, type BenchRow } from './common.js';
import { buildServer, serverCommand } from '../buildServer.js';

export type UploadRow = BenchRow;

const SIZE = 100_000_000;
const CREATOR = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** A file with an MP4 box header (what the server's magic-byte check wants) and pseudo-random content. */
export function videoBytes(): Buffer {
  const bytes = Buffer.alloc(SIZE);
  let x = 2463534242;
  for (let i = 0; i + 4 <= SIZE; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes.writeUInt32LE(x >>> 0, i);
  }
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export async function waitUntilUp(base: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fetch(`${base}/api/v1/health`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not start');
}

/** A creator with an API key and a building video canvas, written before the server opens the database. */
export async function prepareDatabase(dataDir: string, databaseUrl?: string) {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await database.db.insert(accounts).values({ address: CREATOR, isCreator: true });
    const { key } = await createApiKey(database.db, CREATOR, new Date(Date.now() + 3_600_000));
    const [canvas] = await database.db
      .insert(collections)
      .values({ chainId: 31337, name: 'Bench uploads', symbol: 'BUP', mediaType: 'video', creator: CREATOR })
      .returning({ id: collections.id });
    return { key, canvasId: canvas!.id };
  } finally {
    await database.close();
  }
}

export async function timedUpload(base: string, canvasId: number, key: string, bytes: Buffer) {
  const credentials = { address: CREATOR, key };
  const started = performance.now();
  let beforeLast = 0;
  let bytesBeforeLast = 0;
  const tokenId = await new Promise<string | null>((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${base}/api/v1/canvas/${canvasId}/upload/`,
      chunkSize: UPLOAD_CHUNK_SIZE,
      parallelUploads: 1,
      retryDelays: [],
      headers: { 'upload-context': 'media', container_id: String(canvasId) },
      metadata: { filename: 'bench.mp4', name: 'bench', type: 'video/mp4', category: 'token' },
      onBeforeRequest: (req) => {
        req.setHeader('Authorization', authorizationHeader(credentials));
        req.setHeader('Nonce', requestNonce());
      },
      onChunkComplete: (_chunk, accepted, total) => {
        if (accepted < total) {
          beforeLast = performance.now();
          bytesBeforeLast = accepted;
        }
      },
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getHeader('token-id') ?? null),
      onError: reject,
    });
    upload.start();
  });
  const ended = performance.now();
  if (tokenId !== '1') throw new Error(`the upload made no token (token-id ${tokenId})`);
  return { transferMBps: bytesBeforeLast / 1e6 / ((beforeLast - started) / 1000), totalSeconds: (ended - started) / 1000 };
}

async function timedCopy(dir: string, bytes: Buffer) {
  const source = join(dir, 'copy-source.mp4');
  const handle = await open(source, 'w');
  await handle.writeFile(bytes);
  await handle.sync();
  await handle.close();
  const started = performance.now();
  await copyFile(source, join(dir, 'copy-target.mp4'));
  const seconds = (performance.now() - started) / 1000;
  if ((await stat(join(dir, 'copy-target.mp4'))).size !== SIZE) throw new Error('the copy is short');
  return SIZE / 1e6 / seconds;
}

export async function measureUpload(log: (line: string) => void = console.log): Promise<UploadRow[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'artbazaar-bench-upload-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { key, canvasId } = await prepareDatabase(dataDir);
  const { command, args } = serverCommand(await buildServer());
  const server = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', DEPLOYMENTS_FILE: join(dataDir, 'none.json') },
  });
  try {
    await waitUntilUp(base);
    const bytes = videoBytes();
    log('== upload: 100 MB through tus (5,000,000-byte chunks) to the server on loopback');
    const upload = await timedUpload(base, canvasId, key, bytes);
    log('== upload: plain copy of the same 100 MB file on the same disk');
    const copy = await timedCopy(join(dataDir, 'uploads'), bytes);
    return [
      { metric: 'tus upload 100 MB: transfer throughput (loopback, 5 MB chunks)', value: round(upload.transferMBps), unit: 'MB/s' },
      { metric: 'plain file copy 100 MB (same disk)', value: round(copy), unit: 'MB/s' },
      { metric: 'tus transfer / plain file copy', value: round(upload.transferMBps / copy, 3), unit: 'ratio' },
      { metric: 'tus upload 100 MB end to end (incl. storing it in the media store)', value: round(upload.totalSeconds, 2), unit: 's' },
    ];
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, () => measureUpload());
