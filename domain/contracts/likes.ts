// The likes wire: POST /api/v1/likes/, DELETE /api/v1/likes/token/{token_id}, GET /api/v1/likes/account.
import * as z from 'zod/mini';
import { wireText } from './wire';

/** A token's or a like's id in the path or the form: digits without a leading zero (spaces around are dropped); read as a number. */
export const likeIdParam = z.pipe(z.string().check(z.trim(), z.regex(/^[1-9]\d{0,15}$/, 'must be a positive integer id')), z.transform(Number));

/** POST /api/v1/likes/ (a form, or JSON): the token to like, by its database id as text or a number. */
export const likeRequest = z.object({ token_id: z.pipe(wireText, likeIdParam) });
/** What a client sends; the server reads the id as a number. */
export type LikeRequest = z.input<typeof likeRequest>;

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
