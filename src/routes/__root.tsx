import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { AppActor } from '../app/appActorContext';
import { RootLayout } from '../components/layout/RootLayout';
import { NotFoundView } from '../views/status/NotFoundView';

export interface RouterContext {
  appActor: AppActor;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <RootLayout>
      <Outlet />
    </RootLayout>
  ),
  // The one not-found page: a route's loader that throws notFound() lands here, inside the layout. A route with a
  // notFoundComponent of its own gets TanStack's CatchNotFound around it, whose error component throws any other error
  // again; under Preact that re-render never ends when the route's read fails (a frozen tab:
  // tests/e2e/routeReadFailure.spec.ts), so no other route sets one.
  notFoundComponent: NotFoundView,
});
