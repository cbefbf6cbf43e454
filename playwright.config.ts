import { defineConfig } from '@playwright/test';

// The end-to-end suite runs against the whole demo stack (chain, contracts, seeded database, server, built
// app) on ports of its own, so it never collides with a developer's `npm start`.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8788);
export const E2E_CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT ?? 8546);
// The content origin (generative sandbox, creator scripts) of this stack: derived from E2E_PORT as the server
// derives it from PORT, so parallel stacks with their own E2E_PORT never share it.
export const E2E_CONTENT_PORT = Number(process.env.E2E_CONTENT_PORT ?? E2E_PORT + 1000);
// The flaky-network proxy of tests/e2e/offlineFlaky.spec.ts listens here; sign-ins through it name its origin.
export const E2E_FLAKY_PORT = Number(process.env.E2E_FLAKY_PORT ?? E2E_PORT + 2000);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
// Several developers (or helpers) may run the suite at once: each can give its own data, deployment and build.
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
const E2E_DEPLOYMENTS_FILE = process.env.E2E_DEPLOYMENTS_FILE ?? 'contracts/deployments/e2e-31337.json';
const E2E_STATIC_DIR = process.env.E2E_STATIC_DIR;
// The specs of the suite's second half (project e2e-b), about a third of its time: each uses its own accounts and
// data, so it runs on a stack of its own as well as on the first half's.
const SECOND_HALF = /[\\/](studio|token|trading|wallet|xss)[A-Za-z]*\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // One spec file at a time (`npm test` runs vitest beside this suite, which takes the other core). offlineFlaky.spec's
  // two minutes of browsing through its proxy come after the others (by then vitest has usually finished; beside a
  // second spec its page checks ran out of time), and offline.spec, which asserts from the server's request counter
  // that nothing reached the server, runs last and alone. Each runs after the ones before pass;
  // `npx playwright test tests/e2e/<spec> --no-deps` runs either by itself.
  // `npm test` (scripts/test.sh) runs the second half of the specs (e2e-b: studio*, token*, trading, wallet*, xss*) on
  // a second demo stack of its own as soon as vitest or the first half has finished; `npx playwright test` runs both
  // halves on one stack.
  workers: 1,
  projects: [
    { name: 'e2e', testIgnore: ['offline.spec.ts', 'offlineFlaky.spec.ts', SECOND_HALF] },
    { name: 'e2e-b', testMatch: SECOND_HALF },
    { name: 'flaky', testMatch: 'offlineFlaky.spec.ts', dependencies: ['e2e'] },
    { name: 'alone', testMatch: 'offline.spec.ts', dependencies: ['flaky'] },
  ],
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-reports/playwright.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // --fresh: the specs expect the demo as seeded, so each run starts from an empty data folder and a new chain
    // (the demo otherwise keeps both across restarts).
    command: 'npx tsx scripts/start.ts --no-build-check --fresh',
    url: `${baseURL}/api/v1/config`,
    // Chain, deployment and a fresh demo seed (about 2 minutes on a quiet 2-core machine, more when it is busy).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      CONTENT_PORT: String(E2E_CONTENT_PORT),
      CHAIN_PORT: String(E2E_CHAIN_PORT),
      CHAIN_RPC_URL: `http://127.0.0.1:${E2E_CHAIN_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      DEPLOYMENTS_FILE: E2E_DEPLOYMENTS_FILE,
      ...(E2E_STATIC_DIR ? { STATIC_DIR: E2E_STATIC_DIR } : {}),
      CHAIN_QUIET: '1',
      // tests/e2e/session.spec.ts: country XX is refused, read from the trusted proxy header cf-ipcountry.
      BLOCKED_COUNTRIES: 'XX', GEOFENCE_COUNTRY_HEADER: 'cf-ipcountry',
      // The local chain's block explorer, so the collection page shows its view-on-chain link.
      BLOCK_EXPLORER_URL: `http://127.0.0.1:${E2E_PORT}/explorer`,
      // The XSS corpus articles (scripts/seed/xssArticles.ts) for tests/e2e/xssArticle.spec.ts: articles have no
      // write API, so the seed adds them.
      SEED_XSS_ARTICLES: '1',
      // tests/e2e/offline*.spec.ts: the server counts every request it receives (GET /api/v1/__test/requests),
      // and the flaky proxy's origin is a sign-in domain beside the server's own.
      E2E_REQUEST_LOG: '1',
      APP_DOMAIN: [`127.0.0.1:${E2E_PORT}`, `localhost:${E2E_PORT}`, `127.0.0.1:${E2E_FLAKY_PORT}`].join(','),
    },
  },
});
