import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRECACHE_MAX_FILE_BYTES, pwaManifest, precacheGlobIgnores } from './src/app/pwaManifest';
import { shellPrecache } from './src/app/shellPrecache';
import { installedP5Version, sandboxPageVersion } from './server/sandbox/pageVersion';

const backend = 'http://127.0.0.1:8787';
// Vitest extends this config for the "app" project: the SW and route generation only matter for real builds.
const isVitest = Boolean(process.env.VITEST);

/** react, react-dom and the JSX runtimes resolve to Preact's compat layer (exact specifiers only). */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const plugins: PluginOption[] = [];
if (!isVitest) {
  plugins.push(
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too (not only components): a route's data code (its services, GraphQL documents) loads with the
      // route instead of sitting in the entry every first visit pays for.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
  );
}
plugins.push(react());
if (!isVitest) {
  const shell = shellPrecache();
  plugins.push(
    shell.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      injectManifest: {
        // The whole app: every JS chunk (routes, viewers, wallet stack), CSS, index.html, favicon (manifest icons are
        // added by the plugin). The worker downloads them while it installs, never the page (first load unchanged).
        globPatterns: ['**/*.{js,css,html,svg}'],
        globIgnores: precacheGlobIgnores,
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_FILE_BYTES,
        // Only JS chunks the app can load (reachable from the entry through static or dynamic imports).
        manifestTransforms: [async (entries) => shell.manifestTransform(entries)],
      },
      devOptions: { enabled: false },
    }),
  );
}

export default defineConfig({
  plugins,
  // The generative sandbox page's version, the one the server serves as immutable (server/sandbox/pageVersion.ts).
  define: {
    __SANDBOX_VERSION__: JSON.stringify(sandboxPageVersion(new URL('./server/sandbox/', import.meta.url), installedP5Version(new URL('./node_modules/p5/', import.meta.url)))),
  },
  resolve: {
    alias: [
      // The app is React code run by preact/compat (React's API at about a sixth of react-dom's size): the first-load
      // budget (≤ 120 KB gzip of script on /) has no room for react-dom. Builds and the dev server use it; the jsdom
      // app tests run the same components on react-dom (their libraries load react through Node's own resolution),
      // and the Playwright suite runs the shipped build.
      ...(isVitest ? [] : preactAliases),
      // @walletconnect/ethereum-provider imports Reown's AppKit modal only when showQrModal is on; we draw our own QR.
      ...(isVitest ? [] : [{ find: '@reown/appkit/core', replacement: './src/services/wallet/appkitStub.ts' }]),
    ],
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': backend,
      '/graphql': backend,
      '/ipfs': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  preview: {
    host: '127.0.0.1',
    proxy: {
      '/api': backend,
      '/graphql': backend,
      '/ipfs': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    // No modulepreload polyfill in the entry: current browsers support the hint, and one without it only loses the
    // head start (the modules still load through their imports).
    modulePreload: { polyfill: false },
    // Everything the first load needs in as few files as possible (fewer requests, better compression).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
  },
});
