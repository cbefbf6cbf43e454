import { createFileRoute, redirect } from '@tanstack/react-router';

// Seed 001 §2 "/studio/edit/{container_id?}": without a collection there is nothing to continue, so a new one starts.
export const Route = createFileRoute('/_studio/studio/edit/')({
  beforeLoad: () => {
    throw redirect({ to: '/studio/create', replace: true });
  },
});
