// Code that could not load (all code offline after one visit): a dynamic import() whose chunk did not arrive (offline and not in the
// worker's precache, a dropped connection, a deploy that removed it). Such a failure shows the offline page or
// leaves a part out, never the raw 'Failed to fetch dynamically imported module …' text, and a retry imports again.
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

// What browsers say when a module script cannot be fetched: Chromium, Safari, Firefox, and Vite's CSS preload helper.
const CHUNK_LOAD_MESSAGE = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/** Whether an error means some of the app's code could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && CHUNK_LOAD_MESSAGE.test(message);
}

/** Whether a failure is the network's (code or data that did not arrive), not the app's or the server's answer. */
export function isOfflineFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return isChunkLoadError(error) || name === 'NetworkError';
}

// Bumped by every retry the user (or the browser coming back online) asks for: failed imports before it try again.
let retryGeneration = 0;

/**
 * Loads the page again, for a route whose code did not arrive. A browser may keep a failed module import failed for
 * the document's whole life (Debian's Chromium 150 does: a later import() of it fails at once, without a request, even
 * online), so only a new document imports it again. Nothing is lost: the page shows the failure, not a form.
 */
export function reloadForFailedCode(): void {
  window.location.reload();
}

// How many route error pages for code that did not arrive are on screen (RouteErrorView counts itself in and out).
let codeFailuresShown = 0;

/** A route error page for code that did not arrive is shown; the returned function says it is gone. */
export function showingCodeFailure(): () => void {
  codeFailuresShown += 1;
  let gone = false;
  return () => {
    if (gone) return;
    gone = true;
    codeFailuresShown -= 1;
  };
}

/** Whether a route's code failure is on screen now (back online, only a new document can load it). */
export function isCodeFailureShown(): boolean {
  return codeFailuresShown > 0;
}

/** A retry was asked for (the offline page's Retry, back online): lazily loaded parts that failed import again. */
export function retryFailedChunks(): void {
  retryGeneration += 1;
}

/**
 * React.lazy keeps a failed import forever: every later render throws the same error. This one imports again on the
 * first render after a retry was asked for (retryFailedChunks) — never by itself, so an offline page does not loop
 * on imports. Most browsers fetch a failed module script again on the next import(); Chromium 150 does not (the part
 * keeps its fallback until the page is reloaded; a route reloads by itself, reloadForFailedCode). The identity is stable.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  let failedAt: number | null = null;
  const fresh = () => {
    failedAt = null;
    current = lazy(() =>
      load().catch((error: unknown) => {
        failedAt = retryGeneration;
        throw error;
      }),
    );
  };
  fresh();
  function Retryable(props: P) {
    if (failedAt !== null && failedAt < retryGeneration) fresh();
    return createElement(current, props);
  }
  return Retryable;
}
