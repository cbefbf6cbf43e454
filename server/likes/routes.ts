// REST under /api/v1/likes: like, unlike and list own likes, for a signed-in account that is not banned. The handlers
// read the request and answer; what a like does is the likes service's (./service.ts).
import { likeIdParam, likeRequest, type AccountLikesAnswer, type LikeAnswer, type UnlikeAnswer } from '../../domain/contracts/likes.js';
import { Hono } from 'hono';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { ApiError, parseInput } from '../http/errors.js';
import { readJsonOrForm } from '../http/body.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { likesService } from './service.js';

export function likesRoutes({ db, live, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  const service = likesService({ db, live });
  api.use('*', requireAccount(db, { rejectBanned: true, limiter }));

  api.get('/account', async (c) => {
    const likes = await service.list(signedInAccount(c).address);
    c.header('Cache-Control', 'no-store');
    return c.json({ likes } satisfies AccountLikesAnswer);
  });

  // The seed's path is POST /likes/ (trailing slash); Hono's strict routing needs a wildcard to match it.
  api.post('/*', async (c) => {
    if (!/\/likes\/?$/.test(c.req.path)) throw new ApiError(404, 'not_found', `No API route POST ${c.req.path}.`);
    const viewer = signedInAccount(c).address;
    const { token_id: tokenId } = parseInput(likeRequest, await readJsonOrForm(c, 'multipart/form-data with token_id'));
    const { created, doc } = await service.like(viewer, tokenId);
    return c.json(doc satisfies LikeAnswer, created ? 201 : 200);
  });

  api.delete('/token/:tokenId', async (c) =>
    c.json((await service.unlike(signedInAccount(c).address, { tokenId: parseInput(likeIdParam, c.req.param('tokenId')) })) satisfies UnlikeAnswer),
  );
  api.delete('/:id', async (c) => c.json(await service.unlike(signedInAccount(c).address, { likeId: parseInput(likeIdParam, c.req.param('id')) })));

  return api;
}
