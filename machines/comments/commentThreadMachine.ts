// A token's comment thread (docs/requirements.md#comments): one editor at a time, drafts, votes, notices.
// The top level first reads the stored draft (restoring: a draft typed before a reload, in any stored format, through
// storedThread.ts's migration), then loads the first page; `ready` runs four regions, each in its own file: the list and 'More replies'
// (commentThreadListStates.ts), the editor (commentThreadEditorStates.ts) and delete/vote (commentThreadActionStates.ts).
// Implementations by name and the shared rules are in commentThreadSetup.ts.
import { assign } from 'xstate';
import { COMMENT_NOTICES } from './rules';
import { actionsState } from './commentThreadActionStates';
import { editorState } from './commentThreadEditorStates';
import { listState, repliesState } from './commentThreadListStates';
import { commentThreadSetup, firstPage, firstPageInput, notify } from './commentThreadSetup';
import { restoredDraft } from './storedThread';

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
export { SUBMIT_DEBOUNCE_MS, canOpenEditor } from './commentThreadSetup';

export const commentThreadMachine = commentThreadSetup.createMachine({
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
    restored: null,
    repliesFor: null,
  }),
  invoke: [
    { id: 'viewer', src: 'watchViewer' },
    // A reload brings back what this keeps: every change of the draft is stored as it happens.
    { id: 'keepDraft', src: 'keepDraft', input: ({ self }) => ({ thread: self }) },
  ],
  on: {
    'viewer.changed': { actions: 'assignViewer' },
  },
  // A reload brings back the draft the thread kept (commentThreadPersistence): read first, then the first page.
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restoreDraft',
        src: 'restoreDraft',
        input: ({ context }) => ({ tokenId: context.tokenId }),
        // Whatever is stored, in any format a build wrote; nothing (or nothing readable) starts the thread fresh.
        onDone: { target: 'loading', actions: assign({ restored: ({ event }) => restoredDraft(event.output) }) },
        // Storage that cannot be read (no IndexedDB) only loses the draft.
        onError: { target: 'loading' },
      },
    },
    loading: {
      tags: ['loading'],
      // The wallet often settles while the first page is in flight: ask again so myVote is the viewer's own.
      on: { 'viewer.changed': [{ guard: 'viewerDiffers', target: 'loading', reenter: true, actions: 'assignViewer' }, { actions: 'assignViewer' }] },
      invoke: {
        id: 'fetchComments',
        src: 'fetchComments',
        input: firstPageInput,
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
        list: listState,
        editor: editorState,
        replies: repliesState,
        actions: actionsState,
      },
    },
  },
});
