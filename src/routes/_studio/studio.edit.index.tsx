import { createFileRoute, redirect } from '@tanstack/react-router';

// See docs/requirements.md#shell-routes "/studio/edit/{container_id?}": without a collection there is nothing to continue, so a new one starts.
export const Route = createFileRoute('/_studio/studio/edit/')({
  beforeLoad: () => {
    throw redirect({ to: '/studio/create', replace: true });
  },
});
