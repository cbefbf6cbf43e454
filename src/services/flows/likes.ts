// The like button flow: likeButtonMachine with its lazily loaded behaviour (./likeToggle.ts: the likeToggle machine
// and the likes REST calls, kept out of the first load) and the moment it loads (the browser idle).
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { likeButtonMachine } from '../../../machines/likes/likeButtonMachine';
import type { LikeToggleMachine } from '../../../machines/likes/likeToggleMachine';

let loaded: LikeToggleMachine | null = null;
let loading: Promise<LikeToggleMachine> | null = null;

/**
 * One import for every button: each import() call runs Vite's preload helper, which looks through the document's
 * links for the chunk's dependencies (a grid of cards paid that once per button, ~5 ms each, in one task). A failed
 * import (offline) is tried again by the next button that asks.
 */
const loadLikeToggle = () =>
  (loading ??= import('./likeToggle').then(
    (module) => (loaded = module.likeToggleFlow),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

/** A task of its own: the buttons of a grid start their toggles one task each once the chunk is in, not all in one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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
    loadToggle: fromPromise<LikeToggleMachine>(async () => {
      const logic = await loadLikeToggle();
      await nextTask();
      return logic;
    }),
  },
});
