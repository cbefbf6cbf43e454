// Fixed-window counters in this process's memory, for limits checked on every read (GraphQL and REST reads,
// socket key lookups): the database limiter (rateLimit.ts) costs a write per check, which a read must not.
// Several processes each count their own share, so a client gets at most the limit times the process count.
import type { RateLimit } from './config.js';
import { RateLimitError, type RateLimitResult } from './rateLimit.js';

export interface MemoryRateLimiter {
  /** Counts one request of `subject`; `allowed` is false past the limit. */
  hit(subject: string, now?: number): RateLimitResult;
  /** Counts the request and throws a 429 RateLimitError (with Retry-After) past the limit. */
  check(subject: string): void;
  /** Subjects with a counter (ended windows are dropped as the map is swept). */
  readonly size: number;
}

export function createMemoryRateLimiter({ limit, windowMs }: RateLimit): MemoryRateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;
  const hit = (subject: string, now = Date.now()): RateLimitResult => {
    // Once a window, forget the subjects whose window ended: the map holds about one window of clients.
    if (now - lastSweep >= windowMs) {
      for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
      lastSweep = now;
    }
    let window = windows.get(subject);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      windows.set(subject, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      count: window.count,
      retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)),
    };
  };
  return {
    hit,
    check(subject) {
      const result = hit(subject);
      if (!result.allowed) throw new RateLimitError(result.retryAfterSeconds);
    },
    get size() {
      return windows.size;
    },
  };
}

/**
 * A token bucket: `limit` tokens, refilled evenly over `windowMs`. A burst up to the limit passes at once, then
 * one per windowMs/limit. For one socket's messages, where a fixed window would let twice the limit through at a
 * window's edge.
 */
export function createTokenBucket({ limit, windowMs }: RateLimit, clock: () => number = Date.now) {
  let tokens = limit;
  let updated = clock();
  return {
    /** Takes a token; false when there is none left. */
    take(): boolean {
      const now = clock();
      tokens = Math.min(limit, tokens + ((now - updated) * limit) / windowMs);
      updated = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
