// REST under /api/v1/canvas (issue 14, seed 001 §7): the creator's studio collections ("canvases") — create, edit,
// delete, read (creator, preview link or published), finalize and publish; the token routes are in canvasTokens.ts
// and the tus upload endpoint in server/studio/upload*.ts. Every write is a signed request of the canvas's creator;
// the access rules (404 / 403 / 409) are server/studio/access.ts.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { optionalAccount, requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { findCanvas, loadOwnCanvas, requireCreatorAccount } from '../studio/access.js';
import { parseCanvasForm } from '../studio/canvasForm.js';
import { createCanvas, deleteCanvas, finalizeCanvas, updateCanvas } from '../studio/canvasStore.js';
import { canReadCanvas, canvasJson, tokenCountOf } from '../studio/canvasView.js';
import { prepareCanvasPublish } from '../studio/publish.js';
import { canvasNotFound, canvasTokenRoutes, readFields } from './canvasTokens.js';
import type { RestRouteOptions } from './routeOptions.js';

export function canvasRoutes(options: RestRouteOptions) {
  const { db, config, mediaStore, limiter } = options;
  const ipfs = config.public.ipfs;
  const api = new Hono<AuthEnv>();
  const signed = requireAccount(db, { rejectBanned: true, limiter });

  const answer = async (c: Context, row: Parameters<typeof canvasJson>[1], status: 200 | 201 = 200) => {
    c.header('Cache-Control', 'no-store');
    return c.json(canvasJson(ipfs, row, await tokenCountOf(db, row.id), true), status);
  };

  // POST /api/v1/canvas/ (the seed's path, with its trailing slash: see the mount in index.ts).
  const create = async (c: Context<AuthEnv>) => {
    const auth = signedInAccount(c);
    await requireCreatorAccount(db, auth);
    const form = await parseCanvasForm(await readFields(c, 'multipart/form-data (with the cover) or JSON'), config.public.maxFileSize);
    const row = await createCanvas(db, mediaStore, { chainId: config.chainId, creator: auth.address }, form);
    return answer(c, row, 201);
  };
  api.post('/', signed, create);

  api.get('/:id', optionalAccount(db), async (c) => {
    const row = await findCanvas(db, c.req.param('id'));
    const viewer = c.get('auth')?.address ?? null;
    if (!row || !canReadCanvas(row, viewer, c.req.query('share'))) throw canvasNotFound();
    c.header('Cache-Control', 'no-store');
    return c.json(canvasJson(ipfs, row, await tokenCountOf(db, row.id), viewer === row.creator));
  });

  api.put('/:id', signed, async (c) => {
    const auth = signedInAccount(c);
    const id = c.req.param('id');
    // Refused before the body is read: unknown, not yours, not building.
    const current = await loadOwnCanvas(db, auth, id, { needs: 'building' });
    const form = await parseCanvasForm(await readFields(c, 'multipart/form-data (with the cover) or JSON'), config.public.maxFileSize, current);
    return answer(c, await updateCanvas(db, mediaStore, auth, id, form, { mediaGraceMs: config.security.storage.mediaGraceMs }));
  });

  api.delete('/:id', signed, async (c) => {
    const deleted = await deleteCanvas(db, signedInAccount(c), c.req.param('id'), { dataDir: config.dataDir, mediaGraceMs: config.security.storage.mediaGraceMs });
    return c.json({ id: String(deleted.id), deleted: true });
  });

  api.post('/:id/finalize', signed, async (c) => answer(c, await finalizeCanvas(db, signedInAccount(c), c.req.param('id'))));

  api.post('/:id/publish', signed, async (c) => {
    const parameters = await prepareCanvasPublish(options, signedInAccount(c), c.req.param('id'));
    c.header('Cache-Control', 'no-store');
    return c.json(parameters);
  });

  canvasTokenRoutes(api, options, signed);
  return api;
}
