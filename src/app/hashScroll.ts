// See docs/requirements.md#shell-routes "navigation to a hash scrolls smoothly" (hash links scroll smoothly), also on a first load whose target is rendered
// later (a token page's comments load after the token): the router's own hash scroll (defaultHashScrollIntoView)
// only finds a target already in the DOM when the route has rendered. After every rendered navigation with a hash
// this waits for the target to exist, scrolls it under the sticky header (smoothly, instantly under
// prefers-reduced-motion) and keeps it there while content above it still loads, until the user scrolls or a few
// seconds pass.

/** How long a target may take to appear after the route rendered. */
export const HASH_TARGET_WAIT_MS = 15_000;
/** How long the target is kept in place while the layout above it still changes (media, lists loading). */
export const HASH_SETTLE_MS = 3_000;

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const targetOf = (hash: string): HTMLElement | null => {
  try {
    return document.getElementById(decodeURIComponent(hash));
  } catch {
    // A malformed escape in the hash: no target.
    return document.getElementById(hash);
  }
};

/** Scrolls the window so `element` starts just under the sticky site header. */
export function scrollToHashTarget(element: HTMLElement, behavior: ScrollBehavior): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  const offset = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
  const top = Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset);
  if (typeof window.scrollTo === 'function') window.scrollTo({ top, behavior });
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Follows one hash target: scrolls to it once it exists, re-aligns it on layout changes until the user takes over
 * or HASH_SETTLE_MS pass. Returns the function that stops following (the next navigation calls it).
 */
export function followHashTarget(hash: string): () => void {
  const cleanups: (() => void)[] = [];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const behavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');

  const settle = (target: HTMLElement) => {
    scrollToHashTarget(target, behavior());
    // Content above the target may still grow (an image, a list): keep the target in place meanwhile.
    if (typeof ResizeObserver !== 'undefined') {
      let last = document.documentElement.scrollHeight;
      const resizes = new ResizeObserver(() => {
        const height = document.documentElement.scrollHeight;
        if (height === last) return;
        last = height;
        const current = targetOf(hash);
        if (current) scrollToHashTarget(current, behavior());
      });
      resizes.observe(document.body);
      cleanups.push(() => resizes.disconnect());
    }
    // The user scrolling, clicking or typing takes over at once.
    for (const type of USER_SCROLL_EVENTS) {
      window.addEventListener(type, stop, { passive: true, once: true });
      cleanups.push(() => window.removeEventListener(type, stop));
    }
    const timer = setTimeout(stop, HASH_SETTLE_MS);
    cleanups.push(() => clearTimeout(timer));
  };

  const present = targetOf(hash);
  if (present) {
    settle(present);
    return stop;
  }
  if (typeof MutationObserver === 'undefined') return stop;
  const mutations = new MutationObserver(() => {
    const target = targetOf(hash);
    if (!target) return;
    mutations.disconnect();
    settle(target);
  });
  mutations.observe(document.body, { childList: true, subtree: true });
  cleanups.push(() => mutations.disconnect());
  const giveUp = setTimeout(() => {
    // No target appeared: nothing to scroll to (an unknown hash).
    if (!targetOf(hash)) stop();
  }, HASH_TARGET_WAIT_MS);
  cleanups.push(() => clearTimeout(giveUp));
  return stop;
}

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
    if (hash && typeof document !== 'undefined') release = followHashTarget(hash);
  });
  return () => {
    release?.();
    unsubscribe();
  };
}
