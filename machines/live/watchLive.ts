// Invoke `watchLive` in a flow to hear the app's live feed through the actor system: every `live.received` of the
// liveEvents actor, and a `live.reconnected` when its socket is back after a disconnect (events sent meanwhile
// were lost, so what the flow shows must be refetched). Subscribing tells the actor its socket is needed (live.needed:
// it connects on the first one and stays). Silent when no liveEvents actor runs (model tests).
import { fromCallback, type EventObject } from 'xstate';
import { systemActor } from '../system/systemRegistry';
import type { LiveEventsActor, LiveMessage } from './liveEventsMachine';

export type LiveFeedEvent = ({ type: 'live.received' } & LiveMessage) | { type: 'live.reconnected' };

/** Subscribes `target` to the live feed of `live`; returns the unsubscribe. */
export function subscribeLiveFeed(live: LiveEventsActor, target: { send(event: LiveFeedEvent): void }): () => void {
  live.send({ type: 'live.needed' });
  const received = live.on('live.received', (event) => target.send(event));
  let wasDisconnected = live.getSnapshot().matches({ connection: 'disconnected' });
  const connection = live.subscribe((snapshot) => {
    if (wasDisconnected && snapshot.hasTag('connected')) target.send({ type: 'live.reconnected' });
    wasDisconnected = snapshot.matches({ connection: 'disconnected' });
  });
  return () => {
    received.unsubscribe();
    connection.unsubscribe();
  };
}

export const watchLive = fromCallback<EventObject, void>(({ system, sendBack }) => {
  const live = systemActor(system, 'liveEvents');
  if (!live) return undefined;
  return subscribeLiveFeed(live, { send: sendBack });
});
