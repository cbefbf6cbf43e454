import { useCallback, type CSSProperties } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { measureListLayout } from './listWindow';

/**
 * The first rendered item's height and the items per row go to the paged list (kept with it): items not rendered yet
 * (content-visibility, or outside the window of a long list: listWindow.ts) are estimated at it, so a list coming
 * back has its real height before the router restores the offset. Returns the ref for the first rendered item, the
 * list's style carrying `--item-height`, and the measured layout.
 */
export function useMeasuredItems(list: AnyActorRef) {
  const itemHeight = useSelector(list, (snapshot: { context: { itemHeight: number | null } }) => snapshot.context.itemHeight);
  const columns = useSelector(list, (snapshot: { context: { columns?: number | null } }) => snapshot.context.columns ?? null);
  const measureFirst = useCallback(
    (item: HTMLLIElement | null) => {
      if (!item) return;
      const report = () => {
        const height = Math.round(item.getBoundingClientRect().height);
        if (height <= 0) return;
        const parent = item.parentElement;
        list.send(parent ? { type: 'list.measured', itemHeight: height, columns: measureListLayout(parent).columns } : { type: 'list.measured', itemHeight: height });
      };
      if (typeof ResizeObserver === 'undefined') return report();
      const observer = new ResizeObserver(report);
      observer.observe(item);
      return () => observer.disconnect();
    },
    [list],
  );
  const itemsStyle = itemHeight ? ({ '--item-height': `${itemHeight}px` } as CSSProperties) : undefined;
  return { measureFirst, itemsStyle, itemHeight, columns };
}
