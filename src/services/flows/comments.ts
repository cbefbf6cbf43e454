// The comment thread flow (docs/requirements.md#comments): commentThreadMachine provided once with the comments service.
// Credentials are the wallet session's registered login at call time, notices go to the notifications actor and
// "connect first" opens the wallet modal, all through the app's actor system.
import { fromCallback, fromPromise } from 'xstate';
import { commentThreadMachine } from '../../../machines/comments/commentThreadMachine';
import { loginOf, notifyThroughSystem } from '../../../machines/system/systemActors';
import type { SystemLike } from '../../../machines/system/systemRegistry';
import { registeredLogin } from '../../../machines/wallet/sessionSelectors';
import { watchSession } from '../../../machines/wallet/watchSession';
import { openWalletModalThroughSystem } from '../../../machines/wallet/walletModalMachine';
import type { ApiKeyCredentials } from '../authFetch';
import { commentDraftsStored, persistCommentThread, readStoredThread } from '../commentDrafts';
import { NotSignedInError, deleteComment, fetchComments, fetchReplies, postComment, updateComment, voteComment } from '../comments';

function signedIn(system: SystemLike): ApiKeyCredentials {
  const credentials = loginOf(system);
  if (!credentials) throw new NotSignedInError();
  return credentials;
}

export const commentThreadFlow = commentThreadMachine.provide({
  actors: {
    // The thread's first state reads its stored draft record (as stored; the machine migrates it).
    restoreDraft: fromPromise(({ input }) => readStoredThread(input.tokenId)),
    // The thread's viewer is the registered login's address, on every change (myVote is that viewer's own).
    watchViewer: watchSession(
      (session) => registeredLogin(session)?.address ?? null,
      (address) => ({ type: 'viewer.changed', address }),
    ),
    // Every snapshot goes to the draft store, which keeps what a reload may restore.
    keepDraft: fromCallback(({ input }) => {
      const subscription = input.thread.subscribe(persistCommentThread);
      return () => subscription.unsubscribe();
    }),
    fetchComments: fromPromise(({ input, signal, system }) => fetchComments(input, loginOf(system), signal)),
    fetchReplies: fromPromise(({ input, signal, system }) => fetchReplies(input, loginOf(system), signal)),
    // The thread stops keeping the draft as it sends it (commentThreadPersistence); that is stored before the text
    // leaves, so once the server may have it no reload can offer it again.
    postComment: fromPromise(async ({ input, signal, system }) => {
      await commentDraftsStored();
      return postComment(signedIn(system), input, signal);
    }),
    updateComment: fromPromise(async ({ input, signal, system }) => {
      await commentDraftsStored();
      return updateComment(signedIn(system), input.commentId, input.text, signal);
    }),
    deleteComment: fromPromise(async ({ input, signal, system }) => ({
      commentId: input.commentId,
      ...(await deleteComment(signedIn(system), input.commentId, signal)),
    })),
    voteComment: fromPromise(async ({ input, signal, system }) => ({
      commentId: input.commentId,
      ...(await voteComment(signedIn(system), input.commentId, input.value, signal)),
    })),
  },
  actions: {
    // See docs/requirements.md#comments: "Posting while not connected opens the wallet connect dialog".
    openWalletDialog: ({ system }) => openWalletModalThroughSystem(system),
    notify: ({ system }, params) => notifyThroughSystem(system, params.kind, params.text),
  },
});
