// See docs/requirements.md#shell-routes "navigation to a hash scrolls smoothly" (hash links scroll smoothly), also on a first load whose target is rendered
// later (a token page's comments load after the token): the router's own hash scroll (defaultHashScrollIntoView)
// only finds a target already in the DOM when the route has rendered. After every rendered navigation with a hash
// this waits for the target to exist, scrolls it under the sticky header (smoothly, instantly under
// prefers-reduced-motion) and keeps it there while content above it still loads, until the user scrolls or a few
// seconds pass.

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

interface RenderedEvent {
  toLocation: { hash: string };
}

interface SubscribableRouter {
  subscribe(eventType: 'onRendered', listener: (event: RenderedEvent) => void): () => void;
}

/** After every rendered navigation: follows its hash target (the previous one is released). */
export function scrollToHashTargets(router: SubscribableRouter): () => void {
  let release: (() => void) | null = null;
  const unsubscribe = router.subscribe('onRendered', (event) => {
    release?.();
    release = null;
    const hash = event.toLocation.hash.replace(/^#/, '');
    if (!hash || typeof document === 'undefined') return;
    // The follower loads with the first hash (a later navigation before it arrives cancels this one).
    let cancelled = false;
    let stop: (() => void) | null = null;
    release = () => {
      cancelled = true;
      stop?.();
    };
    void import('./hashTarget').then(({ followHashTarget }) => {
      if (!cancelled) stop = followHashTarget(hash);
    });
  });
  return () => {
    release?.();
    unsubscribe();
  };
}
