// The token page's comments panel (docs/requirements.md#comments): nested replies, one editor at a time.
import { Suspense, useCallback, useState } from 'react';
import { retryableLazy } from '../../app/chunkLoad';
import { ChunkBoundary } from '../data/ChunkBoundary';
import { useNear } from '../data/useNear';
import type { ThreadStatus } from './threadContext';
import '../../styles/comments.css';

// The thread (its machine, editor and items) is a chunk of its own, fetched when the panel nears the viewport: below
// the fold on every screen, it is not part of the token page's first load.
const CommentThread = retryableLazy(() => import('./CommentThread'));

/**
 * The panel owns the one section element and its heading from the first render on, so focus and a screen reader's
 * place inside it survive the thread's load: the thread renders inside it, once the panel has come near the viewport
 * (its machine first reads the draft a reload kept, then the comments), and reports its busy state and count.
 */
export function CommentsPanel({ tokenId }: { tokenId: string }) {
  const [status, setStatus] = useState<ThreadStatus>({ busy: true });
  const [near, setNear] = useState(false);
  const nearRef = useNear<HTMLElement>(useCallback(() => setNear(true), []));
  // Busy only once it loads (near the screen): a panel waiting for the reader to scroll to it is not being updated.
  const busy = near && status.busy;
  const loadingText = <p className="comments-status" role="status">Loading comments…</p>;
  return (
    <section
      ref={near ? undefined : nearRef}
      id="comments"
      className="comments-panel token-section"
      aria-labelledby="comments-title"
      aria-busy={busy || undefined}
    >
      <h2 id="comments-title" className="token-section-title">
        Comments {status.count !== undefined && <span className="comments-count">({status.count})</span>}
      </h2>
      {near ? (
        <ChunkBoundary fallback={<p className="comments-status">Comments could not be loaded.</p>}>
          <Suspense fallback={loadingText}>
            <CommentThread tokenId={tokenId} onStatus={setStatus} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        loadingText
      )}
    </section>
  );
}
