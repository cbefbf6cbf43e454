// Collection directories and the trustless gateway (IPFS-compatible content addresses), on PGlite: a published collection's baseURI
// names a UnixFS directory whose <id>.json and collection.json resolve here; the indexer reads a directory's
// collection.json and an old raw manifest alike; GET /ipfs/{cid} answers raw blocks and CARs. Every answer is checked
// independently: raw blocks hashed against their CID (multiformats sha256), CARs read with @ipld/car's CarReader into
// a blockstore-core MemoryBlockstore (each block's hash checked) and walked with ipfs-unixfs-exporter.
import { randomBytes } from 'node:crypto';
import { CarReader } from '@ipld/car/reader';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { exporter } from 'ipfs-unixfs-exporter';
import { equals } from 'multiformats/bytes';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ipfsBlocks, media } from '../../server/db/schema.js';
import { readManifest } from '../../server/indexer/manifest.js';
import { collectionManifest } from '../../server/studio/publish.js';
import { canvasWorld, type CanvasWorld } from './canvasFixtures.js';

const RAW = 'application/vnd.ipld.raw';
const CAR = 'application/vnd.ipld.car';

async function hashMatches(cid: CID, bytes: Uint8Array): Promise<boolean> {
  return equals((await sha256.digest(bytes)).bytes, cid.multihash.bytes);
}

/** The CAR's root and blocks, each block's hash checked against its CID, in a MemoryBlockstore. */
async function verifiedCar(response: Response) {
  const reader = await CarReader.fromBytes(new Uint8Array(await response.arrayBuffer()));
  const blockstore = new MemoryBlockstore();
  const cids: string[] = [];
  for await (const { cid, bytes } of reader.blocks()) {
    expect(await hashMatches(cid, bytes), `block ${cid.toString()} hashes to its CID`).toBe(true);
    await blockstore.put(cid, bytes);
    cids.push(cid.toString());
  }
  return { roots: (await reader.getRoots()).map(String), blockstore, cids };
}

async function exportFile(blockstore: MemoryBlockstore, path: string): Promise<Uint8Array> {
  const entry = await exporter(path, blockstore);
  if (entry.type !== 'file' && entry.type !== 'raw') throw new Error(`${path} is a ${entry.type}`);
  const chunks: Uint8Array[] = [];
  for await (const chunk of entry.content()) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

describe('collection directories and the trustless gateway', () => {
  let w: CanvasWorld;
  let dir: string;
  beforeAll(async () => {
    w = await canvasWorld('pglite');
    const canvas = await w.create(w.keys.alice, w.details({ royaltiesBasispoints: '750', supplyPerToken: '5' }));
    await w.addTokens(canvas.id, ['Dawn', 'Noon', 'Dusk']);
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' })).status).toBe(200);
    const published = await w.request(w.keys.alice, `/canvas/${canvas.id}/publish`, { method: 'POST' });
    dir = ((await published.json()) as { baseURI: string }).baseURI.slice('ipfs://'.length, -1);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => w.server.app.request(path, { headers });

  it('the baseURI is a dag-pb directory: each <id>.json and collection.json resolve through it; the indexer reads collection.json', async () => {
    expect(CID.parse(dir).code).toBe(0x70);
    const dusk = await get(`/ipfs/${dir}/3.json`);
    expect(dusk.status).toBe(200);
    expect(dusk.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(dusk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await dusk.json()).toMatchObject({ name: 'Dusk', description: '' });
    const collection = await get(`/ipfs/${dir}/collection.json`);
    expect(await collection.json()).toMatchObject({ name: 'Harbour Lights', symbol: 'HBR', tokens: [{ tokenId: 1, name: 'Dawn' }, { tokenId: 2 }, { tokenId: 3 }] });
    expect((await get(`/ipfs/${dir}/4.json`)).status).toBe(404);
    const manifest = await readManifest(w.db, `ipfs://${dir}/`);
    expect(manifest?.tokens.map((token) => token.name)).toEqual(['Dawn', 'Noon', 'Dusk']);
  });

  it('a collection published before (a raw JSON manifest) keeps resolving and being read', async () => {
    const [canvas] = await w.db.query.collections.findMany({ limit: 1 });
    const manifest = collectionManifest(canvas!, []);
    manifest.tokens.push({ tokenId: 1, name: 'Old', description: 'Before', media: null, thumbnail: null, filename: null, attributes: null, metadata: { image: 'ipfs://x' } });
    const cid = await w.server.mediaStore.put(new TextEncoder().encode(JSON.stringify(manifest)), 'application/json');
    expect(CID.parse(cid).code).toBe(raw.code);
    expect(await (await get(`/ipfs/${cid}/1.json`)).json()).toEqual({ name: 'Old', description: 'Before', image: 'ipfs://x' });
    expect((await readManifest(w.db, `ipfs://${cid}/`))?.tokens[0]?.name).toBe('Old');
  });

  it('raw block: the directory node, hashing to its CID, with the trustless headers', async () => {
    const response = await get(`/ipfs/${dir}`, { Accept: RAW });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(RAW);
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(await hashMatches(CID.parse(dir), bytes)).toBe(true);
    // ?format=raw asks the same.
    expect(new Uint8Array(await (await get(`/ipfs/${dir}?format=raw`)).arrayBuffer())).toEqual(bytes);
  });

  it('CAR of the directory: root first, every block verified; the exporter rebuilds each file from it alone', async () => {
    const response = await get(`/ipfs/${dir}`, { Accept: `${CAR}; version=1` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(`${CAR}; version=1; order=dfs; dups=n`);
    expect(response.headers.get('vary')).toBe('Accept');
    const { roots, blockstore, cids } = await verifiedCar(response);
    expect(roots).toEqual([dir]);
    expect(cids[0]).toBe(dir);
    expect(new Set(cids).size).toBe(cids.length);
    for (const name of ['1.json', '2.json', '3.json', 'collection.json']) {
      const served = new Uint8Array(await (await get(`/ipfs/${dir}/${name}`)).arrayBuffer());
      expect(await exportFile(blockstore, `${dir}/${name}`)).toEqual(served);
    }
    // Each block of the directory is answered by its own CID too.
    for (const cid of cids) {
      const block = new Uint8Array(await (await get(`/ipfs/${cid}`, { Accept: RAW })).arrayBuffer());
      expect(await hashMatches(CID.parse(cid), block)).toBe(true);
    }
    // dag-scope=block: the root alone.
    expect((await verifiedCar(await get(`/ipfs/${dir}?format=car&dag-scope=block`))).cids).toEqual([dir]);
  });

  it('a media file of several chunks: its raw root block and its CAR, re-assembled to the same bytes', async () => {
    const bytes = new Uint8Array(randomBytes(700_000));
    const cid = await w.server.mediaStore.put(bytes, 'video/mp4');
    expect(CID.parse(cid).code).toBe(0x70);
    const root = new Uint8Array(await (await get(`/ipfs/${cid}`, { Accept: RAW })).arrayBuffer());
    expect(await hashMatches(CID.parse(cid), root)).toBe(true);
    const { roots, blockstore, cids } = await verifiedCar(await get(`/ipfs/${cid}`, { Accept: CAR }));
    expect(roots).toEqual([cid]);
    expect(cids).toHaveLength(4); // the root and three 256 KiB leaves
    expect(await exportFile(blockstore, cid)).toEqual(bytes);
    // Each block, the leaves too, is answered by its own CID, also for a file whose blocks were not recorded yet
    // (stored before: the gateway records them when first asked).
    await w.db.delete(ipfsBlocks).where(inArray(ipfsBlocks.cid, cids));
    const again = await get(`/ipfs/${cid}`, { Accept: RAW });
    expect(await hashMatches(CID.parse(cid), new Uint8Array(await again.arrayBuffer()))).toBe(true);
    for (const block of cids) {
      const answer = await get(`/ipfs/${block}`, { Accept: RAW });
      expect(await hashMatches(CID.parse(block), new Uint8Array(await answer.arrayBuffer())), block).toBe(true);
    }
    // Plain GET keeps answering the file, ranges too.
    const range = await get(`/ipfs/${cid}`, { Range: 'bytes=300000-300001' });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(bytes.subarray(300_000, 300_002));
  });

  it('the blocks of a deleted file are forgotten; a file sharing a leaf with it still answers its whole CAR', async () => {
    const shared = new Uint8Array(randomBytes(262_144));
    const a = new Uint8Array(Buffer.concat([shared, randomBytes(1000)]));
    const b = new Uint8Array(Buffer.concat([shared, randomBytes(2000)]));
    const aCid = await w.server.mediaStore.put(a, 'video/mp4');
    expect((await verifiedCar(await get(`/ipfs/${aCid}`, { Accept: CAR }))).cids).toHaveLength(3);
    const bCid = await w.server.mediaStore.put(b, 'video/mp4');
    expect((await verifiedCar(await get(`/ipfs/${bCid}`, { Accept: CAR }))).cids).toHaveLength(3);
    // The collection deletes a's row, then its blob and blocks (media/collect.ts).
    await w.db.delete(media).where(eq(media.cid, aCid));
    await w.server.mediaStore.forget([aCid]);
    expect((await get(`/ipfs/${aCid}`, { Accept: RAW })).status).toBe(404);
    expect((await get(`/ipfs/${aCid}`, { Accept: CAR })).status).toBe(404);
    const { blockstore } = await verifiedCar(await get(`/ipfs/${bCid}`, { Accept: CAR }));
    expect(await exportFile(blockstore, bCid)).toEqual(b);
  });

  it('a one-chunk media file is its own raw block', async () => {
    const bytes = new TextEncoder().encode('hello world');
    const cid = await w.server.mediaStore.put(bytes, 'text/plain');
    expect(new Uint8Array(await (await get(`/ipfs/${cid}`, { Accept: RAW })).arrayBuffer())).toEqual(bytes);
    const { cids } = await verifiedCar(await get(`/ipfs/${cid}`, { Accept: CAR }));
    expect(cids).toEqual([cid]);
  });

  it('404 for a CID this server does not hold, 406 for IPLD types it does not answer, 400 for a bad format or scope', async () => {
    const unknown = CID.create(1, raw.code, await sha256.digest(new TextEncoder().encode('not stored here'))).toString();
    const missing = await get(`/ipfs/${unknown}`, { Accept: RAW });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('vary')).toBe('Accept');
    expect((await get(`/ipfs/${unknown}`, { Accept: CAR })).status).toBe(404);
    expect((await get(`/ipfs/${dir}`, { Accept: 'application/vnd.ipld.dag-json' })).status).toBe(406);
    expect((await get(`/ipfs/${dir}`, { Accept: `${CAR}; version=2` })).status).toBe(406);
    expect((await get(`/ipfs/${dir}?format=dag-json`)).status).toBe(400);
    expect((await get(`/ipfs/${dir}?format=car&dag-scope=everything`)).status).toBe(400);
    expect((await get(`/ipfs/${dir}/1.json`, { Accept: RAW })).status).toBe(400);
    // dag-scope only matters to a CAR: a plain request keeps answering the file.
    const image = await w.server.mediaStore.put(new TextEncoder().encode('plain text'), 'text/plain');
    expect((await get(`/ipfs/${image}?dag-scope=everything`)).status).toBe(200);
    // Without a trustless type the directory is no media file: as before, 404.
    expect((await get(`/ipfs/${dir}`)).status).toBe(404);
  });
});
