// How the service worker answers a navigation (src/sw.ts): the server's page first, the precached shell when the
// network fails, the server errs (5xx) or has not answered within NAVIGATION_TIMEOUT_MS. The server's answer carries
// its current headers (CSP, navigation hints) and is streamed by the network stack; the shell keeps the app usable
// offline and on a connection too slow to wait for. (Answering every navigation from the precache made a reload
// right after the worker's first install hang now and then in CI: the document came from the cache and never
// loaded its first script.)

/** How long a navigation waits for the server before the shell answers. */
export const NAVIGATION_TIMEOUT_MS = 3_000;

export interface NavigationDeps {
  fetch: (request: Request, init: { signal: AbortSignal }) => Promise<Response>;
  shell: () => Promise<Response>;
  timeoutMs?: number;
}

export async function answerNavigation(request: Request, { fetch, shell, timeoutMs = NAVIGATION_TIMEOUT_MS }: NavigationDeps): Promise<Response> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, timeoutMs);
  });
  try {
    const response = await Promise.race([fetch(request, { signal: controller.signal }), timedOut]);
    if (response && response.status < 500) return response;
  } catch {
    // No answer (offline, refused, aborted): the shell below.
  } finally {
    clearTimeout(timer);
  }
  return shell();
}
