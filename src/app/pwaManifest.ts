import type { ManifestOptions } from 'vite-plugin-pwa';
import { BRAND_BACKGROUND, BRAND_COLOR, PRODUCT_DESCRIPTION, PRODUCT_NAME, PRODUCT_SHORT_NAME } from './product';

// Read by vite.config.ts (Node) only: the web app manifest the PWA plugin emits.
export const pwaManifest: Partial<ManifestOptions> = {
  name: PRODUCT_NAME,
  short_name: PRODUCT_SHORT_NAME,
  description: PRODUCT_DESCRIPTION,
  theme_color: BRAND_COLOR,
  background_color: BRAND_BACKGROUND,
  display: 'standalone',
  start_url: '/',
  scope: '/',
  lang: 'en',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

// Every chunk the app can load is precached (all code offline after one visit: every route, viewer and wallet chunk works offline after
// one online visit; src/app/shellPrecache.ts keeps the reachable ones). Only the build's own metadata stays out.
export const precacheGlobIgnores = ['**/.vite/**'];

/** The largest file the worker precaches (workbox's default, 2 MiB, would silently leave a big vendor chunk out). */
export const PRECACHE_MAX_FILE_BYTES = 8 * 1024 * 1024;
