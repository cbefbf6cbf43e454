import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: the router's scroll-to-top calls window.scrollTo, which jsdom only logs as not implemented.
window.scrollTo = () => {};

// Routes, studio steps, dashboard tabs, the comment thread and the crop editor load as lazy chunks (the phone-performance work's route
// budgets): on a machine running other suites the first import of one takes over the default 1 s of findBy/waitFor.
// A passing wait returns as soon as its check passes; only a failing one takes longer.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
