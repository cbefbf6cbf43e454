// A token's comment thread (seed 000 §4 "Comment", §5, §8): one editor at a time, drafts, votes, notices.
import { and, assign, emit, fromCallback, fromPromise, not, setup, stateIn, type EventObject } from 'xstate';
import { addComment, appendPage, appendReplies, findComment, updateComment, type CommentsPage, type ThreadComment } from './commentTree';
import { COMMENT_NOTICES, canReplyAtLevel, commentTextError, sameAddress } from './rules';

import type {
  CommentThreadContext,
  CommentThreadEmitted,
  CommentThreadEvent,
  CommentThreadInput,
  EditorTarget,
  FetchCommentsInput,
  FetchRepliesInput,
  PostCommentInput,
} from './commentThreadTypes';

export type {
  CommentDraft,
  CommentThreadContext,
  CommentThreadEmitted,
  CommentThreadEvent,
  CommentThreadInput,
  EditorTarget,
  FetchCommentsInput,
  FetchRepliesInput,
  PostCommentInput,
} from './commentThreadTypes';

export const SUBMIT_DEBOUNCE_MS = 100; // seed 000 §9 "Save and post debounce 100 ms"

type Ctx = CommentThreadContext;

/** May this target be opened now? The same rules drive which buttons the panel shows. */
export function canOpenEditor(context: Pick<Ctx, 'comments' | 'viewer' | 'editor'>, target: EditorTarget): boolean {
  if (context.editor !== null) return false;
  if (target.mode === 'new') return true;
  const comment = findComment(context.comments, target.commentId);
  if (!comment || comment.deleted || !context.viewer) return false;
  if (target.mode === 'reply') return canReplyAtLevel(comment.level);
  return sameAddress(comment.userInfo.address, context.viewer);
}

const isReply = (context: Ctx) =>
  context.editor?.mode === 'reply' || (context.editor?.mode === 'edit' && findComment(context.comments, context.editor.commentId)?.parent_id != null);

// The thread's list fields after a first page (initial load or a refresh for another viewer).
const firstPage = (page: CommentsPage) => ({
  comments: appendPage([], page),
  totalCount: page.totalCount,
  endCursor: page.pageInfo.endCursor,
  hasNextPage: page.pageInfo.hasNextPage,
});

const notify = (kind: 'success' | 'error', text: string) => ({ type: 'notify' as const, params: { kind, text } });

export const commentThreadMachine = setup({
  types: {
    context: {} as CommentThreadContext,
    events: {} as CommentThreadEvent,
    input: {} as CommentThreadInput,
    emitted: {} as CommentThreadEmitted,
  },
  actors: {
    // Sends viewer.changed with the registered viewer's address on every change (silent unless provided).
    watchViewer: fromCallback<EventObject>(() => undefined),
    fetchComments: fromPromise<CommentsPage, FetchCommentsInput>(async () => {
      throw new Error('fetchComments is provided by src/services/comments');
    }),
    fetchReplies: fromPromise<CommentsPage, FetchRepliesInput>(async () => {
      throw new Error('fetchReplies is provided by src/services/comments');
    }),
    postComment: fromPromise<ThreadComment, PostCommentInput>(async () => {
      throw new Error('postComment is provided by src/services/comments');
    }),
    updateComment: fromPromise<{ text: string; updatedAt: string }, { commentId: string; text: string }>(async () => {
      throw new Error('updateComment is provided by src/services/comments');
    }),
    deleteComment: fromPromise<{ commentId: string; updatedAt: string }, { commentId: string }>(async () => {
      throw new Error('deleteComment is provided by src/services/comments');
    }),
    voteComment: fromPromise<{ commentId: string; votes: number; myVote: number | null }, { commentId: string; value: 1 | -1 }>(async () => {
      throw new Error('voteComment is provided by src/services/comments');
    }),
  },
  actions: {
    openWalletDialog: () => {},
    changeDraft: assign({ draft: ({ event }) => (event.type === 'draft.change' ? event.text : ''), error: null }),
    assignViewer: assign({ viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.address : context.viewer) }),
    closeEditor: assign({ editor: null, draft: '', error: null }),
    notify: emit((_, params: { kind: 'success' | 'error'; text: string }) => ({ type: 'comments.notify' as const, ...params })),
  },
  guards: {
    canOpen: ({ context, event }) => event.type === 'editor.open' && canOpenEditor(context, event.target),
    restoredDraftApplies: ({ context }) => context.restored !== null && canOpenEditor(context, context.restored.target),
    connected: ({ context }) => context.viewer !== null,
    signedInNow: ({ event }) => event.type === 'viewer.changed' && event.address !== null,
    draftInvalid: ({ context }) => commentTextError(context.draft, isReply(context)) !== null,
    editing: ({ context }) => context.editor?.mode === 'edit',
    hasNextPage: ({ context }) => context.hasNextPage,
    hasMoreReplies: ({ context, event }) => event.type === 'replies.loadMore' && !!findComment(context.comments, event.commentId)?.repliesPage.hasNextPage,
    viewerDiffers: ({ context, event }) => event.type === 'viewer.changed' && (event.address?.toLowerCase() ?? null) !== (context.viewer?.toLowerCase() ?? null),
    canDelete: ({ context, event }) => {
      if (event.type !== 'comment.delete' || context.editor !== null) return false;
      const comment = findComment(context.comments, event.commentId);
      return !!comment && !comment.deleted && sameAddress(comment.userInfo.address, context.viewer);
    },
    canVote: ({ context, event }) => {
      if (event.type !== 'comment.vote' || context.editor !== null || !context.viewer) return false;
      const comment = findComment(context.comments, event.commentId);
      return !!comment && !comment.deleted;
    },
  },
  delays: { submitDebounce: SUBMIT_DEBOUNCE_MS },
}).createMachine({
  id: 'commentThread',
  context: ({ input }) => ({
    ...input,
    comments: [],
    totalCount: 0,
    endCursor: null,
    hasNextPage: false,
    editor: null,
    draft: '',
    error: null,
    restored: input.restored ?? null,
    repliesFor: null,
  }),
  invoke: { id: 'viewer', src: 'watchViewer' },
  on: {
    'viewer.changed': { actions: 'assignViewer' },
  },
  // A reload restores the persisted snapshot (commentThreadPersistence): this state, with the draft in `restored`.
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      // The wallet often settles while the first page is in flight: ask again so myVote is the viewer's own.
      on: { 'viewer.changed': [{ guard: 'viewerDiffers', target: 'loading', reenter: true, actions: 'assignViewer' }, { actions: 'assignViewer' }] },
      invoke: {
        id: 'fetchComments',
        src: 'fetchComments',
        input: ({ context }) => ({ tokenId: context.tokenId, after: null, viewer: context.viewer }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => firstPage(event.output)),
        },
        onError: { target: 'failed', actions: notify('error', COMMENT_NOTICES.fetchFailed) },
      },
    },
    failed: {
      on: { 'comments.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      states: {
        list: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'comments.loadMore': { guard: 'hasNextPage', target: 'loadingMore' },
                // Another account signed in (or out): reload so each comment's myVote is that viewer's own.
                'viewer.changed': [
                  { guard: 'viewerDiffers', target: 'refreshing', actions: 'assignViewer' },
                  { actions: 'assignViewer' },
                ],
              },
            },
            refreshing: {
              tags: ['loading'],
              invoke: {
                id: 'refreshComments',
                src: 'fetchComments',
                input: ({ context }) => ({ tokenId: context.tokenId, after: null, viewer: context.viewer }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ event }) => firstPage(event.output)),
                },
                onError: { target: 'idle', actions: notify('error', COMMENT_NOTICES.fetchFailed) },
              },
            },
            loadingMore: {
              tags: ['loading'],
              invoke: {
                id: 'fetchMore',
                src: 'fetchComments',
                input: ({ context }) => ({ tokenId: context.tokenId, after: context.endCursor, viewer: context.viewer }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    comments: appendPage(context.comments, event.output),
                    totalCount: event.output.totalCount,
                    endCursor: event.output.pageInfo.endCursor,
                    hasNextPage: event.output.pageInfo.hasNextPage,
                  })),
                },
                onError: { target: 'idle', actions: notify('error', COMMENT_NOTICES.fetchFailed) },
              },
            },
          },
        },
        editor: {
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
                      // Seed §5: "Posting while not connected opens the wallet connect dialog"; once signed in, the
                      // typed text is posted without a second Post (issue 17 item 3).
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
                      ],
                    },
                    onError: {
                      target: 'editing',
                      // Seed §8: "a save failure also shows inline".
                      actions: [assign({ error: COMMENT_NOTICES.updateFailed }), notify('error', COMMENT_NOTICES.updateFailed)],
                    },
                  },
                },
              },
            },
          },
        },
        // 'More replies': the next page of one comment's replies, one comment at a time.
        replies: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'replies.loadMore': { guard: 'hasMoreReplies', target: 'loading', actions: assign({ repliesFor: ({ event }) => event.commentId }) },
              },
            },
            loading: {
              tags: ['loadingReplies'],
              on: {
                // The list reloads for another viewer: a page after the old list's cursor would leave a gap.
                'viewer.changed': [{ guard: 'viewerDiffers', target: 'idle', actions: [assign({ repliesFor: null }), 'assignViewer'] }, { actions: 'assignViewer' }],
              },
              invoke: {
                id: 'fetchReplies',
                src: 'fetchReplies',
                input: ({ context }) => ({
                  commentId: context.repliesFor!,
                  after: findComment(context.comments, context.repliesFor!)?.repliesPage.endCursor ?? null,
                  viewer: context.viewer,
                }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({ comments: appendReplies(context.comments, context.repliesFor!, event.output), repliesFor: null })),
                },
                onError: { target: 'idle', actions: [assign({ repliesFor: null }), notify('error', COMMENT_NOTICES.fetchFailed)] },
              },
            },
          },
        },
        actions: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'comment.delete': { guard: 'canDelete', target: 'deleting' },
                'comment.vote': [
                  { guard: 'canVote', target: 'voting' },
                  { guard: not('connected'), actions: 'openWalletDialog' },
                ],
              },
            },
            deleting: {
              tags: ['busy'],
              invoke: {
                id: 'deleteComment',
                src: 'deleteComment',
                input: ({ event }) => ({ commentId: (event as { commentId: string }).commentId }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      comments: updateComment(context.comments, event.output.commentId, (comment) => ({
                        ...comment,
                        deleted: true,
                        text: '',
                        updatedAt: event.output.updatedAt,
                      })),
                    })),
                    notify('success', COMMENT_NOTICES.deleted),
                  ],
                },
                onError: { target: 'idle', actions: notify('error', COMMENT_NOTICES.deleteFailed) },
              },
            },
            voting: {
              tags: ['busy'],
              invoke: {
                id: 'voteComment',
                src: 'voteComment',
                input: ({ event }) => {
                  const vote = event as { commentId: string; value: 1 | -1 };
                  return { commentId: vote.commentId, value: vote.value };
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      comments: updateComment(context.comments, event.output.commentId, (comment) => ({
                        ...comment,
                        votes: event.output.votes,
                        myVote: event.output.myVote,
                      })),
                    })),
                    notify('success', COMMENT_NOTICES.voted),
                  ],
                },
                onError: { target: 'idle', actions: notify('error', COMMENT_NOTICES.voteFailed) },
              },
            },
          },
        },
      },
    },
  },
});
