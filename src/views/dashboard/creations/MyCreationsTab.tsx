import { PAGE_SIZE } from '../../../../machines/lists/constants';
import { useFlow } from '../../../app/flows';
import { ListFailure } from '../../../components/feedback/ReadFailure';
import { usePagedListState } from '../../../components/tokens/usePagedList';
import { createdCollectionsFlow } from '../../../services/flows/dashboard';
import { CreationCard } from './CreationCard';
import '../../../styles/collection.css';
import '../../../styles/dashboardCreations.css';

export interface MyCreationsTabProps {
  /** The signed-in creator's address. */
  creator: string;
}

/**
 * See docs/requirements.md#dashboard: the creator's collections, PAGE_SIZE.collections (5) at a time, the next page when the
 * list bottom is 10% visible. Live staleness refreshes each card in place (see useCreationCard), not the list, so a
 * price being typed or a cover being cropped is not thrown away by someone else's sale.
 */
export function MyCreationsTab({ creator }: MyCreationsTabProps) {
  // Another creator is another list: the dashboard keys this tab by the address.
  const list = useFlow(createdCollectionsFlow, { input: { pageSize: PAGE_SIZE.collections, params: { creator }, load: true } });

  const { items, loading, error, empty, canLoadMore, sentinelRef } = usePagedListState(list);

  return (
    <div className="creations" aria-busy={loading}>
      {items.length > 0 && (
        <ul className="creations-list" aria-label="My collections">
          {items.map((collection) => (
            <li key={collection._id}>
              <CreationCard collection={collection} creator={creator} />
            </li>
          ))}
        </ul>
      )}
      {empty && (
        <div className="no-result creations-empty">
          <p>You have not created a collection yet.</p>
          {/* A document link: the studio is its own part of the app (docs/requirements.md#studio-list). */}
          <a href="/studio" className="button button-primary">
            Go to the studio
          </a>
        </div>
      )}
      {loading && (
        <p className="list-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading collections…
        </p>
      )}
      {error !== null && (
        <ListFailure message={`Could not load collections. ${error}`} onRetry={() => list.send({ type: 'list.retry' })} />
      )}
      {canLoadMore && <div key={items.length} ref={sentinelRef} className="list-sentinel" aria-hidden="true" />}
    </div>
  );
}
