import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { INFINITE_SCROLL_THRESHOLD } from '../../../machines/lists/constants';
import { createPagedListMachine, fetchPageActor } from '../../../machines/lists/pagedListMachine';
import type { FetchTokenPage, MarketplaceToken, TokenListParams } from '../../services/marketplace';
import { TokenCard } from './TokenCard';
import { useVisible } from './useVisible';

export interface TokenListProps {
  fetchPage: FetchTokenPage;
  params: TokenListParams;
  pageSize: number;
  /** Load further pages when the list bottom is 10% visible (seed 000 §9); off for teaser grids. */
  infinite?: boolean;
  label: string;
  emptyText?: string;
}

/** A grid of token cards paged through the pagedList machine. */
export function TokenList({ fetchPage, params, pageSize, infinite = true, label, emptyText = 'No artworks found' }: TokenListProps) {
  const machine = useMemo(
    () => createPagedListMachine<MarketplaceToken, TokenListParams>().provide({ actors: { fetchPage: fetchPageActor(fetchPage) } }),
    [fetchPage],
  );
  const list = useActorRef(machine, { input: { pageSize, params } });
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    // A new filter set (or the first mount) reloads from the first page.
    list.send({ type: 'list.reset', params: JSON.parse(paramsKey) as TokenListParams });
  }, [list, paramsKey]);

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
      {empty && <p className="no-result">{emptyText}</p>}
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
      {/* Re-keyed per page so a sentinel still in view after a short page triggers the next one. */}
      {infinite && canLoadMore && <div key={items.length} ref={sentinelRef} className="list-sentinel" aria-hidden="true" />}
    </div>
  );
}
