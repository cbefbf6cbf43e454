import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` each time the element becomes at least `threshold` visible.
 * Returns a callback ref; a new element (e.g. a re-keyed sentinel) gets a fresh observer,
 * which reports its current visibility at once, so a still-visible sentinel asks again.
 */
export function useVisible<T extends Element>(onVisible: () => void, threshold: number): (element: T | null) => void {
  const callback = useRef(onVisible);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => () => observer.current?.disconnect(), []);

  return useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) callback.current();
        },
        { threshold },
      );
      observer.current.observe(element);
    },
    [threshold],
  );
}
