import { createFileRoute } from '@tanstack/react-router';
import { TokenDashboardView } from '../../views/dashboard/token/TokenDashboardView';

// See docs/requirements.md#dashboard: the token dashboard (route name my-token-dashboard); id is the TokenHolding id, as on /token/$id.
export const Route = createFileRoute('/_auth/account/dashboard/token/$id')({
  staticData: { name: 'my-token-dashboard' },
  component: TokenDashboardRoute,
});

function TokenDashboardRoute() {
  const { id } = Route.useParams();
  // A new holding id is a new dashboard: fresh machine, no price typed for another token.
  return <TokenDashboardView key={id} id={id} />;
}
