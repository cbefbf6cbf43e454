// The comments service: post, edit, soft-delete and vote for a signed-in account, and which comments a viewer may
// see, shared by the REST routes (./routes.ts) and the GraphQL reads (graphql/comments). A token the viewer may not
// see (server/studio/visibility.ts), and every comment on it, is as unknown as one that does not exist. Errors are
// ApiErrors with the status and the message the REST answer carries.
import { MAX_STORED_LEVEL, REPLY_DEPTH_MESSAGE, TOP_LEVEL, commentTextError } from '../../domain/comments.js';
import { findAccountId } from '../accounts/store.js';
import type { Db } from '../db/client.js';
import type { Ipfs } from '../graphql/people.js';
import { ApiError } from '../http/errors.js';
import { findVisibleToken } from '../studio/visibility.js';
import { findCommentWithLevel, insertComment, readComment, softDeleteComment, updateCommentText, upsertVote, voteTotal } from './queries.js';

type Found = NonNullable<Awaited<ReturnType<typeof findCommentWithLevel>>>;

/** The comment and its level when it exists on a token the viewer may see; null otherwise. */
export async function findVisibleComment(db: Db, id: number, viewer: string | null): Promise<Found | null> {
  const found = await findCommentWithLevel(db, id);
  const hidden = found?.row.tokenId != null && !(await findVisibleToken(db, found.row.tokenId, viewer));
  return found && !hidden ? found : null;
}

/** Trimmed text, or a 400 with the seed's message ('Comment cannot be empty' / 'Reply cannot be empty'). */
function checkedText(text: string, isReply: boolean): string {
  const error = commentTextError(text, isReply);
  if (error) throw new ApiError(400, 'invalid_text', error);
  return text.trim();
}

const deleted = (message = 'This comment was deleted.') => new ApiError(409, 'comment_deleted', message);

export function commentsService({ db, ipfs }: { db: Db; ipfs: Ipfs }) {
  const accountIdOf = async (address: string) => {
    const id = await findAccountId(db, address);
    if (id === null) throw new ApiError(401, 'unknown_account', 'Sign in with your wallet first.');
    return id;
  };

  const visible = async (id: number, viewer: string) => {
    const found = await findVisibleComment(db, id, viewer);
    if (!found) throw new ApiError(404, 'not_found', 'Comment not found.');
    return found;
  };

  /** The comment, checked to exist (visibly), to be the viewer's, and not deleted (for edit and delete). */
  const ownLive = async (id: number, viewer: string) => {
    const found = await visible(id, viewer);
    if (found.row.accountId !== (await accountIdOf(viewer))) throw new ApiError(403, 'forbidden', 'Only the author may change this comment.');
    if (found.row.deleted) throw deleted();
    return found;
  };

  return {
    /** Posts a comment on a token, or a reply (to five levels, 0–4); the comment as the thread shows it. */
    async post(viewer: string, input: { tokenId: number; parentId: number | null; text: string }) {
      const isReply = input.parentId !== null;
      const text = checkedText(input.text, isReply);
      if (!(await findVisibleToken(db, input.tokenId, viewer))) throw new ApiError(404, 'token_not_found', 'Token not found.');
      let level = TOP_LEVEL;
      if (input.parentId !== null) {
        const parent = await findCommentWithLevel(db, input.parentId);
        if (!parent || parent.row.tokenId !== input.tokenId) throw new ApiError(404, 'parent_not_found', 'The comment replied to was not found on this token.');
        if (parent.row.deleted) throw deleted('Cannot reply to a deleted comment.');
        level = parent.level + 1;
        // Levels 0–4 are stored: a reply to a level-4 comment would be a sixth level.
        if (level > MAX_STORED_LEVEL) throw new ApiError(400, 'reply_too_deep', REPLY_DEPTH_MESSAGE);
      }
      const accountId = await accountIdOf(viewer);
      const id = await insertComment(db, { tokenId: input.tokenId, parentId: input.parentId, accountId, text });
      const posted = await readComment(db, ipfs, id, level, viewer);
      // Just inserted, so it is there: a comment the answer cannot show is the server failing (500).
      if (!posted) throw new Error(`comment ${id} was not found right after it was posted`);
      return posted;
    },

    /** Replaces the text of the viewer's own comment. */
    async edit(viewer: string, id: number, raw: string) {
      const { row } = await ownLive(id, viewer);
      const updated = await updateCommentText(db, id, checkedText(raw, row.parentId !== null));
      return { id: String(id), text: updated.text, updatedAt: updated.updatedAt.toISOString() };
    },

    /** Soft-deletes the viewer's own comment. */
    async remove(viewer: string, id: number) {
      await ownLive(id, viewer);
      const updatedAt = await softDeleteComment(db, id);
      return { id: String(id), deleted: true as const, text: '', updatedAt: updatedAt.toISOString() };
    },

    /** The viewer's +1 or -1 on a comment (a second vote replaces the first); the comment's total after it. */
    async vote(viewer: string, id: number, value: number) {
      const found = await visible(id, viewer);
      if (found.row.deleted) throw deleted();
      await upsertVote(db, id, await accountIdOf(viewer), value);
      return { message: 'vote registered', id: String(id), votes: await voteTotal(db, id), myVote: value };
    },
  };
}
