// The per-client read limit counted in Redis when several server processes serve (REDIS_URL): every process counts a
// client's reads into one fixed window, so a client gets the limit once, not once per process (the in-memory counter,
// memoryRateLimit.ts, counts each process's share). One INCR with its expiry per read, one round trip. A read never
// waits long on the shared store nor fails because it is away: past STORE_TIMEOUT_MS, or on an error, this process's
// own counter decides, as with one process.
import type { RateLimit } from './config.js';
import { createMemoryRateLimiter } from './memoryRateLimit.js';
import { RateLimitError } from './rateLimit.js';

/** A counter per key that expires: Redis's INCR and PEXPIRE (server/redis.ts). */
export interface CounterStore {
  /** Adds one to `key`'s count (created at 1, expiring after `ttlMs`) and resolves the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
}

/** Counts one read of `subject`; rejects with a 429 RateLimitError (with Retry-After) past the limit. */
export interface ReadLimiter {
  check(subject: string): Promise<void> | void;
}

/** How long a read waits for the shared count before its process's own counter decides. */
export const STORE_TIMEOUT_MS = 250;

export function createSharedRateLimiter(
  store: CounterStore,
  rate: RateLimit,
  name: string,
  log: (message: string) => void = (message) => console.error(message),
): ReadLimiter {
  const fallback = createMemoryRateLimiter(rate);
  let lastWarning = 0;
  return {
    async check(subject) {
      const now = Date.now();
      const window = Math.floor(now / rate.windowMs);
      let timer: NodeJS.Timeout | undefined;
      let count: number;
      try {
        count = await Promise.race([
          // The key outlives its window a little, so a clock a moment behind still finds it.
          store.increment(`ratelimit:${name}:${subject}:${window}`, rate.windowMs * 2),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        if (now - lastWarning > 60_000) {
          lastWarning = now;
          log(`Rate limit ${name}: the shared count is unavailable (${error instanceof Error ? error.message : error}); counting in this process`);
        }
        fallback.check(subject);
        return;
      } finally {
        clearTimeout(timer);
      }
      if (count > rate.limit) throw new RateLimitError(Math.max(1, Math.ceil(((window + 1) * rate.windowMs - now) / 1000)));
    },
  };
}
