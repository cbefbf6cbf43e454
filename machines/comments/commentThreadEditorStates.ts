// The thread's editor region in `ready`: one editor at a time (a new comment, a reply or an edit), the draft, the
// debounced submit, Post while signed out (the wallet dialog, then the post once signed in), posting and saving.
import { and, assign, not, stateIn } from 'xstate';
import { addComment, findComment, updateComment } from './commentTree';
import { COMMENT_NOTICES, commentTextError } from './rules';
import { commentThreadSetup, isReply, notify } from './commentThreadSetup';

export const editorState = commentThreadSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      always: {
        guard: 'restoredDraftApplies',
        target: 'open',
        actions: assign(({ context }) => ({ editor: context.restored!.target, draft: context.restored!.text, restored: null, error: null })),
      },
      on: {
        'editor.open': {
          guard: 'canOpen',
          target: 'open',
          actions: assign(({ context, event }) => {
            const target = event.target;
            // Editing starts from the comment's text; a new comment or reply from empty.
            const text = target.mode === 'edit' ? (findComment(context.comments, target.commentId)?.text ?? '') : '';
            return { editor: target, draft: text, error: null, restored: null };
          }),
        },
      },
    },
    open: {
      tags: ['editing'],
      initial: 'editing',
      on: {
        'editor.cancel': { target: 'closed', actions: 'closeEditor' },
      },
      states: {
        editing: {
          on: {
            'draft.change': { actions: 'changeDraft' },
            'editor.submit': [
              { guard: 'draftInvalid', actions: assign({ error: ({ context }) => commentTextError(context.draft, isReply(context)) }) },
              { guard: 'connected', target: 'debouncing', actions: assign({ error: null }) },
              // See docs/requirements.md#comments: "Posting while not connected opens the wallet connect dialog"; once signed in, the
              // typed text is posted without a second Post (comment levels counted from 0).
              { target: 'signingIn', actions: [assign({ error: null }), 'openWalletDialog'] },
            ],
          },
        },
        // Sent once the wallet signs in; the text stays in the editor (and is kept for a reload) meanwhile.
        signingIn: {
          tags: ['awaitingSignIn'],
          on: {
            'viewer.changed': [{ guard: 'signedInNow', target: 'signedIn', actions: 'assignViewer' }, { actions: 'assignViewer' }],
            // The dialog was closed without signing in: Post opens it again.
            'editor.submit': { actions: 'openWalletDialog' },
            // Changing the text drops the pending post: it is sent by the next Post.
            'draft.change': { target: 'editing', actions: 'changeDraft' },
          },
        },
        // Signed in: the list reloads for the new viewer first, so the posted comment is added to the fresh
        // list rather than to one about to be replaced.
        signedIn: {
          tags: ['busy'],
          always: [
            { guard: not('connected'), target: 'signingIn' },
            { guard: and([stateIn('#commentThread.ready.list.idle'), 'editing']), target: 'saving' },
            { guard: stateIn('#commentThread.ready.list.idle'), target: 'posting' },
          ],
        },
        debouncing: {
          on: {
            // Repeated clicks or key presses within the debounce make one request.
            'editor.submit': { target: 'debouncing', reenter: true },
            'draft.change': { target: 'editing', actions: 'changeDraft' },
          },
          after: {
            submitDebounce: [{ guard: 'editing', target: 'saving' }, { target: 'posting' }],
          },
        },
        posting: {
          tags: ['busy'],
          invoke: {
            id: 'postComment',
            src: 'postComment',
            input: ({ context }) => ({
              tokenId: context.tokenId,
              parentId: context.editor?.mode === 'reply' ? context.editor.commentId : null,
              text: context.draft.trim(),
            }),
            onDone: {
              target: '#commentThread.ready.editor.closed',
              actions: [
                assign(({ context, event }) => ({
                  comments: addComment(context.comments, event.output),
                  totalCount: context.totalCount + (event.output.parent_id === null ? 1 : 0),
                })),
                'closeEditor',
                notify('success', COMMENT_NOTICES.posted),
                'written',
              ],
            },
            onError: {
              target: 'editing',
              actions: [assign({ error: COMMENT_NOTICES.postFailed }), notify('error', COMMENT_NOTICES.postFailed)],
            },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'updateComment',
            src: 'updateComment',
            input: ({ context }) => ({
              commentId: context.editor?.mode === 'edit' ? context.editor.commentId : '',
              text: context.draft.trim(),
            }),
            onDone: {
              target: '#commentThread.ready.editor.closed',
              actions: [
                assign(({ context, event }) => ({
                  comments: updateComment(context.comments, context.editor?.mode === 'edit' ? context.editor.commentId : '', (comment) => ({
                    ...comment,
                    text: event.output.text,
                    updatedAt: event.output.updatedAt,
                  })),
                })),
                'closeEditor',
                notify('success', COMMENT_NOTICES.updated),
                'written',
              ],
            },
            onError: {
              target: 'editing',
              // See docs/requirements.md#comments: "a save failure also shows inline".
              actions: [assign({ error: COMMENT_NOTICES.updateFailed }), notify('error', COMMENT_NOTICES.updateFailed)],
            },
          },
        },
      },
    },
  },
});
