import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { getAppActor } from '../../machines/app/appMachine';
import { ROUTE_GUARD_DELAY_MS } from '../../machines/app/constants';
import { settledWalletSession } from '../services/wallet/routeGuard';
import { studioAccess } from '../../machines/wallet/sessionSelectors';

// See docs/requirements.md#shell-routes: the studio list, create and edit need a wallet and the creator flag. Without a registered login the
// guard waits 300 ms (docs/requirements.md#shell-routes, as /_auth) and then sends the user to connect and come back; a registered
// account that is not a creator goes to the studio entry (/studio/connect), which offers the apply card.
export const Route = createFileRoute('/_studio')({
  beforeLoad: async ({ context, location }) => {
    const wallet = getAppActor(context.appActor, 'walletSession');
    let access = studioAccess(await settledWalletSession(wallet));
    if (access === 'signedOut') {
      await new Promise((resolve) => setTimeout(resolve, ROUTE_GUARD_DELAY_MS));
      access = studioAccess(wallet.getSnapshot());
    }
    if (access === 'signedOut') throw redirect({ to: '/connect-wallet', search: { from: location.href } });
    if (access === 'visitor') throw redirect({ to: '/studio/connect', replace: true });
  },
  component: Outlet,
});
