// Calls `onNear` once, when the element comes within NEAR_MARGIN of the viewport (at once where the browser has no
// IntersectionObserver). Below-the-fold parts of a page (home sections, the token page's comments) load their code and
// data then, not with the page. Each runs in a task of its own: parts that come near together (the home page's
// sections, all within the margin on a first load) would otherwise start their flows and render in one long task.
import { useCallback, useEffect, useRef } from 'react';
import { yieldToMain } from '../../services/yieldToMain';

/** How far below the viewport a section starts loading: about a screen ahead of the scroll. */
export const NEAR_MARGIN = '600px 0px';

export function useNear<T extends Element>(onNear: () => void): (element: T | null) => void {
  const callback = useRef(onNear);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => {
    callback.current = onNear;
  }, [onNear]);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      callback.current();
      return;
    }
    observer.current = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.current?.disconnect();
        void yieldToMain().then(() => callback.current());
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.current.observe(element);
  }, []);
}
