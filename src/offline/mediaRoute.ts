// Wires the media cache (mediaCache.ts) into the service worker: Cache Storage holds the bodies, an IndexedDB store
// the bookkeeping, and `offline.unpin` releases a saved exhibition's files. src/sw.ts only calls registerMediaCache.
/// <reference lib="webworker" />
import { createStore, del, delMany, get, set, values, type UseStore } from 'idb-keyval';
import { registerRoute } from 'workbox-routing';
import { CACHE_NAMES } from '../swConfig';
import { createMediaCache, type MediaBackend } from './mediaCache';
import type { MediaEntry } from './mediaPolicy';
import type { PageToWorkerMessage, WorkerToPageMessage } from './protocol';

declare let self: ServiceWorkerGlobalScope;

/** The media cache's bookkeeping database (bodies are in the Cache Storage named CACHE_NAMES.media). */
export const MEDIA_DB = { name: 'artbazaar-media', entries: 'entries' } as const;

function mediaBackend(): MediaBackend {
  const store: UseStore = createStore(MEDIA_DB.name, MEDIA_DB.entries);
  const bodies = () => caches.open(CACHE_NAMES.media);
  const requestOf = (key: string) => new Request(new URL(key, self.location.origin).href);
  return {
    entries: () => values<MediaEntry>(store),
    get: (key) => get<MediaEntry>(key, store),
    put: (entry) => set(entry.key, entry, store),
    readBody: async (key) => (await bodies()).match(requestOf(key)),
    writeBody: async (key, response) => (await bodies()).put(requestOf(key), response),
    delete: async (keys) => {
      const cache = await bodies();
      await Promise.all(keys.map((key) => cache.delete(requestOf(key))));
      await (keys.length === 1 ? del(keys[0]!, store) : delMany([...keys], store));
    },
  };
}

async function tellClients(message: WorkerToPageMessage): Promise<void> {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

/** Media routing is registered; `store` fetches one media file as a view would and waits until it is kept. */
export function registerMediaCache(): { store(request: Request): Promise<void> } {
  let quotaReported = false;
  const backend = mediaBackend();
  const cacheFor = (event?: ExtendableEvent) => cacheWith(event ? (work) => event.waitUntil(work) : undefined);
  const cacheWith = (waitUntil?: (work: Promise<unknown>) => void) =>
    createMediaCache({
      backend,
      fetch: (request) => fetch(request),
      now: () => Date.now(),
      waitUntil,
      onQuota: () => {
        if (quotaReported) return;
        quotaReported = true;
        void tellClients({ type: 'offline.quota' });
      },
    });

  // Media is content-addressed (immutable by CID): cache first, bounded in bytes (mediaPolicy.ts).
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/ipfs/') && request.method === 'GET',
    ({ request, event }) => cacheFor(event as ExtendableEvent).handle(request),
  );

  self.addEventListener('message', (event) => {
    const message = event.data as PageToWorkerMessage | null;
    if (message?.type === 'offline.unpin' && typeof message.pin === 'string') event.waitUntil(cacheFor().unpin(message.pin));
  });

  return {
    async store(request) {
      const work: Promise<unknown>[] = [];
      await cacheWith((task) => work.push(task)).handle(request);
      await Promise.all(work);
    },
  };
}
