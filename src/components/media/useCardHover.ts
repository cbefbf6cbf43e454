// Whether the pointer (or keyboard focus) is on the card holding this media, sampled every `intervalMs`.
import { useEffect, useState, type RefObject } from 'react';

/** The card is the hover target: a link overlay may cover the media itself. */
const hoverRoot = (element: HTMLElement): HTMLElement => element.closest<HTMLElement>('article, li') ?? element;

function matchesHover(element: HTMLElement): boolean {
  try {
    return element.matches(':hover');
  } catch {
    return false; // an engine without :hover support
  }
}

export function useCardHover(ref: RefObject<HTMLElement | null>, intervalMs: number, enabled = true): boolean {
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const root = hoverRoot(element);
    let pointerOn = false;
    let focusOn = false;
    const on = () => { pointerOn = true; };
    const off = () => { pointerOn = false; };
    const focusIn = () => { focusOn = true; };
    const focusOut = (event: FocusEvent) => { focusOn = root.contains(event.relatedTarget as Node | null); };
    root.addEventListener('pointerenter', on);
    root.addEventListener('pointerleave', off);
    root.addEventListener('focusin', focusIn);
    root.addEventListener('focusout', focusOut);
    // A short pass over a card does not start anything: only a hover still there at the next check counts.
    // :hover also covers a card (re)mounted under a pointer that has not moved since, so no pointerenter came.
    const timer = setInterval(() => setHovered(pointerOn || focusOn || matchesHover(root)), intervalMs);
    return () => {
      clearInterval(timer);
      root.removeEventListener('pointerenter', on);
      root.removeEventListener('pointerleave', off);
      root.removeEventListener('focusin', focusIn);
      root.removeEventListener('focusout', focusOut);
      setHovered(false);
    };
  }, [ref, intervalMs, enabled]);
  return hovered;
}
