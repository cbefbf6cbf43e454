// Invoke `watchViewer` in a flow to hear who looks at the page as the trading rules see them (address, registered,
// banned): `viewer.changed` once at start and on every change of the wallet session. Silent without a session
// (model tests send `viewer.changed` themselves). `settling`: the session is busy (restoring after a full navigation,
// checking its stored key, signing in), so who the viewer is may still change.
import { fromCallback, type EventObject } from 'xstate';
import type { Viewer } from '../../domain/trading';

export type { Viewer } from '../../domain/trading';

export type ViewerChangedEvent = { type: 'viewer.changed'; viewer: Viewer; settling?: boolean };

export const NO_VIEWER: Viewer = { address: null, registered: false, banned: false };

interface SessionSnapshotLike {
  context: { address: string | null };
  hasTag(tag: string): boolean;
}

const viewerOf = (snapshot: SessionSnapshotLike): Viewer => ({
  address: snapshot.context.address,
  registered: snapshot.hasTag('registered'),
  banned: snapshot.hasTag('banned'),
});

export const watchViewer = fromCallback<EventObject, void>(({ system, sendBack }) => {
  const session = system.get('walletSession');
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
  report(session.getSnapshot() as SessionSnapshotLike);
  const subscription = session.subscribe((snapshot: SessionSnapshotLike) => report(snapshot));
  return () => subscription.unsubscribe();
});
