import { createFileRoute } from '@tanstack/react-router';
import { PolicyView } from '../views/content/PolicyView';

// See docs/requirements.md#shell-routes: /tos and /community-guidelines show the same policies page, its text loaded by path.
export const Route = createFileRoute('/tos')({
  component: TosRoute,
});

function TosRoute() {
  return <PolicyView path="/tos" />;
}
