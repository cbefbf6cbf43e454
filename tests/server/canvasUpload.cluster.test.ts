// A studio upload across two server processes sharing PostgreSQL, Redis and the data folder (as `npm run cluster`
// runs them): the upload lock is shared (server/studio/uploadLocker.ts), so a request to the other process while one
// writes is answered 423 Locked; and an upload whose process goes away mid-request resumes on the other and finishes
// with the whole file. Each "process" is a whole server (app, tus, its own database pool and Redis connection) on its
// own port; real Redis (Debian's redis-server), real PostgreSQL.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../server/db/client.js';
import { accounts } from '../../server/db/schema.js';
import { openRedis, type SharedRedis } from '../../server/redis.js';
import { SharedUploadLocker } from '../../server/studio/uploadLocker.js';
import { authorizationHeader, type ApiKeyCredentials } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { ALICE, login } from './authFixtures.js';
import { ALICE_ADDRESS, canvasState, fakeMp4, makeCanvas, tusMetadata } from './canvasUploadFixtures.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { startRedis, type TestRedis } from './redisServer.js';
import { until } from './until.js';

const SIZE = 3_000_000;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface ServerProcess {
  origin: string;
  http: ServerType;
  db: OpenedDatabase;
  redis: SharedRedis;
  server: Awaited<ReturnType<typeof buildTestServer>>;
  stop(): Promise<void>;
}

async function startProcess(databaseUrl: string, redisUrl: string, dataDir: string): Promise<ServerProcess> {
  const db = await openDatabase({ databaseUrl });
  const redis = await openRedis(redisUrl, () => {});
  const server = await buildTestServer(db.db, { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, DATA_DIR: dataDir }, { uploadLocker: new SharedUploadLocker(redis.locks) });
  const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => http.once('listening', resolve));
  let stopped = false;
  return {
    origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    http, db, redis, server,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Its connections cut at once, as when the process goes away.
      (http as unknown as { closeAllConnections(): void }).closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await redis.close();
      await db.close();
    },
  };
}

function tus(origin: string, path: string, init: { method: string; headers?: Record<string, string>; body?: Uint8Array }, key: ApiKeyCredentials) {
  const headers = new Headers({ 'Tus-Resumable': '1.0.0', ...init.headers, Authorization: authorizationHeader(key), Nonce: requestNonce() });
  return fetch(`${origin}${path}`, { method: init.method, headers, body: init.body as BodyInit | undefined });
}

describe('a studio upload across two server processes (PostgreSQL, Redis, one data folder)', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let alice: ApiKeyCredentials;

  beforeAll(async () => {
    [redis, database, dataDir] = await Promise.all([startRedis(), openTestDatabase('postgres'), mkdtemp(join(tmpdir(), 'artbazaar-cluster-uploads-'))]);
    a = await startProcess(database.location.databaseUrl!, redis.url, dataDir);
    b = await startProcess(database.location.databaseUrl!, redis.url, dataDir);
    alice = (await login(a.server, ALICE)).apiKey;
    await database.db.update(accounts).set({ isCreator: true }).where(eq(accounts.address, ALICE_ADDRESS));
  }, 120_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.close();
    await redis?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('while one process writes an upload the other answers 423; when the first goes away mid-request, the upload resumes on the other and finishes', async () => {
    const canvasId = await makeCanvas(database.db, 'video');
    const created = await tus(a.origin, `/api/v1/canvas/${canvasId}/upload/`, { method: 'POST', headers: { 'Upload-Length': String(SIZE), 'Upload-Metadata': tusMetadata({ filename: 'across.mp4' }) } }, alice);
    expect(created.status).toBe(201);
    const path = created.headers.get('location')!;
    const video = fakeMp4(SIZE, 11);

    // A PATCH on a sends a third of the file and waits: a holds the upload's lock.
    const writer = request(`${a.origin}${path}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(SIZE),
        Authorization: authorizationHeader(alice), Nonce: requestNonce(),
      },
    });
    const ended = new Promise<IncomingMessage | Error>((resolve) => writer.on('response', resolve).on('error', resolve));
    writer.write(video.subarray(0, SIZE / 3));
    const file = join(dataDir, 'uploads', path.split('/').pop()!);
    await until(() => (existsSync(file) ? statSync(file).size : 0) >= SIZE / 3, 'a third written through a', 20_000);

    // b, meanwhile: the lock is shared, so b refuses to write too (and says so as the one-process lock does).
    const meanwhile = await tus(b.origin, path, { method: 'PATCH', headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: video.subarray(0, 1000) }, alice);
    expect(meanwhile.status).toBe(423);
    expect(await meanwhile.json()).toEqual({ error: 'upload_locked', message: 'Another request is writing to this upload: try again in a moment.' });

    // a goes away mid-request; the studio asks b where the upload stands and sends the rest there.
    await a.stop();
    expect(await ended).toBeInstanceOf(Error);
    let offset = -1;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const head = await tus(b.origin, path, { method: 'HEAD' }, alice);
      // 423 until a's request has released the lock (or its expiry passed, had a died without releasing it).
      if (head.status === 200) {
        offset = Number(head.headers.get('upload-offset'));
        break;
      }
      expect(head.status).toBe(423);
      if (Date.now() > deadline) throw new Error('the upload stayed locked');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBeGreaterThanOrEqual(SIZE / 3);
    expect(offset).toBeLessThan(SIZE);
    const rest = await tus(b.origin, path, { method: 'PATCH', headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: video.subarray(offset) }, alice);
    expect(rest.status).toBe(204);
    expect(rest.headers.get('token-id')).toBe('1');

    const { tokens } = await canvasState(database.db, canvasId);
    expect(tokens).toHaveLength(1);
    const stored = new Uint8Array(await (await fetch(`${b.origin}/ipfs/${tokens[0]!.media}`)).arrayBuffer());
    expect(sha(stored)).toBe(sha(video));
  }, 120_000);

  it('a lock whose holder died without releasing it frees the upload once it expires', async () => {
    // What a process that died mid-request leaves: the upload's key, no longer extended by anyone.
    const key = 'artbazaar:upload-lock:gone';
    expect(await b.redis.locks.take(key, 'the dead holder', 300)).toBe(true);
    const lock = new SharedUploadLocker(b.redis.locks).newLock('gone');
    const attempt = () => lock.lock(new AbortController().signal, () => {}).then(() => 'taken', (error: { status_code?: number }) => error.status_code);
    expect(await attempt()).toBe(423);
    let outcome: unknown = 423;
    const deadline = Date.now() + 10_000;
    while (outcome === 423 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      outcome = await attempt();
    }
    expect(outcome).toBe('taken');
    await lock.unlock();
    expect(await b.redis.locks.take(key, 'next', 300), 'unlock released it').toBe(true);
  });
});
