// Likes REST: POST /api/v1/likes/, DELETE /api/v1/likes/token/<token_id>, GET /api/v1/likes/account.
// Loaded lazily (with the like toggle's behaviour, src/services/flows/likeToggle.ts, and by the accountLikes actor).
import type { AccountLike, LikeAnswer, LikeRequest, UnlikeAnswer } from '../../domain/contracts/likes';
import { signedJson, type ApiKeyCredentials, type AuthFetchOptions } from './authFetch';

export type { AccountLike } from '../../domain/contracts/likes';

/** POST /api/v1/likes/ (multipart token_id): the server's count after the like (liking twice changes nothing). */
export async function likeToken(credentials: ApiKeyCredentials, tokenId: string, options?: AuthFetchOptions): Promise<LikeAnswer> {
  const form = new FormData();
  form.set('token_id', tokenId satisfies LikeRequest['token_id']);
  return signedJson('/likes/', { method: 'POST', body: form }, credentials, 'like', options);
}

/** DELETE /api/v1/likes/token/<token_id>: the server's count after the unlike. */
export async function unlikeToken(credentials: ApiKeyCredentials, tokenId: string, options?: AuthFetchOptions): Promise<UnlikeAnswer> {
  return signedJson(`/likes/token/${encodeURIComponent(tokenId)}`, { method: 'DELETE' }, credentials, 'unlike', options);
}

/** GET /api/v1/likes/account: every like of the signed-in account. */
export async function fetchAccountLikes(credentials: ApiKeyCredentials, signal?: AbortSignal, options?: AuthFetchOptions): Promise<AccountLike[]> {
  const body = await signedJson('/likes/account', { signal }, credentials, 'accountLikes', options);
  return body.likes;
}
