import { useEffect, type RefObject } from 'react';

/** The CSS variable giving how far from the viewport's bottom the floating notices reach (0px when none shows). */
export const OVERLAY_INSET_VAR = '--overlay-inset';

/** How close to the page's end (in px) still counts as being at it. */
const AT_END_SLACK_PX = 2;

/**
 * Publishes the height the notification bar and update prompt take at the page bottom, so the page reserves it
 * (layout.css) and full-screen layers (the mobile menu) keep their controls above it instead of under it.
 * A reader at the page's end stays at its end when the band grows (a notice or the offline status arriving after
 * they scrolled there): the page is scrolled by the growth, so its last controls never end up under the band.
 */
export function useOverlayInset(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    let published = 0;
    const publish = () => {
      const rect = element.getBoundingClientRect();
      const inset = rect.height > 0 ? Math.max(0, Math.ceil(window.innerHeight - rect.top)) : 0;
      // Read before the page grows by the new reserve: was the reader at the end of the page as it was? Not while a
      // full-screen layer (the phone menu, the filter drawer) holds the page still (useModalLayer): the reader is in
      // the layer, and the page under it must not move.
      const held = document.body.style.overflow === 'hidden';
      const atEnd = !held && window.scrollY > 0 && window.scrollY + window.innerHeight >= root.scrollHeight - AT_END_SLACK_PX;
      root.style.setProperty(OVERLAY_INSET_VAR, `${inset}px`);
      if (inset > published && atEnd) window.scrollBy({ top: inset - published, behavior: 'instant' });
      published = inset;
    };
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener('resize', publish);
    publish();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(OVERLAY_INSET_VAR);
    };
  }, [ref]);
}
