// See docs/requirements.md#live-events: live sale notices (on sale, price changed, unlisted) name the token on screen only. A token page
// flow invokes this while its token is shown: the liveEvents actor learns the token's `_id`, and leaving the page
// (or the flow stopping with it) clears it — unless another page has announced its own token meanwhile.
import { fromCallback, type EventObject } from 'xstate';
import { systemActor } from '../system/systemRegistry';

export const announceViewedToken = fromCallback<EventObject, { tokenId: string }>(({ system, input }) => {
  const live = systemActor(system, 'liveEvents');
  live?.send({ type: 'live.needed' });
  live?.send({ type: 'live.viewToken', id: input.tokenId });
  return () => {
    if (live?.getSnapshot().context.viewedTokenId === input.tokenId) live.send({ type: 'live.viewToken', id: null });
  };
});
