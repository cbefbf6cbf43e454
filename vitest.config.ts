import { defineConfig } from 'vitest/config';

// One vitest run, five projects: each layer runs in the environment it needs.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', environment: 'node', include: ['tests/domain/**/*.test.ts'] } },
      { test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'] } },
      {
        extends: './vite.config.ts',
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/app/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/postgres.globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
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
