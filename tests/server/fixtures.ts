// Marketplace rows for the server tests, and a server built the way main.ts builds it.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type CreateServerOptions } from '../../server/app.js';
import { loadServerConfig } from '../../server/config.js';
import type { Db } from '../../server/db/client.js';
import { createS3BlobStore } from '../../server/media/blobStore/index.js';
import { createMediaStore } from '../../server/media/store.js';
import { insertCollections, insertHoldings, insertTokens, type NewToken } from '../../server/db/bulk.js';
import { accounts } from '../../server/db/schema.js';
import { testMediaStore } from './databases.js';

export const CREATOR_A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
export const CREATOR_B = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
export const COLLECTOR = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
export const MARKETPLACE = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512';
export const FACTORY = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

export interface SeededToken {
  id: number;
  name: string;
  likesCount: number;
  priceWei: string | null;
  /** Listing time (listed tokens), newest sale's time and unit price (tokens sold before); ties on purpose. */
  listedAt: Date | null;
  lastSoldAt: Date | null;
  lastSaleWei: string | null;
  mediaType: string;
  chainId: number;
  creator: string;
}

const SEED_TIME = Date.UTC(2026, 10, 1, 12);
const HOUR = 3_600_000;

/**
 * 3 visible collections (image by A, video by B on chain 31337, gif by A on chain 1) plus one hidden and one
 * still building; 30 visible tokens with repeated likes and prices so every sort needs its _id tie-break.
 */
export async function seedMarketplace(db: Db) {
  await db.insert(accounts).values([
    { address: CREATOR_A, alias: 'alice', firstName: 'Alice', lastName: 'Artist', avatar: 'bafkreiavatar', isCreator: true },
    { address: COLLECTOR, alias: 'carol' },
  ]);
  const base = { symbol: 'SYM', description: 'desc', tokenCount: 10, state: 'published' as const };
  const [imageId, videoId, gifId, hiddenId, buildingId] = await insertCollections(db, [
    { ...base, chainId: 31337, name: 'Images', mediaType: 'image', creator: CREATOR_A.toUpperCase().replace('0X', '0x'), address: '0x00000000000000000000000000000000000000a1', cover: 'bafkreicover' },
    { ...base, chainId: 31337, name: 'Videos', mediaType: 'video', creator: CREATOR_B, address: '0x00000000000000000000000000000000000000a2' },
    { ...base, chainId: 1, name: 'Gifs', mediaType: 'gif', creator: CREATOR_A, address: '0x00000000000000000000000000000000000000a3' },
    { ...base, chainId: 31337, name: 'Hidden', mediaType: 'image', creator: CREATOR_A, isHidden: true, address: '0x00000000000000000000000000000000000000a4' },
    { ...base, chainId: 31337, name: 'Building', mediaType: 'image', creator: CREATOR_A, state: 'building' },
  ]);
  const rows: NewToken[] = [];
  const spec = [
    { collectionId: imageId!, chainId: 31337, mediaType: 'image', creator: CREATOR_A },
    { collectionId: videoId!, chainId: 31337, mediaType: 'video', creator: CREATOR_B },
    { collectionId: gifId!, chainId: 1, mediaType: 'gif', creator: CREATOR_A },
  ];
  for (let i = 0; i < 30; i += 1) {
    const s = spec[i % 3]!;
    rows.push({
      ...s,
      tokenId: String(Math.floor(i / 3) + 1),
      name: `Token ${i}`,
      media: `bafkreimedia${i}`,
      likesCount: i % 4, // many ties
      priceWei: i % 5 === 0 ? null : String(BigInt(i % 3) * 10n ** 18n + 10n ** 17n), // ties, unlisted, > 2^53
      listedAt: i % 5 === 0 ? null : new Date(SEED_TIME + (i % 4) * HOUR + 123), // milliseconds kept
      lastSoldAt: i % 4 === 0 ? null : new Date(SEED_TIME - (i % 6) * 24 * HOUR),
      lastSaleWei: i % 4 === 0 ? null : String(BigInt(i % 5) * 10n ** 18n + 7n),
      isSold: i === 7,
      attributes: { index: i },
    });
  }
  const hiddenRows: NewToken[] = [hiddenId!, buildingId!].map((collectionId, i) => ({
    collectionId,
    chainId: 31337,
    tokenId: '1',
    name: `Invisible ${i}`,
    mediaType: 'image',
    creator: CREATOR_A,
    likesCount: 100,
    priceWei: '1',
  }));
  const ids = await insertTokens(db, [...rows, ...hiddenRows]);
  const visibleIds = ids.slice(0, 30);
  // Token 0: the creator keeps 1 and the collector owns 3, so the collector is the main holder.
  await insertHoldings(db, [
    { tokenId: visibleIds[0]!, owner: CREATOR_A, amount: '1' },
    { tokenId: visibleIds[0]!, owner: COLLECTOR, amount: '3' },
    { tokenId: visibleIds[1]!, owner: CREATOR_B, amount: '1' },
    { tokenId: visibleIds[2]!, owner: COLLECTOR, amount: '0' }, // sold on: no longer a holder
  ]);
  const tokens: SeededToken[] = rows.map((row, i) => ({
    id: visibleIds[i]!,
    name: row.name,
    likesCount: row.likesCount!,
    priceWei: row.priceWei ?? null,
    listedAt: row.listedAt ?? null,
    lastSoldAt: row.lastSoldAt ?? null,
    lastSaleWei: row.lastSaleWei ?? null,
    mediaType: row.mediaType,
    chainId: row.chainId,
    creator: row.creator,
  }));
  return { tokens, collectionIds: { imageId: imageId!, videoId: videoId!, gifId: gifId!, hiddenId: hiddenId!, buildingId: buildingId! } };
}

/** A minimal built app folder, like vite's dist/. */
export async function makeStaticDir() {
  const dir = await mkdtemp(join(tmpdir(), 'artbazaar-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Art</title><div id="root"></div>');
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
  // Above the 1 KB compression threshold: served with br/gzip when the client accepts it.
  await writeFile(join(dir, 'assets', 'app-big123.js'), `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 7}`))};\n`);
  await writeFile(join(dir, 'icon.png'), new Uint8Array([137, 80, 78, 71]));
  return dir;
}

export async function makeDeploymentsFile(chainId = 31337) {
  const dir = await mkdtemp(join(tmpdir(), 'artbazaar-deploy-'));
  const path = join(dir, `${chainId}.json`);
  await writeFile(path, JSON.stringify({ chainId, marketplace: MARKETPLACE, collectionFactory: FACTORY, blockNumber: 1 }));
  return path;
}

/**
 * The server as main.ts builds it. app.request() sends Host "localhost", so that is the sign-in domain the
 * tests' SIWE messages name; `env` adds or overrides variables (rate limits, GraphQL limits, ...).
 */
/** `options.uploadLocker`: a second process's shared upload lock (server/studio/uploadLocker.ts), as main.ts passes it. */
export async function buildTestServer(db: Db, env: Record<string, string> = {}, options: Pick<CreateServerOptions, 'uploadLocker' | 'readLimiter'> = {}) {
  const staticDir = await makeStaticDir();
  const config = loadServerConfig({ APP_DOMAIN: 'localhost', DEPLOYMENTS_FILE: await makeDeploymentsFile(), STATIC_DIR: staticDir, ...env });
  // BLOB_S3_* in `env`: the S3 driver against that bucket (a test's s3rver), as main.ts would open it.
  const mediaStore = config.blobs.s3 ? createMediaStore(db, createS3BlobStore(config.blobs.s3)) : testMediaStore(db);
  return { ...createServer({ db, config, mediaStore, ...options }), config, mediaStore, staticDir };
}

export interface PersonNode {
  id: string | null;
  address: string;
  alias: string | null;
  avatar: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface ListNode {
  id: string;
  _id: string;
  name: string;
  [field: string]: unknown;
}

export interface TokenNode extends ListNode {
  likesCount: number;
  mediaType: string;
  chainId: number;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  isSold: boolean;
  collection: { id: string; name: string; address: string | null; chainId: number };
  creatorInfo: PersonNode;
  ownerInfo: PersonNode | null;
  tokenHolding: { id: string; chainId: number; salePrice: { amount: string; currency: string } | null; owner: PersonNode } | null;
}

export interface ConnectionResult<Node = TokenNode> {
  totalCount: number;
  pageInfo: { startCursor: string | null; endCursor: string | null; hasNextPage: boolean; hasPreviousPage: boolean };
  edges: { cursor: string; node: Node }[];
}

export interface GraphqlBody {
  data?: Record<string, ConnectionResult<TokenNode & ListNode>> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** POST /graphql through the Hono app. */
export async function graphql(
  app: { request(path: string, init?: RequestInit): Response | Promise<Response> },
  query: string,
  variables: Record<string, unknown> = {},
) {
  const response = await app.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as GraphqlBody,
  };
}
