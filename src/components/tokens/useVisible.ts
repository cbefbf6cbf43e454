import { useCallback, useEffect, useRef } from 'react';

/**
 * The viewport as the observer sees it, extended far upwards: an element above the screen counts as reached. For a
 * list that ends its page's content (explore): a jump past its end (End, a scroll to the page's bottom where a taller
 * filter column sets the page's height) takes the sentinel from below the screen to above it in one step, and without
 * this it would never have been "visible". Not for a list with more content below it (a collection's Activity): one
 * reading there would load every page.
 */
export const REACHED_ROOT_MARGIN = '1000000px 0px 0px 0px';

/**
 * Calls `onVisible` each time the element becomes at least `threshold` visible (with `passedCounts`, or is scrolled
 * past: above the screen). Returns a callback ref; a new element (e.g. a re-keyed sentinel) gets a fresh observer,
 * which reports its current visibility at once, so a still-visible (or passed) sentinel asks again.
 */
export function useVisible<T extends Element>(onVisible: () => void, threshold: number, passedCounts = false): (element: T | null) => void {
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
        passedCounts ? { threshold, rootMargin: REACHED_ROOT_MARGIN } : { threshold },
      );
      observer.current.observe(element);
    },
    [threshold, passedCounts],
  );
}
