// Comment levels counted from 0: Post while signed out opens the wallet dialog and, once signed in, posts the typed comment.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { commentThreadMachine, type FetchCommentsInput, type PostCommentInput } from '../../machines/comments/commentThreadMachine';
import { keptDraft } from '../../machines/comments/commentThreadPersistence';
import type { CommentsPage, ThreadComment } from '../../machines/comments/commentTree';

const ALICE = '0x000000000000000000000000000000000000a11c';
const T0 = '2026-11-01T10:00:00.000Z';
const pageOf = (comments: ThreadComment[]): CommentsPage => ({
  totalCount: comments.length,
  pageInfo: { endCursor: null, hasNextPage: false },
  edges: comments.map((node) => ({ cursor: node.id, node })),
});

function signedOutThread() {
  const fetches: FetchCommentsInput[] = [];
  const posts: PostCommentInput[] = [];
  let dialogs = 0;
  const notices: string[] = [];
  // The server's thread: empty until the post.
  const stored: ThreadComment[] = [];
  const machine = commentThreadMachine.provide({
    actors: {
      fetchComments: fromPromise<CommentsPage, FetchCommentsInput>(async ({ input }) => {
        fetches.push(input);
        return pageOf(stored);
      }),
      postComment: fromPromise<ThreadComment, PostCommentInput>(async ({ input }) => {
        posts.push(input);
        const comment: ThreadComment = {
          id: '1', text: input.text, parent_id: null, level: 0, deleted: false, createdAt: T0, updatedAt: T0, votes: 0, myVote: null,
          userInfo: { address: ALICE, alias: null, avatar: null, firstName: null, lastName: null }, replies: [], repliesPage: { totalCount: 0, endCursor: null, hasNextPage: false },
        };
        stored.push(comment);
        return comment;
      }),
    },
    actions: { openWalletDialog: () => void (dialogs += 1) },
  });
  const actor = createActor(machine, { input: { tokenId: '7', viewer: null } });
  actor.on('comments.notify', (event) => void notices.push(event.text));
  actor.start();
  return { actor, fetches, posts, notices, dialogs: () => dialogs };
}

describe('commentThread: Post while signed out', () => {
  it('opens the wallet dialog, keeps the text, and posts it once signed in (no second Post)', async () => {
    const { actor, fetches, posts, notices, dialogs } = signedOutThread();
    await waitFor(actor, (snap) => snap.matches({ ready: { list: 'idle' } }));
    actor.send({ type: 'editor.open', target: { mode: 'new' } });
    actor.send({ type: 'draft.change', text: '  First words  ' });
    actor.send({ type: 'editor.submit' });
    expect(dialogs()).toBe(1);
    expect(actor.getSnapshot().matches({ ready: { editor: { open: 'signingIn' } } })).toBe(true);
    expect(keptDraft(actor.getSnapshot())).toEqual({ target: { mode: 'new' }, text: '  First words  ' });
    expect(posts).toEqual([]);

    actor.send({ type: 'viewer.changed', address: ALICE });
    // The list reloads for the new viewer first, then the comment is posted and added to the fresh list; the first
    // page is then read again, so the worker's stored copy of the thread has the comment too.
    await waitFor(actor, (snap) => snap.matches({ ready: { editor: 'closed', list: 'idle' } }));
    expect(fetches.map((fetch) => fetch.viewer)).toEqual([null, ALICE, ALICE]);
    expect(posts).toEqual([{ tokenId: '7', parentId: null, text: 'First words' }]);
    expect(actor.getSnapshot().context.comments.map((comment) => comment.text)).toEqual(['First words']);
    expect(actor.getSnapshot().context.totalCount).toBe(1);
    expect(notices).toEqual(['Comment posted']);
    actor.stop();
  });

  it('when the dialog is closed without signing in, the text stays and Post opens the dialog again', async () => {
    const { actor, posts, dialogs } = signedOutThread();
    await waitFor(actor, (snap) => snap.matches({ ready: { list: 'idle' } }));
    actor.send({ type: 'editor.open', target: { mode: 'new' } });
    actor.send({ type: 'draft.change', text: 'Kept' });
    actor.send({ type: 'editor.submit' });
    actor.send({ type: 'viewer.changed', address: null });
    actor.send({ type: 'editor.submit' });
    expect(dialogs()).toBe(2);
    expect(actor.getSnapshot().context.draft).toBe('Kept');
    // Changing the text drops the pending post: signing in now sends nothing until Post is pressed.
    actor.send({ type: 'draft.change', text: 'Kept, revised' });
    expect(actor.getSnapshot().matches({ ready: { editor: { open: 'editing' } } })).toBe(true);
    actor.send({ type: 'viewer.changed', address: ALICE });
    await waitFor(actor, (snap) => snap.matches({ ready: { list: 'idle' } }));
    expect(posts).toEqual([]);
    expect(actor.getSnapshot().context.draft).toBe('Kept, revised');
    actor.stop();
  });
});
