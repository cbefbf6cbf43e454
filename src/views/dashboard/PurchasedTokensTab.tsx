import { useCallback, useMemo } from 'react';
import { PAGE_SIZE } from '../../../machines/lists/constants';
import { PagedGrid } from '../../components/tokens/PagedGrid';
import { listSnapshotKey } from '../../components/tokens/listSnapshots';
import type { BoughtTokensParams } from '../../services/dashboard/tabs';
import { boughtTokensList } from '../../services/flows/dashboardLists';
import type { MarketplaceToken } from '../../services/marketplace';
import { EmptyExplore } from './DashboardEmpty';
import { ViewerTokenCard } from './ViewerTokenCard';

const tokenKey = (token: MarketplaceToken) => token.id;

/**
 * See docs/requirements.md#dashboard: the tokens the account bought and still holds, a grid of 15 a page; empty → explore. The viewer's own
 * tokens are marked 'Yours' and open the token dashboard (to list them again).
 */
export function PurchasedTokensTab({ owner }: { owner: string }) {
  const params = useMemo<BoughtTokensParams>(() => ({ owner }), [owner]);
  const key = listSnapshotKey('dashboard-purchased', params);
  const renderToken = useCallback((token: MarketplaceToken) => <ViewerTokenCard token={token} viewer={owner} variant="purchased" />, [owner]);
  return (
    <PagedGrid<MarketplaceToken, BoughtTokensParams>
      key={key}
      snapshotKey={key}
      list={boughtTokensList}
      params={params}
      pageSize={PAGE_SIZE.tokens}
      label="Purchased tokens"
      emptyText={<EmptyExplore text="You have not bought any tokens yet." />}
      itemsName="artworks"
      itemKey={tokenKey}
      renderItem={renderToken}
    />
  );
}
