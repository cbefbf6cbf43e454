// REST under /api/v1/canvas/{id}/token: read a canvas token (as the canvas is read), rename and describe it, delete
// it, and create a generative token from a seed value. Tokens of media uploads are created by the tus endpoint. The
// handlers read the request and answer; what each does is the studio service's (./service.ts).
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { optionalAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import type { Db } from '../db/client.js';
import { readForm, readJson } from '../http/body.js';
import { ApiError } from '../http/errors.js';
import { parseGenerativeToken, parseTokenUpdate } from './canvasTokens.js';
import type { StudioService } from './service.js';

const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** A body of fields as multipart/urlencoded (repeated fields stay arrays, refused later) or JSON; 415 otherwise. */
export async function readFields(c: Context, expected = 'JSON or multipart/form-data'): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (FORM_TYPE.test(type)) return readForm(c, { all: true });
  if (JSON_TYPE.test(type)) return readJson(c);
  throw new ApiError(415, 'unsupported_media_type', `Send the request body as ${expected}.`);
}

/** A JSON answer no cache keeps (a canvas and its tokens change while the creator works on them). */
export const noStore = (c: Context, body: object, status: 200 | 201 = 200) => {
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
};

export function canvasTokenRoutes(api: Hono<AuthEnv>, db: Db, service: StudioService, signed: MiddlewareHandler<AuthEnv>) {
  api.get('/:id/token/:tokenId', optionalAccount(db), async (c) =>
    noStore(c, await service.readToken(c.req.param('id'), c.req.param('tokenId'), c.get('auth')?.address ?? null, c.req.query('share'))),
  );

  api.put('/:id/token/:tokenId', signed, async (c) => {
    const viewer = signedInAccount(c).address;
    await service.editable(viewer, c.req.param('id'));
    const change = parseTokenUpdate(await readFields(c));
    return noStore(c, await service.updateToken(viewer, c.req.param('id'), c.req.param('tokenId'), change));
  });

  api.delete('/:id/token/:tokenId', signed, async (c) => c.json(await service.removeToken(signedInAccount(c).address, c.req.param('id'), c.req.param('tokenId'))));

  api.post('/:id/token', signed, async (c) => {
    const viewer = signedInAccount(c).address;
    await service.editable(viewer, c.req.param('id'));
    const input = parseGenerativeToken(await readFields(c));
    return noStore(c, await service.createToken(viewer, c.req.param('id'), input), 201);
  });
}
