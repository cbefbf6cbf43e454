/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { registerMediaCache } from './offline/mediaRoute';
import { BACKEND_PATH_PREFIXES, CACHE_NAMES } from './swConfig';

declare let self: ServiceWorkerGlobalScope;

// The shell list injected at build time (vite-plugin-pwa injectManifest).
precacheAndRoute(self.__WB_MANIFEST);
// Precaches of older builds are deleted once this worker activates.
cleanupOutdatedCaches();

// Offline navigations get the precached shell; backend paths always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: BACKEND_PATH_PREFIXES.map((prefix) => new RegExp(`^${prefix}(/|$)`)),
  }),
);

// Media by CID: cache first, bounded in bytes, saved exhibitions' files kept (src/offline/mediaRoute.ts).
registerMediaCache();

// Config changes rarely but must be fresh when online; the cached copy lets the app start offline.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname === '/api/v1/config' && request.method === 'GET',
  new NetworkFirst({ cacheName: CACHE_NAMES.config, networkTimeoutSeconds: 5 }),
);

// POST /graphql is not cacheable by the Cache API; the graphql service keeps its own offline copy.

self.addEventListener('activate', (event) => {
  event.waitUntil(deleteUnknownRuntimeCaches());
});

// The new version is applied only on the user's word (the Reload button sends SKIP_WAITING).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
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
