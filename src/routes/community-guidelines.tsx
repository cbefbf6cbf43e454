import { createFileRoute } from '@tanstack/react-router';
import { PolicyView } from '../views/content/PolicyView';

// See docs/requirements.md#shell-routes: /tos and /community-guidelines show the same policies page, its text loaded by path.
export const Route = createFileRoute('/community-guidelines')({
  component: CommunityGuidelinesRoute,
});

function CommunityGuidelinesRoute() {
  return <PolicyView path="/community-guidelines" />;
}
