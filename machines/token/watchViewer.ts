// Invoke `watchViewer` in a flow to hear who looks at the page as the trading rules see them (address, registered,
// banned): `viewer.changed` once at start and on every change of the wallet session. Silent without a session
// (model tests send `viewer.changed` themselves). `settling`: the session is busy (restoring after a full navigation,
// checking its stored key, signing in), so who the viewer is may still change.
import { fromCallback, type EventObject } from 'xstate';
import type { Viewer } from '../../domain/trading';
import { systemActor } from '../system/systemRegistry';
import { viewerOf, type SessionSnapshotLike } from '../wallet/sessionSelectors';

export type { Viewer } from '../../domain/trading';

export type ViewerChangedEvent = { type: 'viewer.changed'; viewer: Viewer; settling?: boolean };

export const NO_VIEWER: Viewer = { address: null, registered: false, banned: false };

export const watchViewer = fromCallback<EventObject, void>(({ system, sendBack }) => {
  const session = systemActor(system, 'walletSession');
  if (!session) return undefined;
  let last = '';
  const report = (snapshot: SessionSnapshotLike) => {
    const viewer = viewerOf(snapshot);
    const settling = snapshot.hasTag('busy');
    const key = JSON.stringify([viewer, settling]);
    if (key === last) return;
    last = key;
    sendBack({ type: 'viewer.changed', viewer, settling } satisfies ViewerChangedEvent);
  };
  report(session.getSnapshot());
  const subscription = session.subscribe((snapshot) => report(snapshot));
  return () => subscription.unsubscribe();
});
