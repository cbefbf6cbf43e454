// The one open editor (new comment, reply or edit): Ctrl/Meta+Enter submits, Esc cancels, Post/Save disabled while empty or busy.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { GateReason, useNetworkGate } from '../offline/networkGate';
import { useCommentThread } from './threadContext';

export interface CommentEditorProps {
  mode: 'new' | 'reply' | 'edit';
  /** Label of the text field (also its placeholder). */
  label: string;
}

const SUBMIT_LABEL = { new: 'Post', reply: 'Reply', edit: 'Save' } as const;

export function CommentEditor({ mode, label }: CommentEditorProps) {
  const thread = useCommentThread();
  const draft = useSelector(thread, (snapshot) => snapshot.context.draft);
  const error = useSelector(thread, (snapshot) => snapshot.context.error);
  const busy = useSelector(thread, (snapshot) => snapshot.hasTag('busy') && snapshot.hasTag('editing'));
  // Post was pressed while signed out: the wallet dialog is open, and the text is posted once signed in.
  const awaitingSignIn = useSelector(thread, (snapshot) => snapshot.hasTag('awaitingSignIn'));
  const field = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();
  const fieldId = useId();
  const gate = useNetworkGate('network');

  useEffect(() => {
    field.current?.focus();
  }, [mode]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!gate.blocked) thread.send({ type: 'editor.submit' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      thread.send({ type: 'editor.cancel' });
    }
  };

  return (
    <form
      className={`comment-editor comment-editor-${mode}`}
      onSubmit={(event) => {
        event.preventDefault();
        thread.send({ type: 'editor.submit' });
      }}
    >
      <label className="comments-visually-hidden" htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className="comment-editor-field"
        value={draft}
        placeholder={label}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => thread.send({ type: 'draft.change', text: event.target.value })}
        onKeyDown={onKeyDown}
      />
      {awaitingSignIn && (
        <p className="comment-editor-hint" role="status">
          Sign in with your wallet: your comment is posted as soon as you are signed in.
        </p>
      )}
      {error && (
        <p id={errorId} className="comment-editor-error" role="alert">
          {error}
        </p>
      )}
      <div className="comment-editor-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={draft.trim() === '' || busy || gate.blocked}
          aria-busy={busy || undefined}
          aria-describedby={gate.describedBy}
        >
          {SUBMIT_LABEL[mode]}
        </button>
        <GateReason gate={gate} />
        <button type="button" className="button" onClick={() => thread.send({ type: 'editor.cancel' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
