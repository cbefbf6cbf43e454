// Invoke `watchListsStale` in a list flow to hear when what it shows may be out of date: the liveEvents actor emits
// `lists.stale` LIVE_REFRESH_DELAY_MS after a burst of list-changing live events, and at once after a reconnect.
// The flow receives `lists.stale`; subscribing tells the actor its socket is needed (live.needed). Silent when no
// liveEvents actor runs (model tests).
import { fromCallback, type EventObject } from 'xstate';
import { systemActor } from '../system/systemRegistry';

export type ListsStaleEvent = { type: 'lists.stale' };

export const watchListsStale = fromCallback<EventObject, void>(({ system, sendBack }) => {
  const live = systemActor(system, 'liveEvents');
  if (!live) return undefined;
  live.send({ type: 'live.needed' });
  const subscription = live.on('lists.stale', () => sendBack({ type: 'lists.stale' } satisfies ListsStaleEvent));
  return () => subscription.unsubscribe();
});
