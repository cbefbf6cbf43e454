// Live events across server processes: socket.io's Redis Streams adapter (@socket.io/redis-streams-adapter) on a
// Redis the operator runs (Debian's redis-server in `npm run cluster`). Every process's emits reach every process's
// clients; with connection-state recovery on, a disconnected client's session is kept in Redis, so it recovers (rooms
// and the events it missed) on whichever process it reconnects to.
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';

export interface RedisAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

export async function openRedisAdapter(url: string, log: (message: string) => void = (message) => console.error(message)): Promise<RedisAdapter> {
  const client = createClient({ url });
  // The client reconnects by itself; the adapter resumes the stream where it stopped reading.
  client.on('error', (error: Error) => log(`Redis: ${error.message}`));
  await client.connect();
  return {
    // The live payloads are JSON (domain/contracts/liveEvents.ts): no binary attachments to look for.
    adapter: createAdapter(client, { onlyPlaintext: true }),
    async close() {
      await client.quit().catch(() => {});
    },
  };
}
