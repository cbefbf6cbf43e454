// The studio's tus wire (docs/requirements.md#studio-upload): the headers the studio sends beside tus's own, the upload
// context and the metadata, and the server's reading of them. src/services/studio/tusUpload.ts sends them,
// server/studio/upload.ts reads them with the functions here. Plain TypeScript (no zod): the studio list's first load
// imports the client's upload module.
import { FILE_NAME_MESSAGE } from '../messages';
import { hasValidFileName, TOKEN_NAME_MAX } from '../studioRules';

/** The request header naming what the upload is for (UPLOAD_CONTEXTS; absent or empty: media). */
export const UPLOAD_CONTEXT_HEADER = 'upload-context';
/** The request header naming the canvas, which must be the upload URL's. */
export const CONTAINER_ID_HEADER = 'container_id';
/** The response header naming the token an upload created or changed (also on the HEAD of a finished upload). */
export const TOKEN_ID_HEADER = 'token-id';

/** See docs/requirements.md#studio-upload "upload-context (cover, media, collection or thumbnail; default media)". */
export const UPLOAD_CONTEXTS = ['cover', 'media', 'collection', 'thumbnail'] as const;
export type UploadContext = (typeof UPLOAD_CONTEXTS)[number];
export const DEFAULT_UPLOAD_CONTEXT: UploadContext = 'media';

/** See docs/requirements.md#studio-upload metadata "category (token or collection)". */
export const UPLOAD_CATEGORIES = ['token', 'collection'] as const;
export type UploadCategory = (typeof UPLOAD_CATEGORIES)[number];

/** The tus metadata the studio sends (every value text; tus sends each base64-encoded in Upload-Metadata). */
export type UploadMetadataFields = {
  filename: string;
  /** The token's name (default: the file name without its extension). */
  name?: string;
  /** The browser's type for the file. */
  type?: string;
  category?: UploadCategory;
  /** JSON objects, as text. */
  properties?: string;
  attributes?: string;
  /** The token a thumbnail belongs to (its tokenId). */
  token?: string;
};

/** Longest file name kept (the file-name rule has no length; the filesystem's usual limit). */
export const FILE_NAME_MAX = 255;

/** The studio's metadata as the server reads it. */
export interface UploadMetadata {
  filename: string;
  /** The token name: the metadata `name`, else the file name without its extension; at most 50 characters. */
  tokenName: string;
  /** The browser's type for the file, when it gave one. */
  type: string | null;
  category: UploadCategory | null;
  properties: Record<string, unknown> | null;
  attributes: Record<string, unknown> | null;
  /** The token a thumbnail belongs to (its tokenId). */
  token: string | null;
}

/** Why the upload's headers are refused (the server answers 400 with the code and the message). */
export interface UploadRefusal {
  ok: false;
  code: 'invalid_metadata' | 'invalid_file_name' | 'invalid_context';
  message: string;
}

const refused = (code: UploadRefusal['code'], message: string): UploadRefusal => ({ ok: false, code, message });

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const MALFORMED = 'The Upload-Metadata header is malformed.';

function decodeBase64Text(value: string): string | null {
  try {
    const binary = atob(value);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Reads tus's Upload-Metadata ("key base64value,key2 base64value2") into text values. */
export function parseTusMetadata(header: string | null | undefined): { ok: true; raw: Record<string, string> } | UploadRefusal {
  const raw: Record<string, string> = {};
  if (!header?.trim()) return { ok: true, raw };
  for (const pair of header.split(',')) {
    const [key, value = '', ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !METADATA_KEY.test(key) || !BASE64.test(value) || key in raw) return refused('invalid_metadata', MALFORMED);
    if (value.length % 4 === 1) return refused('invalid_metadata', MALFORMED);
    const text = decodeBase64Text(value);
    if (text === null) return refused('invalid_metadata', `The upload metadata "${key}" is not UTF-8 text.`);
    raw[key] = text;
  }
  return { ok: true, raw };
}

function jsonObject(text: string | undefined, field: string): { ok: true; value: Record<string, unknown> | null } | UploadRefusal {
  if (text === undefined || text === '') return { ok: true, value: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return refused('invalid_metadata', `The upload metadata "${field}" must be JSON text.`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return refused('invalid_metadata', `The upload metadata "${field}" must be a JSON object.`);
  return { ok: true, value: value as Record<string, unknown> };
}

/** The studio's metadata from the raw tus metadata, with the file-name rule (docs/requirements.md#studio-upload) applied. */
export function readUploadMetadata(raw: Record<string, string>): { ok: true; metadata: UploadMetadata } | UploadRefusal {
  const filename = raw.filename ?? raw.name ?? '';
  if (!hasValidFileName(filename) || filename.startsWith('.')) return refused('invalid_file_name', FILE_NAME_MESSAGE);
  if (filename.length > FILE_NAME_MAX) return refused('invalid_file_name', `The file name is longer than ${FILE_NAME_MAX} characters.`);
  const stem = filename.includes('.') ? filename.slice(0, filename.lastIndexOf('.')) : filename;
  const tokenName = (raw.name?.trim() || stem).slice(0, TOKEN_NAME_MAX).trim() || stem.slice(0, TOKEN_NAME_MAX);
  const category = UPLOAD_CATEGORIES.find((known) => known === raw.category) ?? null;
  if (raw.category !== undefined && category === null) return refused('invalid_metadata', 'The upload metadata "category" must be token or collection.');
  const token = raw.token?.trim() || null;
  if (token !== null && !/^[1-9]\d{0,30}$/.test(token)) return refused('invalid_metadata', 'The upload metadata "token" must be a token id.');
  const properties = jsonObject(raw.properties, 'properties');
  if (!properties.ok) return properties;
  const attributes = jsonObject(raw.attributes, 'attributes');
  if (!attributes.ok) return attributes;
  return {
    ok: true,
    metadata: {
      filename,
      tokenName,
      type: raw.type?.trim().toLowerCase() ?? null,
      category,
      properties: properties.value,
      attributes: attributes.value,
      token,
    },
  };
}

/** The upload-context header (absent or empty: media). */
export function readUploadContext(header: string | null | undefined): { ok: true; context: UploadContext } | UploadRefusal {
  const value = (header ?? '').trim().toLowerCase() || DEFAULT_UPLOAD_CONTEXT;
  const context = UPLOAD_CONTEXTS.find((known) => known === value);
  return context ? { ok: true, context } : refused('invalid_context', `The ${UPLOAD_CONTEXT_HEADER} header must be one of ${UPLOAD_CONTEXTS.join(', ')}.`);
}
