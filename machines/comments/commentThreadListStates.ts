// The thread's list regions in `ready`: the top-level comments (further pages; the first page again for another
// viewer) and 'More replies', one comment's next page of replies at a time.
import { assign } from 'xstate';
import { appendPage, appendReplies, findComment, refreshFirstPage } from './commentTree';
import { COMMENT_NOTICES } from './rules';
import { commentThreadSetup, firstPage, firstPageInput, notify } from './commentThreadSetup';

export const listState = commentThreadSetup.createStateConfig({
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
        'comments.written': 'syncing',
      },
    },
    // A write succeeded: the first page is read again from the server, so the service worker's stored copy of the
    // thread has it too (offline, the thread then shows what it showed online) and the list takes the server's
    // current first page. A failure changes nothing: the write itself is done.
    syncing: {
      on: {
        'viewer.changed': [
          { guard: 'viewerDiffers', target: 'refreshing', actions: 'assignViewer' },
          { actions: 'assignViewer' },
        ],
        // Another write while reading: read again after it.
        'comments.written': { target: 'syncing', reenter: true },
      },
      invoke: {
        id: 'syncComments',
        src: 'fetchComments',
        input: firstPageInput,
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const comments = refreshFirstPage(context.comments, event.output);
            // Only the first page shown: its cursor moves with it; further pages shown keep theirs.
            const onlyFirst = comments.length === event.output.edges.length;
            return {
              comments,
              totalCount: event.output.totalCount,
              ...(onlyFirst ? { endCursor: event.output.pageInfo.endCursor, hasNextPage: event.output.pageInfo.hasNextPage } : {}),
            };
          }),
        },
        onError: 'idle',
      },
    },
    refreshing: {
      tags: ['loading'],
      invoke: {
        id: 'refreshComments',
        src: 'fetchComments',
        input: firstPageInput,
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
});

// 'More replies': the next page of one comment's replies, one comment at a time.
export const repliesState = commentThreadSetup.createStateConfig({
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
});
