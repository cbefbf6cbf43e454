import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  commentThreadMachine,
  type CommentDraft,
  type CommentThreadEmitted,
  type CommentThreadEvent,
  type CommentThreadInput,
  type FetchCommentsInput,
  type FetchRepliesInput,
  type PostCommentInput,
} from '../../machines/comments/commentThreadMachine';
import { isRestoring, keptDraft } from '../../machines/comments/commentThreadPersistence';
import type { CommentsPage, ThreadComment } from '../../machines/comments/commentTree';
import { findComment } from '../../machines/comments/commentTree';
import { COMMENT_NOTICES } from '../../machines/comments/rules';
import { C1_REPLIES, DEBOUNCE, FIRST, STORED, c1, ctx, input, paths, project } from './support/commentThreadModel';
import { checkedStates, controlled, flush, modelCoverageTests, settleLastCall } from './support/modelTesting';

/** What a reload would bring back now: typed text in an editor not yet sent, or a restored draft still waiting. */
function expectedKept(state: AnyMachineSnapshot): CommentDraft | null {
  const { editor, draft, restored, comments } = ctx(state);
  if (!editor) return restored;
  if (!(['editing', 'debouncing', 'signingIn', 'signedIn'] as const).some((open) => state.matches({ ready: { editor: { open } } }))) return null;
  const typed = editor.mode === 'edit' ? draft !== findComment(comments, editor.commentId)?.text : draft.trim() !== '';
  return typed ? { target: editor, text: draft } : null;
}

function harness(start: CommentThreadInput = input) {
  const restoreDraft = controlled<unknown, { tokenId: string }>();
  const fetchComments = controlled<CommentsPage, FetchCommentsInput>();
  const fetchReplies = controlled<CommentsPage, FetchRepliesInput>();
  const postComment = controlled<ThreadComment, PostCommentInput>();
  const updateComment = controlled<{ text: string; updatedAt: string }, { commentId: string; text: string }>();
  const deleteComment = controlled<{ commentId: string; updatedAt: string }, { commentId: string }>();
  const voteComment = controlled<{ commentId: string; votes: number; myVote: number | null }, { commentId: string; value: 1 | -1 }>();
  const notices: CommentThreadEmitted[] = [];
  let walletDialogs = 0;
  const machine = commentThreadMachine.provide({
    actors: {
      restoreDraft: restoreDraft.logic,
      fetchComments: fetchComments.logic,
      fetchReplies: fetchReplies.logic,
      postComment: postComment.logic,
      updateComment: updateComment.logic,
      deleteComment: deleteComment.logic,
      voteComment: voteComment.logic,
    },
    actions: {
      openWalletDialog: () => void (walletDialogs += 1),
    },
  });
  let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
  const real = () => actor!.getSnapshot();
  const send = (step: { event: { type: string } }) => actor!.send(step.event as CommentThreadEvent);
  const settle = (call: { resolve: (value: never) => void; reject: (reason: unknown) => void }, step: { event: { type: string } }) => {
    const event = step.event as { type: string; output?: unknown; error?: unknown };
    if (event.type.startsWith('xstate.error')) call.reject(event.error);
    else call.resolve(event.output as never);
    return flush();
  };
  const lastNotice = () => notices.at(-1)?.text;
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(machine, { input: start });
          actor.on('comments.notify', (event) => void notices.push(event));
          actor.start();
        },
        'xstate.done.actor.restoreDraft': async (step: { event: { type: string } }) => {
          // The thread's own record, read before its first page is asked for.
          expect(restoreDraft.last().input).toEqual({ tokenId: '7' });
          expect(fetchComments.calls).toHaveLength(0);
          await settle(restoreDraft.last(), step);
          const stored = (step.event as { output?: unknown }).output;
          expect(ctx(real()).restored).toEqual(stored === STORED ? STORED.draft : null);
        },
        'xstate.error.actor.restoreDraft': async (step: { event: { type: string } }) => {
          await settle(restoreDraft.last(), step);
          // Unreadable storage only loses the draft: the thread loads fresh.
          expect(ctx(real()).restored).toBeNull();
          expect(fetchComments.calls).toHaveLength(1);
        },
        'xstate.done.actor.fetchComments': (step: { event: { type: string } }) => {
          expect(fetchComments.last().input).toEqual({ tokenId: '7', after: null, viewer: ctx(real()).viewer });
          return settle(fetchComments.last(), step);
        },
        'xstate.error.actor.fetchComments': (step: { event: { type: string } }) => settle(fetchComments.last(), step),
        'xstate.done.actor.fetchMore': (step: { event: { type: string } }) => {
          expect(fetchComments.last().input.after).toBe('k1');
          return settle(fetchComments.last(), step);
        },
        'xstate.error.actor.fetchMore': (step: { event: { type: string } }) => settle(fetchComments.last(), step),
        'xstate.done.actor.fetchReplies': async (step: { event: { type: string } }) => {
          // The page after c1's replies shown so far, for this viewer; appended once, with the server's count.
          expect(fetchReplies.last().input).toEqual({ commentId: 'c1', after: 'r2', viewer: ctx(real()).viewer });
          await settle(fetchReplies.last(), step);
          expect(c1(real())!.replies.map((reply) => reply.id)).toEqual(['c2', 'c6']);
          expect(c1(real())!.repliesPage).toEqual({ totalCount: 2, endCursor: 'r6', hasNextPage: false });
        },
        'xstate.error.actor.fetchReplies': async (step: { event: { type: string } }) => {
          await settle(fetchReplies.last(), step);
          expect(lastNotice()).toBe(COMMENT_NOTICES.fetchFailed);
          expect(c1(real())!.repliesPage).toEqual(C1_REPLIES);
        },
        'xstate.done.actor.refreshComments': (step: { event: { type: string } }) => {
          // The first page again, for the new viewer (their own votes).
          expect(fetchComments.last().input).toEqual({ tokenId: '7', after: null, viewer: ctx(real()).viewer });
          return settle(fetchComments.last(), step);
        },
        'xstate.error.actor.refreshComments': (step: { event: { type: string } }) => settle(fetchComments.last(), step),
        'xstate.done.actor.syncComments': async (step: { event: { type: string } }) => {
          // The first page from the server, for this viewer: nothing shown is lost, the count is the server's.
          expect(fetchComments.last().input).toEqual({ tokenId: '7', after: null, viewer: ctx(real()).viewer });
          const shown = ctx(real()).comments.map((comment) => comment.id);
          await settle(fetchComments.last(), step);
          expect(ctx(real()).comments.map((comment) => comment.id)).toEqual(expect.arrayContaining(shown));
          expect(ctx(real()).totalCount).toBe(FIRST.totalCount);
        },
        'xstate.error.actor.syncComments': async (step: { event: { type: string } }) => {
          // The write is done: a failed re-read changes nothing on screen and says nothing.
          const before = { comments: ctx(real()).comments, notices: notices.length };
          await settle(fetchComments.last(), step);
          expect(ctx(real()).comments).toBe(before.comments);
          expect(notices.length).toBe(before.notices);
        },
        'comments.written': send,
        'xstate.done.actor.postComment': (step: { event: { type: string } }) => {
          const editor = ctx(real()).editor;
          expect(postComment.last().input).toEqual({ tokenId: '7', parentId: editor?.mode === 'reply' ? editor.commentId : null, text: ctx(real()).draft.trim() });
          return settle(postComment.last(), step);
        },
        'xstate.error.actor.postComment': (step: { event: { type: string } }) => settle(postComment.last(), step),
        ...settleLastCall('updateComment', () => updateComment.last()),
        ...settleLastCall('deleteComment', () => deleteComment.last()),
        ...settleLastCall('voteComment', () => voteComment.last()),
        [DEBOUNCE]: async () => {
          // Debounced: nothing is sent before 100 ms.
          const before = postComment.calls.length + updateComment.calls.length;
          vi.advanceTimersByTime(99);
          expect(postComment.calls.length + updateComment.calls.length).toBe(before);
          vi.advanceTimersByTime(1);
          await flush();
        },
        'viewer.changed': (step: { event: { type: string } }) => {
          const loadingReplies = real().matches({ ready: { replies: 'loading' } });
          const before = ctx(real()).viewer?.toLowerCase() ?? null;
          send(step);
          // Another viewer: the list reloads from its first page, so the replies page in flight is dropped.
          if (loadingReplies && (ctx(real()).viewer?.toLowerCase() ?? null) !== before) {
            expect(fetchReplies.last().signal.aborted).toBe(true);
            expect(real().matches({ ready: { replies: 'idle', list: 'refreshing' } })).toBe(true);
          }
        },
        'comments.retry': send,
        'comments.loadMore': send,
        'replies.loadMore': send,
        'editor.open': send,
        'editor.cancel': (step: { event: { type: string } }) => {
          send(step);
          // Cancelled work is not brought back by a reload.
          expect(keptDraft(real())).toBeNull();
        },
        'draft.change': (step: { event: { type: string } }) => {
          send(step);
          // Typed text is kept for a reload: new words, or an edit that differs from the comment.
          expect(keptDraft(real())).toEqual(expectedKept(real()));
        },
        'editor.submit': async (step: { event: { type: string } }) => {
          const dialogs = walletDialogs;
          const sent = postComment.calls.length + updateComment.calls.length;
          send(step);
          // Posting while not connected opens the wallet dialog, keeps the draft and sends nothing yet.
          if (ctx(real()).viewer === null && ctx(real()).draft.trim() !== '') {
            expect(walletDialogs).toBe(dialogs + 1);
            expect(real().matches({ ready: { editor: { open: 'signingIn' } } })).toBe(true);
            vi.advanceTimersByTime(1000);
            await flush();
            expect(postComment.calls.length + updateComment.calls.length).toBe(sent);
          }
        },
        'comment.delete': send,
        'comment.vote': (step: { event: { type: string } }) => {
          const dialogs = walletDialogs;
          send(step);
          if (ctx(real()).viewer === null) expect(walletDialogs).toBe(dialogs + 1);
        },
      },
      states: checkedStates(real, project, {
        restoring: (snap) => {
          // Busy reading the stored draft: no comment asked for yet, nothing to open, nothing stored by the thread.
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchComments.calls).toHaveLength(0);
          expect(snap.can({ type: 'editor.open', target: { mode: 'new' } })).toBe(false);
          expect(isRestoring(snap as never)).toBe(true);
        },
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(snap.can({ type: 'editor.open', target: { mode: 'new' } })).toBe(false);
        },
        failed: (snap) => {
          expect(lastNotice()).toBe(COMMENT_NOTICES.fetchFailed);
          expect(snap.can({ type: 'comments.retry' })).toBe(true);
        },
        ready: (snap) => expect(ctx(snap).comments.length).toBeGreaterThan(0),
        'ready.list': () => {},
        'ready.list.idle': (snap) => expect(snap.can({ type: 'comments.loadMore' })).toBe(ctx(snap).hasNextPage),
        'ready.list.loadingMore': (snap) => expect(snap.hasTag('loading')).toBe(true),
        'ready.list.syncing': (snap) => {
          // Re-reading the first page after a write: in the background (the panel is not busy), not aborted.
          expect(snap.hasTag('loading')).toBe(false);
          expect(fetchComments.last().input.after).toBeNull();
          expect(fetchComments.last().signal.aborted).toBe(false);
        },
        'ready.list.refreshing': (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(fetchComments.last().input.after).toBeNull();
        },
        'ready.editor': () => {},
        'ready.editor.closed': (snap) => {
          expect(ctx(snap).editor).toBeNull();
          // Only a restored draft still waiting for its target (the wallet) is kept.
          expect(keptDraft(snap)).toEqual(ctx(snap).restored);
          if (ctx(snap).restored) expect(ctx(snap).viewer).toBeNull();
          expect(snap.hasTag('editing')).toBe(false);
          expect(snap.can({ type: 'editor.open', target: { mode: 'new' } })).toBe(true);
          // Replies only below level 4 (levels 0–3), only when connected; edit only by the author.
          expect(snap.can({ type: 'editor.open', target: { mode: 'reply', commentId: 'c5' } })).toBe(false);
          expect(snap.can({ type: 'editor.open', target: { mode: 'reply', commentId: 'c4' } })).toBe(ctx(snap).viewer !== null);
          expect(snap.can({ type: 'editor.open', target: { mode: 'edit', commentId: 'c2' } })).toBe(false);
          const live = !c1(snap)!.deleted;
          expect(snap.can({ type: 'editor.open', target: { mode: 'reply', commentId: 'c1' } })).toBe(live && ctx(snap).viewer !== null);
          expect(snap.can({ type: 'editor.open', target: { mode: 'edit', commentId: 'c1' } })).toBe(live && ctx(snap).viewer !== null);
          if (c1(snap)!.deleted) expect(c1(snap)!.text).toBe('');
        },
        'ready.editor.open': (snap) => {
          expect(ctx(snap).editor).not.toBeNull();
          expect(snap.hasTag('editing')).toBe(true);
          // One editor at a time: no other comment (nor the new-comment input) may open, delete or vote.
          for (const target of [{ mode: 'new' as const }, { mode: 'reply' as const, commentId: 'c2' }, { mode: 'edit' as const, commentId: 'c3' }]) {
            expect(snap.can({ type: 'editor.open', target })).toBe(false);
          }
          expect(snap.can({ type: 'comment.delete', commentId: 'c3' })).toBe(false);
        },
        'ready.editor.open.editing': (snap) => {
          expect(keptDraft(snap)).toEqual(expectedKept(snap));
          const error = ctx(snap).error;
          if (error) expect([COMMENT_NOTICES.postFailed, COMMENT_NOTICES.updateFailed, 'Comment cannot be empty', 'Reply cannot be empty']).toContain(error);
          if (error === COMMENT_NOTICES.postFailed || error === COMMENT_NOTICES.updateFailed) expect(lastNotice()).toBe(error);
        },
        'ready.editor.open.debouncing': (snap) => {
          expect(keptDraft(snap)).toEqual(expectedKept(snap));
          expect(ctx(snap).draft.trim()).not.toBe('');
          expect(ctx(snap).viewer).not.toBeNull();
        },
        'ready.editor.open.signingIn': (snap) => {
          // Post while signed out: the wallet dialog opened, the typed text stays (and is kept for a reload).
          expect(ctx(snap).viewer).toBeNull();
          expect(walletDialogs).toBeGreaterThan(0);
          expect(snap.hasTag('awaitingSignIn')).toBe(true);
          expect(snap.hasTag('busy')).toBe(false);
          expect(ctx(snap).draft.trim()).not.toBe('');
          expect(keptDraft(snap)).toEqual({ target: ctx(snap).editor, text: ctx(snap).draft });
        },
        'ready.editor.open.signedIn': (snap) => {
          // Signed in: the typed text goes out once the list has reloaded for the new viewer, with no second Post.
          expect(ctx(snap).viewer).not.toBeNull();
          expect(snap.matches({ ready: { list: 'idle' } })).toBe(false);
          expect(snap.hasTag('busy')).toBe(true);
          expect(keptDraft(snap)).toEqual({ target: ctx(snap).editor, text: ctx(snap).draft });
        },
        'ready.editor.open.posting': (snap) => {
          // Sent: the server may have it, so a reload must not offer it again.
          expect(keptDraft(snap)).toBeNull();
          expect(snap.hasTag('busy')).toBe(true);
          expect(ctx(snap).editor?.mode).not.toBe('edit');
        },
        'ready.editor.open.saving': (snap) => {
          expect(keptDraft(snap)).toBeNull();
          expect(snap.hasTag('busy')).toBe(true);
          expect(updateComment.last().input).toEqual({ commentId: 'c1', text: ctx(snap).draft.trim() });
        },
        'ready.replies': () => {},
        'ready.replies.idle': (snap) => {
          expect(ctx(snap).repliesFor).toBeNull();
          expect(snap.hasTag('loadingReplies')).toBe(false);
          // 'More replies' only where the server has more than is shown.
          expect(snap.can({ type: 'replies.loadMore', commentId: 'c1' })).toBe(c1(snap)!.repliesPage.hasNextPage);
          expect(snap.can({ type: 'replies.loadMore', commentId: 'c2' })).toBe(false);
        },
        'ready.replies.loading': (snap) => {
          expect(snap.hasTag('loadingReplies')).toBe(true);
          expect(ctx(snap).repliesFor).toBe('c1');
          expect(fetchReplies.last().signal.aborted).toBe(false);
          // One comment's page at a time.
          expect(snap.can({ type: 'replies.loadMore', commentId: 'c1' })).toBe(false);
        },
        'ready.actions': () => {},
        'ready.actions.idle': (snap) => {
          if (c1(snap)!.deleted) expect(notices.map((notice) => notice.text)).toContain(COMMENT_NOTICES.deleted);
          if (ctx(snap).editor === null && ctx(snap).viewer !== null) expect(snap.can({ type: 'comment.vote', commentId: 'c2', value: -1 })).toBe(true);
        },
        'ready.actions.deleting': () => expect(deleteComment.last().input).toEqual({ commentId: 'c1' }),
        'ready.actions.voting': () => expect(voteComment.last().input).toEqual({ commentId: 'c2', value: 1 }),
      }),
    },
  };
}

describe('commentThreadMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  modelCoverageTests(commentThreadMachine, paths, () => harness());
  it('walks Post while signed out, the sign-in, and the post that follows it with no second Post', () => {
    const reaches = (open: string) => paths.some((path) => path.steps.some((step) => step.state.matches({ ready: { editor: { open } } })));
    expect([reaches('signingIn'), reaches('signedIn')]).toEqual([true, true]);
    // From signedIn the list's reload leads straight to posting, with no Post pressed in between.
    const postedAfterSignIn = paths.some((path) =>
      path.steps.some((step, index) => {
        const next = path.steps[index + 1];
        return step.state.matches({ ready: { editor: { open: 'signedIn' } } }) && next?.event.type === 'xstate.done.actor.refreshComments' && next.state.matches({ ready: { editor: { open: 'posting' } } });
      }),
    );
    expect(postedAfterSignIn).toBe(true);
  });
  it("walks 'More replies' to its page, its failure, and another viewer signing in while it loads", () => {
    const after = (from: (state: AnyMachineSnapshot) => boolean, type: string) =>
      paths.some((path) => path.steps.some((step, index) => from(step.state) && path.steps[index + 1]?.event.type === type));
    const loading = (state: AnyMachineSnapshot) => state.matches({ ready: { replies: 'loading' } });
    expect([after(loading, 'xstate.done.actor.fetchReplies'), after(loading, 'xstate.error.actor.fetchReplies'), after(loading, 'viewer.changed')]).toEqual([true, true, true]);
  });
  it('walks the first state to each of its ends: nothing stored, a kept draft, unreadable storage', () => {
    const firstSteps = new Set(paths.map((path) => path.steps[1]?.event).filter(Boolean).map((event) => `${event!.type}:${(event as { output?: unknown }).output === STORED}`));
    expect([...firstSteps].sort()).toEqual(['xstate.done.actor.restoreDraft:false', 'xstate.done.actor.restoreDraft:true', 'xstate.error.actor.restoreDraft:false']);
    // The kept draft reopens in its editor (its reply target allowed) on some path.
    expect(paths.some((path) => path.steps.some((step) => ctx(step.state).draft === STORED.draft.text && step.state.matches({ ready: { editor: { open: 'editing' } } })))).toBe(true);
  });
});
