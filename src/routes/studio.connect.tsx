import { createFileRoute, redirect } from '@tanstack/react-router';
import { getAppActor } from '../../machines/app/appMachine';
import { settledWalletSession } from '../services/wallet/routeGuard';
import { studioAccess } from '../../machines/wallet/sessionSelectors';
import { StudioConnectView } from '../views/studio/connect/StudioConnectView';

// See docs/requirements.md#shell-routes "Rules": a creator landing on the studio entry goes to the studio list (the view also follows a
// creator who signs in while it is shown).
export const Route = createFileRoute('/studio/connect')({
  beforeLoad: async ({ context }) => {
    const wallet = getAppActor(context.appActor, 'walletSession');
    if (studioAccess(await settledWalletSession(wallet)) === 'creator') throw redirect({ to: '/studio/list', replace: true });
  },
  component: StudioConnectView,
});
