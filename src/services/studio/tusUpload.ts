// Studio uploads (docs/requirements.md#studio-upload): tus-js-client to /api/v1/canvas/{containerId}/upload/ in
// 5,000,000-byte chunks, one request at a time, no automatic retries, every request signed (Authorization and a fresh
// Nonce, set in onBeforeRequest). An upload cut by a reload continues from the server's offset: its URL is kept under
// a fingerprint in localStorage (tus-js-client's urlStorage) and found again with findPreviousUploads().
import type { DetailedError, HttpStack, UploadOptions } from 'tus-js-client';
import { UPLOAD_CHUNK_SIZE, UPLOAD_FAILED_MESSAGE } from '../../../domain/studioRules';
import {
  CONTAINER_ID_HEADER,
  DEFAULT_UPLOAD_CONTEXT,
  TOKEN_ID_HEADER,
  UPLOAD_CONTEXT_HEADER,
  type UploadCategory,
  type UploadContext,
  type UploadMetadataFields,
} from '../../../domain/contracts/upload';
import { API_BASE } from '../api';
import { authorizationHeader, type ApiKeyCredentials } from '../authFetch';
import { requestNonce } from '../requestNonce';
import { readErrorBody } from '../../../domain/contracts/errorBody';
import { ServiceError } from '../errors';

/** tus-js-client loads with the first upload: its ~15 KB stay out of the studio pages' first load (the phone-performance work). */
const tusClient = () => import('tus-js-client');

export interface StudioUploadRequest {
  canvasId: string;
  file: Blob;
  /** The file's name (a File's own name when absent). */
  filename?: string;
  context?: UploadContext;
  category?: UploadCategory;
  /** The token a thumbnail belongs to (metadata `token`). */
  tokenId?: string;
  /** The token's name (metadata `name`; defaults to the file name without its extension on the server). */
  name?: string;
  properties?: Record<string, unknown>;
  attributes?: Record<string, unknown>;
  /**
   * What identifies this file across reloads (see pendingFiles.ts `PendingFile.key`): the resume fingerprint is
   * built from it, not from the File object, whose lastModified changes when it is read back from browser storage.
   */
  resumeKey?: string;
}

export interface UploadProgress {
  bytesUploaded: number;
  bytesTotal: number;
  /** 0–100, whole numbers. */
  percent: number;
}

export interface UploadOutcome {
  /** The `token-id` response header: the token a media upload created, or the one a thumbnail was linked to. */
  tokenId: string | null;
  /** The upload's URL on the server. */
  url: string | null;
  /** Whether it continued an upload found under its fingerprint. */
  resumed: boolean;
}

export interface StudioUploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** The app's origin (the endpoint must be absolute for tus to resolve the upload URL). */
  origin?: string;
  /** Tests hand in a fake server and storage. */
  httpStack?: HttpStack;
  urlStorage?: UploadOptions['urlStorage'];
  fileReader?: UploadOptions['fileReader'];
}

/** An upload the server refused or that broke off; `message` is the server's (a refused file name) or the seed's. */
export class StudioUploadError extends ServiceError {
  override name = 'StudioUploadError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export const uploadEndpoint = (canvasId: string, origin: string) => `${origin}${API_BASE}/canvas/${encodeURIComponent(canvasId)}/upload/`;

const fileNameOf = (request: StudioUploadRequest) => request.filename ?? (request.file instanceof File ? request.file.name : 'upload');

/** The resume fingerprint: one canvas, one context, one token (thumbnails), one chosen file. */
export function uploadFingerprint(request: StudioUploadRequest): string {
  const file = request.file;
  const key = request.resumeKey ?? `${fileNameOf(request)}:${file.type}:${file.size}:${file instanceof File ? file.lastModified : 0}`;
  return ['artbazaar-studio', request.canvasId, request.context ?? DEFAULT_UPLOAD_CONTEXT, request.tokenId ?? '', key].join('|');
}

/** tus metadata values are strings: objects go as JSON text (docs/requirements.md#studio-upload "properties", "attributes"). */
export function uploadMetadata(request: StudioUploadRequest): UploadMetadataFields {
  const filename = fileNameOf(request);
  const metadata: UploadMetadataFields = {
    filename,
    name: request.name ?? filename.replace(/\.[^.]+$/, ''),
    type: request.file.type || 'application/octet-stream',
    category: request.category ?? (request.context === 'collection' ? 'collection' : 'token'),
  };
  if (request.properties) metadata.properties = JSON.stringify(request.properties);
  if (request.attributes) metadata.attributes = JSON.stringify(request.attributes);
  if (request.tokenId) metadata.token = request.tokenId;
  return metadata;
}

function toUploadError(error: unknown): StudioUploadError {
  const detailed = error as Partial<DetailedError> | null;
  const response = detailed?.originalResponse ?? null;
  const status = response ? response.getStatus() : null;
  if (response && status !== null && status >= 400 && status < 500) {
    try {
      const body = readErrorBody(JSON.parse(response.getBody()));
      if (body.message) return new StudioUploadError(body.message, status, body.error ?? null, error);
    } catch {
      // Not the server's JSON: the seed's message below.
    }
  }
  return new StudioUploadError(UPLOAD_FAILED_MESSAGE, status, null, error);
}

const abortError = () => new DOMException('The upload was stopped.', 'AbortError');

/**
 * Uploads one file, continuing a previous upload of the same file (same fingerprint) from the server's offset.
 * Resolves with the `token-id` header of the last response — after a resumed upload of a finished file that is the
 * HEAD's. Rejects with StudioUploadError, or an AbortError when `signal` aborts (the upload stays resumable).
 */
export async function uploadStudioFile(credentials: ApiKeyCredentials, request: StudioUploadRequest, options: StudioUploadOptions = {}): Promise<UploadOutcome> {
  if (options.signal?.aborted) throw abortError();
  const origin = options.origin ?? globalThis.location?.origin ?? '';
  const context = request.context ?? DEFAULT_UPLOAD_CONTEXT;
  let tokenId: string | null = null;
  let settle: { resolve: (outcome: UploadOutcome) => void; reject: (error: unknown) => void } | undefined;
  const finished = new Promise<UploadOutcome>((resolve, reject) => {
    settle = { resolve, reject };
  });
  let resumed = false;

  let tus: Awaited<ReturnType<typeof tusClient>>;
  try {
    tus = await tusClient();
  } catch (error) {
    // Its chunk did not load (offline before the worker cached it): the upload failed, and stays resumable.
    throw toUploadError(error);
  }
  if (options.signal?.aborted) throw abortError();
  const { Upload, defaultOptions } = tus;
  const upload = new Upload(request.file, {
    endpoint: uploadEndpoint(request.canvasId, origin),
    chunkSize: UPLOAD_CHUNK_SIZE,
    parallelUploads: 1,
    retryDelays: [],
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async () => uploadFingerprint(request),
    headers: { [UPLOAD_CONTEXT_HEADER]: context, [CONTAINER_ID_HEADER]: request.canvasId },
    metadata: uploadMetadata(request),
    ...(options.httpStack ? { httpStack: options.httpStack } : {}),
    ...(options.fileReader ? { fileReader: options.fileReader } : {}),
    urlStorage: options.urlStorage ?? defaultOptions.urlStorage,
    // A fresh nonce on every request: the server refuses one it has seen.
    onBeforeRequest: (req) => {
      req.setHeader('Authorization', authorizationHeader(credentials));
      req.setHeader('Nonce', requestNonce());
    },
    onAfterResponse: (_req, res) => {
      const header = res.getHeader(TOKEN_ID_HEADER);
      if (header) tokenId = header;
    },
    onProgress: (bytesUploaded, bytesTotal) => {
      options.onProgress?.({ bytesUploaded, bytesTotal, percent: bytesTotal > 0 ? Math.floor((bytesUploaded / bytesTotal) * 100) : 100 });
    },
    onSuccess: ({ lastResponse }) => {
      settle?.resolve({ tokenId: lastResponse.getHeader(TOKEN_ID_HEADER) ?? tokenId, url: upload.url, resumed });
    },
    onError: (error) => settle?.reject(toUploadError(error)),
  });

  const onAbort = () => {
    // Abort without terminating: the server keeps what it has, so the upload can resume later.
    void upload.abort(false);
    settle?.reject(abortError());
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const previous = await upload.findPreviousUploads();
    if (options.signal?.aborted) throw abortError();
    const latest = previous.sort((a, b) => (a.creationTime < b.creationTime ? 1 : -1))[0];
    if (latest) {
      resumed = true;
      upload.resumeFromPreviousUpload(latest);
    }
    upload.start();
    return await finished;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** Forgets every resume fingerprint kept for a canvas (after the canvas is deleted). */
export async function forgetCanvasUploads(canvasId: string, urlStorage?: NonNullable<UploadOptions['urlStorage']>): Promise<void> {
  const storage = urlStorage ?? (await tusClient()).defaultOptions.urlStorage;
  const prefix = `artbazaar-studio|${canvasId}|`;
  const all = await storage.findAllUploads();
  await Promise.all(
    all.filter((entry) => entry.urlStorageKey.includes(prefix)).map((entry) => storage.removeUpload(entry.urlStorageKey)),
  );
}
