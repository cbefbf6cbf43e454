import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** What a keyboard user can reach by Tab inside a layer (hidden and disabled controls excluded). */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function tabbables(layer: HTMLElement): HTMLElement[] {
  return Array.from(layer.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

export interface ModalLayer {
  /** The layer (role=dialog, aria-modal): Tab and Shift+Tab cycle through its controls and never leave it. */
  layer: RefObject<HTMLElement | null>;
  /** Focused when the layer opens (its close button). */
  initialFocus: RefObject<HTMLElement | null>;
  /** Escape pressed while the layer is open. */
  onEscape: () => void;
  /** Runs when the layer closes, after the page scrolls again: where the focus goes back to. */
  onClosed: () => void;
}

/**
 * A full-screen layer over the page (the phone menu, the filter drawer): while `open`, the focus starts on its close
 * button and stays inside it (Tab wraps), the page behind does not scroll, and Escape closes it. A dialog inside the
 * layer or over it (the wallet modal) keeps its own keys: a handled key (defaultPrevented) is left alone.
 */
export function useModalLayer(open: boolean, { layer, initialFocus, onEscape, onClosed }: ModalLayer): void {
  // The latest callbacks, read by the listeners without re-running the effect (the same as React's useEffectEvent).
  const callbacks = useRef({ onEscape, onClosed });
  useLayoutEffect(() => {
    callbacks.current = { onEscape, onClosed };
  });

  useEffect(() => {
    if (!open) return;
    initialFocus.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      const element = layer.current;
      // Another dialog over the layer (the wallet modal opened from the menu) owns its keys.
      const owner = event.target instanceof Element ? event.target.closest('[role="dialog"], dialog') : null;
      if (event.defaultPrevented || !element || (owner !== null && owner !== element && !element.contains(owner))) return;
      if (event.key === 'Escape') {
        callbacks.current.onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const reachable = tabbables(element);
      if (reachable.length === 0) return;
      const [first, last] = [reachable[0]!, reachable[reachable.length - 1]!];
      const active = document.activeElement;
      const inside = active instanceof Node && element.contains(active);
      if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = previousOverflow;
      document.removeEventListener('keydown', onKeyDown);
      callbacks.current.onClosed();
    };
  }, [open, layer, initialFocus]);
}
