// Invoke `watchTokenPatch` in a flow to hear the live patch of one token (sold, new owner, likes, price) as the
// liveEvents actor keeps it: `token.patched` at start when a patch is already kept and on every change of it. Silent
// when no liveEvents actor runs (model tests send `token.patched` themselves).
import { fromCallback, type EventObject } from 'xstate';
import type { TokenPatch } from '../live/liveEventsMachine';
import { systemActor } from '../system/systemRegistry';

export type TokenPatchedEvent = { type: 'token.patched'; patch: TokenPatch | undefined };

export const watchTokenPatch = fromCallback<EventObject, { tokenId: string }>(({ system, sendBack, input }) => {
  const live = systemActor(system, 'liveEvents');
  if (!live) return undefined;
  let last: TokenPatch | undefined;
  const report = (patch: TokenPatch | undefined) => {
    if (patch === last) return;
    last = patch;
    sendBack({ type: 'token.patched', patch } satisfies TokenPatchedEvent);
  };
  report(live.getSnapshot().context.patches[input.tokenId]);
  const subscription = live.subscribe((snapshot) => report(snapshot.context.patches[input.tokenId]));
  return () => subscription.unsubscribe();
});
