// Signed-request authentication: `Authorization: Bearer <address>:<key>` plus a single-use `Nonce` header.
import type { Context, MiddlewareHandler } from 'hono';
import { ACCOUNT_BANNED_MESSAGE } from '../../domain/messages.js';
import { isBanned } from '../accounts/store.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { isWrite, type RateLimiter } from '../security/rateLimit.js';
import { checkApiKey } from './apiKeys.js';
import { rememberRequestNonce, type RequestNonceResult } from './nonces.js';

export interface AuthContext {
  /** Lower-case address the key was issued to. */
  address: string;
  keyId: number;
  keyExpiresAt: Date;
}

/** Hono env for routes behind requireAccount / optionalAccount: `c.get('auth')`. */
export type AuthEnv = { Variables: { auth: AuthContext | null } };

/** The banned-account notice (docs/requirements.md#wallet-session), the same text the app shows (domain/messages.ts). */
export const BANNED_MESSAGE = ACCOUNT_BANNED_MESSAGE;

const AUTHORIZATION = /^Bearer\s+(0x[0-9a-fA-F]{40}):([A-Za-z0-9_-]{16,128})$/;

const NONCE_MESSAGES: Record<Exclude<RequestNonceResult, 'ok'>, [string, string]> = {
  malformed: ['invalid_nonce', 'The Nonce header must be "<milliseconds>-<random>".'],
  stale: ['stale_nonce', 'The request nonce is older than 5 minutes.'],
  future: ['invalid_nonce', 'The request nonce is dated in the future.'],
  reused: ['reused_nonce', 'The request nonce was already used.'],
};

/** Parses the Authorization header; null when it does not have the Bearer <address>:<key> shape. */
export function parseAuthorization(header: string): { address: string; key: string } | null {
  const match = AUTHORIZATION.exec(header.trim());
  return match ? { address: match[1]!.toLowerCase(), key: match[2]! } : null;
}

/** Verifies the key and records the request nonce; throws a 401 ApiError on any failure. */
export async function authenticateRequest(db: Db, headers: { authorization?: string; nonce?: string }, now = new Date()): Promise<AuthContext> {
  if (!headers.authorization) throw new ApiError(401, 'unauthorized', 'Sign in with your wallet first.');
  const credentials = parseAuthorization(headers.authorization);
  if (!credentials) {
    throw new ApiError(401, 'invalid_authorization', 'The Authorization header must be "Bearer <address>:<key>".');
  }
  const key = await checkApiKey(db, credentials.address, credentials.key, now);
  if (!key.ok) {
    if (key.reason === 'expired') throw new ApiError(401, 'api_key_expired', 'The API key has expired. Sign in again.');
    if (key.reason === 'revoked') throw new ApiError(401, 'api_key_revoked', 'The API key was signed out. Sign in again.');
    throw new ApiError(401, 'invalid_api_key', 'The API key is not valid. Sign in again.');
  }
  // The nonce is checked after the key, so unauthenticated callers cannot fill the nonce table.
  if (!headers.nonce) throw new ApiError(401, 'missing_nonce', 'Signed requests need a Nonce header.');
  const nonce = await rememberRequestNonce(db, credentials.address, headers.nonce.trim(), now);
  if (nonce !== 'ok') throw new ApiError(401, ...NONCE_MESSAGES[nonce]);
  return { address: credentials.address, keyId: key.keyId, keyExpiresAt: key.expiresAt };
}

const headersOf = (c: Context) => ({ authorization: c.req.header('Authorization'), nonce: c.req.header('Nonce') });

export { isBanned };

export interface RequireAccountOptions {
  /** Refuse banned accounts with 403 'This account is banned' (writes and trading). */
  rejectBanned?: boolean;
  /** Counts the account's writes (not reads) against writeByAccount: 429 past the limit. */
  limiter?: RateLimiter;
}

/** Middleware for write routes: 401 without a valid signed request; sets `c.get('auth')`. */
export function requireAccount(db: Db, { rejectBanned = false, limiter }: RequireAccountOptions = {}): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const auth = await authenticateRequest(db, headersOf(c));
    if (limiter && isWrite(c.req.method)) await limiter.check('writeByAccount', auth.address);
    if (rejectBanned && (await isBanned(db, auth.address))) throw new ApiError(403, 'banned', BANNED_MESSAGE);
    c.set('auth', auth);
    await next();
  };
}

/** The signed-in account in a handler behind requireAccount (a 401 if the middleware was left out). */
export function signedInAccount(c: Context<AuthEnv>): AuthContext {
  const auth = c.get('auth');
  if (!auth) throw new ApiError(401, 'unauthorized', 'Sign in with your wallet first.');
  return auth;
}

/** Middleware for reads that show more to the owner: no Authorization → auth null; a bad one → 401. */
export function optionalAccount(db: Db): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const headers = headersOf(c);
    c.set('auth', headers.authorization ? await authenticateRequest(db, headers) : null);
    await next();
  };
}
