import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { TOKEN_SOLD_NOTICE } from '../../../../machines/dashboard/tokenDashboardMachine';
import type { TradePhase } from '../../../../machines/dashboard/dashboardTrade';
import { useTokenPatch } from '../../../services/live/tokenPatches';
import type { TokenDetail } from '../../../services/token';
import { liveToken } from '../../../../machines/token/liveToken';
import { TokenPageShell } from '../../token/TokenPageShell';
import type { DashboardActor } from './dashboardActor';
import { ListingsBox } from './ListingsBox';
import { OffersBox } from './OffersBox';
import { SellForm } from './SellForm';

export interface TokenDashboardContentProps {
  dashboard: DashboardActor;
  token: TokenDetail;
  phase: TradePhase;
}

/** The token (media, name, collection, like, description, details) and, for its owner, the sell and trade boxes. */
export function TokenDashboardContent({ dashboard, token: fetched, phase }: TokenDashboardContentProps) {
  const patch = useTokenPatch(fetched._id);
  // Likes follow live patches; ownership and listings follow the machine's refetches.
  const token = liveToken(fetched, patch ? { likesCount: patch.likesCount } : undefined);
  const owner = useSelector(dashboard, (snapshot) => snapshot.hasTag('owner'));
  const sold = useSelector(dashboard, (snapshot) => snapshot.matches('sold'));
  const { collection } = token;

  return (
    <TokenPageShell
      token={token}
      className="dashboard-token"
      top={
        <nav className="dashboard-back" aria-label="Breadcrumb">
          <Link to="/account/dashboard">Back to dashboard</Link>
        </nav>
      }
      byline={
        <p className="dashboard-token-collection">
          <span className="token-label">Collection</span>{' '}
          {collection.address ? (
            <Link to="/collection/$address/$chainId" params={{ address: collection.address, chainId: String(collection.chainId) }}>
              {collection.name}
            </Link>
          ) : (
            collection.name
          )}
        </p>
      }
      descriptionId="dashboard-token-description"
      below={
        owner && (
          <div className="dashboard-token-boxes">
            <ListingsBox dashboard={dashboard} phase={phase} />
            <OffersBox dashboard={dashboard} phase={phase} />
          </div>
        )
      }
    >
      {sold && (
        <p className="dashboard-token-note" role="status">
          {TOKEN_SOLD_NOTICE}
        </p>
      )}
      {owner && <SellForm dashboard={dashboard} phase={phase} />}
      {!owner && !sold && token.tokenHolding && (
        <p className="dashboard-token-note">
          You don&apos;t hold this token.{' '}
          <Link to="/token/$id" params={{ id: token.tokenHolding.id }}>
            View the token page
          </Link>
        </p>
      )}
    </TokenPageShell>
  );
}
