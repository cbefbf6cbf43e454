// Collection metadata as a UnixFS directory (IPFS-compatible content addresses): `<tokenId>.json` for each token plus `collection.json`
// (the manifest the indexer reads), imported as kubo's `ipfs add -r --cid-version=1 --raw-leaves` does, directories
// sharded (HAMT) past 256 KiB by their block size as IPIP-499's unixfs-v1-2025 profile says. Every block of the DAG —
// dag-pb directory and file nodes, raw leaves — goes into ipfs_blocks, so `ipfs://<dir>/<id>.json` resolves here
// through the directory (the exporter walks it) and the trustless gateway answers each block by its own CID.
import * as dagPb from '@ipld/dag-pb';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { exporter } from 'ipfs-unixfs-exporter';
import { importByteStream, importer } from 'ipfs-unixfs-importer';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { Db } from '../db/client.js';
import { ipfsBlocks } from '../db/schema.js';
import { readAll, type BlobStore } from './blobStore/index.js';
import type { MediaStore } from './store.js';
import { unixfsImporterOptions } from './unixfs.js';

/** The collection file inside a collection directory: the manifest the indexer reads (indexer/manifest.ts). */
export const COLLECTION_FILE = 'collection.json';

/** boxo's HAMTShardingSize: a directory whose block would be larger than this is sharded. */
export const DIRECTORY_SHARD_THRESHOLD = 262_144;

export interface DirectoryFile {
  name: string;
  bytes: Uint8Array;
}

export interface Block {
  cid: string;
  bytes: Uint8Array;
}

async function collect(value: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  if (value instanceof Uint8Array) return value;
  const chunks: Uint8Array[] = [];
  for await (const chunk of value) chunks.push(chunk);
  return chunks.length === 1 ? chunks[0]! : new Uint8Array(Buffer.concat(chunks));
}

/** Imports the files as one directory; answers its CID and every block of it (each once). */
export async function importDirectory(files: readonly DirectoryFile[]): Promise<{ cid: string; blocks: Block[] }> {
  const blocks = new Map<string, Uint8Array>();
  const sink = {
    async put(cid: CID, value: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
      blocks.set(cid.toString(), await collect(value));
      return cid;
    },
  };
  const candidates = files.map((file) => ({ path: file.name, content: file.bytes }));
  let root: string | null = null;
  for await (const entry of importer(candidates, sink, {
    ...unixfsImporterOptions(),
    wrapWithDirectory: true,
    shardSplitStrategy: 'block-bytes',
    shardSplitThresholdBytes: DIRECTORY_SHARD_THRESHOLD,
  })) {
    if (entry.path === '') root = entry.cid.toString();
  }
  if (!root) throw new Error('The importer made no directory.');
  return { cid: root, blocks: [...blocks].map(([cid, bytes]) => ({ cid, bytes })) };
}

/** Stores the blocks (those already stored are left as they are), 500 rows a statement. */
export async function putBlocks(db: Pick<Db, 'insert'>, blocks: readonly Block[]): Promise<void> {
  for (let i = 0; i < blocks.length; i += 500) {
    const rows = blocks.slice(i, i + 500).map(({ cid, bytes }) => ({ cid, bytes, size: bytes.byteLength }));
    await db.insert(ipfsBlocks).values(rows).onConflictDoNothing();
  }
}

/** Imports a directory and stores its blocks: its CID. */
export async function storeDirectory(db: Pick<Db, 'insert'>, files: readonly DirectoryFile[]): Promise<string> {
  const { cid, blocks } = await importDirectory(files);
  await putBlocks(db, blocks);
  return cid;
}

/** Where each raw leaf of a file DAG lies in the file (its first occurrence): the links in order, sized by Tsize. */
export function leafRanges(root: CID, nodes: ReadonlyMap<string, Uint8Array>): Map<string, { start: number; size: number }> {
  const ranges = new Map<string, { start: number; size: number }>();
  let offset = 0;
  const visit = (cid: CID, size: number) => {
    const node = nodes.get(cid.toString());
    if (!node) {
      if (!ranges.has(cid.toString())) ranges.set(cid.toString(), { start: offset, size });
      offset += size;
      return;
    }
    for (const link of dagPb.decode(node).Links) visit(link.Hash, link.Tsize ?? 0);
  };
  visit(root, 0);
  return ranges;
}

/**
 * Records the blocks of a media file of several chunks (a dag-pb root) so each is answered by its own CID: its dag-pb
 * nodes, made again from the blob by one streaming read, as bytes, and its raw leaves as byte ranges of the blob.
 * False when the CID is one block (raw: the file is the block), the blob is missing or hashes to another DAG.
 */
export async function recordFileBlocks(db: Pick<Db, 'insert'>, blobs: BlobStore, cid: string, blobKey: string): Promise<boolean> {
  const root = CID.parse(cid);
  if (root.code !== dagPb.code) return false;
  const stream = await blobs.get(blobKey);
  if (!stream) return false;
  const nodes = new Map<string, Uint8Array>();
  const keep = {
    async put(block: CID, value: Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>) {
      if (block.code === dagPb.code) nodes.set(block.toString(), await collect(value));
      return block;
    },
  };
  const made = await importByteStream(stream, keep, unixfsImporterOptions());
  if (!made.cid.equals(root)) return false;
  await putBlocks(db, [...nodes].map(([key, bytes]) => ({ cid: key, bytes })));
  const leaves = [...leafRanges(root, nodes)].map(([key, range]) => ({ cid: key, blobKey, blobOffset: range.start, size: range.size }));
  // A leaf another file recorded first now reads from this file's blob: either holds its bytes, and the newest one
  // is the one least likely to be collected.
  for (let i = 0; i < leaves.length; i += 500) {
    await db
      .insert(ipfsBlocks)
      .values(leaves.slice(i, i + 500))
      .onConflictDoUpdate({ target: ipfsBlocks.cid, set: { blobKey: sql`excluded.blob_key`, blobOffset: sql`excluded.blob_offset`, size: sql`excluded.size` } });
  }
  return true;
}

/**
 * Forgets a deleted media file's blocks (media/store.ts forget): its root and the leaves read from its blob. A leaf
 * another file shares is recorded again from that file's blob when the gateway next walks it.
 */
export async function forgetFileBlocks(db: Pick<Db, 'delete'>, cid: string, blobKey: string): Promise<void> {
  await db.delete(ipfsBlocks).where(or(eq(ipfsBlocks.cid, cid), eq(ipfsBlocks.blobKey, blobKey)));
}

/** Blocks small enough to read whole for a directory walk: a raw media file bigger than this is not a directory's. */
const MAX_WHOLE_BLOCK = 4 * 1_048_576;

/** The blocks this server answers by CID, read whole: ipfs_blocks, then a raw-codec media file (its one block). */
export function blockReader(db: Db, store: MediaStore) {
  async function get(cid: CID): Promise<Uint8Array | null> {
    const key = cid.toV1().toString();
    const [row] = await db.select().from(ipfsBlocks).where(eq(ipfsBlocks.cid, key));
    if (row?.bytes) return row.bytes;
    if (row?.blobKey != null && row.blobOffset != null) {
      const stream = await store.blobs.get(row.blobKey, { start: row.blobOffset, end: row.blobOffset + row.size - 1 });
      return stream ? readAll(stream) : null;
    }
    if (cid.code !== raw.code) return null;
    const item = await store.get(key);
    if (!item || item.size > MAX_WHOLE_BLOCK) return null;
    return item.read();
  }
  return {
    get,
    /** Whether ipfs_blocks knows the CID (a directory's block, or a file's block recorded with it). */
    async known(cids: readonly string[]): Promise<Set<string>> {
      if (cids.length === 0) return new Set();
      const rows = await db.select({ cid: ipfsBlocks.cid }).from(ipfsBlocks).where(inArray(ipfsBlocks.cid, [...cids]));
      return new Set(rows.map((row) => row.cid));
    },
    /** For ipfs-unixfs-exporter: its blockstore's get yields the block's bytes. */
    exporterStore: {
      async *get(cid: CID) {
        const bytes = await get(cid);
        if (!bytes) throw Object.assign(new Error(`Block ${cid.toString()} not found.`), { name: 'NotFoundError' });
        yield bytes;
      },
    },
  };
}

/**
 * A file of a stored directory by name (`<dir cid>/<name>`, resolved through the directory, a sharded one too), whole;
 * null when the CID is no stored directory or has no such file.
 */
export async function readDirectoryFile(db: Db, store: MediaStore, dirCid: string, name: string, maxBytes = 64 * 1_048_576): Promise<Uint8Array | null> {
  let cid: CID;
  try {
    cid = CID.parse(dirCid);
  } catch {
    return null;
  }
  if (cid.code === raw.code) return null; // a file, not a directory
  const reader = blockReader(db, store);
  if ((await reader.known([cid.toV1().toString()])).size === 0) return null;
  try {
    const entry = await exporter(`${cid.toV1().toString()}/${name}`, reader.exporterStore);
    if ((entry.type !== 'file' && entry.type !== 'raw') || Number(entry.size) > maxBytes) return null;
    return await readAll(entry.content());
  } catch {
    return null; // no such name, or a block missing
  }
}
