// Forwards the app's live events to a view's machine: every `live.received` of the liveEvents actor, and a
// `live.reconnected` when its socket is back after a disconnect (events sent meanwhile were lost).
import type { LiveDoc, LiveEventsActor } from '../../../machines/live/liveEventsMachine';

export type LiveFeedEvent = { type: 'live.received'; name: string; doc: LiveDoc } | { type: 'live.reconnected' };

/** Subscribes `target` to the live feed; returns the unsubscribe (an effect's cleanup). */
export function subscribeLiveFeed(live: LiveEventsActor, target: { send(event: LiveFeedEvent): void }): () => void {
  const received = live.on('live.received', (event) => target.send({ type: 'live.received', name: event.name, doc: event.doc }));
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
