import { createFileRoute, redirect } from '@tanstack/react-router';

// See docs/requirements.md#wallet-session: /account is the dashboard's address in the menu; the dashboard itself is /account/dashboard.
export const Route = createFileRoute('/_auth/account/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/dashboard', replace: true });
  },
});
