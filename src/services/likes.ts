// Likes REST: POST /api/v1/likes/, DELETE /api/v1/likes/token/<token_id>, GET /api/v1/likes/account.
// Loaded lazily (with the like toggle's behaviour, src/services/flows/likeToggle.ts, and by the accountLikes actor).
import type { AccountLike } from '../../machines/likes/accountLikesMachine';
import type { LikeResult } from '../../machines/likes/likeToggleMachine';
import { signedJson, type ApiKeyCredentials, type AuthFetchOptions } from './authFetch';

export type { AccountLike } from '../../machines/likes/accountLikesMachine';

/** POST /api/v1/likes/ (multipart token_id): the server's count after the like (liking twice changes nothing). */
export async function likeToken(credentials: ApiKeyCredentials, tokenId: string, options?: AuthFetchOptions): Promise<LikeResult & AccountLike> {
  const form = new FormData();
  form.set('token_id', tokenId);
  return signedJson('/likes/', { method: 'POST', body: form }, credentials, options);
}

/** DELETE /api/v1/likes/token/<token_id>: the server's count after the unlike. */
export async function unlikeToken(credentials: ApiKeyCredentials, tokenId: string, options?: AuthFetchOptions): Promise<LikeResult> {
  return signedJson(`/likes/token/${encodeURIComponent(tokenId)}`, { method: 'DELETE' }, credentials, options);
}

/** GET /api/v1/likes/account: every like of the signed-in account. */
export async function fetchAccountLikes(credentials: ApiKeyCredentials, signal?: AbortSignal, options?: AuthFetchOptions): Promise<AccountLike[]> {
  const body = await signedJson<{ likes: AccountLike[] }>('/likes/account', { signal }, credentials, options);
  return body.likes;
}
