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

// Lazily loaded heavy chunks (wallet stack, WalletConnect, media viewers, p5) stay out of the precache.
export const precacheGlobIgnores = ['**/*wallet*', '**/*Wallet*', '**/*walletconnect*', '**/*viewer*', '**/*Viewer*', '**/*p5*', '**/.vite/**'];
