// The blob store (media in a blob store, out of the database): media, thumbnails and legacy media bytes behind one interface, on the filesystem
// in the data folder (fs.ts, the default) or in an S3-compatible bucket (s3.ts). Bytes stream both ways: `add`
// writes a stream to a temporary name while computing its UnixFS CID and then moves it to the CID's key; `get`
// reads a blob or one byte range of it (only that range is read). The database keeps metadata only.
import type { Readable } from 'node:stream';
import { unixfsCid } from '../unixfs.js';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface BlobStore {
  readonly kind: 'fs' | 's3';
  /**
   * Writes the stream under `prefix + <its UnixFS CID>` (temporary name first, then moved: a reader never sees a
   * partial blob) and returns the CID and size. Writing bytes already stored leaves them as they are. Throws
   * BlobTooLargeError, removing what it wrote, once more than `maxBytes` arrive.
   */
  add(prefix: string, source: AsyncIterable<Uint8Array>, options?: { maxBytes?: number }): Promise<{ cid: string; size: number }>;
  /** Writes bytes under a key of the caller's choosing (thumbnails, legacy media keeping their CIDs). */
  write(key: string, source: AsyncIterable<Uint8Array> | Uint8Array): Promise<number>;
  /** The blob (or its byte range) as a stream; null when there is no such blob. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The blob's size; null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Deletes the blob (a missing one is not an error). */
  delete(key: string): Promise<void>;
}

export class BlobTooLargeError extends Error {
  override name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The blob is larger than ${maxBytes} bytes.`);
  }
}

/** Blob keys: a path of lower-case letters, digits and - _ . (no "..", no leading slash). */
const KEY = /^(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*$/i;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Invalid blob key: ${key}`);
}

/**
 * Passes every chunk of `source` to `write` (awaited: the writer's backpressure) and, at the same time, to the UnixFS
 * hasher; returns the CID and the size. Throws BlobTooLargeError past `maxBytes`.
 */
export async function writeHashing(
  source: AsyncIterable<Uint8Array>,
  write: (chunk: Uint8Array) => Promise<void>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<{ cid: string; size: number }> {
  let size = 0;
  async function* tee() {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
      await write(chunk);
      yield chunk;
    }
  }
  const cid = await unixfsCid(tee());
  return { cid, size };
}

/** Streams chunks into a temporary blob; once `fill` is done, the blob is moved to `keyOf(fill's result)`. */
export type ThroughTemp = <T>(fill: (write: (chunk: Uint8Array) => Promise<void>) => Promise<T>, keyOf: (result: T) => string) => Promise<T>;

/** A driver's add and write, made from its way to write through a temporary blob. */
export function temporaryWrites(throughTemp: ThroughTemp, checkKey: (key: string) => void): Pick<BlobStore, 'add' | 'write'> {
  return {
    add: (prefix, source, options) => throughTemp((write) => writeHashing(source, write, options?.maxBytes), ({ cid }) => `${prefix}${cid}`),
    async write(key, source) {
      checkKey(key);
      const input = source instanceof Uint8Array ? once(source) : source;
      return throughTemp(async (write) => {
        let size = 0;
        for await (const chunk of input) {
          size += chunk.byteLength;
          await write(chunk);
        }
        return size;
      }, () => key);
    },
  };
}

export async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** Reads a whole (small) stream: manifests, scripts and pages a route needs as text. */
export async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  const all = Buffer.concat(chunks);
  return new Uint8Array(all.buffer, all.byteOffset, all.byteLength);
}
