import { useCallback, useEffect, useRef, useState } from 'react';
import { LIVE_REFRESH_DELAY_MS } from '../../../../machines/lists/constants';
import { getCreatedCollection, getCreationListings, type CreatedCollection, type CreationListings } from '../../../services/dashboard/creations';
import { isAbortError } from '../../../services/errors';
import { onListsStale } from '../../../services/live/listRefresh';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Unexpected error');

/**
 * One My creations card's server data: the collection (as listed, then refreshed on its own) and the creator's
 * current listings of it. It refreshes on live staleness and on request (after an edit or a chain action), so the
 * card, its typed price and open editors stay in place instead of the whole list reloading under the creator.
 */
export function useCreationCard(listed: CreatedCollection, seller: string) {
  const [collection, setCollection] = useState(listed);
  const [lastListed, setLastListed] = useState(listed);
  if (listed !== lastListed) {
    // The list brought a newer copy (e.g. the tab remounted with fresh data).
    setLastListed(listed);
    setCollection(listed);
  }
  const [listings, setListings] = useState<CreationListings | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each bump refetches; 0 = the first load, which already has the collection from the list.
  const [version, setVersion] = useState(0);
  const id = listed._id;
  // Callers of refresh() waiting for the data it asked for (the cover keeps its preview until then).
  const waiting = useRef<Array<() => void>>([]);
  const settleWaiting = () => {
    const done = waiting.current;
    waiting.current = [];
    for (const resolve of done) resolve();
  };

  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      try {
        const [fresh, current] = await Promise.all([
          version > 0 ? getCreatedCollection(id, controller.signal) : Promise.resolve(null),
          getCreationListings(id, seller, controller.signal),
        ]);
        // A hidden collection is not in getCollections: keep the copy from the creator's list then.
        if (fresh) setCollection(fresh);
        setListings(current);
        setError(null);
      } catch (failure) {
        // Aborted: a newer load took over, and settles the waiting callers.
        if (isAbortError(failure)) return;
        setError(errorText(failure));
      }
      settleWaiting();
    };
    void load();
    return () => controller.abort();
  }, [id, seller, version]);

  const refresh = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setVersion((current) => current + 1);
      }),
    [],
  );
  useEffect(() => onListsStale(() => void refresh()), [refresh]);

  // After a chain action: now, and once more when the indexer has surely written the new sale (its live event
  // refreshes too, but a missed socket must not leave the card stale).
  const later = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshAfterAction = useCallback(() => {
    void refresh();
    if (later.current) clearTimeout(later.current);
    later.current = setTimeout(() => void refresh(), LIVE_REFRESH_DELAY_MS);
  }, [refresh]);
  useEffect(
    () => () => {
      if (later.current) clearTimeout(later.current);
      settleWaiting();
    },
    [],
  );

  return { collection, listings, error, refresh, refreshAfterAction };
}
