// The tus server behind /api/v1/canvas/{containerId}/upload/ (@tus/server 2 with @tus/file-store under
// <DATA_DIR>/uploads: each upload is a file plus a .json info file, so an upload resumes across a server restart).
// Requests reach it through handleWeb() after the signed-request and canvas checks in upload.ts.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Lock, type Locker, type Upload } from '@tus/server';
import { CONTAINER_ID_HEADER, TOKEN_ID_HEADER, UPLOAD_CONTEXT_HEADER } from '../../domain/contracts/upload.js';

/** Request headers the studio sends beside tus's own (a cross-origin client needs them allowed). */
const STUDIO_REQUEST_HEADERS = ['Nonce', UPLOAD_CONTEXT_HEADER, CONTAINER_ID_HEADER];
/** tus's exposed headers (its HEADERS list) plus token-id, also on the HEAD of a finished upload answered in upload.ts. */
export const EXPOSED_HEADERS = [
  'Authorization', 'Content-Type', 'Location', 'Tus-Extension', 'Tus-Max-Size', 'Tus-Resumable', 'Tus-Version', 'Upload-Concat',
  'Upload-Defer-Length', 'Upload-Length', 'Upload-Metadata', 'Upload-Offset', 'X-HTTP-Method-Override', 'X-Requested-With',
  'X-Forwarded-Host', 'X-Forwarded-Proto', 'Forwarded', TOKEN_ID_HEADER,
].join(', ');

const UPLOAD_PATH = /^\/api\/v1\/canvas\/([^/]+)\/upload\/?([^/]*)$/;
/** tus's own ids are 32 hex characters. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An error the hooks throw for tus to answer: the status and our JSON error body. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

export const refusal = (status: number, code: string, message: string): TusRefusal => ({
  status_code: status,
  body: JSON.stringify({ error: code, message }),
});

export const UPLOAD_LOCKED_MESSAGE = 'Another request is writing to this upload: try again in a moment.';

/**
 * One request writes an upload at a time, and a second one meanwhile is answered 423 Locked (concurrent tus PATCHes).
 * tus's own MemoryLocker instead asks the writer to stop and takes the upload over, so the first request's client got
 * an error it reads as "upload gone" (tus-js-client starts again from zero on a 404 or 410) while the newcomer met
 * an offset that had moved; a tus client with retries retries a 423 (and a 409) from the server's offset instead.
 * A writer whose client went away releases the lock when its request body fails. Per process, like MemoryLocker.
 */
export class OneWriterLocker implements Locker {
  private readonly held = new Set<string>();

  newLock(id: string): Lock {
    const held = this.held;
    let mine = false;
    return {
      async lock() {
        if (held.has(id)) throw refusal(423, 'upload_locked', UPLOAD_LOCKED_MESSAGE);
        held.add(id);
        mine = true;
      },
      async unlock() {
        if (mine) held.delete(id);
        mine = false;
      },
    };
  }
}

export interface StudioTusHooks {
  onUploadCreate(req: Request, upload: Upload): Promise<void>;
  onUploadFinish(req: Request, upload: Upload): Promise<Record<string, string>>;
}

export interface StudioTus {
  server: Server;
  directory: string;
  filePath(id: string): string;
  removeFile(id: string): Promise<void>;
}

/** Builds the tus server over <dataDir>/uploads (created when missing). */
export async function createStudioTus(options: {
  dataDir: string;
  maxSize: number;
  /** An unfinished upload expires this long after its creation: tus answers 410 for it (swept by uploadExpiry.ts). */
  expirationMs: number;
  allowedOrigins: string[];
  hooks: StudioTusHooks;
  /** Several processes: the lock shared through Redis (uploadLocker.ts); one process: OneWriterLocker. */
  locker?: Locker;
}): Promise<StudioTus> {
  const directory = join(options.dataDir, 'uploads');
  // FileStore creates its folder in a callback that throws outside any promise; make it here first.
  await mkdir(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: options.expirationMs });
  const server = new Server({
    path: '/api/v1/canvas',
    datastore,
    locker: options.locker ?? new OneWriterLocker(),
    maxSize: options.maxSize,
    allowedOrigins: options.allowedOrigins,
    allowedHeaders: STUDIO_REQUEST_HEADERS,
    exposedHeaders: [TOKEN_ID_HEADER],
    // The upload's URL is the creation URL plus its id, path only: the client resolves it against its endpoint.
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/?$/, '/')}${id}`,
    getFileIdFromRequest: (req) => {
      const id = UPLOAD_PATH.exec(new URL(req.url).pathname)?.[2];
      return id && UPLOAD_ID.test(id) ? id : undefined;
    },
    onUploadCreate: async (req, upload) => {
      await options.hooks.onUploadCreate(req as unknown as Request, upload);
      return {};
    },
    onUploadFinish: async (req, upload) => ({ headers: await options.hooks.onUploadFinish(req as unknown as Request, upload) }),
    onResponseError: (_req, error) => {
      if ('status_code' in error) return undefined; // tus's own errors and our refusals carry their answer
      console.error('A studio upload request failed:', error);
      return refusal(500, 'internal_error', 'Something went wrong on the server.');
    },
  });
  return {
    server,
    directory,
    filePath: (id) => join(directory, id),
    async removeFile(id) {
      try {
        await datastore.remove(id);
      } catch {
        // Already gone (tus answers FILE_NOT_FOUND for a missing file): nothing to remove.
      }
    },
  };
}

/**
 * tus answers errors in plain text; the app reads `{ error, message }` (server/http/errors.ts) like every other route.
 * Our refusals already are that JSON; tus's own texts are wrapped.
 */
export async function asJsonError(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  let body: { error: string; message: string } | null = null;
  try {
    const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof parsed.error === 'string' && typeof parsed.message === 'string') body = { error: parsed.error, message: parsed.message };
  } catch {
    // tus's plain text
  }
  body ??= { error: 'upload_refused', message: text.trim() || 'The upload request was refused.' };
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=UTF-8');
  headers.delete('Content-Length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}
