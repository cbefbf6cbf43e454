// The token page's comment thread (./comments.ts's flow), fetched with the comments panel near the screen instead of
// with the page: the thread machine, its drafts store and its REST calls stay out of the token page's first load. The
// page loads the code first (`load`, its comments region's loading state) and then starts the thread, so the thread
// runs as itself from its first snapshot on; code that cannot load (offline, never cached) fails that load, and the
// page offers to try again.
import type { CommentThreadMachine } from '../../../machines/comments/commentThreadSlot';
import { lazyActorLogic } from '../lazyActorLogic';

export const lazyCommentThread = lazyActorLogic<CommentThreadMachine, { unavailable: true }>(
  () => import('./comments').then((module) => module.commentThreadFlow),
  { onLoadError: () => ({ unavailable: true }) },
);
