// Invoke `watchViewer` in a flow to hear who looks at the page as the trading rules see them (address, registered,
// banned): `viewer.changed` once at start and on every change of the wallet session. Silent without a session
// (model tests send `viewer.changed` themselves). `settling`: the session is busy (restoring after a full navigation,
// checking its stored key, signing in), so who the viewer is may still change.
import type { Viewer } from '../../domain/trading';
import { viewerOf } from '../wallet/sessionSelectors';
import { watchSession } from '../wallet/watchSession';

export type { Viewer } from '../../domain/trading';

export type ViewerChangedEvent = { type: 'viewer.changed'; viewer: Viewer; settling?: boolean };

export const NO_VIEWER: Viewer = { address: null, registered: false, banned: false };

export const watchViewer = watchSession(
  (snapshot) => ({ viewer: viewerOf(snapshot), settling: snapshot.hasTag('busy') }),
  ({ viewer, settling }) => ({ type: 'viewer.changed', viewer, settling }) satisfies ViewerChangedEvent,
);
