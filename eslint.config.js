import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const forbiddenInMachines = [
  'react', 'react-dom', '@xstate/react', 'viem', 'viem/*', '@wagmi/*', 'socket.io-client', 'urql', '@urql/*',
  'tus-js-client', 'idb-keyval', 'workbox-*', '@tanstack/*', 'hono', 'hono/*', 'pg', '@electric-sql/*',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'contracts/generated/**', 'src/routeTree.gen.ts', '.data*/**', 'dist-*/**', 'test-results*/**', 'test-reports*/**', '.perf*/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // React code: the rules of hooks, and effects that list what they use.
    files: ['src/**/*.{ts,tsx}', 'tests/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // machines/ is the statechart core: TypeScript and xstate only.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: forbiddenInMachines, message: 'machines/ holds only TypeScript and xstate: effects are provided from src/services.' }],
      }],
      'no-restricted-globals': ['error',
        { name: 'window', message: 'No DOM in machines/.' },
        { name: 'document', message: 'No DOM in machines/.' },
        { name: 'localStorage', message: 'No storage in machines/.' },
        { name: 'fetch', message: 'No network in machines/: invoke an actor provided from src/services.' },
        { name: 'WebSocket', message: 'No network in machines/.' },
        { name: 'XMLHttpRequest', message: 'No network in machines/.' },
      ],
    },
  },
);
