// Work that must not compete with a page's first load on a slow link (the phone-performance work: the script a first visit fetches
// until the network is idle, and the largest paint): the live socket's code and connection, and the service worker's
// registration (its precache is about 1.9 MB). Each waits for the window's load, an idle moment, then until the page
// has fetched nothing new for a while (its images and reads go first), at most a bound, or the user's first pointer
// or key press (they may be about to act).

/**
 * Resolves after the window's load and an idle moment, once no resource was fetched for `quietMs`, after `maxMs` at
 * most (or at the first pointer or key press).
 */
export function afterPageLoad(quietMs: number, maxMs: number): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded
    .then(() => new Promise<void>((resolve) => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0))))
    .then(() => networkQuiet(quietMs, maxMs));
}

/** Resolves once no resource was fetched for quietMs (read from the resource timing entries), after maxMs at most. */
export function networkQuiet(quietMs: number, maxMs: number): Promise<void> {
  const resourceCount = () => (typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('resource').length : 0);
  return new Promise<void>((resolve) => {
    const started = Date.now();
    let count = resourceCount();
    let changedAt = started;
    const done = () => {
      clearInterval(timer);
      // A test environment torn down while this waited has no window left to unlisten.
      if (typeof window !== 'undefined') {
        window.removeEventListener('pointerdown', done, true);
        window.removeEventListener('keydown', done, true);
      }
      resolve();
    };
    const timer = setInterval(() => {
      const now = Date.now();
      const current = resourceCount();
      if (current !== count) {
        count = current;
        changedAt = now;
      }
      if (now - changedAt >= quietMs || now - started >= maxMs) done();
    }, 250);
    window.addEventListener('pointerdown', done, true);
    window.addEventListener('keydown', done, true);
  });
}
