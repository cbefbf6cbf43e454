import { useCallback, type CSSProperties } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/**
 * The first item's height goes to the paged list (kept with it): items not rendered yet (content-visibility) are
 * estimated at it, so a list coming back has its real height before the router restores the offset. Returns the
 * ref for the first item and the list's style carrying `--item-height`.
 */
export function useMeasuredItems(list: AnyActorRef) {
  const itemHeight = useSelector(list, (snapshot: { context: { itemHeight: number | null } }) => snapshot.context.itemHeight);
  const measureFirst = useCallback(
    (item: HTMLLIElement | null) => {
      if (!item) return;
      const report = () => {
        const height = Math.round(item.getBoundingClientRect().height);
        if (height > 0) list.send({ type: 'list.measured', itemHeight: height });
      };
      if (typeof ResizeObserver === 'undefined') return report();
      const observer = new ResizeObserver(report);
      observer.observe(item);
      return () => observer.disconnect();
    },
    [list],
  );
  const itemsStyle = itemHeight ? ({ '--item-height': `${itemHeight}px` } as CSSProperties) : undefined;
  return { measureFirst, itemsStyle };
}
