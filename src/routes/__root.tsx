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
  notFoundComponent: NotFoundView,
});
