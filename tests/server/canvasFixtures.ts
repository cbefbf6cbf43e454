// The studio canvas tests' world: a server built as main.ts builds it with a live bus that records what it sends,
// creators Alice and Bob, Carol who is not a creator, and helpers to send the canvas routes' requests.
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Server as SocketServer } from 'socket.io';
import { createServer } from '../../server/app.js';
import { loadServerConfig } from '../../server/config.js';
import { accounts, collections, tokens } from '../../server/db/schema.js';
import type { LiveBus } from '../../server/live/bus.js';
import { RATE_LIMIT_NAMES, envNameOf } from '../../server/security/config.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { ALICE, BOB, CAROL, login, signedRequest } from './authFixtures.js';
import { openTestDatabase, type TestDatabase, testMediaStore } from './databases.js';
import { makeDeploymentsFile, makeStaticDir } from './fixtures.js';
import { createSnapshotter, snapshotDiff } from './fuzz/snapshot.js';
import type { DatabaseKind } from '../../server/db/client.js';

export interface LiveCall {
  to: string | null;
  event: string;
  doc: unknown;
}

/** A live bus that keeps every event it is asked to send. */
export function recordingBus(calls: LiveCall[]): LiveBus {
  return {
    emit: (event, ...args) => {
      calls.push({ to: null, event, doc: args[0] });
      return true;
    },
    emitTo: (address, event, ...args) => {
      calls.push({ to: address.toLowerCase(), event, doc: args[0] });
    },
    attach: (_io: SocketServer) => undefined,
  };
}

const UNLIMITED = Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [envNameOf(name), '100000000/60']));

export const ALICE_ADDRESS = ALICE.address.toLowerCase();
export const BOB_ADDRESS = BOB.address.toLowerCase();

export async function canvasWorld(kind: DatabaseKind) {
  const database: TestDatabase = await openTestDatabase(kind);
  const db = database.db;
  const live: LiveCall[] = [];
  const config = loadServerConfig({ APP_DOMAIN: 'localhost', DEPLOYMENTS_FILE: await makeDeploymentsFile(), STATIC_DIR: await makeStaticDir(), ...UNLIMITED });
  const mediaStore = testMediaStore(db);
  const server = { ...createServer({ db, config, mediaStore, live: recordingBus(live) }), config, mediaStore, staticDir: config.staticDir };
  // Alice and Bob are registered creators; Carol is a collector.
  await db.insert(accounts).values([
    { address: ALICE_ADDRESS, alias: 'alice', isCreator: true },
    { address: BOB_ADDRESS, alias: 'bob', isCreator: true },
  ]);
  const keys = {
    alice: (await login(server, ALICE)).apiKey as ApiKeyCredentials,
    bob: (await login(server, BOB)).apiKey as ApiKeyCredentials,
    carol: (await login(server, CAROL)).apiKey as ApiKeyCredentials,
  };
  const snapshots = await createSnapshotter(db);
  const png = new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: '#36c' } }).png().toBuffer());
  const jpeg = new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c63' } }).jpeg().toBuffer());
  const webp = new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3c6' } }).webp().toBuffer());

  const request = (key: ApiKeyCredentials | null, path: string, init: RequestInit = {}): Promise<Response> =>
    key ? signedRequest(server, path, init, key) : Promise.resolve(server.app.request(`/api/v1${path}`, init));

  const form = (fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return body;
  };
  const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  /** Valid details of an image collection; override any field. */
  const details = (over: Record<string, string> = {}) => ({
    name: 'Harbour Lights',
    symbol: 'HBR',
    description: 'Night photographs of the old harbour.',
    royaltiesBasispoints: '500',
    supplyPerToken: '1',
    mediaType: 'image',
    ...over,
  });

  return {
    database,
    db,
    server,
    config,
    live,
    keys,
    snapshots,
    images: { png, jpeg, webp },
    request,
    form,
    json,
    details,
    /** Every table's count and checksum now (auth nonces and rate-limit counters aside). */
    snapshot: () => snapshots.take(),
    diff: snapshotDiff,
    async create(key: ApiKeyCredentials, fields: Record<string, string | Blob> = details()): Promise<{ id: string; shareToken: string } & Record<string, unknown>> {
      const response = await request(key, '/canvas/', { method: 'POST', body: form(fields) });
      if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string; shareToken: string };
    },
    /** Tokens as the tus endpoint leaves them: token ids after the highest, one media file each. */
    async addTokens(canvasId: string, names: string[], mediaType = 'image') {
      const [canvas] = await db.select().from(collections).where(eq(collections.id, Number(canvasId)));
      const [max] = await db.select({ n: sql<string | null>`max(${tokens.tokenId})` }).from(tokens).where(eq(tokens.collectionId, Number(canvasId)));
      let next = Number(max?.n ?? 0);
      const media = await mediaStore.put(png, 'image/png');
      const rows = names.map((name) => ({
        collectionId: Number(canvasId),
        chainId: canvas!.chainId,
        tokenId: String((next += 1)),
        name,
        media,
        mediaType,
        filename: `${name}.png`,
        creator: canvas!.creator,
      }));
      return db.insert(tokens).values(rows).returning();
    },
    async tokenIds(canvasId: string) {
      const rows = await db.select({ tokenId: tokens.tokenId, name: tokens.name }).from(tokens).where(eq(tokens.collectionId, Number(canvasId))).orderBy(tokens.id);
      return rows.map((row) => `${row.tokenId}:${row.name}`);
    },
    async canvasRow(id: string) {
      const [row] = await db.select().from(collections).where(eq(collections.id, Number(id)));
      return row;
    },
    async setState(id: string, state: 'building' | 'finalized' | 'published') {
      await db.update(collections).set({ state }).where(eq(collections.id, Number(id)));
    },
  };
}

export type CanvasWorld = Awaited<ReturnType<typeof canvasWorld>>;

/** The error body every refusal has. */
export async function errorOf(response: Response): Promise<{ status: number; error: string; message: string }> {
  const body = (await response.json()) as { error: string; message: string };
  return { status: response.status, error: body.error, message: body.message };
}
