// What a studio upload may be, decided before any byte arrives (docs/requirements.md#studio-upload: the
// upload screens, the resumable upload and the limits): the upload context and metadata, the file name rule, the extensions each canvas media
// type and context accept, the size limits from config and the number of files a canvas takes.
import { and, count, eq } from 'drizzle-orm';
import { fileNameSchema } from '../../domain/files.js';
import { FILE_NAME_MESSAGE } from '../../domain/messages.js';
import { ACCEPTED_EXTENSIONS, extensionOf, IMAGE_UPLOAD_MAX_FILES, TOKEN_NAME_MAX } from '../../domain/studio.js';
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { tokens } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import type { CanvasRow } from './access.js';

export const UPLOAD_CONTEXTS = ['cover', 'media', 'collection', 'thumbnail'] as const;
export type UploadContext = (typeof UPLOAD_CONTEXTS)[number];
/** What the finished upload becomes: a new token, a token's thumbnail, the canvas cover, or a generative file. */
export type UploadKind = 'token' | 'thumbnail' | 'cover' | 'collection';

/** Longest file name kept (the file-name rule has no length; the filesystem's usual limit). */
export const FILE_NAME_MAX = 255;

/** The content type stored for each accepted extension, and the types a browser may report for it. */
const EXTENSION_TYPES: Record<string, readonly string[]> = {
  jpg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  mp4: ['video/mp4', 'audio/mp4'],
  webm: ['video/webm', 'audio/webm'],
  mov: ['video/quicktime'],
  mp3: ['audio/mpeg', 'audio/mp3'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  ogg: ['audio/ogg', 'application/ogg', 'video/ogg'],
  js: ['text/javascript', 'application/javascript', 'application/x-javascript'],
};
/** Types that say nothing about the file: the extension decides. */
const UNINFORMATIVE_TYPES = new Set(['', 'application/octet-stream']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'webm', 'mov']);

/** The canvas media type → the extensions its token uploads accept (generative tokens are not uploads). */
const TOKEN_EXTENSIONS: Record<string, readonly string[] | undefined> = {
  image: ACCEPTED_EXTENSIONS.image,
  gif: ACCEPTED_EXTENSIONS.gif,
  'multipart/image': ACCEPTED_EXTENSIONS['multipart/image'],
  video: ACCEPTED_EXTENSIONS.video,
};
/** Token files a canvas takes: up to 1000 images, exactly one gif, flipcard image or video (docs/requirements.md#studio-upload). */
const MAX_TOKEN_FILES: Record<string, number> = { image: IMAGE_UPLOAD_MAX_FILES, gif: 1, 'multipart/image': 1, video: 1 };

export const contentTypeFor = (extension: string) => EXTENSION_TYPES[extension]?.[0] ?? null;
export const isVideoExtension = (extension: string) => VIDEO_EXTENSIONS.has(extension);

/** The metadata the studio sends (docs/requirements.md#studio-upload), every value text. */
export interface UploadMetadata {
  filename: string;
  /** The token name: the metadata `name`, else the file name without its extension; at most 50 characters. */
  tokenName: string;
  /** The browser's type for the file, when it gave one. */
  type: string | null;
  category: 'token' | 'collection' | null;
  properties: Record<string, unknown> | null;
  attributes: Record<string, unknown> | null;
  /** The token a thumbnail belongs to (its tokenId). */
  token: string | null;
}

export interface UploadPlan {
  context: UploadContext;
  kind: UploadKind;
  metadata: UploadMetadata;
  extension: string;
  /** The content type the bytes are stored as. */
  contentType: string;
  size: number;
  /** The token row a thumbnail goes to. */
  tokenRef: number | null;
}

const bad = (message: string, code = 'invalid_input') => new ApiError(400, code, message);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses tus's Upload-Metadata ("key base64value,key2 base64value2"); a malformed header is a 400. */
export function parseTusMetadata(header: string | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!header?.trim()) return result;
  for (const pair of header.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !/^[A-Za-z0-9_.-]{1,64}$/.test(key) || !BASE64.test(value) || key in result) {
      throw bad('The Upload-Metadata header is malformed.', 'invalid_metadata');
    }
    try {
      result[key] = utf8.decode(Buffer.from(value, 'base64'));
    } catch {
      throw bad(`The upload metadata "${key}" is not UTF-8 text.`, 'invalid_metadata');
    }
  }
  return result;
}

function jsonObject(text: string | undefined, field: string): Record<string, unknown> | null {
  if (text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw bad(`The upload metadata "${field}" must be JSON text.`, 'invalid_metadata');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw bad(`The upload metadata "${field}" must be a JSON object.`, 'invalid_metadata');
  }
  return value as Record<string, unknown>;
}

/** The studio's metadata from the raw tus metadata, with the file-name rule (docs/requirements.md#studio-upload) applied. */
export function readUploadMetadata(raw: Record<string, string>): UploadMetadata {
  const filename = raw.filename ?? raw.name ?? '';
  if (!fileNameSchema.safeParse(filename).success || filename.startsWith('.')) throw bad(FILE_NAME_MESSAGE, 'invalid_file_name');
  if (filename.length > FILE_NAME_MAX) throw bad(`The file name is longer than ${FILE_NAME_MAX} characters.`, 'invalid_file_name');
  const stem = filename.includes('.') ? filename.slice(0, filename.lastIndexOf('.')) : filename;
  const tokenName = (raw.name?.trim() || stem).slice(0, TOKEN_NAME_MAX).trim() || stem.slice(0, TOKEN_NAME_MAX);
  const category = raw.category ?? null;
  if (category !== null && category !== 'token' && category !== 'collection') {
    throw bad('The upload metadata "category" must be token or collection.', 'invalid_metadata');
  }
  const token = raw.token?.trim() || null;
  if (token !== null && !/^[1-9]\d{0,30}$/.test(token)) throw bad('The upload metadata "token" must be a token id.', 'invalid_metadata');
  return {
    filename,
    tokenName,
    type: raw.type?.trim().toLowerCase() ?? null,
    category,
    properties: jsonObject(raw.properties, 'properties'),
    attributes: jsonObject(raw.attributes, 'attributes'),
    token,
  };
}

/** The upload-context header (default media). */
export function readUploadContext(header: string | null | undefined): UploadContext {
  const value = (header ?? '').trim().toLowerCase() || 'media';
  if (!(UPLOAD_CONTEXTS as readonly string[]).includes(value)) {
    throw bad(`The upload-context header must be one of ${UPLOAD_CONTEXTS.join(', ')}.`, 'invalid_context');
  }
  return value as UploadContext;
}

/** Which upload it is: a generative script or asset (context collection, or media with category collection), else the context's. */
export function uploadKind(context: UploadContext, category: UploadMetadata['category']): UploadKind {
  if (context === 'collection' || (context === 'media' && category === 'collection')) return 'collection';
  if (context === 'media') return 'token';
  return context;
}

/** The extensions an upload of this kind accepts on this canvas; null when the canvas takes no such upload. */
export function acceptedExtensions(kind: UploadKind, mediaType: string): readonly string[] | null {
  if (kind === 'cover') return ACCEPTED_EXTENSIONS.cover;
  if (kind === 'thumbnail') return ACCEPTED_EXTENSIONS.thumbnail;
  if (kind === 'collection') return mediaType === 'multipart/mixed' ? ACCEPTED_EXTENSIONS['multipart/mixed'] : null;
  return TOKEN_EXTENSIONS[mediaType] ?? null;
}

/** The byte limit for a file with this extension: maxVideoSize for videos, maxFileSize for everything else. */
export const sizeLimitFor = (extension: string, config: Pick<PublicConfig, 'maxFileSize' | 'maxVideoSize'>) =>
  isVideoExtension(extension) ? config.maxVideoSize : config.maxFileSize;

export const tooLargeMessage = (limit: number) => `The file is larger than the ${Math.round((limit / 1_048_576) * 10) / 10} MB limit.`;

/** Every rule that needs only the request: context, metadata, name, extension, type and size. */
export function planFromRequest(
  canvas: Pick<CanvasRow, 'mediaType'>,
  headers: { context: string | null | undefined; metadata: string | null | undefined; length: string | null | undefined },
  config: Pick<PublicConfig, 'maxFileSize' | 'maxVideoSize'>,
): Omit<UploadPlan, 'tokenRef'> {
  const context = readUploadContext(headers.context);
  const metadata = readUploadMetadata(parseTusMetadata(headers.metadata));
  const kind = uploadKind(context, metadata.category);
  const accepted = acceptedExtensions(kind, canvas.mediaType);
  if (!accepted) {
    throw kind === 'token' && canvas.mediaType === 'multipart/mixed'
      ? bad('Generative tokens are created from the script: upload the script and its assets as collection files.', 'invalid_context')
      : bad('This collection takes no collection files: only generative art has a script and assets.', 'invalid_context');
  }
  const extension = extensionOf(metadata.filename);
  const contentType = contentTypeFor(extension);
  const allowed = accepted.map((ext) => `.${ext}`).join(', ');
  if (!contentType || !accepted.includes(extension as never)) {
    throw new ApiError(415, 'unsupported_file_type', `This file type is not accepted here. Accepted: ${allowed}.`);
  }
  if (metadata.type && !UNINFORMATIVE_TYPES.has(metadata.type) && !EXTENSION_TYPES[extension]!.includes(metadata.type)) {
    throw new ApiError(415, 'unsupported_file_type', `The file's type ${metadata.type} does not match its .${extension} name.`);
  }
  if (headers.length === null || headers.length === undefined || !/^\d{1,15}$/.test(headers.length.trim())) {
    throw bad('Send the file size in Upload-Length (deferred lengths are not accepted).', 'invalid_length');
  }
  const size = Number(headers.length.trim());
  if (size === 0) throw bad('The file is empty.', 'empty');
  const limit = sizeLimitFor(extension, config);
  if (size > limit) throw new ApiError(413, 'too_large', tooLargeMessage(limit));
  return { context, kind, metadata, extension, contentType, size };
}

/**
 * The rules that read the database: a thumbnail names an existing token of the canvas; a token upload fits the
 * canvas's number of files. Checked again when the upload finishes, under the canvas's row lock.
 */
export async function resolveTarget(db: Pick<Db, 'select'>, canvas: Pick<CanvasRow, 'id' | 'mediaType'>, plan: Pick<UploadPlan, 'kind' | 'metadata'>): Promise<number | null> {
  if (plan.kind === 'thumbnail') {
    if (!plan.metadata.token) throw bad('A thumbnail upload names its token in the metadata "token".', 'invalid_metadata');
    const [token] = await db
      .select({ id: tokens.id })
      .from(tokens)
      .where(and(eq(tokens.collectionId, canvas.id), eq(tokens.tokenId, plan.metadata.token)));
    if (!token) throw new ApiError(404, 'token_not_found', `This collection has no token ${plan.metadata.token}.`);
    return token.id;
  }
  if (plan.kind === 'token') await assertRoomForToken(db, canvas);
  return null;
}

/** The token files a canvas of this media type takes. */
export const maxTokenFiles = (mediaType: string) => MAX_TOKEN_FILES[mediaType] ?? 0;

export const tooManyFilesMessage = (max: number) =>
  max === 1 ? 'This collection takes exactly one file, and it has it already.' : `This collection takes at most ${max} files.`;

/**
 * 409 when the canvas already has all the token files its media type takes. Its open uploads count too when the
 * upload is created (uploadQuota.ts); this is the check of the last byte, under the canvas's row lock.
 */
export async function assertRoomForToken(db: Pick<Db, 'select'>, canvas: Pick<CanvasRow, 'id' | 'mediaType'>): Promise<void> {
  const max = maxTokenFiles(canvas.mediaType);
  const [row] = await db.select({ n: count() }).from(tokens).where(eq(tokens.collectionId, canvas.id));
  if ((row?.n ?? 0) >= max) throw new ApiError(409, 'too_many_files', tooManyFilesMessage(max));
}
