import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { getAppActor } from '../../machines/app/appMachine';
import { ROUTE_GUARD_DELAY_MS } from '../../machines/app/constants';
import { settledWalletSession } from '../services/wallet/routeGuard';

// See docs/requirements.md#wallet-session: a route that needs a wallet waits 300 ms, opens the wallet modal and returns after connecting.
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const wallet = getAppActor(context.appActor, 'walletSession');
    if ((await settledWalletSession(wallet)).hasTag('registered')) return;
    await new Promise((resolve) => setTimeout(resolve, ROUTE_GUARD_DELAY_MS));
    if (wallet.getSnapshot().hasTag('registered')) return;
    throw redirect({ to: '/connect-wallet', search: { from: location.href } });
  },
  component: Outlet,
});
