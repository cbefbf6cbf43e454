// REST under /api/v1/canvas/{id}/token: read a canvas token (as the canvas is read), rename and describe it, delete
// it, and create a generative token from a seed value. Tokens of media uploads are created by the tus endpoint.
import type { Hono, MiddlewareHandler } from 'hono';
import { optionalAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { readForm, readJson } from '../http/body.js';
import { ApiError } from '../http/errors.js';
import { collectDropped } from '../media/collect.js';
import { findCanvas } from '../studio/access.js';
import {
  createGenerativeToken,
  deleteCanvasToken,
  findCanvasToken,
  parseGenerativeToken,
  parseTokenUpdate,
  updateCanvasToken,
} from '../studio/canvasTokens.js';
import { canReadCanvas, tokenJson } from '../studio/canvasView.js';
import { loadOwnCanvas } from '../studio/access.js';
import type { RestRouteOptions } from './routeOptions.js';
import type { Context } from 'hono';
import { CANVAS_NOT_FOUND_MESSAGE } from '../../domain/studio.js';

const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** A body of fields as multipart/urlencoded (repeated fields stay arrays, refused later) or JSON; 415 otherwise. */
export async function readFields(c: Context, expected = 'JSON or multipart/form-data'): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (FORM_TYPE.test(type)) return readForm(c, { all: true });
  if (JSON_TYPE.test(type)) return readJson(c);
  throw new ApiError(415, 'unsupported_media_type', `Send the request body as ${expected}.`);
}

/** 404 with the same words for an unknown canvas and for one the caller may not see. */
export const canvasNotFound = () => new ApiError(404, 'not_found', CANVAS_NOT_FOUND_MESSAGE);

export function canvasTokenRoutes(api: Hono<AuthEnv>, { db, config }: RestRouteOptions, signed: MiddlewareHandler<AuthEnv>) {
  const ipfs = config.public.ipfs;
  const answer = (c: Context, row: Parameters<typeof tokenJson>[1], status: 200 | 201 = 200) => {
    c.header('Cache-Control', 'no-store');
    return c.json(tokenJson(ipfs, row), status);
  };

  api.get('/:id/token/:tokenId', optionalAccount(db), async (c) => {
    const canvas = await findCanvas(db, c.req.param('id'));
    if (!canvas || !canReadCanvas(canvas, c.get('auth')?.address ?? null, c.req.query('share'))) throw canvasNotFound();
    return answer(c, await findCanvasToken(db, canvas.id, c.req.param('tokenId')));
  });

  api.put('/:id/token/:tokenId', signed, async (c) => {
    const auth = signedInAccount(c);
    await loadOwnCanvas(db, auth, c.req.param('id'), { needs: 'building' });
    const change = parseTokenUpdate(await readFields(c));
    return answer(c, await updateCanvasToken(db, auth, c.req.param('id'), c.req.param('tokenId'), change));
  });

  api.delete('/:id/token/:tokenId', signed, async (c) => {
    const deleted = await deleteCanvasToken(db, signedInAccount(c), c.req.param('id'), c.req.param('tokenId'));
    // Its file and thumbnail go unless something else names them (a generative token's script stays the canvas's).
    await collectDropped(db, [deleted.media, deleted.thumbnail], config.security.storage.mediaGraceMs);
    return c.json({ tokenId: deleted.tokenId, name: deleted.name, deleted: true });
  });

  api.post('/:id/token', signed, async (c) => {
    const auth = signedInAccount(c);
    await loadOwnCanvas(db, auth, c.req.param('id'), { needs: 'building' });
    const input = parseGenerativeToken(await readFields(c));
    return answer(c, await createGenerativeToken(db, auth, c.req.param('id'), input), 201);
  });
}
