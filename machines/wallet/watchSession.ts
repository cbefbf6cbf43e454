// A callback actor that hears the wallet session: `read` picks what the flow cares about from each snapshot, and
// `toEvent` is sent back once at start and on every change of it (compared as JSON). Silent without a session
// (model tests send the event themselves).
import { fromCallback, type EventObject } from 'xstate';
import { systemActor } from '../system/systemRegistry';
import type { SessionSnapshotLike } from './sessionSelectors';

export function watchSession<T>(read: (snapshot: SessionSnapshotLike) => T, toEvent: (value: T) => EventObject) {
  return fromCallback<EventObject>(({ system, sendBack }) => {
    const session = systemActor(system, 'walletSession');
    if (!session) return undefined;
    let last: string | null = null;
    const report = (snapshot: SessionSnapshotLike) => {
      const value = read(snapshot);
      const key = JSON.stringify(value);
      if (key === last) return;
      last = key;
      sendBack(toEvent(value));
    };
    report(session.getSnapshot());
    const subscription = session.subscribe((snapshot) => report(snapshot));
    return () => subscription.unsubscribe();
  });
}
