// One comment and its replies: author, date, edited marker, text (plain React text, never HTML), votes and actions.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { canOpenEditor } from '../../../machines/comments/commentThreadMachine';
import type { ThreadComment } from '../../../machines/comments/commentTree';
import { DELETED_PLACEHOLDER, commentStatus } from '../../../machines/comments/rules';
import { displayName } from '../../app/format';
import { formatDateTime } from '../../views/token/dates';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { CommentEditor } from './CommentEditor';
import { useCommentThread } from './threadContext';

export function CommentItem({ comment }: { comment: ThreadComment }) {
  const thread = useCommentThread();
  const editor = useSelector(thread, (snapshot) => snapshot.context.editor);
  const viewer = useSelector(thread, (snapshot) => snapshot.context.viewer);
  const comments = useSelector(thread, (snapshot) => snapshot.context.comments);
  const actionsIdle = useSelector(thread, (snapshot) => snapshot.matches({ ready: { actions: 'idle' } }));
  // 'More replies' shows while the server has more of this comment's replies; the machine says when it may load.
  const canLoadReplies = useSelector(thread, (snapshot) => snapshot.can({ type: 'replies.loadMore', commentId: comment.id }));
  const loadingReplies = useSelector(thread, (snapshot) => snapshot.hasTag('loadingReplies') && snapshot.context.repliesFor === comment.id);
  const status = commentStatus(comment);
  const author = displayName(comment.userInfo);
  const editingThis = editor?.mode === 'edit' && editor.commentId === comment.id;
  const replyingHere = editor?.mode === 'reply' && editor.commentId === comment.id;
  // The machine's own rules decide which actions show; with any editor open they are all hidden.
  const rules = { comments, viewer, editor };
  const canReply = canOpenEditor(rules, { mode: 'reply', commentId: comment.id });
  const canEdit = canOpenEditor(rules, { mode: 'edit', commentId: comment.id });
  const showVotes = status !== 'deleted';
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  return (
    <li className={`comment comment-level-${comment.level}`} data-comment-id={comment.id} data-status={status}>
      <article className="comment-body" aria-label={`Comment by ${author}`}>
        <header className="comment-header">
          {comment.userInfo.avatar ? <img className="comment-avatar" src={comment.userInfo.avatar} alt="" width={28} height={28} /> : <span className="comment-avatar" aria-hidden="true" />}
          <span className="comment-author">{author}</span>
          <time className="comment-date" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
          {status === 'edited' && (
            <span className="comment-edited" title={`Edited ${formatDateTime(comment.updatedAt)}`}>
              (edited)
            </span>
          )}
        </header>
        {editingThis ? (
          <CommentEditor mode="edit" label="Edit comment" />
        ) : status === 'deleted' ? (
          <p className="comment-text comment-deleted">{DELETED_PLACEHOLDER}</p>
        ) : (
          <p className="comment-text">{comment.text}</p>
        )}
        {!editingThis && (
          <div className="comment-actions">
            {showVotes && (
              <span className="comment-votes" role="group" aria-label="Votes">
                {editor === null && (
                  <button
                    type="button"
                    className="comment-vote"
                    aria-label="Vote up"
                    aria-pressed={comment.myVote === 1}
                    disabled={!actionsIdle}
                    onClick={() => thread.send({ type: 'comment.vote', commentId: comment.id, value: 1 })}
                  >
                    ▲
                  </button>
                )}
                <span className="comment-vote-count" aria-label={`${comment.votes} votes`}>
                  {comment.votes}
                </span>
                {editor === null && (
                  <button
                    type="button"
                    className="comment-vote"
                    aria-label="Vote down"
                    aria-pressed={comment.myVote === -1}
                    disabled={!actionsIdle}
                    onClick={() => thread.send({ type: 'comment.vote', commentId: comment.id, value: -1 })}
                  >
                    ▼
                  </button>
                )}
              </span>
            )}
            {canReply && (
              <button type="button" className="comment-action" onClick={() => thread.send({ type: 'editor.open', target: { mode: 'reply', commentId: comment.id } })}>
                Reply
              </button>
            )}
            {canEdit && (
              <>
                <button type="button" className="comment-action" onClick={() => thread.send({ type: 'editor.open', target: { mode: 'edit', commentId: comment.id } })}>
                  Edit
                </button>
                <button
                  type="button"
                  className="comment-action comment-action-danger"
                  disabled={!actionsIdle}
                  onClick={() => setConfirmingDelete(true)}
                >
                  Delete
                </button>
                {confirmingDelete && (
                  <ConfirmDialog
                    title="Delete this comment?"
                    message="Its text is removed for everyone; replies stay."
                    confirmLabel="Delete"
                    danger
                    onCancel={() => setConfirmingDelete(false)}
                    onConfirm={() => {
                      setConfirmingDelete(false);
                      thread.send({ type: 'comment.delete', commentId: comment.id });
                    }}
                  />
                )}
              </>
            )}
          </div>
        )}
        {replyingHere && <CommentEditor mode="reply" label={`Reply to ${author}`} />}
      </article>
      {comment.replies.length > 0 && (
        <ol className="comment-replies" aria-label={`Replies to ${author}`} aria-busy={loadingReplies || undefined}>
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} />
          ))}
        </ol>
      )}
      {comment.repliesPage.hasNextPage && (
        // aria-disabled, not disabled: a keyboard user keeps focus on it while the page loads.
        <button
          type="button"
          className="comment-action comment-more-replies"
          aria-label={`More replies to ${author}`}
          aria-disabled={!canLoadReplies || undefined}
          onClick={() => thread.send({ type: 'replies.loadMore', commentId: comment.id })}
        >
          More replies
        </button>
      )}
    </li>
  );
}
