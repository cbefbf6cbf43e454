// The commentThread machine's test model: a thread of five levels by two authors, the events it is driven with, the
// filter that keeps the graph small, and the paths walked (commentThreadMachine.model.test.ts runs them).
import type { AnyMachineSnapshot } from 'xstate';
import {
  commentThreadMachine,
  type CommentDraft,
  type CommentThreadContext,
  type CommentThreadEvent,
} from '../../../machines/comments/commentThreadMachine';
import { findComment, type CommentsPage, type ThreadComment } from '../../../machines/comments/commentTree';
import { PERSISTED_THREAD_VERSION } from '../../../machines/comments/storedThread';
import { createMachineTestModel } from './modelTesting';

// Levels count from 0. Alice (mixed case on purpose: authorship is case-insensitive) wrote c1 (level 0), c3 and c5
// (level 4, the deepest: no reply); Bob wrote c2 and c4 (level 3, still takes a reply). c1 has 3 replies, of which
// the thread read brought the first (c2): 'More replies' loads the rest (c6) after its cursor.
const ALICE = '0xAbCd00000000000000000000000000000000a11c';
const BOB = '0x000000000000000000000000000000000000b0b0';
const T0 = '2026-11-01T10:00:00.000Z';
const person = (address: string) => ({ address, alias: null, avatar: null, firstName: null, lastName: null });
const node = (id: string, level: number, author: string, parent: string | null, replies: ThreadComment[] = [], repliesPage = { totalCount: replies.length, endCursor: null as string | null, hasNextPage: false }): ThreadComment => ({
  id, text: `text ${id}`, parent_id: parent, level, deleted: false, createdAt: T0, updatedAt: T0, votes: 0, myVote: null, userInfo: person(author), replies, repliesPage,
});
export const C1_REPLIES = { totalCount: 2, endCursor: 'r2', hasNextPage: true };
const tree = () => [node('c1', 0, ALICE.toLowerCase(), null, [node('c2', 1, BOB, 'c1', [node('c3', 2, ALICE, 'c2', [node('c4', 3, BOB, 'c3', [node('c5', 4, ALICE, 'c4')])])])], C1_REPLIES)];
export const FIRST: CommentsPage = { totalCount: 2, pageInfo: { endCursor: 'k1', hasNextPage: true }, edges: tree().map((n) => ({ cursor: 'k1', node: n })) };
const MORE: CommentsPage = { totalCount: 2, pageInfo: { endCursor: 'k9', hasNextPage: false }, edges: [{ cursor: 'k9', node: node('c9', 0, BOB, null) }] };
const MORE_REPLIES: CommentsPage = { totalCount: 2, pageInfo: { endCursor: 'r6', hasNextPage: false }, edges: [{ cursor: 'r6', node: node('c6', 1, BOB, 'c1') }] };
const POSTED = node('n1', 0, ALICE.toLowerCase(), null);
// A reload's thread reads the kept draft in its first state (restoring): the record as stored.
const RESTORED: CommentDraft = { target: { mode: 'reply', commentId: 'c1' }, text: 'Saved reply' };
export const STORED = { version: PERSISTED_THREAD_VERSION, draft: RESTORED };
const EDITED_AT = '2026-11-01T11:00:00.000Z';
export const DEBOUNCE = 'xstate.after.submitDebounce.commentThread.ready.editor.open.debouncing';
export const input = { tokenId: '7', viewer: ALICE };

export const ctx = (state: AnyMachineSnapshot) => state.context as CommentThreadContext;
export const c1 = (state: AnyMachineSnapshot) => findComment(ctx(state).comments, 'c1');
// Everything a guard reads: so two histories reaching one vertex behave alike from there on.
export const project = (state: AnyMachineSnapshot) => {
  const { viewer, editor, draft, error, restored, hasNextPage, repliesFor } = ctx(state);
  const first = c1(state);
  const c1Replies = first ? [first.replies.map((reply) => reply.id), first.repliesPage] : null;
  return { value: state.value, viewer, editor, draft, error, restored: restored !== null, hasNextPage, repliesFor, c1: first ? [first.text, first.deleted] : null, c1Replies };
};

const busyRegion = (state: AnyMachineSnapshot) =>
  state.matches({ ready: { replies: 'loading' } }) ||
  state.matches({ ready: { list: 'loadingMore' } }) || state.matches({ ready: { list: 'refreshing' } }) || state.matches({ ready: { list: 'syncing' } }) || state.matches({ ready: { actions: 'deleting' } }) || state.matches({ ready: { actions: 'voting' } }) || state.hasTag('busy');

const events = (): CommentThreadEvent[] =>
  [
    // The first state's read: nothing stored, the kept draft, or storage that cannot be read.
    { type: 'xstate.done.actor.restoreDraft', output: undefined },
    { type: 'xstate.done.actor.restoreDraft', output: STORED },
    { type: 'xstate.error.actor.restoreDraft', error: new Error('no IndexedDB') },
    { type: 'xstate.done.actor.fetchComments', output: FIRST },
    { type: 'xstate.done.actor.fetchMore', output: MORE },
    { type: 'xstate.done.actor.fetchReplies', output: MORE_REPLIES },
    { type: 'xstate.done.actor.refreshComments', output: FIRST },
    // After a write the first page is read again (the server's page: here the thread's first page as loaded).
    { type: 'xstate.done.actor.syncComments', output: FIRST },
    { type: 'xstate.done.actor.postComment', output: POSTED },
    { type: 'xstate.done.actor.updateComment', output: { text: 'Nice', updatedAt: EDITED_AT } },
    { type: 'xstate.done.actor.deleteComment', output: { commentId: 'c1', updatedAt: EDITED_AT } },
    { type: 'xstate.done.actor.voteComment', output: { commentId: 'c2', votes: 1, myVote: 1 } },
    ...['fetchComments', 'fetchMore', 'fetchReplies', 'refreshComments', 'syncComments', 'postComment', 'updateComment', 'deleteComment', 'voteComment'].map((id) => ({ type: `xstate.error.actor.${id}`, error: new Error('offline') })),
    { type: 'viewer.changed', address: null },
    { type: 'viewer.changed', address: ALICE },
    { type: 'editor.open', target: { mode: 'new' } },
    { type: 'editor.open', target: { mode: 'reply', commentId: 'c1' } },
    { type: 'editor.open', target: { mode: 'edit', commentId: 'c1' } },
    { type: 'editor.open', target: { mode: 'reply', commentId: 'c5' } }, // level 4: refused
    { type: 'editor.open', target: { mode: 'edit', commentId: 'c2' } }, // Bob's: refused
    { type: 'draft.change', text: 'Nice' },
    { type: 'draft.change', text: '   ' },
    { type: 'comment.delete', commentId: 'c1' },
    { type: 'comment.delete', commentId: 'c2' }, // Bob's: refused
    { type: 'comment.vote', commentId: 'c2', value: 1 },
    { type: 'replies.loadMore', commentId: 'c1' },
    { type: 'replies.loadMore', commentId: 'c2' }, // all shown already: refused
    // Raised by the thread after each successful write; sent here too, at rest and while the first page is re-read.
    { type: 'comments.written' },
  ] as unknown as CommentThreadEvent[];

// One region at a time (a request runs to its answer before anything else), the wallet changes only at rest, and
// only what changes a guard's outcome: the graph stays small enough to walk every shortest path.
const filterEvents = (state: AnyMachineSnapshot, event: { type: string }) => {
  const { type } = event;
  // The stored draft is read before anything else happens (a wallet settling meanwhile is the loading state's case).
  if (state.matches('restoring')) return type.endsWith('.restoreDraft');
  if (!state.matches('ready')) return true;
  // Another account signing in while replies load: the list reloads and the replies page is dropped.
  if (state.matches({ ready: { replies: 'loading' } }) && type === 'viewer.changed') return ctx(state).editor === null;
  if (type === 'comments.written') return state.matches({ ready: { list: 'syncing' } }) || (!busyRegion(state) && ctx(state).editor === null && ctx(state).draft === '' && !ctx(state).restored);
  if (busyRegion(state)) return type.startsWith('xstate.');
  const atRest = ctx(state).editor === null;
  if (type === 'comments.loadMore' || type === 'replies.loadMore') return atRest && ctx(state).draft === '' && !ctx(state).restored;
  // A restored draft waits for the wallet: the viewer arriving reopens it. A Post waiting for sign-in: the viewer
  // arriving sends it.
  if (type === 'viewer.changed') return (atRest && ctx(state).draft === '') || state.matches({ ready: { editor: { open: 'signingIn' } } });
  if (type === 'comment.delete' || type === 'comment.vote') return atRest;
  return true;
};

// From the first state: a thread with no stored draft, and one whose kept draft reopens once its target is allowed.
export const paths = createMachineTestModel(commentThreadMachine, { input, project, events, filterEvents }).getShortestPaths();
