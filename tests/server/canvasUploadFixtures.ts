// The studio upload endpoint on a real listening server (tus-js-client in Node, and raw tus requests), with the
// bytes the server received counted per PATCH, a restart on the same port and data folder, and canvases inserted as
// collections rows.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { Upload, type DetailedError, type UploadOptions, type UrlStorage, type PreviousUpload } from 'tus-js-client';
import type { Db } from '../../server/db/client.js';
import { accounts, canvasUploads, collections, tokens } from '../../server/db/schema.js';
import { authorizationHeader, type ApiKeyCredentials } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { ALICE, BOB, login, type TestServer } from './authFixtures.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import type { DatabaseKind } from '../../server/db/client.js';

export const CHUNK = 5_000_000;
export const ALICE_ADDRESS = ALICE.address.toLowerCase();

export interface ReceivedPatch {
  offset: number;
  bytes: number;
}

export interface UploadStack {
  database: TestDatabase;
  server: TestServer;
  origin: string;
  dataDir: string;
  uploadsDir: string;
  alice: ApiKeyCredentials;
  bob: ApiKeyCredentials;
  /** Every PATCH body the server received, as it read it. */
  received: ReceivedPatch[];
  /** A new server (new tus server and file store) on the same port, data folder and database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** `env` adds server variables (e.g. UPLOAD_EXPIRATION_MS), also after a restart. */
export async function startUploadStack(kind: DatabaseKind, env: Record<string, string> = {}): Promise<UploadStack> {
  const database = await openTestDatabase(kind);
  const dataDir = await mkdtemp(join(tmpdir(), 'artbazaar-uploads-'));
  const received: ReceivedPatch[] = [];
  let server = await buildTestServer(database.db, { ...env, DATA_DIR: dataDir });
  const alice = (await login(server, ALICE)).apiKey;
  const bob = (await login(server, BOB)).apiKey;
  await database.db.update(accounts).set({ isCreator: true }).where(eq(accounts.address, ALICE_ADDRESS));

  // Counts the body bytes of every PATCH as the app reads them.
  const fetchCounting = (request: Request, env: unknown) => {
    if (request.method !== 'PATCH' || !request.body) return server.app.fetch(request, env);
    const entry = { offset: Number(request.headers.get('upload-offset')), bytes: 0 };
    received.push(entry);
    const counted = request.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          entry.bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return server.app.fetch(new Request(request, { body: counted, duplex: 'half' } as RequestInit), env);
  };
  const listen = async (port: number) => {
    const http = serve({ fetch: fetchCounting, port, hostname: '127.0.0.1' });
    await new Promise((resolve) => http.once('listening', resolve));
    return http;
  };
  let http: ServerType = await listen(0);
  const port = (http.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      (http as unknown as { closeAllConnections(): void }).closeAllConnections();
      http.close(() => resolve());
    });

  return {
    database,
    get server() {
      return server;
    },
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    alice,
    bob,
    received,
    async restart() {
      await stop();
      server = await buildTestServer(database.db, { ...env, DATA_DIR: dataDir });
      http = await listen(port);
    },
    async close() {
      await stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A studio canvas as the canvas routes create it: a building collections row of the creator. */
export async function makeCanvas(db: Db, mediaType: string, options: { creator?: string; state?: 'building' | 'finalized' } = {}) {
  const [row] = await db
    .insert(collections)
    .values({ chainId: 31337, name: `Canvas ${mediaType}`, symbol: 'CNV', mediaType, creator: options.creator ?? ALICE_ADDRESS, state: options.state ?? 'building' })
    .returning({ id: collections.id });
  return row!.id;
}

/** The tus files (data and .json info) left in the uploads folder. */
export async function uploadFiles(stack: UploadStack): Promise<string[]> {
  return readdir(stack.uploadsDir).catch(() => []);
}

/** What a canvas has: its upload rows and its tokens. */
export async function canvasState(db: Db, canvasId: number) {
  const rows = await db.select().from(canvasUploads).where(eq(canvasUploads.canvasId, canvasId));
  const tokenRows = await db.select().from(tokens).where(eq(tokens.collectionId, canvasId)).orderBy(tokens.id);
  const [canvas] = await db.select().from(collections).where(eq(collections.id, canvasId));
  return { uploads: rows, tokens: tokenRows, canvas: canvas! };
}

/** tus-js-client's URL storage kept in memory, as the browser keeps it in localStorage. */
export function memoryUrlStorage(): UrlStorage {
  const entries = new Map<string, PreviousUpload & { fingerprint: string }>();
  let n = 0;
  return {
    findAllUploads: async () => [...entries.values()],
    findUploadsByFingerprint: async (fingerprint) => [...entries.values()].filter((entry) => entry.fingerprint === fingerprint),
    removeUpload: async (key) => void entries.delete(key),
    addUpload: async (fingerprint, upload) => {
      const key = `tus::${fingerprint}::${(n += 1)}`;
      entries.set(key, { ...upload, fingerprint, urlStorageKey: key } as PreviousUpload & { fingerprint: string });
      return key;
    },
  };
}

export interface TusOutcome {
  status: 'success' | 'error' | 'aborted';
  tokenId: string | null;
  url: string | null;
  error: DetailedError | null;
  /** Upload-Offset of every HEAD the client made. */
  headOffsets: number[];
}

export interface TusUploadOptions {
  filename: string;
  context?: string;
  metadata?: Record<string, string>;
  key?: ApiKeyCredentials;
  urlStorage?: UrlStorage;
  uploadUrl?: string;
  /** Continue a previous upload found under the file's fingerprint (the studio's resume). */
  resume?: boolean;
  /** Stop the upload (without terminating it) after this many completed PATCHes. */
  abortAfterPatches?: number;
}

/** One file through tus-js-client, configured as the studio's client is (5,000,000-byte chunks, no retries). */
export function tusUpload(stack: UploadStack, canvasId: number, bytes: Buffer, options: TusUploadOptions): Promise<TusOutcome> {
  const key = options.key ?? stack.alice;
  const headOffsets: number[] = [];
  let patches = 0;
  return new Promise((resolve) => {
    const uploadOptions: UploadOptions = {
      endpoint: `${stack.origin}/api/v1/canvas/${canvasId}/upload/`,
      chunkSize: CHUNK,
      parallelUploads: 1,
      retryDelays: [],
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      ...(options.urlStorage ? { urlStorage: options.urlStorage } : {}),
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      headers: { 'upload-context': options.context ?? 'media', container_id: String(canvasId) },
      metadata: { filename: options.filename, name: options.filename.replace(/\.[^.]+$/, ''), ...options.metadata },
      onBeforeRequest: (req) => {
        req.setHeader('Authorization', authorizationHeader(key));
        req.setHeader('Nonce', requestNonce());
      },
      onAfterResponse: (req, res) => {
        if (req.getMethod() === 'HEAD') headOffsets.push(Number(res.getHeader('Upload-Offset')));
      },
      onChunkComplete: () => {
        patches += 1;
        if (options.abortAfterPatches !== undefined && patches >= options.abortAfterPatches) {
          void upload.abort(false).then(() => resolve({ status: 'aborted', tokenId: null, url: upload.url, error: null, headOffsets }));
        }
      },
      onSuccess: ({ lastResponse }) => resolve({ status: 'success', tokenId: lastResponse.getHeader('token-id') ?? null, url: upload.url, error: null, headOffsets }),
      onError: (error) => resolve({ status: 'error', tokenId: null, url: upload.url, error: error as DetailedError, headOffsets }),
    };
    const upload = new Upload(bytes, uploadOptions);
    void (async () => {
      if (options.resume) {
        const [previous] = await upload.findPreviousUploads();
        if (previous) upload.resumeFromPreviousUpload(previous);
      }
      upload.start();
    })();
  });
}

/** The JSON error body of a refused tus-js-client upload. */
export function refusalOf(outcome: TusOutcome): { status: number; body: { error: string; message: string } } {
  const response = outcome.error?.originalResponse;
  if (!response) throw new Error(`no response: ${outcome.error?.message ?? outcome.status}`);
  return { status: response.getStatus(), body: JSON.parse(response.getBody()) as { error: string; message: string } };
}

/** A raw tus request to the listening server, signed unless `key` is null. */
export function tusRequest(stack: UploadStack, path: string, init: { method: string; headers?: Record<string, string>; body?: Uint8Array }, key: ApiKeyCredentials | null) {
  const headers = new Headers({ 'Tus-Resumable': '1.0.0', ...init.headers });
  if (key) {
    headers.set('Authorization', authorizationHeader(key));
    headers.set('Nonce', requestNonce());
  }
  return fetch(`${stack.origin}${path}`, { method: init.method, headers, body: init.body as BodyInit | undefined });
}

/** tus's Upload-Metadata header for these values. */
export const tusMetadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `${name} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** A file with an MP4 box header and pseudo-random content (a different seed gives different bytes). */
export function fakeMp4(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  let x = seed * 2654435761;
  for (let i = 0; i + 4 <= size; i += 4) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes.writeUInt32LE(x, i);
  }
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}
