import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SUBMIT_DEBOUNCE_MS, commentThreadMachine, type FetchCommentsInput, type PostCommentInput } from '../../machines/comments/commentThreadMachine';
import { keptDraft, persistedThread, type CommentThreadSnapshot } from '../../machines/comments/commentThreadPersistence';
import { PERSISTED_THREAD_VERSION, migrateStoredThread } from '../../machines/comments/storedThread';
import storedV2 from '../fixtures/stored/commentThread.v2.json';
import type { CommentsPage, ThreadComment } from '../../machines/comments/commentTree';
import { controlled, flush } from './support/modelTesting';

// A reload, as the app does it: the stored record goes through storage (JSON) and the new actor's first state
// (restoring) reads it back, in whatever format the build that stored it used.
const ALICE = '0x00000000000000000000000000000000000a11ce';
const T0 = '2026-11-01T10:00:00.000Z';
const comment = (id: string, text: string, level = 1, parent: string | null = null): ThreadComment => ({
  id, text, parent_id: parent, level, deleted: false, createdAt: T0, updatedAt: T0, votes: 0, myVote: null,
  userInfo: { address: ALICE, alias: null, avatar: null, firstName: null, lastName: null }, replies: [], repliesPage: { totalCount: 0, endCursor: null, hasNextPage: false },
});
const page = (...comments: ThreadComment[]): CommentsPage => ({
  totalCount: comments.length,
  pageInfo: { endCursor: null, hasNextPage: false },
  edges: comments.map((node) => ({ cursor: node.id, node })),
});
const C1 = comment('c1', 'First thought');

/** One page load: a thread actor with hand-settled requests, its first state reading `stored` (the stored record). */
async function load(stored?: unknown) {
  const fetchComments = controlled<CommentsPage, FetchCommentsInput>();
  const postComment = controlled<ThreadComment, PostCommentInput>();
  const updateComment = controlled<{ text: string; updatedAt: string }, { commentId: string; text: string }>();
  const restoreDraft = fromPromise<unknown, { tokenId: string }>(async ({ input }) => {
    expect(input).toEqual({ tokenId: '7' });
    return stored;
  });
  const machine = commentThreadMachine.provide({
    actors: { restoreDraft, fetchComments: fetchComments.logic, postComment: postComment.logic, updateComment: updateComment.logic },
  });
  const actor = createActor(machine, { input: { tokenId: '7', viewer: ALICE } });
  actor.start();
  expect(actor.getSnapshot().matches('restoring')).toBe(true);
  expect(fetchComments.calls).toHaveLength(0);
  await flush();
  return { actor, fetchComments, postComment, updateComment, snapshot: () => actor.getSnapshot() as CommentThreadSnapshot };
}

/** What the store would hold now (null: nothing), as it comes back from IndexedDB. */
const persist = (snapshot: CommentThreadSnapshot): unknown => {
  const persisted = persistedThread(snapshot);
  return persisted ? (JSON.parse(JSON.stringify(persisted)) as unknown) : undefined;
};

async function answer<T>(call: { resolve: (value: T) => void }, value: T) {
  call.resolve(value);
  await flush();
}

async function typeAndPost(thread: Awaited<ReturnType<typeof load>>, text: string) {
  thread.actor.send({ type: 'editor.open', target: { mode: 'new' } });
  thread.actor.send({ type: 'draft.change', text });
  thread.actor.send({ type: 'editor.submit' });
  vi.advanceTimersByTime(SUBMIT_DEBOUNCE_MS);
  await flush();
  expect(thread.snapshot().matches({ ready: { editor: { open: 'posting' } } })).toBe(true);
}

describe('commentThreadMachine persistence (reload round trip)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a typed draft comes back in its editor after a reload, and the restored thread goes on to post it', async () => {
    const first = await load();
    await answer(first.fetchComments.last(), page(C1));
    first.actor.send({ type: 'editor.open', target: { mode: 'reply', commentId: 'c1' } });
    first.actor.send({ type: 'draft.change', text: 'Half a reply' });
    const stored = persist(first.snapshot());
    first.actor.stop();

    // Only the draft is stored: the list is server data, fetched again.
    expect(stored).toEqual({ version: PERSISTED_THREAD_VERSION, draft: { target: { mode: 'reply', commentId: 'c1' }, text: 'Half a reply' } });
    expect(JSON.stringify(stored)).not.toContain('First thought');
    const second = await load(stored);
    expect(second.snapshot().matches('loading')).toBe(true);
    expect(second.fetchComments.calls).toHaveLength(1);
    expect(second.fetchComments.last().input).toEqual({ tokenId: '7', after: null, viewer: ALICE });
    await answer(second.fetchComments.last(), page(C1));
    expect(second.snapshot().matches({ ready: { editor: { open: 'editing' } } })).toBe(true);
    expect(second.snapshot().context.editor).toEqual({ mode: 'reply', commentId: 'c1' });
    expect(second.snapshot().context.draft).toBe('Half a reply');

    // Continue: the restored reply is sent to its parent.
    second.actor.send({ type: 'editor.submit' });
    vi.advanceTimersByTime(SUBMIT_DEBOUNCE_MS);
    await flush();
    expect(second.postComment.last().input).toEqual({ tokenId: '7', parentId: 'c1', text: 'Half a reply' });
    await answer(second.postComment.last(), comment('r1', 'Half a reply', 2, 'c1'));
    expect(second.snapshot().context.editor).toBeNull();
    expect(persist(second.snapshot())).toBeUndefined();
    second.actor.stop();
  });

  it('a posted comment leaves no draft: the reload shows the thread with no editor open', async () => {
    const first = await load();
    await answer(first.fetchComments.last(), page(C1));
    await typeAndPost(first, 'Posted and gone');
    await answer(first.postComment.last(), comment('n1', 'Posted and gone'));
    expect(keptDraft(first.snapshot())).toBeNull();
    const stored = persist(first.snapshot());
    first.actor.stop();

    expect(stored).toBeUndefined();
    const second = await load(stored);
    await answer(second.fetchComments.last(), page(comment('n1', 'Posted and gone'), C1));
    expect(second.snapshot().context.editor).toBeNull();
    // Every comment offers its actions again (no editor holds them back).
    expect(second.snapshot().can({ type: 'editor.open', target: { mode: 'reply', commentId: 'n1' } })).toBe(true);
    expect(second.snapshot().can({ type: 'editor.open', target: { mode: 'edit', commentId: 'c1' } })).toBe(true);
    second.actor.stop();
  });

  it('a reload while the post is in flight brings no open draft back (the server may have the comment)', async () => {
    const first = await load();
    await answer(first.fetchComments.last(), page(C1));
    await typeAndPost(first, 'Sent before the reload');
    const stored = persist(first.snapshot());
    first.actor.stop();

    expect(stored).toBeUndefined();
    const second = await load(stored);
    await answer(second.fetchComments.last(), page(comment('n1', 'Sent before the reload'), C1));
    expect(second.snapshot().context.editor).toBeNull();
    expect(second.snapshot().context.draft).toBe('');
    expect(second.postComment.calls).toHaveLength(0);
    second.actor.stop();
  });

  it('a post that fails keeps the draft again, so the typed text survives a reload', async () => {
    const first = await load();
    await answer(first.fetchComments.last(), page(C1));
    await typeAndPost(first, 'Try again later');
    expect(persist(first.snapshot())).toBeUndefined();
    first.postComment.last().reject(new Error('offline'));
    await flush();
    expect(first.snapshot().context.error).toBe('Failed to post comment');
    const stored = persist(first.snapshot());
    first.actor.stop();

    const second = await load(stored);
    await answer(second.fetchComments.last(), page(C1));
    expect(second.snapshot().context.editor).toEqual({ mode: 'new' });
    expect(second.snapshot().context.draft).toBe('Try again later');
    second.actor.stop();
  });

  it('an edit being saved is not kept; one being typed is, and reopens on its comment with the typed text', async () => {
    const first = await load();
    await answer(first.fetchComments.last(), page(C1));
    first.actor.send({ type: 'editor.open', target: { mode: 'edit', commentId: 'c1' } });
    // Opening the editor is no work yet.
    expect(persist(first.snapshot())).toBeUndefined();
    first.actor.send({ type: 'draft.change', text: 'First thought, revised' });
    const typing = persist(first.snapshot());
    first.actor.send({ type: 'editor.submit' });
    vi.advanceTimersByTime(SUBMIT_DEBOUNCE_MS);
    await flush();
    expect(first.snapshot().matches({ ready: { editor: { open: 'saving' } } })).toBe(true);
    expect(persist(first.snapshot())).toBeUndefined();
    first.actor.stop();

    const second = await load(typing);
    await answer(second.fetchComments.last(), page(C1));
    expect(second.snapshot().context.editor).toEqual({ mode: 'edit', commentId: 'c1' });
    expect(second.snapshot().context.draft).toBe('First thought, revised');
    second.actor.stop();
  });

  it('a restored reply waits for the wallet (viewer) before it reopens, and is kept meanwhile', async () => {
    const first = await load();
    await answer(first.fetchComments.last(), page(C1));
    first.actor.send({ type: 'editor.open', target: { mode: 'reply', commentId: 'c1' } });
    first.actor.send({ type: 'draft.change', text: 'Once signed in' });
    const stored = persist(first.snapshot());
    first.actor.stop();

    const second = await load(stored);
    // The page starts without a wallet: the reply cannot open yet, but a reload now must not lose it.
    second.actor.send({ type: 'viewer.changed', address: null });
    await answer(second.fetchComments.last(), page(C1));
    expect(second.snapshot().context.editor).toBeNull();
    expect(keptDraft(second.snapshot())).toEqual({ target: { mode: 'reply', commentId: 'c1' }, text: 'Once signed in' });
    second.actor.send({ type: 'viewer.changed', address: ALICE });
    expect(second.snapshot().context.editor).toEqual({ mode: 'reply', commentId: 'c1' });
    expect(second.snapshot().context.draft).toBe('Once signed in');
    second.actor.stop();
  });

  it('a draft stored by the previous build (a version 2 snapshot record, recorded from it) reopens in its editor', async () => {
    const thread = await load(JSON.parse(JSON.stringify(storedV2.record)));
    expect(thread.snapshot().matches('loading')).toBe(true);
    expect(thread.snapshot().context.restored).toEqual({ target: { mode: 'reply', commentId: 'c1' }, text: 'Half a reply, typed before the upgrade' });
    await answer(thread.fetchComments.last(), page(C1));
    expect(thread.snapshot().matches({ ready: { editor: { open: 'editing' } } })).toBe(true);
    expect(thread.snapshot().context.editor).toEqual({ mode: 'reply', commentId: 'c1' });
    expect(thread.snapshot().context.draft).toBe('Half a reply, typed before the upgrade');
    // What this build stores from then on is the current format.
    expect(persist(thread.snapshot())).toEqual({ version: PERSISTED_THREAD_VERSION, draft: { target: { mode: 'reply', commentId: 'c1' }, text: 'Half a reply, typed before the upgrade' } });
    thread.actor.stop();
  });

  it('nothing stored, an unreadable record or a failed read: the thread starts fresh', async () => {
    for (const stored of [undefined, null, 'garbage', { version: 99, draft: { target: { mode: 'new' }, text: 'x' } }, { version: 2, snapshot: { context: {} } }]) {
      const thread = await load(stored);
      expect(thread.snapshot().matches('loading')).toBe(true);
      expect(thread.snapshot().context.restored).toBeNull();
      thread.actor.stop();
    }
    const failing = commentThreadMachine.provide({
      actors: { restoreDraft: fromPromise<unknown, { tokenId: string }>(async () => {
          throw new Error('no IndexedDB');
        }), fetchComments: fromPromise(() => new Promise<CommentsPage>(() => {})) },
    });
    const actor = createActor(failing, { input: { tokenId: '7', viewer: ALICE } }).start();
    await flush();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.restored).toBeNull();
    actor.stop();
  });
});

describe('migrateStoredThread: any stored version as the current one', () => {
  const reply = { target: { mode: 'reply' as const, commentId: 'c1' }, text: 'Half a reply, typed before the upgrade' };
  it('reads versions 1 (the draft alone), 2 (the recorded snapshot record) and 3 (the current record)', () => {
    expect(migrateStoredThread(storedV2.record)).toEqual({ version: PERSISTED_THREAD_VERSION, draft: reply });
    expect(migrateStoredThread({ version: 1, draft: { target: { mode: 'new' }, text: 'Hello' } })).toEqual({ version: 3, draft: { target: { mode: 'new' }, text: 'Hello' } });
    expect(migrateStoredThread({ version: 3, draft: reply })).toEqual({ version: 3, draft: reply });
  });
  it('reads nothing from what it cannot: no record, another version, a malformed draft or target', () => {
    for (const record of [undefined, null, 42, {}, { version: 4, draft: reply }, { version: 3, draft: { target: { mode: 'reply' }, text: 'x' } }, { version: 3, draft: { target: { mode: 'new' } } }, { version: 2, snapshot: null }, { version: 2, snapshot: { context: { restored: null } } }]) {
      expect(migrateStoredThread(record)).toBeNull();
    }
  });
});
