import { useSelector } from '@xstate/react';
import { useFlow } from '../../../app/flows';
import { useDocumentTitle } from '../../../app/useDocumentTitle';
import { ReadFailure } from '../../../components/feedback/ReadFailure';
import { tokenDashboardFlow } from '../../../services/flows/tokenDashboard';
import { TokenSkeleton } from '../../token/TokenSkeleton';
import { useTradePhase } from '../useTradePhase';
import { TokenDashboardContent } from './TokenDashboardContent';
import '../../../styles/token.css';
import '../../../styles/trading.css';
import '../../../styles/dashboardToken.css';

export interface TokenDashboardViewProps {
  /** The TokenHolding id from /account/dashboard/token/$id. */
  id: string;
}

/**
 * /account/dashboard/token/$id: the owner lists the token, cancels listings and accepts offers; others read. The flow
 * hears the wallet and the live feed itself and runs each contract action as its child.
 */
export function TokenDashboardView({ id }: TokenDashboardViewProps) {
  const dashboard = useFlow(tokenDashboardFlow, { input: { id } });
  const phase = useTradePhase(dashboard);
  const token = useSelector(dashboard, (snapshot) => snapshot.context.token);
  const error = useSelector(dashboard, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  useDocumentTitle(token?.name);

  if (token) return <TokenDashboardContent dashboard={dashboard} token={token} phase={phase} />;
  if (error !== null) {
    return (
      <div className="page token-page">
        <ReadFailure className="token-error" level={1} heading="Could not load this artwork" error={error} onRetry={() => dashboard.send({ type: 'dashboard.retry' })} />
      </div>
    );
  }
  return <TokenSkeleton />;
}
