import { createFileRoute, redirect } from '@tanstack/react-router';

// Seed 001 §2: /studio is the studio entry.
export const Route = createFileRoute('/studio/')({
  beforeLoad: () => {
    throw redirect({ to: '/studio/connect', replace: true });
  },
});
