import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { NotFoundView } from '../views/status/NotFoundView';
import { RouteErrorView } from '../views/status/RouteErrorView';
import type { AppActor } from './appActorContext';
import { prefersReducedMotion, scrollToHashTargets } from './hashScroll';
import { isCodeFailureShown, reloadForFailedCode, retryFailedChunks } from './chunkLoad';
import { setFlowNavigator, setFlowReloader, setFlowSearchWatcher, type FlowNavigateOptions } from '../services/flows/navigation';
import { bindPageChanges, bindRestoreToRouter } from '../services/offline/connectivity';
import { getAppActor } from '../../machines/app/appMachine';

export function createAppRouter(appActor: AppActor, options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    history: options.history,
    context: { appActor },
    // See docs/requirements.md#shell-routes: navigation scrolls to the top (restored on back/forward); a hash scrolls smoothly. The app's only
    // scroll restoration: a paged list coming back is created with all its kept pages (src/services/flows/lists.ts),
    // so the offset restored after the route renders lands on the same cards.
    scrollRestoration: true,
    defaultHashScrollIntoView: prefersReducedMotion() ? true : { behavior: 'smooth', block: 'start' },
    defaultNotFoundComponent: NotFoundView,
    defaultErrorComponent: RouteErrorView,
    defaultPreload: 'intent',
  });
  // Flows navigate through the router created last (src/services/flows/navigation.ts).
  setFlowNavigator((navigate: FlowNavigateOptions) => {
    if ('back' in navigate) router.history.back();
    else void router.navigate(navigate as Parameters<typeof router.navigate>[0]);
  });
  setFlowReloader(() => router.invalidate());
  // Flows hear their route's validated search params now and after each navigation (routeSearch in navigation.ts).
  setFlowSearchWatcher((routeId, listener) => {
    const searchOf = () => router.state.matches.find((match) => match.routeId === routeId)?.search as Record<string, unknown> | undefined;
    const tell = () => {
      const search = searchOf();
      if (search) listener(search);
    };
    tell();
    return router.subscribe('onResolved', tell);
  });
  // A hash target rendered after the route (the token page's comments on a first load) is scrolled to once it exists.
  scrollToHashTargets(router);
  // Another page's reads replace the stored answers on screen (the offline status and the trade guard).
  bindPageChanges(router, getAppActor(appActor, 'connectivity'));
  // Back online, route loaders that answered from the stored copy run again, and a page that failed loads again (the
  // whole document when its code is what failed).
  bindRestoreToRouter(getAppActor(appActor, 'connectivity'), router, retryFailedChunks, { shown: isCodeFailureShown, reload: reloadForFailedCode });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
