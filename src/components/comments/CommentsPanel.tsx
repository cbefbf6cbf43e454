// The token page's comments panel (docs/requirements.md#comments): nested replies, one editor at a time.
import { Suspense, useCallback, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { retryableLazy } from '../../app/chunkLoad';
import { storedCommentThread } from '../../services/commentDraftStore';
import { ChunkBoundary } from '../data/ChunkBoundary';
import { useNear } from '../data/useNear';
import type { ThreadStatus } from './threadContext';
import '../../styles/comments.css';

// The thread (its machine, editor and items) is a chunk of its own, fetched when the panel nears the viewport: below
// the fold on every screen, it is not part of the token page's first load.
const CommentThread = retryableLazy(() => import('./CommentThread'));

/**
 * The thread starts from its stored snapshot (a draft typed before a reload), read first. The panel owns the one
 * section element and its heading from the first render on, so focus and a screen reader's place inside it survive
 * the read and the load: the thread renders inside it, once the panel has come near the viewport, and reports its
 * busy state and count.
 */
export function CommentsPanel({ tokenId }: { tokenId: string }) {
  const stored = useActorRef(storedCommentThread, { input: { tokenId } });
  const read = useSelector(stored, (snapshot) => snapshot.status === 'done');
  const snapshot = useSelector(stored, (snapshot) => snapshot.output);
  const [status, setStatus] = useState<ThreadStatus>({ busy: true });
  const [near, setNear] = useState(false);
  const nearRef = useNear<HTMLElement>(useCallback(() => setNear(true), []));
  // Busy only once it loads (near the screen): a panel waiting for the reader to scroll to it is not being updated.
  const busy = near && (!read || status.busy);
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
      {read && near ? (
        <ChunkBoundary fallback={<p className="comments-status">Comments could not be loaded.</p>}>
          <Suspense fallback={loadingText}>
            <CommentThread tokenId={tokenId} snapshot={snapshot} onStatus={setStatus} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        loadingText
      )}
    </section>
  );
}
