// API keys: a random secret returned once at login; only its sha-256 is stored, with an expiry of at most 24 h.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { apiKeys } from '../db/schema.js';

/** The longest an API key lives. */
export const API_KEY_MAX_TTL_MS = 24 * 60 * 60_000;

type Executor = Pick<Db, 'insert' | 'select'>;

export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** The granted expiry: what the client asked for, capped at `maxTtlMs` (configurable, at most 24 h) from now. */
export function grantedExpiry(requested: Date, now = new Date(), maxTtlMs = API_KEY_MAX_TTL_MS): Date {
  return new Date(Math.min(requested.getTime(), now.getTime() + Math.min(maxTtlMs, API_KEY_MAX_TTL_MS)));
}

/** Creates a key for `address` (lower-case); returns the secret, which is never stored in clear. */
export async function createApiKey(tx: Executor, address: string, expiresAt: Date): Promise<{ key: string; expiresAt: Date }> {
  // 32 random bytes, base64url: 43 characters without ':' so "address:key" splits unambiguously.
  const key = randomBytes(32).toString('base64url');
  await tx.insert(apiKeys).values({ address, keyHash: hashApiKey(key), expiresAt });
  return { key, expiresAt };
}

export type ApiKeyCheck = { ok: true; keyId: number; expiresAt: Date } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

/** Looks a key up by its hash and checks it belongs to `address` and has not expired. */
export async function checkApiKey(db: Db, address: string, key: string, now = new Date()): Promise<ApiKeyCheck> {
  const keyHash = hashApiKey(key);
  const [row] = await db
    .select({ id: apiKeys.id, address: apiKeys.address, expiresAt: apiKeys.expiresAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, keyHash));
  // Looking up by hash (not by the secret) keeps timing independent of how much of a guess is right.
  if (!row || row.address !== address) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, keyId: row.id, expiresAt: row.expiresAt };
}

/** Signs a key out: it stays in the table (so a reuse is told apart from a typo) but is refused from now on. */
export async function revokeApiKey(db: Pick<Db, 'update'>, keyId: number, now = new Date()): Promise<void> {
  await db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, keyId));
}
