// The token page's comment thread (docs/requirements.md#comments): its own chunk, loaded by CommentsPanel when the
// panel comes near the viewport, so the token page's first load carries neither the thread's views nor its editor.
// The thread itself is the token page machine's `comments` child; this renders it and sends to it.
import { useLayoutEffect } from 'react';
import { useSelector } from '@xstate/react';
import { CommentEditor } from './CommentEditor';
import { CommentItem } from './CommentItem';
import { CommentThreadContext, type CommentThreadRef, type ThreadStatus } from './threadContext';

export interface CommentThreadProps {
  /** The page's running thread. */
  thread: CommentThreadRef;
  onStatus: (status: ThreadStatus) => void;
}

export default function CommentThread({ thread, onStatus }: CommentThreadProps) {
  const tokenId = useSelector(thread, (snapshot) => snapshot.context.tokenId);
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
      {loading && comments.length === 0 && <p className="comments-status" role="status">Loading comments…</p>}
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
