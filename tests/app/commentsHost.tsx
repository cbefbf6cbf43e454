// The comments panel as the token page runs it, without the rest of the page: the thread starts when the panel comes
// near the screen (jsdom has no IntersectionObserver, so at once), inside the app's actor system, from the same lazily
// loaded logic the token page's flow provides, its code loaded first (src/services/flows/lazyCommentThread.ts), with no viewer at its start
// (it hears the wallet session itself). The page machine's own part (starting, ending, reloading the thread) is
// model-tested in tests/machines/tokenPageMachine.model.test.ts.
import { useCallback, useEffect, useState } from 'react';
import { createActor } from 'xstate';
import { useAppActor } from '../../src/app/appActorContext';
import { CommentsPanel } from '../../src/components/comments/CommentsPanel';
import type { CommentThreadRef } from '../../src/components/comments/threadContext';
import { lazyCommentThread } from '../../src/services/flows/lazyCommentThread';

export function CommentsHost({ tokenId }: { tokenId: string }) {
  const appActor = useAppActor();
  const [thread, setThread] = useState<CommentThreadRef>();
  // As the page's comments region: load the thread's code, then start the thread.
  const start = useCallback(() => {
    void lazyCommentThread.load().then(() =>
      setThread((running) => running ?? createActor(lazyCommentThread.logic, { input: { tokenId, viewer: null }, parent: appActor })),
    );
  }, [appActor, tokenId]);
  useEffect(() => {
    if (!thread) return undefined;
    thread.start();
    return () => appActor.send({ type: 'flow.stop', actor: thread });
  }, [appActor, thread]);
  return <CommentsPanel thread={thread} unavailable={false} send={start} />;
}
