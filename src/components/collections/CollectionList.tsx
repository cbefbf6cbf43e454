import type { ReactNode } from 'react';
import type { PagedListMachine } from '../../../machines/lists/pagedListMachine';
import type { MarketplaceCollection, TokenListParams } from '../../services/marketplace';
import { listSnapshotKey } from '../tokens/listSnapshots';
import { EAGER_CARDS, PagedGrid } from '../tokens/PagedGrid';
import { CollectionCard } from './CollectionCard';

export interface CollectionListProps<TParams = TokenListParams> {
  /** The list's flow (src/services/flows/), which reads its pages. */
  list: PagedListMachine<MarketplaceCollection, TParams>;
  params: TParams;
  pageSize: number;
  label: string;
  emptyText?: ReactNode;
  listKey?: string;
  /** The list ends the page's content (PagedGrid endsPage). */
  endsPage?: boolean;
}

const collectionKey = (collection: MarketplaceCollection) => collection.id;
const renderCollection = (collection: MarketplaceCollection, index: number) => <CollectionCard collection={collection} eager={index < EAGER_CARDS} />;

/** A grid of collection cards paged through the pagedList machine, restored with its scroll offset on return. */
export function CollectionList<TParams = TokenListParams>({ listKey, label, emptyText = 'No collections found', ...grid }: CollectionListProps<TParams>) {
  const key = listSnapshotKey(listKey ?? label, grid.params);
  return (
    <PagedGrid<MarketplaceCollection, TParams>
      key={key}
      snapshotKey={key}
      {...grid}
      {...{ label, emptyText }}
      itemsName="collections"
      itemKey={collectionKey}
      renderItem={renderCollection}
      className="token-grid collection-grid"
    />
  );
}
