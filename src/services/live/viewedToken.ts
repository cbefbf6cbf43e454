// Which token page is on screen (token _id), so live price notices show only for that token.
import { useEffect } from 'react';

let viewed: string | null = null;
const listeners = new Set<(id: string | null) => void>();

export function viewedToken(): string | null {
  return viewed;
}

export function setViewedToken(id: string | null): void {
  if (id === viewed) return;
  viewed = id;
  for (const listener of [...listeners]) listener(id);
}

/** Calls `listener` with the viewed token id whenever it changes; returns the unsubscribe. */
export function subscribeViewedToken(listener: (id: string | null) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The token page calls this with its token's `_id`; leaving the page clears it. */
export function useViewedToken(id: string | null | undefined): void {
  useEffect(() => {
    if (!id) return;
    setViewedToken(id);
    return () => {
      if (viewedToken() === id) setViewedToken(null);
    };
  }, [id]);
}
