import { createFileRoute, redirect } from '@tanstack/react-router';

// See docs/requirements.md#shell-routes: /studio is the studio entry.
export const Route = createFileRoute('/studio/')({
  beforeLoad: () => {
    throw redirect({ to: '/studio/connect', replace: true });
  },
});
