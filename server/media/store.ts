// Content-addressed media: CIDv1 (raw codec, sha-256), bytes in the media table, webp thumbnails for images.
import { eq, sql } from 'drizzle-orm';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import sharp from 'sharp';
import { MAX_FILE_SIZE, MAX_VIDEO_SIZE } from '../config.js';
import type { Db } from '../db/client.js';
import { media } from '../db/schema.js';

export const THUMBNAIL_WIDTH = 480;

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

export class MediaError extends Error {
  override name = 'MediaError';
  constructor(
    readonly code: 'unsupported_media_type' | 'too_large' | 'invalid_image' | 'empty',
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface StoredMedia {
  cid: string;
  contentType: string;
  size: number;
  bytes: Uint8Array;
}

export interface MediaStore {
  /**
   * Stores bytes (idempotent) and returns their CIDv1 string. Media nothing names is collected (media/collect.ts)
   * once it is older than the grace period: name what you store within it.
   */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  get(cid: string): Promise<StoredMedia | null>;
  /** The 480px-wide webp thumbnail; null when the media is missing or is not an image. */
  thumbnail(cid: string): Promise<{ bytes: Uint8Array; contentType: 'image/webp' } | null>;
}

/** Lower-cases and strips parameters: "Image/PNG; charset=x" → "image/png". */
export function normalizeContentType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export async function cidFor(bytes: Uint8Array): Promise<string> {
  return CID.createV1(raw.code, await sha256.digest(bytes)).toString();
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

function checkUpload(bytes: Uint8Array, contentType: string): void {
  if (bytes.byteLength === 0) throw new MediaError('empty', 400, 'The file is empty.');
  const isImage = IMAGE_TYPES.has(contentType);
  const isVideo = VIDEO_TYPES.has(contentType);
  if (!isImage && !isVideo && !OTHER_TYPES.has(contentType)) {
    throw new MediaError('unsupported_media_type', 415, `Unsupported content type: ${contentType || '(none)'}.`);
  }
  const limit = isVideo ? MAX_VIDEO_SIZE : MAX_FILE_SIZE;
  if (bytes.byteLength > limit) {
    throw new MediaError('too_large', 413, `The file is larger than the ${limit / 1_048_576} MB limit.`);
  }
}

async function makeThumbnail(bytes: Uint8Array, contentType: string): Promise<Uint8Array> {
  try {
    // Decoding also proves the bytes are the image they claim to be.
    const image = sharp(bytes, { animated: false, limitInputPixels: 100_000_000 });
    const { format } = await image.metadata();
    const expected = contentType.slice('image/'.length);
    if (format !== expected) throw new Error(`decoded as ${format}`);
    const out = await image
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch {
    throw new MediaError('invalid_image', 415, `The file is not a valid ${contentType} image.`);
  }
}

const asBytes = (value: Uint8Array): Uint8Array =>
  value instanceof Buffer ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : value;

export function createMediaStore(db: Db): MediaStore {
  return {
    async put(bytes, rawContentType) {
      const contentType = normalizeContentType(rawContentType);
      checkUpload(bytes, contentType);
      const cid = await cidFor(bytes);
      // Stored already: marked reused, so the media collection keeps it while the caller names it (media/collect.ts).
      const existing = await db.update(media).set({ reusedAt: sql`now()` }).where(eq(media.cid, cid)).returning({ cid: media.cid });
      if (existing.length > 0) return cid;
      const thumbnail = IMAGE_TYPES.has(contentType) ? await makeThumbnail(bytes, contentType) : null;
      await db
        .insert(media)
        .values({ cid, contentType, size: bytes.byteLength, bytes, thumbnail })
        .onConflictDoUpdate({ target: media.cid, set: { reusedAt: sql`now()` } });
      return cid;
    },

    async get(cid) {
      const [row] = await db
        .select({ cid: media.cid, contentType: media.contentType, size: media.size, bytes: media.bytes })
        .from(media)
        .where(eq(media.cid, cid));
      return row ? { ...row, bytes: asBytes(row.bytes) } : null;
    },

    async thumbnail(cid) {
      const [row] = await db.select({ thumbnail: media.thumbnail }).from(media).where(eq(media.cid, cid));
      return row?.thumbnail ? { bytes: asBytes(row.thumbnail), contentType: 'image/webp' } : null;
    },
  };
}
