// The rate limiter: fixed-window counters in the database (table rate_limits), so every server process on the
// same database shares them. One statement per check: an upsert that starts a new window or counts into the
// current one and returns the count.
import { lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { clientAddress, clientLimitKey } from './clientAddress.js';
import type { RateLimit, RateLimitName } from './config.js';

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one request of `subject` (an address) against the named limit. */
  hit(name: RateLimitName, subject: string, now?: Date): Promise<RateLimitResult>;
  /** Counts the request and throws a 429 ApiError with Retry-After when it is over the limit. */
  check(name: RateLimitName, subject: string): Promise<void>;
}

export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', `Too many requests. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export function createRateLimiter(db: Db, limits: Record<RateLimitName, RateLimit>): RateLimiter {
  const longestWindow = Math.max(...Object.values(limits).map((limit) => limit.windowMs));
  const hit = async (name: RateLimitName, subject: string, now = new Date()): Promise<RateLimitResult> => {
    const { limit, windowMs } = limits[name];
    const key = `${name}:${subject}`;
    const nowText = now.toISOString();
    const cutoff = new Date(now.getTime() - windowMs).toISOString();
    const expired = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          windowStart: sql`case when ${expired} then ${nowText}::timestamptz else ${rateLimits.windowStart} end`,
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        },
      })
      .returning({ windowStart: rateLimits.windowStart, count: rateLimits.count });
    // Counters of ended windows are useless: an occasional sweep keeps the table at about one window of clients.
    if (Math.random() < 1 / 128) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - longestWindow)));
    const windowEnds = row!.windowStart.getTime() + windowMs;
    return { allowed: row!.count <= limit, count: row!.count, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)) };
  };
  return {
    hit,
    async check(name, subject) {
      const result = await hit(name, subject);
      if (!result.allowed) throw new RateLimitError(result.retryAfterSeconds);
    },
  };
}

/** Middleware: counts every request it sees against a per-client limit (an IPv6 client by its /64). */
export function limitByClient(limiter: RateLimiter, name: RateLimitName, trustedProxies: number): MiddlewareHandler {
  return async (c, next) => {
    await limiter.check(name, clientLimitKey(clientAddress(c, trustedProxies)));
    await next();
  };
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** True for methods that change something (the write limits count only these). */
export const isWrite = (method: string) => !READ_METHODS.has(method.toUpperCase());
