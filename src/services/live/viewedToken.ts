// Which token page is on screen lives in the liveEvents actor (viewedTokenId, from `live.viewToken`), so live price
// notices show only for that token. A page flow sends `live.viewToken` itself through the actor system; this hook is
// for a view not yet run by a flow (the token dashboard).
import { useEffect } from 'react';
import { useSystemActor } from '../../app/appActorContext';

/** Says `id` is on screen while the component is mounted; leaving clears it unless another page took over. */
export function useViewedToken(id: string | null | undefined): void {
  const live = useSystemActor('liveEvents');
  useEffect(() => {
    if (!id) return;
    live.send({ type: 'live.viewToken', id });
    return () => {
      if (live.getSnapshot().context.viewedTokenId === id) live.send({ type: 'live.viewToken', id: null });
    };
  }, [live, id]);
}
