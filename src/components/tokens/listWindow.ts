// Windowing for long card grids (the phone-performance work: "after scrolling 1,000 tokens on /explore the DOM holds a bounded number
// of cards and Back still lands on the same card"). Past WINDOW_MIN_ITEMS loaded items, a grid renders only the rows
// near the screen; the rows above and below stand as padding of their estimated height (the measured item height and
// row gap, items per row), so the scrollbar, the infinite-scroll sentinel after the list and a restored offset stay
// where they would be with every card there. Shorter lists render whole (find in page, a screen reader's list).
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Lists up to this many loaded items render every item. */
export const WINDOW_MIN_ITEMS = 100;
/** Rows rendered beyond each edge of the screen: scrolling and Tab reach rendered cards before the window moves. */
export const OVERSCAN_ROWS = 2;

export interface WindowGeometry {
  /** Loaded items. */
  count: number;
  /** Items per row. */
  columns: number;
  /** One row's height plus the gap below it, px. */
  pitch: number;
  /** The list's top, px from the document's top. */
  listTop: number;
  /** The screen's top (scroll offset) and height, px. */
  viewportTop: number;
  viewportHeight: number;
}

export interface ListWindow {
  /** The first rendered item's index and one past the last. */
  start: number;
  end: number;
  /** Space standing for the rows above and below the rendered ones, px. */
  padTop: number;
  padBottom: number;
}

/** The rows on screen with OVERSCAN_ROWS either side, whole rows only. */
export function windowRange({ count, columns, pitch, listTop, viewportTop, viewportHeight }: WindowGeometry): ListWindow {
  const rows = Math.ceil(count / columns);
  const clamp = (row: number) => Math.min(rows, Math.max(0, row));
  const firstRow = clamp(Math.floor((viewportTop - listTop) / pitch) - OVERSCAN_ROWS);
  const lastRow = Math.max(firstRow, clamp(Math.ceil((viewportTop + viewportHeight - listTop) / pitch) + OVERSCAN_ROWS));
  return {
    start: firstRow * columns,
    end: Math.min(count, lastRow * columns),
    padTop: firstRow * pitch,
    padBottom: (rows - lastRow) * pitch,
  };
}

/** Items per row and the gap between rows of a rendered list (a grid; anything else is one item per row). */
export function measureListLayout(list: Element): { columns: number; rowGap: number } {
  const style = getComputedStyle(list);
  const tracks = style.display.includes('grid') ? style.gridTemplateColumns.split(' ').filter((track) => track !== '' && track !== 'none').length : 1;
  const rowGap = Number.parseFloat(style.rowGap);
  return { columns: Math.max(1, tracks), rowGap: Number.isFinite(rowGap) ? rowGap : 0 };
}

const sameWindow = (a: ListWindow | null, b: ListWindow | null) =>
  a === b || (a !== null && b !== null && a.start === b.start && a.end === b.end && a.padTop === b.padTop && a.padBottom === b.padBottom);

/**
 * The window of a list of `count` items whose layout is known (item height and items per row, kept with the list so a
 * list coming back has its full height in its first render); null while the list renders whole. Follows scrolling and
 * resizing, a frame at a time.
 */
export function useListWindow(listRef: RefObject<HTMLElement | null>, count: number, itemHeight: number | null, columns: number | null): ListWindow | null {
  const active = count > WINDOW_MIN_ITEMS && itemHeight !== null && itemHeight > 0 && columns !== null && columns > 0;
  const compute = useCallback((): ListWindow | null => {
    if (!active || typeof window === 'undefined') return null;
    // Mounted, the list's own items per row (the screen may have turned since they were kept); before, the kept ones.
    const list = listRef.current;
    const layout = list ? measureListLayout(list) : { columns, rowGap: 0 };
    const listTop = list ? list.getBoundingClientRect().top + window.scrollY : 0;
    return windowRange({
      count,
      columns: layout.columns,
      pitch: itemHeight + layout.rowGap,
      listTop,
      viewportTop: window.scrollY,
      viewportHeight: window.innerHeight,
    });
  }, [active, count, itemHeight, columns, listRef]);
  const [range, setRange] = useState<ListWindow | null>(compute);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = compute();
      setRange((current) => (sameWindow(current, next) ? current : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    if (!active) return;
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [active, compute]);
  return active ? range : null;
}
