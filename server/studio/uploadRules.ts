// What a studio upload may be, decided before any byte arrives (docs/requirements.md#studio-upload: the
// upload screens, the resumable upload and the limits): the upload context and metadata, the file name rule, the extensions each canvas media
// type and context accept, the size limits from config and the number of files a canvas takes.
import {
  parseTusMetadata as parseMetadataHeader,
  readUploadContext as readContext,
  readUploadMetadata as readMetadata,
  type UploadContext,
  type UploadMetadata,
  type UploadRefusal,
} from '../../domain/contracts/upload.js';
import { ACCEPTED_EXTENSIONS, extensionOf, IMAGE_UPLOAD_MAX_FILES } from '../../domain/studio.js';
import type { PublicConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { CanvasRow } from './queries/canvases.js';
import { canvasTokenByNumber, tokenCountOf } from './queries/tokens.js';

export { FILE_NAME_MAX, UPLOAD_CONTEXTS, type UploadContext, type UploadMetadata } from '../../domain/contracts/upload.js';
/** What the finished upload becomes: a new token, a token's thumbnail, the canvas cover, or a generative file. */
export type UploadKind = 'token' | 'thumbnail' | 'cover' | 'collection';

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

/** The upload's refusal (domain/contracts/upload.ts) as the 400 the server answers. */
function accepted<T extends { ok: true }>(read: T | UploadRefusal): T {
  if (!read.ok) throw bad(read.message, read.code);
  return read;
}

/** Parses tus's Upload-Metadata ("key base64value,key2 base64value2"); a malformed header is a 400. */
export const parseTusMetadata = (header: string | null | undefined): Record<string, string> => accepted(parseMetadataHeader(header)).raw;

/** The studio's metadata from the raw tus metadata, with the file-name rule (docs/requirements.md#studio-upload) applied; else a 400. */
export const readUploadMetadata = (raw: Record<string, string>): UploadMetadata => accepted(readMetadata(raw)).metadata;

/** The upload-context header (default media); another value is a 400. */
export const readUploadContext = (header: string | null | undefined): UploadContext => accepted(readContext(header)).context;

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
    const token = await canvasTokenByNumber(db, canvas.id, plan.metadata.token);
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
  if ((await tokenCountOf(db, canvas.id)) >= max) throw new ApiError(409, 'too_many_files', tooManyFilesMessage(max));
}
