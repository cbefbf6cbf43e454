import { memo, useRef, type CSSProperties, type ReactNode } from 'react';
import { ListFailure } from '../feedback/ReadFailure';
import { useListWindow } from './listWindow';
import { useProgressiveCount } from './progressiveItems';
import { useMeasuredItems } from './useMeasuredItems';
import { usePagedList, usePagedListState, type PagedListOptions } from './usePagedList';
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
  /** `index`: the item's place in the list (the first ones are on the first screen). */
  renderItem: (node: TNode, index: number) => ReactNode;
  itemKey: (node: TNode) => string;
  /** Load further pages when the list bottom is 10% visible (docs/requirements.md#list-loading); off for teaser grids. */
  infinite?: boolean;
  className?: string;
  /**
   * Items the first page is known to bring (an exhibition's works): while it loads, as many `renderPlaceholder` stand
   * in the grid with the status over them, so the items arriving move nothing below the list (no layout shift).
   */
  placeholders?: number;
  renderPlaceholder?: () => ReactNode;
  /**
   * Mount the first screen's items (EAGER_CARDS) at once and the others one per task, each as `renderPlaceholder`
   * until then (progressiveItems.ts): no long task for a page of cards.
   */
  progressive?: boolean;
  /** The list ends the page's content (explore): a jump past its end loads the next page too (useVisible). */
  endsPage?: boolean;
}

/** Cards the first screen shows (two rows on a phone, a row on a wide screen): their images load at once. */
export const EAGER_CARDS = 4;

/**
 * A grid paged through the pagedList machine: items, the no-result message, loading, error with Retry. A long list
 * renders only the rows near the screen (listWindow.ts); each card then says its place in the list (aria-posinset).
 */
/** One item, rendered again only when it changes (a progressive list re-renders as each item is mounted). */
const GridItem = memo(function GridItem({ render, node, index }: { render: (node: never, index: number) => ReactNode; node: unknown; index: number }) {
  return <>{render(node as never, index)}</>;
});

export function PagedGrid<TNode, TParams>(props: PagedGridProps<TNode, TParams>) {
  const { renderItem, itemKey, infinite = true, label, emptyText, itemsName, className = 'token-grid', placeholders = 0, renderPlaceholder, progressive = false, endsPage = false } = props;
  const list = usePagedList<TNode, TParams>(props);
  const { items, loading, error, empty, canLoadMore, sentinelRef } = usePagedListState(list, endsPage);
  const { measureFirst, itemsStyle, itemHeight, columns } = useMeasuredItems(list);
  const listRef = useRef<HTMLUListElement>(null);
  const range = useListWindow(listRef, items.length, itemHeight, columns);
  const shown = range ? items.slice(range.start, range.end) : items;
  const first = range?.start ?? 0;
  const mounted = useProgressiveCount(items.length, EAGER_CARDS, progressive && renderPlaceholder !== undefined);
  // Windowed, the rendered rows follow the scroll offset alone: no scroll anchoring on them (a row of another height
  // than the estimate would make the browser move the offset, and the window with it).
  const style: CSSProperties | undefined = range
    ? { ...itemsStyle, paddingTop: range.padTop, paddingBottom: range.padBottom, overflowAnchor: 'none' }
    : itemsStyle;
  const reserved = loading && items.length === 0 && placeholders > 0 && renderPlaceholder !== undefined;
  const status = loading && (
    <p className="list-status" role="status">
      <span className="spinner" aria-hidden="true" /> Loading {itemsName}…
    </p>
  );

  return (
    <div className="paged-list" aria-busy={loading}>
      {items.length > 0 && (
        <ul ref={listRef} className={className} aria-label={label} style={style}>
          {shown.map((node, offset) => (
            <li
              key={itemKey(node)}
              // The first item's size is the estimate of every row (measured while it is rendered, at the list's top).
              ref={first + offset === 0 ? measureFirst : undefined}
              aria-posinset={range ? first + offset + 1 : undefined}
              aria-setsize={range ? items.length : undefined}
            >
              {first + offset < mounted || !renderPlaceholder ? <GridItem render={renderItem} node={node} index={first + offset} /> : <GridItem render={renderPlaceholder} node={null} index={first + offset} />}
            </li>
          ))}
        </ul>
      )}
      {empty && <div className="no-result">{emptyText}</div>}
      {reserved ? (
        <div className="list-reserved">
          <ul className={className} aria-hidden="true">
            {Array.from({ length: placeholders }, (_, index) => (
              <li key={index}>{renderPlaceholder()}</li>
            ))}
          </ul>
          {status}
        </div>
      ) : (
        status
      )}
      {error !== null && (
        <ListFailure message={`Could not load ${itemsName}. ${error}`} onRetry={() => list.send({ type: 'list.retry' })} />
      )}
      {/* Re-keyed per page so a sentinel still in view after a short page triggers the next one. */}
      {infinite && canLoadMore && <div key={items.length} ref={sentinelRef} className="list-sentinel" aria-hidden="true" />}
    </div>
  );
}
