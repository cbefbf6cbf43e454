import { createFileRoute } from '@tanstack/react-router';
import { safeReturnPath } from '../services/wallet/routeGuard';
import { ConnectWalletView } from '../views/connect-wallet/ConnectWalletView';

export interface ConnectWalletSearch {
  from?: string;
}

export const Route = createFileRoute('/connect-wallet')({
  // Only a path of this app is kept: `from` must never send the user to another origin.
  // An unsafe value is overwritten with undefined (the router merges the raw search with this result).
  validateSearch: (search: Record<string, unknown>): ConnectWalletSearch => ({ from: safeReturnPath(search.from) }),
  component: function ConnectWalletRoute() {
    const { from } = Route.useSearch();
    return <ConnectWalletView from={safeReturnPath(from)} />;
  },
});
