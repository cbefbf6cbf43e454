import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { TOKEN_SOLD_NOTICE } from '../../../../machines/dashboard/tokenDashboardMachine';
import { useSystemActor } from '../../../app/appActorContext';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { fetchTokenDashboard, type TokenDashboard } from '../../../services/dashboard/tokenDashboard';
import type { FetchDashboardInput } from '../../../../machines/dashboard/tokenDashboardMachine';
import { onListsStale } from '../../../services/live/listRefresh';
import { useViewedToken } from '../../../services/live/viewedToken';
import { TokenSkeleton } from '../../token/TokenSkeleton';
import { tokenDashboardMachine, type DashboardActor } from './dashboardActor';
import { TokenDashboardContent } from './TokenDashboardContent';
import { useDashboardTrade } from './useDashboardTrade';
import '../../../styles/token.css';
import '../../../styles/trading.css';
import '../../../styles/dashboardToken.css';

export type FetchTokenDashboard = (input: FetchDashboardInput, signal: AbortSignal) => Promise<TokenDashboard | null>;

export interface TokenDashboardViewProps {
  /** The TokenHolding id from /account/dashboard/token/$id. */
  id: string;
  fetchDashboard?: FetchTokenDashboard;
}

/** /account/dashboard/token/$id: the owner lists the token, cancels listings and accepts offers; others read. */
export function TokenDashboardView({ id, fetchDashboard = fetchTokenDashboard }: TokenDashboardViewProps) {
  const notifications = useSystemActor('notifications');
  const wallet = useSystemActor('walletSession');
  const live = useSystemActor('liveEvents');
  const navigate = useNavigate();
  const viewer = useSelector(wallet, (snapshot) => snapshot.context.address);
  const self = useRef<DashboardActor | null>(null);
  const trade = useDashboardTrade(self);
  // Built once per fetcher; the effects read the latest router, notifier and runner through refs.
  const effects = useRef({ notifications, navigate, trade, wallet });
  effects.current = { notifications, navigate, trade, wallet };
  const machine = useMemo(
    () =>
      tokenDashboardMachine.provide({
        actors: { fetchDashboard: fromPromise(({ input, signal }) => fetchDashboard(input, signal)) },
        actions: {
          announceSold: () => effects.current.notifications.send({ type: 'notify.show', kind: 'info', text: TOKEN_SOLD_NOTICE }),
          leaveToExplore: () => void effects.current.navigate({ to: '/explore', replace: true }),
          runChainAction: ({ self: actor }, { action }) => {
            // Without a wallet address the flow cannot start: the machine goes back to idle.
            if (!effects.current.wallet.getSnapshot().context.address) actor.send({ type: 'trade.finished' });
            else effects.current.trade.run(action);
          },
        },
      }),
    [fetchDashboard],
  );
  const dashboard = useActorRef(machine, { input: { id, viewer } });
  self.current = dashboard;

  useEffect(() => {
    if (dashboard.getSnapshot().context.viewer?.toLowerCase() !== viewer?.toLowerCase()) dashboard.send({ type: 'viewer.changed', address: viewer });
  }, [dashboard, viewer]);
  useEffect(() => {
    const subscription = live.on('live.received', (event) => dashboard.send({ type: 'live.event', name: event.name, doc: event.doc }));
    return () => subscription.unsubscribe();
  }, [live, dashboard]);
  // After a reconnect (and after bursts elsewhere) lists are stale: refetch, in case an event was missed.
  useEffect(() => onListsStale(() => dashboard.send({ type: 'dashboard.refresh' })), [dashboard]);

  const token = useSelector(dashboard, (snapshot) => snapshot.context.token);
  const error = useSelector(dashboard, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  useDocumentTitle(token?.name);
  // Live on-sale / price-changed / unlisted notices show for the token on screen.
  useViewedToken(token?._id);

  if (token) return <TokenDashboardContent dashboard={dashboard} token={token} phase={trade.phase} />;
  if (error !== null) {
    return (
      <div className="page token-page">
        <div className="token-error" role="alert">
          <h1 className="page-title">Could not load this artwork</h1>
          <p>{error}</p>
          <button type="button" className="button button-primary" onClick={() => dashboard.send({ type: 'dashboard.retry' })}>
            Retry
          </button>
        </div>
      </div>
    );
  }
  return <TokenSkeleton />;
}
