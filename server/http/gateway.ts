// The trustless gateway for this server's own content (IPFS-compatible content addresses; specs.ipfs.tech/http-gateways/trustless-gateway):
// GET /ipfs/{cid} asked with `Accept: application/vnd.ipld.raw` (or `?format=raw`) answers the block itself, with
// `application/vnd.ipld.car` (or `?format=car`) a CARv1 of the DAG, root first, depth-first, each block once
// (`dag-scope` all by default, entity or block). Both vary on Accept and are immutable. The blocks are those of
// ipfs_blocks (collection directories and media files of several chunks, media/directory.ts: dag-pb nodes as bytes,
// raw leaves as byte ranges of the file's blob) and of media files of one block (a raw CID: the whole file).
import { close, createWriter, headerLength } from '@ipld/car/buffer-writer';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { varint } from 'multiformats';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { Db } from '../db/client.js';
import { readAll } from '../media/blobStore/index.js';
import { blockReader, recordFileBlocks } from '../media/directory.js';
import { mediaKey, type MediaStore } from '../media/store.js';

export const RAW_TYPE = 'application/vnd.ipld.raw';
export const CAR_TYPE = 'application/vnd.ipld.car';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export type DagScope = 'all' | 'entity' | 'block';
export type TrustlessAsk = { format: 'raw' } | { format: 'car'; scope: DagScope };
export type Negotiation = TrustlessAsk | { error: 400 | 406; message: string } | null;

interface MediaRange {
  type: string;
  params: Map<string, string>;
}

function mediaRanges(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((piece) => piece.trim());
      const params = new Map(rest.map((piece) => {
        const [key = '', value = ''] = piece.split('=').map((x) => x.trim().toLowerCase());
        return [key, value.replace(/^"|"$/g, '')] as const;
      }));
      return { type: type.toLowerCase(), params };
    })
    .filter((range) => range.type !== '' && range.params.get('q') !== '0');
}

/** CAR parameters this gateway answers: CARv1, depth-first or unknown order, duplicates or not (it never sends any). */
const carSupported = (params: Map<string, string>) =>
  ['', '1'].includes(params.get('version') ?? '') && ['', 'dfs', 'unk'].includes(params.get('order') ?? '') && ['', 'y', 'n'].includes(params.get('dups') ?? '');

/**
 * What a GET /ipfs/{cid} asks for: a raw block, a CAR, an error (400: a bad `format` or `dag-scope`; 406: only IPLD
 * types this gateway does not answer), or null for the file itself. Accept wins over `?format=`, as the spec says.
 */
export function negotiateTrustless(accept: string | undefined, format: string | undefined, dagScope: string | undefined): Negotiation {
  const scope = (dagScope ?? 'all') as DagScope;
  const car = (): Negotiation => (['all', 'entity', 'block'].includes(scope) ? { format: 'car', scope } : { error: 400, message: `Unsupported dag-scope: ${dagScope}.` });
  const ranges = mediaRanges(accept ?? '');
  for (const range of ranges) {
    if (range.type === RAW_TYPE) return { format: 'raw' };
    if (range.type === CAR_TYPE && carSupported(range.params)) return car();
  }
  const ipld = ranges.filter((range) => range.type.startsWith('application/vnd.ipld.'));
  if (ipld.length > 0 && ipld.length === ranges.length) {
    return { error: 406, message: `Not acceptable: this gateway answers ${RAW_TYPE} and ${CAR_TYPE}; version=1.` };
  }
  if (format === undefined || format === '') return null;
  if (format === 'raw') return { format: 'raw' };
  if (format === 'car') return car();
  return { error: 400, message: `Unsupported format: ${format}. This gateway answers format=raw and format=car.` };
}

/** One block's bytes, read when the walk reaches it. */
type BlockBytes = () => Promise<AsyncIterable<Uint8Array> | Uint8Array>;
interface Source {
  root: CID;
  /** The block's size and reader; null when this server does not hold it. */
  block(cid: CID): Promise<{ size: number; read: BlockBytes } | null>;
}

/** Where the blocks of `cid` come from: ipfs_blocks, or a media file (its blob); null when this server has neither. */
async function sourceOf(db: Db, store: MediaStore, root: CID): Promise<Source | null> {
  const key = root.toV1().toString();
  const reader = blockReader(db, store);
  if ((await reader.known([key])).size > 0) {
    let recorded = false;
    return {
      root,
      async block(cid) {
        let bytes = await reader.get(cid);
        // A leaf shared with a file since deleted (its row went with it): recorded again from this file's blob.
        if (!bytes && !recorded && root.code === dagPb.code && (await store.get(key))) {
          recorded = true;
          await recordFileBlocks(db, store.blobs, key, mediaKey(key));
          bytes = await reader.get(cid);
        }
        return bytes ? { size: bytes.byteLength, read: async () => bytes } : null;
      },
    };
  }
  const item = await store.get(key);
  if (!item) return null;
  if (root.code === raw.code) {
    // Stored as one raw block (before UnixFS CIDs) or one chunk: the file is the block (its sha-256 is the CID).
    return { root, block: async (cid) => (cid.equals(root) ? { size: item.size, read: () => item.open() } : null) };
  }
  // A dag-pb file stored before its blocks were recorded: recorded now (one streaming read of the blob).
  if (!(await recordFileBlocks(db, store.blobs, key, mediaKey(key)))) return null;
  return sourceOf(db, store, root);
}

function headers(type: string, filename: string, etag: string): Headers {
  return new Headers({
    'Content-Type': type,
    'Cache-Control': IMMUTABLE,
    Vary: 'Accept',
    ETag: etag,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Access-Control-Allow-Origin': '*',
  });
}

const asBody = (source: AsyncIterable<Uint8Array>) =>
  new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const chunk of source) controller.enqueue(chunk);
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });

async function* bytesOf(value: AsyncIterable<Uint8Array> | Uint8Array): AsyncIterable<Uint8Array> {
  if (value instanceof Uint8Array) yield value;
  else yield* value;
}

/** The CARv1 frames: the header naming the root, then each block (varint length, CID, bytes) depth-first, once. */
async function* carFrames(source: Source, scope: DagScope): AsyncIterable<Uint8Array> {
  const size = headerLength({ roots: [source.root] });
  yield close(createWriter(new ArrayBuffer(size), { roots: [source.root], headerSize: size }));
  const sent = new Set<string>();
  async function* walk(cid: CID, follow: boolean): AsyncIterable<Uint8Array> {
    const id = cid.toString();
    if (sent.has(id)) return;
    const block = await source.block(cid);
    if (!block) throw new Error(`Block ${id} is missing.`);
    sent.add(id);
    const length = cid.bytes.byteLength + block.size;
    yield concat(varint.encodeTo(length, new Uint8Array(varint.encodingLength(length))), cid.bytes);
    const value = await block.read();
    if (cid.code !== dagPb.code) {
      yield* bytesOf(value);
      return;
    }
    const bytes = value instanceof Uint8Array ? value : await readAll(value);
    yield bytes;
    if (!follow) return;
    const node = dagPb.decode(bytes);
    const type = node.Data ? UnixFS.unmarshal(node.Data).type : 'file';
    // entity: a file's every block, a directory's own node (and a sharded one's shards), not its children.
    if (scope === 'entity' && type === 'directory') return;
    for (const link of node.Links) {
      const subShard = type === 'hamt-sharded-directory' && (link.Name ?? '').length === 2;
      if (scope === 'entity' && type === 'hamt-sharded-directory' && !subShard) continue;
      yield* walk(link.Hash, true);
    }
  }
  yield* walk(source.root, scope !== 'block');
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}

/** Answers a trustless request for `cid` (already a valid CID string): the raw block or the CAR; 404 when unknown. */
export async function answerTrustless(db: Db, store: MediaStore, cidText: string, ask: TrustlessAsk, method: string, ifNoneMatch: string | undefined): Promise<Response | null> {
  const root = CID.parse(cidText);
  const source = await sourceOf(db, store, root);
  if (!source) return null;
  if (ask.format === 'raw') {
    const block = await source.block(root);
    if (!block) return null;
    const head = headers(RAW_TYPE, `${cidText}.bin`, `"${cidText}.raw"`);
    if (ifNoneMatch === head.get('ETag')) return new Response(null, { status: 304, headers: head });
    head.set('Content-Length', String(block.size));
    return new Response(method === 'HEAD' ? null : asBody(bytesOf(await block.read())), { status: 200, headers: head });
  }
  const head = headers(`${CAR_TYPE}; version=1; order=dfs; dups=n`, `${cidText}.car`, `"${cidText}.car.${ask.scope}"`);
  head.set('X-Content-Type-Options', 'nosniff');
  if (ifNoneMatch === head.get('ETag')) return new Response(null, { status: 304, headers: head });
  return new Response(method === 'HEAD' ? null : asBody(carFrames(source, ask.scope)), { status: 200, headers: head });
}
