// Likes REST (POST /api/v1/likes/, DELETE /api/v1/likes/token/<token_id>, GET /api/v1/likes/account), the account's
// liked tokens (fetched once per sign-in) and the like toggle's services.
import { useEffect, useSyncExternalStore } from 'react';
import { fromPromise } from 'xstate';
import { LIKE_LIVE_EVENTS, type LikeLiveEvent } from '../../machines/likes/constants';
import { likeToggleMachine, type LikeRequest, type LikeResult } from '../../machines/likes/likeToggleMachine';
import { signedJson, type ApiKeyCredentials, type AuthFetchOptions } from './authFetch';
import { HttpError } from './errors';
import { patchToken } from './live/tokenPatches';

export interface AccountLike {
  _id: string;
  token_id: string;
}

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

// ---- The account's liked tokens: loaded once per login (address + key), forgotten on sign-out. ----

export interface AccountLikesState {
  /** `${address}:${key}` of the login the likes belong to; null when signed out. */
  login: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  tokenIds: ReadonlySet<string>;
}

const signedOut: AccountLikesState = { login: null, status: 'idle', tokenIds: new Set() };
let state: AccountLikesState = signedOut;
let loading: AbortController | null = null;
const listeners = new Set<() => void>();

function setState(next: AccountLikesState) {
  state = next;
  for (const listener of [...listeners]) listener();
}

const loginKey = (credentials: ApiKeyCredentials) => `${credentials.address.toLowerCase()}:${credentials.key}`;

export const accountLikes = (): AccountLikesState => state;

/**
 * Makes the store follow the session: a new login loads its likes (once), no login clears them. Every like button
 * calls it; only a change of login does any work.
 */
export function syncAccountLikes(credentials: ApiKeyCredentials | null, fetchLikes: typeof fetchAccountLikes = fetchAccountLikes): void {
  const login = credentials ? loginKey(credentials) : null;
  if (login === state.login) return;
  loading?.abort();
  loading = null;
  if (!credentials || !login) {
    setState(signedOut);
    return;
  }
  const controller = new AbortController();
  loading = controller;
  setState({ login, status: 'loading', tokenIds: new Set() });
  fetchLikes(credentials, controller.signal).then(
    (likes) => {
      if (state.login !== login || controller.signal.aborted) return;
      // A like toggled while the list was loading is kept.
      setState({ login, status: 'ready', tokenIds: new Set([...state.tokenIds, ...likes.map((like) => String(like.token_id))]) });
    },
    (error: unknown) => {
      if (state.login !== login || controller.signal.aborted) return;
      console.warn('likes:', error);
      setState({ ...state, status: 'failed' });
    },
  );
}

/** Records a confirmed like or unlike of the signed-in account. */
export function setAccountLiked(tokenId: string, liked: boolean): void {
  if (state.login === null || state.tokenIds.has(tokenId) === liked) return;
  const tokenIds = new Set(state.tokenIds);
  if (liked) tokenIds.add(tokenId);
  else tokenIds.delete(tokenId);
  setState({ ...state, tokenIds });
}

/** Forgets every login (tests). */
export function resetAccountLikes(): void {
  loading?.abort();
  loading = null;
  setState(signedOut);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The liked tokens of the current login, loaded on first use and whenever the login changes. */
export function useAccountLikes(credentials: ApiKeyCredentials | null): AccountLikesState {
  const address = credentials?.address ?? null;
  const key = credentials?.key ?? null;
  useEffect(() => {
    syncAccountLikes(address && key ? { address, key } : null);
  }, [address, key]);
  return useSyncExternalStore(subscribe, accountLikes, accountLikes);
}

// ---- The like toggle with the real services ----

/** likeToggleMachine with the REST calls, the liked-token store and the live token patches. */
export function provideLikeToggle(getCredentials: () => ApiKeyCredentials | null) {
  const signedIn = () => {
    const credentials = getCredentials();
    // The machine only calls these for a registered account; a lost session still fails cleanly (rollback).
    if (!credentials) throw new HttpError(401, 'unauthorized', 'Not signed in');
    return credentials;
  };
  return likeToggleMachine.provide({
    actors: {
      likeToken: fromPromise<LikeResult, LikeRequest>(async ({ input }) => {
        const result = await likeToken(signedIn(), input.tokenId);
        setAccountLiked(input.tokenId, true);
        return { likesCount: result.likesCount };
      }),
      unlikeToken: fromPromise<LikeResult, LikeRequest>(async ({ input }) => {
        const result = await unlikeToken(signedIn(), input.tokenId);
        setAccountLiked(input.tokenId, false);
        return { likesCount: result.likesCount };
      }),
    },
    actions: {
      publishCount: (_args, params) => patchToken(params.tokenId, { likesCount: params.likesCount }),
    },
  });
}

// ---- Live events ----

/** The document of a TokenLiked / TokenUnliked / TokenUpdated event. */
export interface LikeLiveDocument {
  token_id: string | number;
  account_id?: string | number;
  updatedFields?: { likesCount?: number };
}

export const isLikeLiveEvent = (name: string): name is LikeLiveEvent => (LIKE_LIVE_EVENTS as readonly string[]).includes(name);

/** The socket handler for the like events: the new count reaches every card and token page showing the token. */
export function applyLikeLiveEvent(name: string, doc: LikeLiveDocument): boolean {
  const likesCount = doc?.updatedFields?.likesCount;
  if (!isLikeLiveEvent(name) || doc?.token_id === undefined || typeof likesCount !== 'number') return false;
  patchToken(String(doc.token_id), { likesCount });
  return true;
}
