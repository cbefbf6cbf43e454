import type { ReactNode } from 'react';
import type { PagedListMachine } from '../../../machines/lists/pagedListMachine';
import type { MarketplaceToken, TokenListParams } from '../../services/marketplace';
import { listSnapshotKey } from './listSnapshots';
import { EAGER_CARDS, PagedGrid } from './PagedGrid';
import { TokenCard, TokenCardPlaceholder } from './TokenCard';

export interface TokenListProps<TParams = TokenListParams> {
  /** The list's flow (src/services/flows/), which reads its pages. */
  list: PagedListMachine<MarketplaceToken, TParams>;
  params: TParams;
  pageSize: number;
  /** Load further pages when the list bottom is 10% visible (docs/requirements.md#list-loading); off for teaser grids. */
  infinite?: boolean;
  label: string;
  emptyText?: ReactNode;
  /** Names the list for restoring it on return (defaults to the label); the params complete the key. */
  listKey?: string;
  /** Cards the first page is known to bring: reserved while it loads (PagedGrid placeholders). */
  placeholders?: number;
  /** The first screen's cards at once, the others one per task (PagedGrid progressive). */
  progressive?: boolean;
  /** The list ends the page's content (PagedGrid endsPage). */
  endsPage?: boolean;
}

const tokenKey = (token: MarketplaceToken) => token.id;
const renderToken = (token: MarketplaceToken, index: number) => <TokenCard token={token} eager={index < EAGER_CARDS} />;
const renderPlaceholder = () => <TokenCardPlaceholder />;

/** A grid of token cards paged through the pagedList machine; new params load a new list from the first page. */
export function TokenList<TParams = TokenListParams>({ listKey, label, emptyText = 'No artworks found', ...grid }: TokenListProps<TParams>) {
  const key = listSnapshotKey(listKey ?? label, grid.params);
  return (
    <PagedGrid<MarketplaceToken, TParams>
      key={key}
      snapshotKey={key}
      {...grid}
      {...{ label, emptyText, renderPlaceholder }}
      itemsName="artworks"
      itemKey={tokenKey}
      renderItem={renderToken}
    />
  );
}
