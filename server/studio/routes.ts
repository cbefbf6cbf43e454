// REST under /api/v1/canvas (the creator studio, docs/requirements.md#studio-upload): the creator's studio collections ("canvases") — create, edit,
// delete, read (creator, preview link or published), finalize and publish; the token routes are in ./tokenRoutes.ts
// and the tus upload endpoint in ./upload*.ts. Every write is a signed request of the canvas's creator. The handlers
// read the request (the form: ./canvasForm.ts) and answer; what each does is the studio service's (./service.ts).
import { Hono } from 'hono';
import { optionalAccount, requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { readOptionalJson } from '../http/body.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { parseCanvasForm } from './canvasForm.js';
import { studioService } from './service.js';
import { canvasTokenRoutes, noStore, readFields } from './tokenRoutes.js';

const FORM_EXPECTED = 'multipart/form-data (with the cover) or JSON';

export function canvasRoutes(options: RestRouteOptions) {
  const { db, config, limiter } = options;
  const api = new Hono<AuthEnv>();
  const service = studioService(options);
  const signed = requireAccount(db, { rejectBanned: true, limiter });

  // POST /api/v1/canvas/ (the seed's path, with its trailing slash: see the mount in rest/index.ts).
  api.post('/', signed, async (c) => {
    const viewer = signedInAccount(c).address;
    await service.creatable(viewer);
    const form = await parseCanvasForm(await readFields(c, FORM_EXPECTED), config.public.maxFileSize);
    return noStore(c, await service.create(viewer, form), 201);
  });

  api.get('/:id', optionalAccount(db), async (c) =>
    noStore(c, await service.read(c.req.param('id'), c.get('auth')?.address ?? null, c.req.query('share'))),
  );

  api.put('/:id', signed, async (c) => {
    const viewer = signedInAccount(c).address;
    const id = c.req.param('id');
    // Refused before the body is read: unknown, not yours, not building.
    const current = await service.editable(viewer, id);
    const form = await parseCanvasForm(await readFields(c, FORM_EXPECTED), config.public.maxFileSize, current);
    return noStore(c, await service.update(viewer, id, form));
  });

  api.delete('/:id', signed, async (c) => c.json(await service.remove(signedInAccount(c).address, c.req.param('id'))));

  api.post('/:id/finalize', signed, async (c) => noStore(c, await service.finalize(signedInAccount(c).address, c.req.param('id'))));

  // An optional JSON body: a generative collection's renders by token id (./publish.ts publishRenders). Without one
  // (no body, an empty one, or not JSON) the collection is published without renders.
  api.post('/:id/publish', signed, async (c) => {
    const body = await readOptionalJson(c);
    return noStore(c, await service.publish(signedInAccount(c).address, c.req.param('id'), body));
  });

  canvasTokenRoutes(api, db, service, signed);
  return api;
}
