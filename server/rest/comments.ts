// REST under /api/v1/comments (issue 7): post, edit, soft-delete and vote, each by a signed-in, unbanned account.
// A token the caller may not see (server/studio/visibility.ts), and every comment on it, answers as an unknown one.
import { eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MAX_STORED_LEVEL, REPLY_DEPTH_MESSAGE, TOP_LEVEL, commentTextError } from '../../domain/comments.js';
import { findAccountId } from '../accounts/store.js';
import { requireAccount, signedInAccount, type AuthEnv } from '../auth/requireAccount.js';
import type { Db } from '../db/client.js';
import { commentVotes, comments } from '../db/schema.js';
import { ApiError, parseInput } from '../http/errors.js';
import { readJsonOrForm } from '../http/body.js';
import { findCommentWithLevel, readComment, voteTotal } from './commentsStore.js';
import { findVisibleToken } from '../studio/visibility.js';
import type { RestRouteOptions } from './routeOptions.js';

const idSchema = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[1-9]\d{0,15}$/, 'must be a database id')).transform(Number);

const postSchema = z.object({ token_id: idSchema, parent_id: idSchema.nullish(), text: z.string() });
const putSchema = z.object({ text: z.string() });
const voteSchema = z.object({
  value: z.union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], { error: 'value must be 1 or -1' }).transform(Number),
});


/** Trimmed text, or a 400 with the seed's message ('Comment cannot be empty' / 'Reply cannot be empty'). */
function checkedText(text: string, isReply: boolean): string {
  const error = commentTextError(text, isReply);
  if (error) throw new ApiError(400, 'invalid_text', error);
  return text.trim();
}

async function accountIdOf(db: Db, address: string): Promise<number> {
  const id = await findAccountId(db, address);
  if (id === null) throw new ApiError(401, 'unknown_account', 'Sign in with your wallet first.');
  return id;
}

const commentIdParam = (c: Context) => parseInput(idSchema, c.req.param('id'));

/** The comment when it exists on a token the caller may see; 404 'Comment not found.' otherwise. */
async function visibleComment(db: Db, id: number, address: string) {
  const found = await findCommentWithLevel(db, id);
  const hidden = found?.row.tokenId != null && !(await findVisibleToken(db, found.row.tokenId, address));
  if (!found || hidden) throw new ApiError(404, 'not_found', 'Comment not found.');
  return found;
}

/** The comment, checked to exist (visibly), to be the caller's, and not deleted (for edit and delete). */
async function ownLiveComment(db: Db, id: number, accountId: number, address: string) {
  const found = await visibleComment(db, id, address);
  if (found.row.accountId !== accountId) throw new ApiError(403, 'forbidden', 'Only the author may change this comment.');
  if (found.row.deleted) throw new ApiError(409, 'comment_deleted', 'This comment was deleted.');
  return found;
}

export function commentRoutes({ db, config, limiter }: RestRouteOptions) {
  const api = new Hono<AuthEnv>();
  const ipfs = config.public.ipfs;
  api.use('*', requireAccount(db, { rejectBanned: true, limiter }));

  api.post('/', async (c) => {
    const auth = signedInAccount(c);
    const input = parseInput(postSchema, await readJsonOrForm(c));
    const isReply = input.parent_id !== null && input.parent_id !== undefined;
    const text = checkedText(input.text, isReply);
    const token = await findVisibleToken(db, input.token_id, auth.address);
    if (!token) throw new ApiError(404, 'token_not_found', 'Token not found.');
    let level = TOP_LEVEL;
    if (isReply) {
      const parent = await findCommentWithLevel(db, input.parent_id!);
      if (!parent || parent.row.tokenId !== input.token_id) throw new ApiError(404, 'parent_not_found', 'The comment replied to was not found on this token.');
      if (parent.row.deleted) throw new ApiError(409, 'comment_deleted', 'Cannot reply to a deleted comment.');
      level = parent.level + 1;
      // Levels 0–4 are stored: a reply to a level-4 comment would be a sixth level.
      if (level > MAX_STORED_LEVEL) throw new ApiError(400, 'reply_too_deep', REPLY_DEPTH_MESSAGE);
    }
    const accountId = await accountIdOf(db, auth.address);
    const [row] = await db
      .insert(comments)
      .values({ entityType: 'token', tokenId: input.token_id, parentId: isReply ? input.parent_id! : null, accountId, text })
      .returning({ id: comments.id });
    return c.json(await readComment(db, ipfs, row!.id, level, auth.address), 201);
  });

  api.put('/:id', async (c) => {
    const auth = signedInAccount(c);
    const id = commentIdParam(c);
    const { text: raw } = parseInput(putSchema, await readJsonOrForm(c));
    const { row } = await ownLiveComment(db, id, await accountIdOf(db, auth.address), auth.address);
    const text = checkedText(raw, row.parentId !== null);
    // Never equal to createdAt, so the edited marker shows even for an edit within the same millisecond.
    const [updated] = await db
      .update(comments)
      .set({ text, updatedAt: sql`greatest(now(), ${comments.createdAt} + interval '1 millisecond')` })
      .where(eq(comments.id, id))
      .returning({ text: comments.text, updatedAt: comments.updatedAt });
    return c.json({ id: String(id), text: updated!.text, updatedAt: updated!.updatedAt.toISOString() });
  });

  api.delete('/:id', async (c) => {
    const auth = signedInAccount(c);
    const id = commentIdParam(c);
    await ownLiveComment(db, id, await accountIdOf(db, auth.address), auth.address);
    // Soft delete: replies stay attached; the text is cleared so it is gone from every read.
    const [updated] = await db
      .update(comments)
      .set({ deleted: true, text: '', updatedAt: sql`greatest(now(), ${comments.createdAt} + interval '1 millisecond')` })
      .where(eq(comments.id, id))
      .returning({ updatedAt: comments.updatedAt });
    return c.json({ id: String(id), deleted: true, text: '', updatedAt: updated!.updatedAt.toISOString() });
  });

  api.post('/:id/vote', async (c) => {
    const auth = signedInAccount(c);
    const id = commentIdParam(c);
    const { value } = parseInput(voteSchema, await readJsonOrForm(c));
    const found = await visibleComment(db, id, auth.address);
    if (found.row.deleted) throw new ApiError(409, 'comment_deleted', 'This comment was deleted.');
    const accountId = await accountIdOf(db, auth.address);
    // One vote per account: a second vote replaces the first.
    await db
      .insert(commentVotes)
      .values({ commentId: id, accountId, value })
      .onConflictDoUpdate({ target: [commentVotes.commentId, commentVotes.accountId], set: { value } });
    return c.json({ message: 'vote registered', id: String(id), votes: await voteTotal(db, id), myVote: value });
  });

  return api;
}
