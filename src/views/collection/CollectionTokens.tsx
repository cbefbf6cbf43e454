import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { INFINITE_SCROLL_THRESHOLD, PAGE_SIZE } from '../../../machines/lists/constants';
import { createPagedListMachine, fetchPageActor } from '../../../machines/lists/pagedListMachine';
import { TokenCard } from '../../components/tokens/TokenCard';
import { useVisible } from '../../components/tokens/useVisible';
import { fetchCollectionTokensPage, type CollectionTokensParams } from '../../services/collection';
import type { MarketplaceToken } from '../../services/marketplace';

const collectionTokensMachine = createPagedListMachine<MarketplaceToken, CollectionTokensParams>().provide({
  actors: { fetchPage: fetchPageActor(fetchCollectionTokensPage) },
});

/** The collection's tokens, PAGE_SIZE.collectionDisplay (12) at a time, the next page when the bottom is 10% visible. */
export function CollectionTokens({ containerId, label }: { containerId: string; label: string }) {
  const params = useMemo(() => ({ containerId }), [containerId]);
  const list = useActorRef(collectionTokensMachine, { input: { pageSize: PAGE_SIZE.collectionDisplay, params } });
  useEffect(() => {
    list.send({ type: 'list.reset', params });
  }, [list, params]);

  const items = useSelector(list, (snapshot) => snapshot.context.items);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('idle'));
  const error = useSelector(list, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const empty = useSelector(list, (snapshot) => snapshot.matches('exhausted') && snapshot.context.totalCount === 0);
  const canLoadMore = useSelector(list, (snapshot) => snapshot.can({ type: 'list.loadMore' }));
  const sentinelRef = useVisible<HTMLDivElement>(() => list.send({ type: 'list.loadMore' }), INFINITE_SCROLL_THRESHOLD);

  return (
    <div className="token-list" aria-busy={loading}>
      {items.length > 0 && (
        <ul className="token-grid" aria-label={label}>
          {items.map((token) => (
            <li key={token.id}>
              <TokenCard token={token} />
            </li>
          ))}
        </ul>
      )}
      {empty && <p className="no-result">This collection has no artworks yet.</p>}
      {loading && (
        <p className="list-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading artworks…
        </p>
      )}
      {error !== null && (
        <div className="list-error" role="alert">
          <p>Could not load artworks. {error}</p>
          <button type="button" className="button" onClick={() => list.send({ type: 'list.retry' })}>
            Retry
          </button>
        </div>
      )}
      {canLoadMore && <div key={items.length} ref={sentinelRef} className="list-sentinel" aria-hidden="true" />}
    </div>
  );
}
