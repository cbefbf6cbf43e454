// The likes wire: POST /api/v1/likes/, DELETE /api/v1/likes/token/{token_id}, GET /api/v1/likes/account.
import * as z from 'zod/mini';

/** A like of the signed-in account: its id and the token's. */
export const accountLikeContract = z.object({ _id: z.string(), token_id: z.string() });
export type AccountLike = z.infer<typeof accountLikeContract>;

export const accountLikesAnswer = z.object({ likes: z.array(accountLikeContract) });
export type AccountLikesAnswer = z.infer<typeof accountLikesAnswer>;

/** POST /likes/: the like, and the token's count after it (liking twice changes nothing). */
export const likeAnswer = z.object({ _id: z.string(), token_id: z.string(), account_id: z.string(), likesCount: z.number() });
export type LikeAnswer = z.infer<typeof likeAnswer>;

/** DELETE /likes/token/{token_id} (or /likes/{id}): the token's count after the unlike. */
export const unlikeAnswer = z.object({ token_id: z.string(), likesCount: z.number() });
export type UnlikeAnswer = z.infer<typeof unlikeAnswer>;
