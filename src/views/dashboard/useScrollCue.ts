import { useEffect, useState, type RefObject } from 'react';

export interface ScrollCue {
  /** Content is hidden past the start (left) edge. */
  before: boolean;
  /** Content is hidden past the end (right) edge. */
  after: boolean;
}

/**
 * Whether a sideways-scrolling row hides content past either edge, following its scroll, its size and its items'
 * sizes (`itemsKey` changes when the items do, so new ones are watched too).
 */
export function useScrollCue(ref: RefObject<HTMLElement | null>, itemsKey: string): ScrollCue {
  const [cue, setCue] = useState<ScrollCue>({ before: false, after: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => {
      // One pixel of slack: fractional widths leave sub-pixel scroll ranges.
      const before = row.scrollLeft > 1;
      const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setCue((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(row);
    for (const item of Array.from(row.children)) observer?.observe(item);
    return () => {
      row.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, itemsKey]);
  return cue;
}

/**
 * Scrolls a row sideways (only) so that `item` is wholly in view, `margin` px clear of the edge it was past. The row's
 * first and last items scroll it to its very start and end (past its padding), so no cue stays for an empty edge.
 */
export function scrollIntoRow(row: HTMLElement, item: HTMLElement, margin: number, edge?: 'start' | 'end'): void {
  if (edge === 'start') {
    row.scrollLeft = 0;
    return;
  }
  if (edge === 'end') {
    row.scrollLeft = row.scrollWidth - row.clientWidth;
    return;
  }
  const rowBox = row.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  if (box.left < rowBox.left) row.scrollLeft += box.left - rowBox.left - margin;
  else if (box.right > rowBox.right) row.scrollLeft += box.right - rowBox.right + margin;
}
