// Several server processes share a Redis the operator runs (Debian's redis-server in `npm run cluster`), opened once
// per process when REDIS_URL is set:
// - live events through socket.io's Redis Streams adapter (@socket.io/redis-streams-adapter): every process's emits
//   reach every process's clients, and with connection-state recovery a disconnected client's session is kept in
//   Redis, so it recovers (rooms and the events it missed) on whichever process it reconnects to;
// - the studio's upload locks (server/studio/uploadLocker.ts): one request writes an upload at a time, on any process;
// - the per-client read limit's counters (server/security/sharedRateLimit.ts): a client gets the limit once, not once
//   per process.
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { CounterStore } from './security/sharedRateLimit.js';
import type { LockStore } from './studio/uploadLocker.js';

export interface SharedRedis {
  adapter: ReturnType<typeof createAdapter>;
  locks: LockStore;
  counters: CounterStore;
  close(): Promise<void>;
}

// Compare-and-act on a lock key: only its holder (the token it was set with) extends or deletes it.
const EXTEND = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export async function openRedis(url: string, log: (message: string) => void = (message) => console.error(message)): Promise<SharedRedis> {
  const client = createClient({ url });
  // The client reconnects by itself; the adapter resumes the stream where it stopped reading.
  client.on('error', (error: Error) => log(`Redis: ${error.message}`));
  await client.connect();
  return {
    // The live payloads are JSON (domain/contracts/liveEvents.ts): no binary attachments to look for.
    adapter: createAdapter(client, { onlyPlaintext: true }),
    locks: {
      async take(key, token, ttlMs) {
        return (await client.set(key, token, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } })) === 'OK';
      },
      async extend(key, token, ttlMs) {
        return Number(await client.eval(EXTEND, { keys: [key], arguments: [token, String(ttlMs)] })) === 1;
      },
      async release(key, token) {
        await client.eval(RELEASE, { keys: [key], arguments: [token] });
      },
    },
    counters: {
      async increment(key, ttlMs) {
        const [count] = await client.multi().incr(key).pExpire(key, ttlMs).exec();
        return Number(count);
      },
    },
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
