import { PAGE_SIZE } from '../../../machines/lists/constants';
import { TokenList } from '../../components/tokens/TokenList';
import { fetchBoughtTokensPage, type BoughtTokensParams } from '../../services/dashboard/tabs';
import { EmptyExplore } from './DashboardEmpty';

/** Seed 000 §2: the tokens the account bought and still holds, a grid of 15 a page; empty → explore. */
export function PurchasedTokensTab({ owner }: { owner: string }) {
  return (
    <TokenList<BoughtTokensParams>
      listKey="dashboard-purchased"
      fetchPage={fetchBoughtTokensPage}
      params={{ owner }}
      pageSize={PAGE_SIZE.tokens}
      label="Purchased tokens"
      emptyText={<EmptyExplore text="You have not bought any tokens yet." />}
    />
  );
}
