// The likes service: list, like and unlike for a signed-in account. Each write runs in one transaction that keeps
// tokens.likes_count in step, then broadcasts TokenLiked/TokenUnliked and TokenUpdated after the commit. A token the
// caller may not see (server/studio/visibility.ts: an unpublished or hidden collection's, unless theirs) is as unknown
// as a token that does not exist. Errors are ApiErrors with the status and message the REST answer carries.
import { findAccountId } from '../accounts/store.js';
import type { LikeAnswer } from '../../domain/contracts/likes.js';
import type { LivePayload } from '../../domain/contracts/liveEvents.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import type { LiveBus } from '../live/bus.js';
import { findVisibleToken } from '../studio/visibility.js';
import { bumpLikes, deleteLike, insertLike, likedTokenOf, likeIdOf, likesCountOf, likesOfAccount } from './queries.js';

const noToken = () => new ApiError(404, 'not_found', 'No token with this id.');
const noLike = () => new ApiError(404, 'not_found', 'No like with this id for your account.');
const counted = (count: number | null) => {
  if (count === null) throw noToken();
  return count;
};

/** A like as the API answers it: the like's id, the token, who liked it and the token's count after the change. */
export type LikeDoc = LikeAnswer;

/** The events a like or unlike sends (one payload for all three). */
type LikesEvent = 'TokenLiked' | 'TokenUnliked' | 'TokenUpdated';

export type UnlikeTarget = { likeId: number } | { tokenId: number };

export function likesService({ db, live }: { db: Db; live: LiveBus }) {
  const accountIdOf = async (address: string) => {
    const id = await findAccountId(db, address);
    if (id === null) throw new ApiError(401, 'unauthorized', 'Sign in with your wallet first.');
    return id;
  };

  // A token only its creator sees is only announced to the creator (the one who can like it).
  const broadcast = (event: 'TokenLiked' | 'TokenUnliked', doc: LikeDoc, isPublic: boolean) => {
    const payload: LivePayload<LikesEvent> = { ...(doc._id ? { _id: doc._id } : {}), token_id: doc.token_id, account_id: doc.account_id, updatedFields: { likesCount: doc.likesCount } };
    const send = (name: LikesEvent) => (isPublic ? live.emit(name, payload) : live.emitTo(doc.account_id, name, payload));
    send(event);
    send('TokenUpdated');
  };

  return {
    /** The viewer's likes of tokens they may see, newest first. */
    async list(viewer: string): Promise<Array<{ _id: string; token_id: string }>> {
      const rows = await likesOfAccount(db, await accountIdOf(viewer), viewer);
      return rows.map((row) => ({ _id: String(row.id), token_id: String(row.tokenId) }));
    },

    /** Likes the token (once: liking it again changes nothing); `created` says whether this call added the like. */
    async like(viewer: string, tokenId: number): Promise<{ created: boolean; doc: LikeDoc }> {
      const accountId = await accountIdOf(viewer);
      const result = await db.transaction(async (tx) => {
        const token = await findVisibleToken(tx, tokenId, viewer);
        if (!token) throw noToken(); // before anything is written
        const inserted = await insertLike(tx, tokenId, accountId);
        if (inserted !== null) return { created: true, isPublic: token.isPublic, likeId: inserted, likesCount: counted(await bumpLikes(tx, tokenId, 1)) };
        const existing = await likeIdOf(tx, tokenId, accountId);
        return { created: false, isPublic: token.isPublic, likeId: existing!, likesCount: counted(await likesCountOf(tx, tokenId)) };
      });
      const doc = { _id: String(result.likeId), token_id: String(tokenId), account_id: viewer, likesCount: result.likesCount };
      if (result.created) broadcast('TokenLiked', doc, result.isPublic);
      return { created: result.created, doc };
    },

    /**
     * Removes the viewer's like, named by its id or by the token. Unliking a token that is not liked changes nothing,
     * but the token must exist for the viewer; a like of a token the viewer can no longer see is as unknown as it.
     */
    async unlike(viewer: string, target: UnlikeTarget): Promise<{ token_id: string; likesCount: number }> {
      const accountId = await accountIdOf(viewer);
      const result = await db.transaction(async (tx) => {
        let tokenId: number;
        if ('likeId' in target) {
          const liked = await likedTokenOf(tx, target.likeId, accountId);
          if (liked === null) throw noLike();
          tokenId = liked;
        } else tokenId = target.tokenId;
        const token = await findVisibleToken(tx, tokenId, viewer);
        if (!token) throw 'likeId' in target ? noLike() : noToken();
        const deleted = await deleteLike(tx, tokenId, accountId);
        if (deleted !== null) return { deleted: true, isPublic: token.isPublic, tokenId, likeId: deleted, likesCount: counted(await bumpLikes(tx, tokenId, -1)) };
        return { deleted: false, isPublic: token.isPublic, tokenId, likeId: null, likesCount: counted(await likesCountOf(tx, tokenId)) };
      });
      const doc = { token_id: String(result.tokenId), account_id: viewer, likesCount: result.likesCount };
      if (result.deleted) broadcast('TokenUnliked', { ...doc, _id: String(result.likeId) }, result.isPublic);
      return { token_id: doc.token_id, likesCount: doc.likesCount };
    },
  };
}
