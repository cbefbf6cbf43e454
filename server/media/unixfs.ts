// Content addresses of new media (IPFS-compatible content addresses): UnixFS CIDv1 as `ipfs add --cid-version=1 --raw-leaves` makes
// them — 256 KiB fixed-size chunks, a balanced DAG of at most 174 links per node, raw leaves, a single chunk reduced
// to itself. A file of one chunk (≤ 256 KiB) is a raw-codec CID (the same CID as the whole-file sha-256 this store
// used before); a bigger file is a dag-pb root. The CID is computed from the stream while it is written: nothing
// but the chunk in flight is held, and the DAG's blocks are not kept (the bytes themselves are the blob).
import { importByteStream, type ImporterOptions } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';

/** kubo's defaults: UnixFSChunker size-262144, UnixFSFileMaxLinks 174. */
export const UNIXFS_CHUNK_SIZE = 262_144;
export const UNIXFS_MAX_LINKS = 174;

export interface UnixfsShape {
  chunkSize: number;
  maxLinks: number;
}

const KUBO_ADD: UnixfsShape = { chunkSize: UNIXFS_CHUNK_SIZE, maxLinks: UNIXFS_MAX_LINKS };

export function unixfsImporterOptions({ chunkSize, maxLinks }: UnixfsShape = KUBO_ADD): ImporterOptions {
  return {
    cidVersion: 1,
    rawLeaves: true,
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize }),
    layout: balanced({ maxChildrenPerNode: maxLinks }),
  };
}

/** Blocks are only hashed: the blob store keeps the file's bytes, from which any block can be made again. */
const discard = { put: async <K>(key: K) => key };

/** The UnixFS CIDv1 of the bytes `source` yields (consumed once). */
export async function unixfsCid(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, shape?: UnixfsShape): Promise<string> {
  const result = await importByteStream(source, discard, unixfsImporterOptions(shape));
  return result.cid.toString();
}
