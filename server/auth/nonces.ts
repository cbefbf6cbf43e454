// Single-use nonces in auth_nonces: login nonces (SIWE) and the per-request `Nonce` header of signed requests.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authNonces } from '../db/schema.js';

/** A login nonce is valid 10 minutes after GET /account/nonce. */
export const LOGIN_NONCE_TTL_MS = 10 * 60_000;
/** A request nonce older than 5 minutes (by its own timestamp) is stale. */
export const REQUEST_NONCE_MAX_AGE_MS = 5 * 60_000;
/** Clients' clocks may run ahead of ours; beyond this a request nonce is refused as from the future. */
export const REQUEST_NONCE_MAX_SKEW_MS = 5 * 60_000;

// Request nonces share the table with a prefix; login nonces are hex, so the two can never collide.
const REQUEST_PREFIX = 'r:';
// `${Date.now()}-${random}`: a millisecond timestamp, a dash, then 8–64 URL-safe characters.
const REQUEST_NONCE = /^(\d{10,16})-([A-Za-z0-9_]{8,64})$/;

type Executor = Pick<Db, 'insert' | 'select' | 'update' | 'delete'>;

/** Issues a fresh login nonce: 32 hex characters (SIWE wants ≥ 8 alphanumerics). */
export async function issueLoginNonce(db: Db, now = new Date()): Promise<{ nonce: string; expiresAt: Date }> {
  await pruneExpiredNonces(db, now);
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + LOGIN_NONCE_TTL_MS);
  await db.insert(authNonces).values({ nonce, expiresAt, createdAt: now });
  return { nonce, expiresAt };
}

export type ConsumeResult = 'ok' | 'unknown' | 'used' | 'expired';

/**
 * Marks a login nonce used for `address` in one conditional UPDATE, so two logins racing with the same nonce
 * cannot both succeed. Call inside the login transaction: a later failure rolls the consumption back.
 */
export async function consumeLoginNonce(tx: Executor, nonce: string, address: string, now = new Date()): Promise<ConsumeResult> {
  if (nonce.startsWith(REQUEST_PREFIX)) return 'unknown';
  const consumed = await tx
    .update(authNonces)
    .set({ usedAt: now, address })
    .where(and(eq(authNonces.nonce, nonce), isNull(authNonces.usedAt), sql`${authNonces.expiresAt} > ${now}`))
    .returning({ nonce: authNonces.nonce });
  if (consumed.length === 1) return 'ok';
  const [row] = await tx
    .select({ usedAt: authNonces.usedAt, expiresAt: authNonces.expiresAt })
    .from(authNonces)
    .where(eq(authNonces.nonce, nonce));
  if (!row) return 'unknown';
  return row.usedAt ? 'used' : 'expired';
}

export type RequestNonceResult = 'ok' | 'malformed' | 'stale' | 'future' | 'reused';

/** Parses `${Date.now()}-${random}`; null when the header does not have that shape. */
export function parseRequestNonce(value: string): { timestamp: number } | null {
  const match = REQUEST_NONCE.exec(value);
  return match ? { timestamp: Number(match[1]) } : null;
}

/**
 * Records a request nonce for an address; 'reused' when it was seen before. Rows expire when the nonce would
 * be stale anyway, so pruning them never lets a replay through.
 */
export async function rememberRequestNonce(db: Db, address: string, value: string, now = new Date()): Promise<RequestNonceResult> {
  const parsed = parseRequestNonce(value);
  if (!parsed) return 'malformed';
  const age = now.getTime() - parsed.timestamp;
  if (age > REQUEST_NONCE_MAX_AGE_MS) return 'stale';
  if (-age > REQUEST_NONCE_MAX_SKEW_MS) return 'future';
  const expiresAt = new Date(Math.max(parsed.timestamp, now.getTime()) + REQUEST_NONCE_MAX_AGE_MS);
  const inserted = await db
    .insert(authNonces)
    .values({ nonce: `${REQUEST_PREFIX}${address}:${value}`, address, expiresAt, usedAt: now, createdAt: now })
    .onConflictDoNothing({ target: authNonces.nonce })
    .returning({ nonce: authNonces.nonce });
  // Occasional pruning keeps the table at about five minutes of traffic without a timer.
  if (Math.random() < 1 / 64) await pruneExpiredNonces(db, now);
  return inserted.length === 1 ? 'ok' : 'reused';
}

/** Deletes nonces past their expiry (used or not); they can no longer be accepted anyway. */
export async function pruneExpiredNonces(db: Executor, now = new Date()): Promise<void> {
  await db.delete(authNonces).where(lt(authNonces.expiresAt, now));
}
