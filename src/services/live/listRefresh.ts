// Lists that show chain data refetch when the liveEvents actor emits `lists.stale` (LIVE_REFRESH_DELAY_MS after a
// burst of list-changing events, at once after a reconnect). A list flow hears it by invoking
// machines/live/watchListsStale; this hook is for views not yet run by a flow.
import { useEffect, useEffectEvent } from 'react';
import { useSystemActor } from '../../app/appActorContext';

/** Calls `listener` each time lists should refetch, while the component is mounted. */
export function useListsStale(listener: () => void): void {
  const live = useSystemActor('liveEvents');
  const onStale = useEffectEvent(listener);
  useEffect(() => {
    const subscription = live.on('lists.stale', () => onStale());
    return () => subscription.unsubscribe();
  }, [live]);
}
