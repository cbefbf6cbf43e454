// REST under /api/v1/comments: post, edit, soft-delete and vote, each by a signed-in, unbanned account. The handlers
// read the request and answer; what each does is the comments service's (./service.ts).
import {
  commentEditRequest,
  commentPostRequest,
  commentVoteRequest,
  type CommentDeletedAnswer,
  type CommentEditedAnswer,
  type CommentPostedAnswer,
  type CommentVotedAnswer,
} from '../../domain/contracts/comments.js';
import { wireId } from '../../domain/contracts/wire.js';
import { Hono, type Context } from 'hono';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import { parseInput } from '../http/errors.js';
import { readJsonOrForm } from '../http/body.js';
import type { RestRouteOptions } from '../rest/routeOptions.js';
import { commentsService } from './service.js';

const commentIdParam = (c: Context) => parseInput(wireId, c.req.param('id'));

export function commentRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  const service = commentsService({ db, ipfs: config.public.ipfs });
  api.use('*', requireAccount(db, { rejectBanned: true, limiter }));

  api.post('/', async (c) => {
    const input = parseInput(commentPostRequest, await readJsonOrForm(c));
    const posted = await service.post(signedInAccount(c).address, { tokenId: input.token_id, parentId: input.parent_id ?? null, text: input.text });
    return c.json(posted satisfies CommentPostedAnswer, 201);
  });

  api.put('/:id', async (c) => {
    const id = commentIdParam(c);
    const { text } = parseInput(commentEditRequest, await readJsonOrForm(c));
    return c.json((await service.edit(signedInAccount(c).address, id, text)) satisfies CommentEditedAnswer);
  });

  api.delete('/:id', async (c) => c.json((await service.remove(signedInAccount(c).address, commentIdParam(c))) satisfies CommentDeletedAnswer));

  api.post('/:id/vote', async (c) => {
    const id = commentIdParam(c);
    const { value } = parseInput(commentVoteRequest, await readJsonOrForm(c));
    return c.json((await service.vote(signedInAccount(c).address, id, value)) satisfies CommentVotedAnswer);
  });

  return api;
}
