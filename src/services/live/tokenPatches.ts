// Live changes to tokens (sold, new owner, likes, price) that arrive after a list or page was fetched live in the
// liveEvents actor's context (bounded, least recently patched first out). Live events patch there; the app's own
// changes (a like toggled, a purchase) send it `{ type: 'live.patch', id, patch }`. Every card and token view merges
// its token's patch over what it fetched, so one Sold event shows the SOLD badge wherever that token is on screen.
// Reading a patch does not ask for the live socket: the flow of every page that shows tokens does (a list's
// watchListsStale, the token page's watchLive, the token dashboard's), when it starts.
import { useSelector } from '@xstate/react';
import { useSystemActor } from '../../app/appActorContext';
import type { TokenPatch } from '../../../machines/live/liveEventsMachine';

export type { TokenPatch } from '../../../machines/live/liveEventsMachine';

/** The live patch for one token (its `_id`), re-rendering when it changes. */
export function useTokenPatch(id: string): TokenPatch | undefined {
  const live = useSystemActor('liveEvents');
  return useSelector(live, (snapshot) => snapshot.context.patches[id]);
}
