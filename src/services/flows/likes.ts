// The like button flow: likeButtonMachine with its lazily loaded behaviour (./likeToggle.ts: the likeToggle machine
// and the likes REST calls, kept out of the first load) and the moment it loads (the browser idle).
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { likeButtonMachine } from '../../../machines/likes/likeButtonMachine';
import type { LikeToggleMachine } from '../../../machines/likes/likeToggleMachine';

let loaded: LikeToggleMachine | null = null;

/** One import for every button. */
const loadLikeToggle = () => import('./likeToggle').then((module) => (loaded = module.likeToggleFlow));

function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

export const likeButtonFlow = likeButtonMachine.provide({
  actors: {
    warmUp: fromCallback<EventObject>(({ sendBack }) => {
      const warm = () => sendBack({ type: 'like.warm' });
      // Loaded already (another button did it): start at once, so a liked token shows pressed without waiting.
      if (loaded) {
        warm();
        return undefined;
      }
      return whenIdle(warm);
    }),
    loadToggle: fromPromise<LikeToggleMachine>(() => loadLikeToggle()),
  },
});
