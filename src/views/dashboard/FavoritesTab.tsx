import { PAGE_SIZE } from '../../../machines/lists/constants';
import { TokenList } from '../../components/tokens/TokenList';
import { likedTokensList } from '../../services/flows/marketplaceLists';
import type { LikedTokensParams } from '../../services/marketplace';
import { EmptyExplore } from './DashboardEmpty';

/** See docs/requirements.md#dashboard: the tokens the account liked, a grid of 10 a page; empty → explore. */
export function FavoritesTab({ account }: { account: string }) {
  return (
    <TokenList<LikedTokensParams>
      listKey="dashboard-favorites"
      list={likedTokensList}
      params={{ account }}
      pageSize={PAGE_SIZE.favorites}
      label="Favorite tokens"
      emptyText={<EmptyExplore text="You have not liked any tokens yet." />}
    />
  );
}
