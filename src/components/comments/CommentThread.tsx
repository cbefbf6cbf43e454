// The token page's comment thread (docs/requirements.md#comments): its own chunk, loaded by CommentsPanel when the
// panel comes near the viewport, so the token page's first load carries neither the thread machine nor its editor.
import { useLayoutEffect } from 'react';
import { useSelector } from '@xstate/react';
import { registeredLogin } from '../../../machines/wallet/sessionSelectors';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { commentThreadFlow } from '../../services/flows/comments';
import { CommentEditor } from './CommentEditor';
import { CommentItem } from './CommentItem';
import { CommentThreadContext, type ThreadStatus } from './threadContext';

export interface CommentThreadProps {
  tokenId: string;
  onStatus: (status: ThreadStatus) => void;
}

export default function CommentThread({ tokenId, onStatus }: CommentThreadProps) {
  // The viewer to start with; the flow follows the registered login itself from then on (watchViewer).
  const wallet = useSystemActor('walletSession');
  const viewer = useSelector(wallet, (session) => registeredLogin(session)?.address ?? null);
  const input = { tokenId, viewer };
  // The thread's first state reads the draft a reload kept (restoring), then its first page; it keeps its drafts itself.
  const thread = useFlow(commentThreadFlow, { input });

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
