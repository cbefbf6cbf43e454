import { createRouter } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { NotFoundView } from '../views/status/NotFoundView';
import type { AppActor } from './appActorContext';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function createAppRouter(appActor: AppActor) {
  return createRouter({
    routeTree,
    context: { appActor },
    // Seed 000 §2: navigation scrolls to the top (restored on back/forward); a hash scrolls smoothly.
    scrollRestoration: true,
    defaultHashScrollIntoView: prefersReducedMotion() ? true : { behavior: 'smooth', block: 'start' },
    defaultNotFoundComponent: NotFoundView,
    defaultPreload: 'intent',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
