// The thread's comment actions region in `ready`: delete one's own comment, vote on any (one request at a time).
import { not } from 'xstate';
import type { ThreadComment } from './commentTree';
import type { CommentRequests } from './commentThreadTypes';
import { COMMENT_NOTICES } from './rules';
import { commentThreadSetup, notify } from './commentThreadSetup';

/** One request on one comment: its answer changes that comment, says so and re-reads the thread; a failure only says so. */
const commentRequestState = <K extends keyof CommentRequests>(
  src: K,
  request: {
    input: (args: { event: unknown }) => CommentRequests[K]['input'];
    change: (comment: ThreadComment, output: CommentRequests[K]['output']) => ThreadComment;
    done: string;
    failed: string;
  },
) => ({
  tags: ['busy'],
  invoke: {
    id: src,
    src,
    input: request.input,
    onDone: {
      target: 'idle',
      actions: [
        {
          type: 'changeComment' as const,
          params: ({ event }: { event: unknown }) => {
            const { output } = event as { output: CommentRequests[K]['output'] };
            return { commentId: output.commentId, change: (comment: ThreadComment) => request.change(comment, output) };
          },
        },
        notify('success', request.done),
        'written' as const,
      ],
    },
    onError: { target: 'idle', actions: notify('error', request.failed) },
  },
});

export const actionsState = commentThreadSetup.createStateConfig({
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
    deleting: commentRequestState('deleteComment', {
      input: ({ event }) => ({ commentId: (event as { commentId: string }).commentId }),
      change: (comment, output) => ({ ...comment, deleted: true, text: '', updatedAt: output.updatedAt }),
      done: COMMENT_NOTICES.deleted,
      failed: COMMENT_NOTICES.deleteFailed,
    }),
    voting: commentRequestState('voteComment', {
      input: ({ event }) => {
        const vote = event as { commentId: string; value: 1 | -1 };
        return { commentId: vote.commentId, value: vote.value };
      },
      change: (comment, output) => ({ ...comment, votes: output.votes, myVote: output.myVote }),
      done: COMMENT_NOTICES.voted,
      failed: COMMENT_NOTICES.voteFailed,
    }),
  },
});
