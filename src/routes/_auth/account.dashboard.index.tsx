import { createFileRoute } from '@tanstack/react-router';
import { validateDashboardSearch, type DashboardSearch } from '../../../machines/dashboard/tabs';
import { DashboardView } from '../../views/dashboard/DashboardView';

// See docs/requirements.md#dashboard: the collector dashboard (route name my-dashboard); an index route, so the collection and token
// dashboards under /account/dashboard/ are its siblings, not its children.
export const Route = createFileRoute('/_auth/account/dashboard/')({
  staticData: { name: 'my-dashboard' },
  validateSearch: (search: Record<string, unknown>): DashboardSearch => validateDashboardSearch(search),
  component: DashboardRoute,
});

function DashboardRoute() {
  const search = Route.useSearch();
  // The tabs flow puts a chosen tab in the URL itself (src/services/flows/dashboard.ts).
  return <DashboardView search={search} />;
}
