// The studio's resumable uploads (the creator studio, docs/requirements.md#studio-upload) at
// /api/v1/canvas/{containerId}/upload/: every request but a CORS preflight is a signed request (Authorization and a
// fresh Nonce) of the canvas's creator while the canvas is building; an upload is only ever touched by the account
// that created it. A creation is checked before any byte (name, type, size, number of files) and recorded as a
// canvas_uploads row; the last byte stores the file (uploadFinish.ts) and answers token-id, as does the HEAD of a
// finished upload (its tus file is gone by then, so that HEAD is answered here from the row).
import { CONTAINER_ID_HEADER, TOKEN_ID_HEADER, UPLOAD_CONTEXT_HEADER } from '../../domain/contracts/upload.js';
import { Hono, type Context } from 'hono';
import { authenticateRequest, type AuthContext } from '../auth/requireAccount.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { MediaStore } from '../media/store.js';
import type { RateLimiter } from '../security/rateLimit.js';
import { loadOwnCanvas } from './access.js';
import { deleteUpload, insertUpload, uploadById, type UploadRow } from './queries/uploads.js';
import { createUploadFinisher, isRefusal, type UploadFinisher } from './uploadFinish.js';
import { assertUploadQuota } from './uploadQuota.js';
import { planFromRequest, resolveTarget, type UploadPlan } from './uploadRules.js';
import type { Locker } from '@tus/server';
import { asJsonError, createStudioTus, EXPOSED_HEADERS, refusal, UPLOAD_ID, type StudioTus } from './uploadTus.js';

export interface UploadRouteOptions {
  db: Db;
  config: ServerConfig;
  mediaStore: MediaStore;
  limiter: RateLimiter;
  /** The lock shared by several processes (uploadLocker.ts); one writer per process when absent. */
  locker?: Locker;
}

/** A checked creation on its way through tus: the row is written once tus has named the upload. */
interface PendingCreation {
  canvasId: number;
  uploader: string;
  plan: UploadPlan;
  uploadId?: string;
}

const UPLOAD_NOT_FOUND = 'No upload with this id.';

export function uploadRoutes({ db, config, mediaStore, limiter, locker }: UploadRouteOptions) {
  const pending = new WeakMap<Request, PendingCreation>();
  const allowedOrigins = config.security.appOrigins;
  let finisher: UploadFinisher | null = null;
  let tus: Promise<StudioTus> | null = null;

  // Built on the first upload request, so a server that never sees one makes no uploads folder.
  const studioTus = (): Promise<StudioTus> =>
    (tus ??= createStudioTus({
      dataDir: config.dataDir,
      maxSize: Math.max(config.public.maxFileSize, config.public.maxVideoSize),
      expirationMs: config.uploadExpirationMs,
      allowedOrigins,
      locker,
      hooks: {
        async onUploadCreate(req, upload) {
          const creation = pending.get(req);
          if (!creation) throw refusal(400, 'invalid_request', 'Create uploads at /api/v1/canvas/{id}/upload/.');
          creation.uploadId = upload.id;
          const { plan } = creation;
          try {
            // The quotas are counted and the row written under the canvas's and the account's row locks.
            await db.transaction(async (tx) => {
              await assertUploadQuota(tx, {
                canvasId: creation.canvasId,
                uploader: creation.uploader,
                plan,
                limits: config.security.storage,
                openSince: new Date(Date.now() - config.uploadExpirationMs),
              });
              await insertUpload(tx, {
                id: upload.id,
                canvasId: creation.canvasId,
                uploader: creation.uploader,
                context: plan.kind === 'token' ? 'media' : plan.kind,
                filename: plan.metadata.filename,
                contentType: plan.contentType,
                size: plan.size,
                tokenRef: plan.tokenRef,
              });
            });
          } catch (error) {
            if (isRefusal(error)) throw refusal(error.status, error.code, error.message);
            throw error;
          }
        },
        async onUploadFinish(_req, upload): Promise<Record<string, string>> {
          try {
            const { tokenId } = await finisherOf(await studioTus()).finish(upload.id, upload.metadata);
            return tokenId ? { [TOKEN_ID_HEADER]: tokenId } : {};
          } catch (error) {
            if (isRefusal(error)) throw refusal(error.status, error.code, error.message);
            throw error;
          }
        },
      },
    }).catch((error: unknown) => {
      tus = null; // a later request tries again
      throw error;
    }));
  const finisherOf = (t: StudioTus): UploadFinisher =>
    (finisher ??= createUploadFinisher({ db, mediaStore, filePath: t.filePath, removeFile: t.removeFile, mediaGraceMs: config.security.storage.mediaGraceMs }));

  const authenticate = (c: Context) => authenticateRequest(db, { authorization: c.req.header('Authorization'), nonce: c.req.header('Nonce') });

  /** The caller's own upload of this canvas; anyone else's (or none) is a 404 that says nothing more. */
  async function ownUpload(auth: AuthContext, containerId: string, uploadId: string): Promise<UploadRow> {
    if (!UPLOAD_ID.test(uploadId)) throw new ApiError(404, 'upload_not_found', UPLOAD_NOT_FOUND);
    const row = await uploadById(db, uploadId);
    if (!row || row.uploader !== auth.address || String(row.canvasId) !== containerId) {
      throw new ApiError(404, 'upload_not_found', UPLOAD_NOT_FOUND);
    }
    return row;
  }

  /** The HEAD of a finished upload: its whole length is on the server, and the token it made. */
  function finishedHead(c: Context, row: UploadRow, tokenId: string | null): Response {
    const headers = new Headers({
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(row.size),
      'Upload-Length': String(row.size),
      'Cache-Control': 'no-store',
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    });
    const origin = c.req.header('Origin');
    if (origin && allowedOrigins.includes(origin)) headers.set('Access-Control-Allow-Origin', origin);
    if (tokenId) headers.set(TOKEN_ID_HEADER, tokenId);
    return new Response(null, { status: 200, headers });
  }

  const app = new Hono();

  const create = async (c: Context) => {
    const auth = await authenticate(c);
    await limiter.check('writeByAccount', auth.address);
    const containerId = c.req.param('containerId')!;
    const canvas = await loadOwnCanvas(db, auth, containerId, { needs: 'building' });
    const declared = c.req.header(CONTAINER_ID_HEADER);
    if (declared !== undefined && declared.trim() !== containerId) {
      throw new ApiError(400, 'invalid_input', 'The container_id header names another collection than the upload URL.');
    }
    const checked = planFromRequest(
      canvas,
      { context: c.req.header(UPLOAD_CONTEXT_HEADER), metadata: c.req.header('Upload-Metadata'), length: c.req.header('Upload-Length') },
      config.public,
    );
    const tokenRef = await resolveTarget(db, canvas, checked);
    const t = await studioTus();
    const request = c.req.raw;
    const creation: PendingCreation = { canvasId: canvas.id, uploader: auth.address, plan: { ...checked, tokenRef } };
    pending.set(request, creation);
    const response = await t.server.handleWeb(request);
    // tus refused after naming the upload (its file could not be made): drop what was recorded.
    if (response.status >= 400 && creation.uploadId) await finisherOf(t).discard(creation.uploadId);
    return asJsonError(response);
  };

  // tus-js-client's endpoint ends with a slash; both spellings create.
  app.post('/:containerId/upload', create);
  app.post('/:containerId/upload/', create);

  // Hono answers HEAD through the GET route (and drops the body).
  app.on(['GET', 'PATCH', 'DELETE'], '/:containerId/upload/:uploadId', async (c) => {
    const method = c.req.raw.method;
    if (method === 'GET') throw new ApiError(405, 'method_not_allowed', 'Uploads are written with tus (POST, HEAD, PATCH, DELETE).');
    const auth = await authenticate(c);
    const containerId = c.req.param('containerId');
    const uploadId = c.req.param('uploadId');
    const row = await ownUpload(auth, containerId, uploadId);
    const t = await studioTus();

    if (row.completedAt) {
      if (method !== 'HEAD') throw new ApiError(409, 'upload_finished', 'This upload is finished; change its token instead.');
      await loadOwnCanvas(db, auth, containerId, { needs: 'any' });
      const { tokenId } = await finisherOf(t).finish(row.id, undefined);
      return finishedHead(c, row, tokenId);
    }
    await loadOwnCanvas(db, auth, containerId, { needs: 'building' });
    const response = await t.server.handleWeb(c.req.raw);
    // A concurrent request may finish the upload while this one runs (its tus file is removed once the bytes are
    // stored): that is not "gone" — a tus client reading a 4xx other than 409/423 on a HEAD, or a 404/410 on a PATCH,
    // starts again from zero. A HEAD answers the finished upload, a PATCH 409 (retried: its HEAD then finds it done).
    const finishedMeanwhile = async (): Promise<Response | null> => {
      const latest = await uploadById(db, row.id);
      if (!latest?.completedAt) return null;
      if (method !== 'HEAD') throw new ApiError(409, 'upload_finished', 'This upload is finished; change its token instead.');
      const { tokenId } = await finisherOf(t).finish(latest.id, undefined);
      return finishedHead(c, latest, tokenId);
    };
    if (response.status === 404 || response.status === 410) {
      const finished = await finishedMeanwhile();
      if (finished) return finished;
    }
    if (method === 'DELETE' && response.status === 204) await deleteUpload(db, row.id);
    if (method === 'HEAD' && response.status === 200 && response.headers.get('Upload-Offset') === String(row.size)) {
      // Every byte arrived: finish now (a no-op answer when the last PATCH's finish is running or done; after a
      // restart mid-finish, the finish itself).
      const upload = await t.server.datastore.getUpload(row.id).catch(() => null);
      if (!upload) {
        const finished = await finishedMeanwhile();
        if (finished) return finished;
        throw new ApiError(404, 'upload_not_found', UPLOAD_NOT_FOUND);
      }
      const { tokenId } = await finisherOf(t).finish(row.id, upload.metadata);
      return finishedHead(c, row, tokenId);
    }
    return asJsonError(response);
  });

  // CORS preflight: tus answers it (no credentials are sent with a preflight).
  app.options('/:containerId/upload', (c) => studioTus().then((t) => t.server.handleWeb(c.req.raw)));
  app.options('/:containerId/upload/*', (c) => studioTus().then((t) => t.server.handleWeb(c.req.raw)));

  app.all('/:containerId/upload/*', () => {
    throw new ApiError(405, 'method_not_allowed', 'Uploads are written with tus (POST, HEAD, PATCH, DELETE).');
  });
  return app;
}
