import { useEffect, type RefObject } from 'react';

/** The CSS variable giving how far from the viewport's bottom the floating notices reach (0px when none shows). */
export const OVERLAY_INSET_VAR = '--overlay-inset';

/**
 * Publishes the height the notification bar and update prompt take at the page bottom, so full-screen layers
 * (the mobile menu) keep their controls above it instead of under it.
 */
export function useOverlayInset(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => {
      const rect = element.getBoundingClientRect();
      const inset = rect.height > 0 ? Math.max(0, Math.ceil(window.innerHeight - rect.top)) : 0;
      root.style.setProperty(OVERLAY_INSET_VAR, `${inset}px`);
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
