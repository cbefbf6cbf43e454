// Content-addressed media (IPFS-compatible, out of the database): UnixFS CIDv1 (media/unixfs.ts; media stored before keep their raw sha-256
// CIDs), bytes and webp thumbnails in the blob store (media/blobStore), metadata in the media table.
import type { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { CID } from 'multiformats/cid';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../domain/responsiveImage.js';
import { MAX_FILE_SIZE, MAX_VIDEO_SIZE } from '../config.js';
import type { Db } from '../db/client.js';
import { media } from '../db/schema.js';
import { BlobTooLargeError, readAll, type BlobStore, type ByteRange } from './blobStore/index.js';
import { once } from './blobStore/types.js';
import { forgetFileBlocks, recordFileBlocks } from './directory.js';
import { MediaError } from './mediaError.js';
import { UNIXFS_CHUNK_SIZE, unixfsCid } from './unixfs.js';

export const THUMBNAIL_WIDTH = 480;
/**
 * The widths of an image's derivatives (fast on phones): webp copies made on first request, `/ipfs/<cid>?w=<width>`. A
 * fixed set bounds what a CID can make us store; none is wider than the original (a narrower original is copied at
 * its own width). AVIF was measured here 30× slower than webp to encode (3.6 s against 0.1 s at 640 px of a
 * 3000 px PNG), too slow for a first request: webp only. The app's srcset names the same list (domain/responsiveImage.ts).
 */
export const DERIVATIVE_WIDTHS = IMAGE_WIDTHS;
export type DerivativeWidth = (typeof DERIVATIVE_WIDTHS)[number];
// Still images only: a gif (and an animated webp) keeps its original, animation and all.
const STILL_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

// SVG and other active content are left out on purpose: they could run script from our origin.
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/webm', 'video/quicktime']);
const OTHER_TYPES = new Set([
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'text/javascript', // generative art scripts
  'text/html', // article bodies (served sandboxed)
  'text/plain',
  'application/json', // token metadata
]);

export interface StoredMedia {
  cid: string;
  contentType: string;
  size: number;
  /** The bytes (or one byte range of them) as a stream, read from the blob store. */
  open(range?: ByteRange): Promise<Readable>;
  /** All the bytes: for small documents only (manifests, scripts, article pages). */
  read(): Promise<Uint8Array>;
}

export interface StoredThumbnail {
  contentType: 'image/webp';
  size: number;
  open(): Promise<Readable>;
}

/** What `/ipfs/<cid>?w=` answers: a webp derivative, the original (a gif or animated image), or nothing to resize. */
export type DerivativeAnswer = { kind: 'derivative'; thumbnail: StoredThumbnail } | { kind: 'original' } | { kind: 'not_image' } | { kind: 'missing' };

export interface MediaStore {
  /**
   * Stores bytes (idempotent) and returns their CID. Media nothing names is collected (media/collect.ts) once it is
   * older than the grace period: name what you store within it.
   */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /**
   * Stores a stream (a finished upload): the CID is computed while the bytes are written, then an image is checked
   * and thumbnailed from the stored blob.
   */
  putStream(source: AsyncIterable<Uint8Array>, contentType: string): Promise<string>;
  get(cid: string): Promise<StoredMedia | null>;
  /** The 480px-wide webp thumbnail; null when the media is missing or is not an image. */
  thumbnail(cid: string): Promise<StoredThumbnail | null>;
  /**
   * The webp derivative of a still image at `width` (DERIVATIVE_WIDTHS): made from the stored blob on the first
   * request (concurrent first requests make it once) and stored as a blob, so later requests only read it.
   */
  derivative(cid: string, width: DerivativeWidth): Promise<DerivativeAnswer>;
  /** This store writing its metadata inside a transaction (put marks reuse under the caller's row locks). */
  within(tx: Pick<Db, 'select' | 'insert' | 'update'>): MediaStore;
  /** Deletes the blobs of media rows the collection deleted (a CID stored again meanwhile keeps its bytes). */
  forget(cids: readonly string[]): Promise<void>;
  readonly blobs: BlobStore;
}

/** Lower-cases and strips parameters: "Image/PNG; charset=x" → "image/png". */
export function normalizeContentType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** The CID put() gives these bytes: UnixFS CIDv1 (media/unixfs.ts). */
export async function cidFor(bytes: Uint8Array): Promise<string> {
  return unixfsCid([bytes]);
}

/** Parses a CID string; returns the canonical v1 string or null when it is not a CID. */
export function parseCid(value: string): string | null {
  if (value.length > 200) return null;
  try {
    return CID.parse(value).toV1().toString();
  } catch {
    return null;
  }
}

/** The blob keys of a media item's bytes and of its thumbnail. */
export const mediaKey = (cid: string) => `media/${cid}`;
export const thumbnailKey = (cid: string) => `thumbnails/${cid}`;
export const derivativeKey = (cid: string, width: number) => `derivatives/${cid}-${width}`;

function checkType(contentType: string): { isImage: boolean; limit: number } {
  const isImage = IMAGE_TYPES.has(contentType);
  const isVideo = VIDEO_TYPES.has(contentType);
  if (!isImage && !isVideo && !OTHER_TYPES.has(contentType)) {
    throw new MediaError('unsupported_media_type', 415, `Unsupported content type: ${contentType || '(none)'}.`);
  }
  return { isImage, limit: isVideo ? MAX_VIDEO_SIZE : MAX_FILE_SIZE };
}

const tooLarge = (limit: number) => new MediaError('too_large', 413, `The file is larger than the ${limit / 1_048_576} MB limit.`);

/** Reads the stored image as a stream (sharp decodes from it) and writes its webp thumbnail as a blob. */
async function makeThumbnail(blobs: BlobStore, cid: string, contentType: string): Promise<void> {
  const source = await blobs.get(mediaKey(cid));
  if (!source) throw new Error(`The blob of ${cid} is missing.`);
  try {
    // Decoding also proves the bytes are the image they claim to be.
    const decoder = sharp({ animated: false, limitInputPixels: 100_000_000 });
    source.pipe(decoder);
    const { format } = await decoder.metadata();
    const expected = contentType.slice('image/'.length);
    if (format !== expected) throw new Error(`decoded as ${format}`);
    const out = await decoder.rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await blobs.write(thumbnailKey(cid), new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
  } catch {
    source.destroy();
    throw new MediaError('invalid_image', 415, `The file is not a valid ${contentType} image.`);
  }
}

/** Reads the stored image as a stream and writes its webp at `width`; false when it is animated (kept as it is). */
async function makeDerivative(blobs: BlobStore, cid: string, width: number): Promise<boolean> {
  const source = await blobs.get(mediaKey(cid));
  if (!source) throw new Error(`The blob of ${cid} is missing.`);
  const decoder = sharp({ animated: false, limitInputPixels: 100_000_000 });
  source.pipe(decoder);
  try {
    const { pages } = await decoder.metadata();
    if ((pages ?? 1) > 1) return false;
    const out = await decoder.rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await blobs.write(derivativeKey(cid, width), new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
    return true;
  } finally {
    source.destroy();
  }
}

/** Derivatives being made in this process, by blob store and key: a second first request waits for the one under way. */
const makingIn = new WeakMap<BlobStore, Map<string, Promise<boolean>>>();
/** Animated images seen here: they have no derivatives, and are not decoded again to learn it. */
const animated = new Set<string>();

/**
 * One writer of a CID's row and blob at a time in this process: a put that stores bytes again and the collection
 * deleting the same CID's blob cannot interleave (the server is the one process that writes the blob store).
 */
const cidLocks = new Map<string, Promise<unknown>>();
async function withCidLock<T>(cid: string, run: () => Promise<T>): Promise<T> {
  const before = cidLocks.get(cid) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(run);
  const tail = mine.catch(() => undefined);
  cidLocks.set(cid, tail);
  try {
    return await mine;
  } finally {
    if (cidLocks.get(cid) === tail) cidLocks.delete(cid);
  }
}

/** The media store of each database handle, for the collection (collect.ts) to delete the blobs of what it deletes. */
const storesByDb = new WeakMap<object, MediaStore>();
export const mediaStoreOf = (db: object): MediaStore | undefined => storesByDb.get(db);

export function createMediaStore(db: Db, blobs: BlobStore): MediaStore {
  const store = mediaStoreOver(db as Pick<Db, 'select' | 'insert' | 'update'>, db, blobs);
  storesByDb.set(db, store);
  return store;
}

function mediaStoreOver(meta: Pick<Db, 'select' | 'insert' | 'update'>, root: Db, blobs: BlobStore): MediaStore {
  async function store(source: AsyncIterable<Uint8Array>, rawContentType: string): Promise<string> {
    const contentType = normalizeContentType(rawContentType);
    const { isImage, limit } = checkType(contentType);
    let added: { cid: string; size: number };
    try {
      added = await blobs.add('media/', source, { maxBytes: limit });
    } catch (error) {
      if (error instanceof BlobTooLargeError) throw tooLarge(limit);
      throw error;
    }
    const { cid, size } = added;
    return withCidLock(cid, async () => {
      // The collection deleting this CID's blob between our write and this lock (it deletes under the lock too, and
      // keeps a blob whose row exists): the bytes are gone, so the request fails rather than name missing bytes.
      if (!(await blobs.stat(mediaKey(cid)))) throw new Error(`The blob of ${cid} was collected while it was stored: try again.`);
      // Stored already: marked reused, so the media collection keeps it while the caller names it (media/collect.ts).
      const existing = await meta.update(media).set({ reusedAt: sql`now()` }).where(eq(media.cid, cid)).returning({ cid: media.cid });
      if (existing.length > 0) return cid;
      try {
        if (size === 0) throw new MediaError('empty', 400, 'The file is empty.');
        if (isImage) await makeThumbnail(blobs, cid, contentType);
      } catch (error) {
        await blobs.delete(mediaKey(cid));
        throw error;
      }
      await meta
        .insert(media)
        .values({ cid, contentType, size })
        .onConflictDoUpdate({ target: media.cid, set: { reusedAt: sql`now()` } });
      // A file of several chunks: its blocks are recorded for the trustless gateway, after the answer (the gateway
      // records them itself when asked first; a failure here only defers that).
      if (size > UNIXFS_CHUNK_SIZE) void recordFileBlocks(root, blobs, cid, mediaKey(cid)).catch(() => undefined);
      return cid;
    });
  }

  const opener = (key: string) => async (range?: ByteRange) => {
    const stream = await blobs.get(key, range);
    if (!stream) throw new Error(`The blob ${key} is missing.`);
    return stream;
  };

  return {
    blobs,
    put: (bytes, contentType) => store(once(bytes), contentType),
    putStream: (source, contentType) => store(source, contentType),

    async get(cid) {
      const [row] = await meta.select({ cid: media.cid, contentType: media.contentType, size: media.size }).from(media).where(eq(media.cid, cid));
      if (!row) return null;
      const open = opener(mediaKey(cid));
      return { ...row, open, read: async () => readAll(await open()) };
    },

    async thumbnail(cid) {
      const [row] = await meta.select({ contentType: media.contentType }).from(media).where(eq(media.cid, cid));
      if (!row || !IMAGE_TYPES.has(row.contentType)) return null;
      const info = await blobs.stat(thumbnailKey(cid));
      if (!info) return null;
      const open = opener(thumbnailKey(cid));
      return { contentType: 'image/webp', size: info.size, open: () => open() };
    },

    async derivative(cid, width) {
      const [row] = await meta.select({ contentType: media.contentType }).from(media).where(eq(media.cid, cid));
      if (!row) return { kind: 'missing' };
      if (!IMAGE_TYPES.has(row.contentType)) return { kind: 'not_image' };
      if (!STILL_TYPES.has(row.contentType) || animated.has(cid)) return { kind: 'original' };
      const key = derivativeKey(cid, width);
      let info = await blobs.stat(key);
      if (!info) {
        const making = makingIn.get(blobs) ?? new Map<string, Promise<boolean>>();
        makingIn.set(blobs, making);
        let made = making.get(key);
        if (!made) {
          made = makeDerivative(blobs, cid, width).finally(() => making.delete(key));
          making.set(key, made);
        }
        if (!(await made)) {
          animated.add(cid);
          return { kind: 'original' };
        }
        info = await blobs.stat(key);
        if (!info) throw new Error(`The derivative ${key} was not written.`);
      }
      const open = opener(key);
      return { kind: 'derivative', thumbnail: { contentType: 'image/webp', size: info.size, open: () => open() } };
    },

    within: (tx) => mediaStoreOver(tx, root, blobs),

    async forget(cids) {
      for (const cid of new Set(cids)) {
        await withCidLock(cid, async () => {
          const [row] = await root.select({ cid: media.cid }).from(media).where(eq(media.cid, cid));
          if (row) return; // stored again since the collection deleted it
          await blobs.delete(mediaKey(cid));
          await blobs.delete(thumbnailKey(cid));
          for (const width of DERIVATIVE_WIDTHS) await blobs.delete(derivativeKey(cid, width));
          await forgetFileBlocks(root, cid, mediaKey(cid));
        });
      }
    },
  };
}
