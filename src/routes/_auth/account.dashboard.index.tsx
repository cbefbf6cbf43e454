import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import type { ShowTabInUrlParams } from '../../../machines/dashboard/dashboardTabsMachine';
import { validateDashboardSearch, type DashboardSearch } from '../../../machines/dashboard/tabs';
import { DashboardView } from '../../views/dashboard/DashboardView';

// Seed 000 §2: the collector dashboard (route name my-dashboard); an index route, so the collection and token
// dashboards under /account/dashboard/ are its siblings, not its children.
export const Route = createFileRoute('/_auth/account/dashboard/')({
  staticData: { name: 'my-dashboard' },
  validateSearch: (search: Record<string, unknown>): DashboardSearch => validateDashboardSearch(search),
  component: DashboardRoute,
});

function DashboardRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Another tab drops the collection filter: it belongs to the received offers it was opened for.
  const onShowTab = useCallback(({ tab, replace }: ShowTabInUrlParams) => void navigate({ search: { tab }, replace }), [navigate]);
  return <DashboardView search={search} onShowTab={onShowTab} />;
}
