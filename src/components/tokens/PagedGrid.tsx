import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { INFINITE_SCROLL_THRESHOLD } from '../../../machines/lists/constants';
import { useMeasuredItems } from './useMeasuredItems';
import { usePagedList, type PagedListOptions } from './usePagedList';
import { useVisible } from './useVisible';
import '../../styles/explore.css';

export interface PagedGridTexts {
  /** Accessible name of the grid. */
  label: string;
  /** The no-result message, shown when the total is 0. */
  emptyText: ReactNode;
  /** "artworks", "collections": completes "Loading …" and "Could not load …". */
  itemsName: string;
}

export interface PagedGridProps<TNode, TParams> extends PagedListOptions<TNode, TParams>, PagedGridTexts {
  renderItem: (node: TNode) => ReactNode;
  itemKey: (node: TNode) => string;
  /** Load further pages when the list bottom is 10% visible (seed 000 §9); off for teaser grids. */
  infinite?: boolean;
  className?: string;
}

/** A grid paged through the pagedList machine: items, the no-result message, loading, error with Retry. */
export function PagedGrid<TNode, TParams>(props: PagedGridProps<TNode, TParams>) {
  const { renderItem, itemKey, infinite = true, label, emptyText, itemsName, className = 'token-grid' } = props;
  const list = usePagedList<TNode, TParams>(props);
  const items = useSelector(list, (snapshot) => snapshot.context.items);
  const loading = useSelector(list, (snapshot) => snapshot.hasTag('loading') || snapshot.matches('idle'));
  const error = useSelector(list, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const empty = useSelector(list, (snapshot) => snapshot.matches('exhausted') && snapshot.context.totalCount === 0);
  const canLoadMore = useSelector(list, (snapshot) => snapshot.can({ type: 'list.loadMore' }));
  const sentinelRef = useVisible<HTMLDivElement>(() => list.send({ type: 'list.loadMore' }), INFINITE_SCROLL_THRESHOLD);
  const { measureFirst, itemsStyle } = useMeasuredItems(list);

  return (
    <div className="paged-list" aria-busy={loading}>
      {items.length > 0 && (
        <ul className={className} aria-label={label} style={itemsStyle}>
          {items.map((node, index) => (
            <li key={itemKey(node)} ref={index === 0 ? measureFirst : undefined}>
              {renderItem(node)}
            </li>
          ))}
        </ul>
      )}
      {empty && <div className="no-result">{emptyText}</div>}
      {loading && (
        <p className="list-status" role="status">
          <span className="spinner" aria-hidden="true" /> Loading {itemsName}…
        </p>
      )}
      {error !== null && (
        <div className="list-error" role="alert">
          <p>
            Could not load {itemsName}. {error}
          </p>
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
