// The token page's comments panel (docs/requirements.md#comments): nested replies, one editor at a time.
import { Suspense, useCallback, useState } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import { ChunkBoundary } from '../data/ChunkBoundary';
import { useNear } from '../data/useNear';
import type { CommentThreadRef, ThreadStatus } from './threadContext';
import '../../styles/comments.css';

// The thread's views (its items and editor) are a chunk of their own, fetched when the panel nears the viewport, as
// the thread's machine is (the page starts it then): below the fold on every screen, neither is in the first load.
const loadThreadViews = () => import('./CommentThread');
const CommentThread = retryableLazy(loadThreadViews);

export interface CommentsPanelProps {
  /** The page's comment thread, once the page started it (the panel came near the screen and its code loaded). */
  thread: CommentThreadRef | undefined;
  /** The thread's code could not load (offline before it was ever cached). */
  unavailable: boolean;
  /**
   * To the page: `comments.show` when the panel comes near the screen (the page loads the thread's code and starts
   * it), `comments.reload` to try again when the code could not load.
   */
  send: (event: { type: 'comments.show' } | { type: 'comments.reload' }) => void;
}

/**
 * The panel owns the one section element and its heading from the first render on, so focus and a screen reader's
 * place inside it survive the thread's load: the thread renders inside it once the page started it (its views' chunk
 * and its machine's code load side by side; it first reads the draft a reload kept, then the comments), and reports
 * its busy state and count. Code that could not load (offline before it was ever cached) says so, with Retry.
 */
export function CommentsPanel({ thread, unavailable, send }: CommentsPanelProps) {
  const [status, setStatus] = useState<ThreadStatus>({ busy: true });
  const [near, setNear] = useState(false);
  const nearRef = useNear<HTMLElement>(
    useCallback(() => {
      setNear(true);
      // The views' chunk loads beside the thread's code (a failure shows when the thread renders them).
      loadThreadViews().catch(() => undefined);
      send({ type: 'comments.show' });
    }, [send]),
  );
  // Busy only once it loads (near the screen): a panel waiting for the reader to scroll to it is not being updated.
  const busy = near && !unavailable && (thread === undefined || status.busy);
  const loadingText = <p className="comments-status" role="status">Loading comments…</p>;
  const failedText = <p className="comments-status">Comments could not be loaded.</p>;
  return (
    <section
      ref={near ? undefined : nearRef}
      id="comments"
      className="comments-panel token-section"
      aria-labelledby="comments-title"
      aria-busy={busy || undefined}
    >
      <h2 id="comments-title" className="token-section-title">
        Comments {thread && status.count !== undefined && <span className="comments-count">({status.count})</span>}
      </h2>
      {unavailable ? (
        <p className="comments-status">
          Comments could not be loaded.{' '}
          <button type="button" className="button" onClick={() => send({ type: 'comments.reload' })}>
            Retry
          </button>
        </p>
      ) : thread ? (
        <ChunkBoundary fallback={failedText}>
          <Suspense fallback={loadingText}>
            <CommentThread thread={thread} onStatus={setStatus} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        loadingText
      )}
    </section>
  );
}
