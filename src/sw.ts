/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { cacheLifetimeMs } from './offline/dataPolicy';
import { createDataCache } from './offline/dataRoute';
import { RETIRED_DATABASES, openDataStore } from './offline/dataStore';
import { storeHandedAnswers, storeHandedReads } from './offline/handedReads';
import { answerNavigation } from './offline/navigation';
import { registerMediaCache } from './offline/mediaRoute';
import type { PageToWorkerMessage, WorkerToPageMessage } from './offline/protocol';
import { BACKEND_PATH_PREFIXES, CACHE_NAMES, DATA_CACHE_BUDGET_BYTES, GRAPHQL_PATH } from './swConfig';

declare let self: ServiceWorkerGlobalScope;

// The shell list injected at build time (vite-plugin-pwa injectManifest).
precacheAndRoute(self.__WB_MANIFEST);
// Precaches of older builds are deleted once this worker activates.
cleanupOutdatedCaches();

// Navigations: the server's page, or the precached shell offline, on a 5xx or a slow answer (src/offline/navigation.ts);
// backend paths always go to the network.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    ({ request, event, url, params }) =>
      answerNavigation(request, { fetch: (navigation, init) => fetch(navigation, init), shell: () => shell({ request, event, url, params }) }),
    { denylist: BACKEND_PATH_PREFIXES.map((prefix) => new RegExp(`^${prefix}(/|$)`)) },
  ),
);

// Media by CID: cache first, bounded in bytes, saved exhibitions' files kept (src/offline/mediaRoute.ts).
const mediaCache = registerMediaCache();

// One data cache for every read (one data cache, owned by the service worker): GraphQL queries and same-origin GET reads under /api/ and
// /content/, stored per account in IndexedDB and served when the network fails. No service opts in or out.
const dataCache = createDataCache({
  store: openDataStore(),
  fetch: (request) => fetch(request),
  now: () => Date.now(),
  lifetimeMs: cacheLifetimeMs(import.meta.env.VITE_CACHE_LIFETIME_MINUTES),
  budgetBytes: DATA_CACHE_BUDGET_BYTES,
  graphqlPath: GRAPHQL_PATH,
  notify: (message) => void postToClients(message),
  waitUntil: keepAlive,
});
const isDataRead = ({ request }: { request: Request }) => dataCache.matches(request, self.location.origin);
const answerRead = ({ request, event }: { request: Request; event: ExtendableEvent }) => dataCache.handle(request, (work) => event.waitUntil(work));
registerRoute(isDataRead, answerRead, 'GET');
registerRoute(isDataRead, answerRead, 'POST');

// Entries past the window go when the worker starts (and on each app start, periodically on fetches).
keepAlive(dataCache.evict());

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([deleteUnknownRuntimeCaches(), deleteRetiredDatabases(), storeConfig()]));
});

// The first page's reads ran before this worker controlled it, so nothing of them is stored; the app cannot start
// offline without its config: the worker asks for it itself once, so one online visit is enough (all code offline after one visit).
// (Offline while activating: the app's own next config read stores it.) The page's other first reads come with
// `offline.storeReads` once this worker controls it.
async function storeConfig(): Promise<void> {
  await dataCache.storeRead(new Request(new URL('/api/v1/config', self.location.origin), { headers: { Accept: 'application/json' } }));
}

self.addEventListener('message', (event) => {
  const message = event.data as PageToWorkerMessage | null;
  switch (message?.type) {
    // The new version is applied only on the user's word (the Reload button sends SKIP_WAITING).
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'offline.evict':
      event.waitUntil(dataCache.evict());
      break;
    case 'offline.forgetAccount':
      if (typeof message.account === 'string') event.waitUntil(dataCache.forgetAccount(message.account));
      break;
    case 'offline.storeReads':
      event.waitUntil(storeHandedReads(message.reads, { origin: self.location.origin, data: dataCache, media: mediaCache }));
      break;
    case 'offline.storeAnswers':
      event.waitUntil(storeHandedAnswers(message.answers, { origin: self.location.origin, data: dataCache }));
      break;
    case 'offline.unpin':
      if (typeof message.pin === 'string') event.waitUntil(dataCache.unpin(message.pin));
      break;
  }
});

clientsClaim();

async function deleteUnknownRuntimeCaches(): Promise<void> {
  const keep = new Set<string>(Object.values(CACHE_NAMES));
  const names = await caches.keys();
  await Promise.all(
    names
      // Workbox's own precache names start with "workbox-precache"; cleanupOutdatedCaches handles those.
      .filter((name) => !name.startsWith('workbox-precache') && !keep.has(name))
      .map((name) => caches.delete(name)),
  );
}

async function deleteRetiredDatabases(): Promise<void> {
  await Promise.all(
    RETIRED_DATABASES.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

async function postToClients(message: WorkerToPageMessage): Promise<void> {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

// Work started outside an event (the start-up eviction): its failure is not the app's concern.
function keepAlive(work: Promise<unknown>): void {
  void work.catch(() => {});
}
