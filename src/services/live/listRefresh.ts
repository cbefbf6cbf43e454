// Lists that show chain data (explore, collection, dashboard) refetch when live events say they are stale.
// The liveEvents actor fires it LIVE_REFRESH_DELAY_MS after a burst of events, and at once after a reconnect.
const listeners = new Set<() => void>();

/** Calls `listener` each time lists should refetch; returns the unsubscribe. */
export function onListsStale(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyListsStale(): void {
  for (const listener of [...listeners]) listener();
}
