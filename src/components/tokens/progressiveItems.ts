// A grid's cards mounted one task at a time (the phone-performance work): a first page of token cards (each with its media viewer, like
// button and links) mounted in one task of ~200 ms on a phone's CPU, the Artworks tab's longest. The first screen's
// cards render at once and the others one per task after it, each standing as its placeholder (the card's size) until
// then, so nothing moves and no task is long. A list that mounts with its items (restored on Back) renders whole.
import { useEffect, useState } from 'react';

/** How many of a list's `count` items render their content now (all of them unless `enabled`). */
export function useProgressiveCount(count: number, firstBatch: number, enabled: boolean): number {
  // Items there when the list mounted render at once (a restored list: the router restores the offset onto them).
  const [revealed, setRevealed] = useState(count);
  const shown = enabled ? Math.min(count, Math.max(revealed, firstBatch)) : count;
  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => setRevealed(shown + 1), 0);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return shown;
}
