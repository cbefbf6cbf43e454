import { defineConfig } from 'vitest/config';

// One vitest run, five projects: each layer runs in the environment it needs.
// `npm test` runs the Playwright suite beside vitest: a jsdom test that takes 1 s alone can take several then (the
// default 5 s bound ran out in CI). A generous bound per test; speed is the benchmark's business, not the tests'.
const UNDER_LOAD = 30_000;

export default defineConfig({
  test: {
    // Two workers on these 2-core machines: vitest's default (cores - 1) ran every file one after another, leaving a
    // core idle while a worker imported or set up. The server project's files run in parallel too: each opens its own
    // databases (PGlite in memory, a database of its own on the throwaway PostgreSQL cluster) and ephemeral ports.
    maxWorkers: 2,
    projects: [
      // The pure layers run without isolation: a worker keeps xstate, xstate/graph and the machines loaded from one file
      // to the next instead of importing them again for each of some 90 files (their tests share no module state; the
      // coverage records start afresh per file: tests/machines/support/modelCoverage.ts).
      { test: { name: 'domain', environment: 'node', include: ['tests/domain/**/*.test.ts'], testTimeout: UNDER_LOAD, isolate: false } },
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          isolate: false,
          // Prints what the model-based paths reached per machine once the run is over (tests/machines/support).
          globalSetup: ['tests/machines/support/coverage.globalSetup.ts'],
          testTimeout: UNDER_LOAD,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/app/setup.ts'],
          testTimeout: UNDER_LOAD,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/postgres.globalSetup.ts', 'tests/server/pgliteTemplate.globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['tests/contracts/**/*.test.ts'],
          globalSetup: ['tests/contracts/compile.globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
