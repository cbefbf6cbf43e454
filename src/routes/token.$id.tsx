import { createFileRoute } from '@tanstack/react-router';
import { TokenView } from '../views/token/TokenView';

// See docs/requirements.md#token-page: token detail (route name token-detail); id is the TokenHolding id.
export const Route = createFileRoute('/token/$id')({
  component: TokenDetailRoute,
});

function TokenDetailRoute() {
  const { id } = Route.useParams();
  return <TokenView id={id} />;
}
