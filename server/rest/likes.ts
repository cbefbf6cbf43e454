// REST under /api/v1/likes (issue 5): like, unlike and list own likes; tokens.likes_count kept in step in the
// same transaction, and TokenLiked/TokenUnliked + TokenUpdated broadcast after commit. A token the caller may not
// see (server/studio/visibility.ts: an unpublished or hidden collection's, unless theirs) answers as an unknown one.
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { findAccountId } from '../accounts/store.js';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import type { Db } from '../db/client.js';
import { likes, tokens } from '../db/schema.js';
import { ApiError, parseInput } from '../http/errors.js';
import { readJsonOrForm } from '../http/body.js';
import { collectionVisibleTo, findVisibleToken } from '../studio/visibility.js';
import type { RestRouteOptions } from './routeOptions.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const idSchema = z.string().trim().regex(/^[1-9]\d{0,15}$/, 'must be a positive integer id').transform(Number);
const likeBodySchema = z.object({ token_id: z.union([z.string(), z.number()]).transform(String).pipe(idSchema) });


async function accountIdOf(db: Pick<Db, 'select'>, address: string): Promise<number> {
  const id = await findAccountId(db, address);
  if (id === null) throw new ApiError(401, 'unauthorized', 'Sign in with your wallet first.');
  return id;
}

const noToken = () => new ApiError(404, 'not_found', 'No token with this id.');

async function likesCountOf(tx: Tx, tokenId: number): Promise<number> {
  const [row] = await tx.select({ likesCount: tokens.likesCount }).from(tokens).where(eq(tokens.id, tokenId));
  if (!row) throw noToken();
  return row.likesCount;
}

/** Changes the denormalized count by delta (never below 0) and returns the new value. */
async function bumpLikes(tx: Tx, tokenId: number, delta: 1 | -1): Promise<number> {
  const [row] = await tx
    .update(tokens)
    .set({ likesCount: sql`greatest(${tokens.likesCount} + ${delta}, 0)` })
    .where(eq(tokens.id, tokenId))
    .returning({ likesCount: tokens.likesCount });
  if (!row) throw new ApiError(404, 'not_found', 'No token with this id.');
  return row.likesCount;
}

export function likesRoutes({ db, live, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  api.use('*', requireAccount(db, { rejectBanned: true, limiter }));

  // A token only its creator sees is only announced to the creator (the one who can like it).
  const broadcast = (
    event: 'TokenLiked' | 'TokenUnliked',
    doc: { _id?: string; token_id: string; account_id: string; likesCount: number },
    isPublic: boolean,
  ) => {
    const payload = { ...(doc._id ? { _id: doc._id } : {}), token_id: doc.token_id, account_id: doc.account_id, updatedFields: { likesCount: doc.likesCount } };
    const send = (name: string) => (isPublic ? live.emit(name, payload) : live.emitTo(doc.account_id, name, payload));
    send(event);
    send('TokenUpdated');
  };

  api.get('/account', async (c) => {
    const auth = signedInAccount(c);
    const accountId = await accountIdOf(db, auth.address);
    const rows = await db
      .select({ id: likes.id, tokenId: likes.tokenId })
      .from(likes)
      .innerJoin(tokens, eq(tokens.id, likes.tokenId))
      .where(and(eq(likes.accountId, accountId), collectionVisibleTo(tokens.collectionId, auth.address)))
      .orderBy(desc(likes.id));
    c.header('Cache-Control', 'no-store');
    return c.json({ likes: rows.map((row) => ({ _id: String(row.id), token_id: String(row.tokenId) })) });
  });

  // The seed's path is POST /likes/ (trailing slash); Hono's strict routing needs a wildcard to match it.
  api.post('/*', async (c) => {
    if (!/\/likes\/?$/.test(c.req.path)) throw new ApiError(404, 'not_found', `No API route POST ${c.req.path}.`);
    const auth = signedInAccount(c);
    const { token_id: tokenId } = parseInput(likeBodySchema, await readJsonOrForm(c, 'multipart/form-data with token_id'));
    const accountId = await accountIdOf(db, auth.address);
    const result = await db.transaction(async (tx) => {
      const token = await findVisibleToken(tx, tokenId, auth.address);
      if (!token) throw noToken(); // before anything is written
      const { isPublic } = token;
      const [inserted] = await tx
        .insert(likes)
        .values({ tokenId, accountId })
        .onConflictDoNothing({ target: [likes.tokenId, likes.accountId] })
        .returning({ id: likes.id });
      if (inserted) return { created: true, isPublic, likeId: inserted.id, likesCount: await bumpLikes(tx, tokenId, 1) };
      const [existing] = await tx
        .select({ id: likes.id })
        .from(likes)
        .where(and(eq(likes.tokenId, tokenId), eq(likes.accountId, accountId)));
      return { created: false, isPublic, likeId: existing!.id, likesCount: await likesCountOf(tx, tokenId) };
    });
    const doc = { _id: String(result.likeId), token_id: String(tokenId), account_id: auth.address, likesCount: result.likesCount };
    if (result.created) broadcast('TokenLiked', doc, result.isPublic);
    return c.json(doc, result.created ? 201 : 200);
  });

  const unlike = async (c: Context<AuthEnv>, target: { likeId: number } | { tokenId: number }) => {
    const auth = signedInAccount(c);
    const accountId = await accountIdOf(db, auth.address);
    const result = await db.transaction(async (tx) => {
      const noLike = () => new ApiError(404, 'not_found', 'No like with this id for your account.');
      let tokenId: number;
      if ('likeId' in target) {
        const [like] = await tx.select({ tokenId: likes.tokenId }).from(likes).where(and(eq(likes.id, target.likeId), eq(likes.accountId, accountId)));
        if (!like) throw noLike();
        tokenId = like.tokenId;
      } else tokenId = target.tokenId;
      // Unliking a token that is not liked is a no-op (idempotent), but the token must exist for the caller; a like
      // of a token the caller can no longer see is as unknown as the token.
      const token = await findVisibleToken(tx, tokenId, auth.address);
      if (!token) throw 'likeId' in target ? noLike() : noToken();
      const { isPublic } = token;
      const [deleted] = await tx
        .delete(likes)
        .where(and(eq(likes.tokenId, tokenId), eq(likes.accountId, accountId)))
        .returning({ id: likes.id });
      if (deleted) return { deleted: true, isPublic, tokenId, likeId: deleted.id, likesCount: await bumpLikes(tx, tokenId, -1) };
      return { deleted: false, isPublic, tokenId, likeId: null, likesCount: await likesCountOf(tx, tokenId) };
    });
    const doc = { token_id: String(result.tokenId), account_id: auth.address, likesCount: result.likesCount };
    if (result.deleted) broadcast('TokenUnliked', { ...doc, _id: String(result.likeId) }, result.isPublic);
    return c.json({ token_id: doc.token_id, likesCount: doc.likesCount });
  };

  api.delete('/token/:tokenId', (c) => unlike(c, { tokenId: parseInput(idSchema, c.req.param('tokenId')) }));
  api.delete('/:id', (c) => unlike(c, { likeId: parseInput(idSchema, c.req.param('id')) }));

  return api;
}
