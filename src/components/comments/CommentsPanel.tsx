// The token page's comments panel (seed 000 §2 "Comments panel", §4): nested replies, one editor at a time.
import { useEffect, useLayoutEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { Snapshot } from 'xstate';
import { registeredLogin } from '../../../machines/likes/accountLikesMachine';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { persistCommentThread, storedCommentThread } from '../../services/commentDrafts';
import { commentThreadFlow } from '../../services/flows/comments';
import { CommentEditor } from './CommentEditor';
import { CommentItem } from './CommentItem';
import { CommentThreadContext } from './threadContext';
import '../../styles/comments.css';

/** What the thread reports to the panel's frame: whether it is loading, and its comment count once loaded. */
interface ThreadStatus {
  busy: boolean;
  count?: number;
}

/**
 * The thread starts from its stored snapshot (a draft typed before a reload), read first. The panel owns the one
 * section element and its heading from the first render on, so focus and a screen reader's place inside it survive
 * the read and the load: the thread renders inside it and reports its busy state and count.
 */
export function CommentsPanel({ tokenId }: { tokenId: string }) {
  const stored = useActorRef(storedCommentThread, { input: { tokenId } });
  const read = useSelector(stored, (snapshot) => snapshot.status === 'done');
  const snapshot = useSelector(stored, (snapshot) => snapshot.output);
  const [status, setStatus] = useState<ThreadStatus>({ busy: true });
  const busy = !read || status.busy;
  return (
    <section id="comments" className="comments-panel token-section" aria-labelledby="comments-title" aria-busy={busy || undefined}>
      <h2 id="comments-title" className="token-section-title">
        Comments {status.count !== undefined && <span className="comments-count">({status.count})</span>}
      </h2>
      {read && <CommentThread tokenId={tokenId} snapshot={snapshot} onStatus={setStatus} />}
    </section>
  );
}

interface CommentThreadProps {
  tokenId: string;
  snapshot: Snapshot<unknown> | undefined;
  onStatus: (status: ThreadStatus) => void;
}

function CommentThread({ tokenId, snapshot, onStatus }: CommentThreadProps) {
  // The viewer to start with; the flow follows the registered login itself from then on (watchViewer).
  const wallet = useSystemActor('walletSession');
  const viewer = useSelector(wallet, (session) => registeredLogin(session)?.address ?? null);
  const input = { tokenId, viewer };
  const thread = useFlow(commentThreadFlow, snapshot ? { snapshot, input } : { input });
  // Drafts survive a reload: every snapshot goes to the draft store, which keeps what a reload may restore.
  useEffect(() => {
    const subscription = thread.subscribe(persistCommentThread);
    return () => subscription.unsubscribe();
  }, [thread]);

  const comments = useSelector(thread, (snapshot) => snapshot.context.comments);
  const totalCount = useSelector(thread, (snapshot) => snapshot.context.totalCount);
  const editor = useSelector(thread, (snapshot) => snapshot.context.editor);
  const loading = useSelector(thread, (snapshot) => snapshot.hasTag('loading'));
  const failed = useSelector(thread, (snapshot) => snapshot.matches('failed'));
  const canLoadMore = useSelector(thread, (snapshot) => snapshot.can({ type: 'comments.loadMore' }));
  const ready = useSelector(thread, (snapshot) => snapshot.matches('ready'));
  const count = ready ? totalCount : undefined;
  // The frame's aria-busy and heading count follow the thread before the browser paints (a layout effect), so the
  // heading never shows a loaded thread without its count.
  useLayoutEffect(() => onStatus({ busy: loading, count }), [onStatus, loading, count]);

  return (
    <CommentThreadContext.Provider value={thread}>
      {ready && editor?.mode === 'new' && <CommentEditor mode="new" label="Write a comment" />}
      {ready && editor === null && (
        <div className="comment-editor comment-editor-closed">
          <label className="comments-visually-hidden" htmlFor={`new-comment-${tokenId}`}>
            Write a comment
          </label>
          <textarea
            id={`new-comment-${tokenId}`}
            className="comment-editor-field"
            placeholder="Write a comment"
            rows={1}
            value=""
            readOnly
            onFocus={() => thread.send({ type: 'editor.open', target: { mode: 'new' } })}
          />
        </div>
      )}
      {loading && comments.length === 0 && <p className="comments-status">Loading comments…</p>}
      {failed && (
        <p className="comments-status">
          Comments could not be loaded.{' '}
          <button type="button" className="button" onClick={() => thread.send({ type: 'comments.retry' })}>
            Retry
          </button>
        </p>
      )}
      {ready && comments.length === 0 && <p className="comments-status">No comments yet.</p>}
      {comments.length > 0 && (
        <ol className="comments-list" aria-label="Comments">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {canLoadMore && (
        <button type="button" className="button comments-more" onClick={() => thread.send({ type: 'comments.loadMore' })}>
          Show more comments
        </button>
      )}
    </CommentThreadContext.Provider>
  );
}
