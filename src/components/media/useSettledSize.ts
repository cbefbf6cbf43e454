// The element's size: the first measurement at once, later changes only once resizing has paused for `delayMs`.
import { useEffect, useState, type RefObject } from 'react';

export interface Size {
  width: number;
  height: number;
}

export function useSettledSize(ref: RefObject<HTMLElement | null>, delayMs: number, enabled = true): Size | null {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (!box || box.width === 0 || box.height === 0) return;
      const next = { width: Math.round(box.width), height: Math.round(box.height) };
      clearTimeout(timer);
      if (first) {
        first = false;
        setSize(next);
        return;
      }
      timer = setTimeout(() => setSize(next), delayMs);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, delayMs, enabled]);
  return size;
}
