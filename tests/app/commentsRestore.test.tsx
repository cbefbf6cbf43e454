// A draft stored by an earlier build survives the upgrade: the thread's first state reads the record as stored (the
// fixture is what the previous build wrote, tests/fixtures/stored/commentThread.v2.json), migrates it, reopens the
// draft in its editor once the comment list is there, and stores it again in the current format.
import { render, screen, within } from '@testing-library/react';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadComment } from '../../machines/comments/commentTree';
import { PERSISTED_THREAD_VERSION } from '../../machines/comments/storedThread';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { CommentsHost } from './commentsHost';
import { commentDraftsStored } from '../../src/services/commentDraftStore';
import storedV2 from '../fixtures/stored/commentThread.v2.json';
import { configAnswering, demoConfig } from './appHarness';
import { allShown, wirePage } from './commentsWire';
import { fakeWalletSession, loginOf } from './walletHarness';

// The fixture's viewer and the comment its reply answers.
const VIEWER = storedV2.record.snapshot.context.viewer;
const T0 = '2026-11-01T10:00:00.000Z';
const C1: ThreadComment = {
  id: 'c1', text: 'First thought', parent_id: null, level: 0, deleted: false, createdAt: T0, updatedAt: T0, votes: 0, myVote: null,
  userInfo: { address: '0x000000000000000000000000000000000000b0b0', alias: 'bob', avatar: null, firstName: null, lastName: null }, replies: [], repliesPage: allShown([]),
};
const draftStore = createStore('artbazaar-drafts', 'comments');

function renderPanel(tokenId: string) {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ data: { getCommentsByTokenId: wirePage([C1]) } })));
  const session = fakeWalletSession({ restored: { address: VIEWER, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(VIEWER), connection: { address: VIEWER, chainId: 31337 } });
  const appActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession: session.machine });
  render(
    <AppActorProvider actor={appActor}>
      <CommentsHost tokenId={tokenId} />
    </AppActorProvider>,
  );
}

describe('CommentsPanel: a draft stored by the previous build', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the reply typed before the upgrade (a version 2 record) reopens in its editor, and is stored again as the current version', async () => {
    expect(storedV2.record.version).toBe(2);
    await set(storedV2.key, storedV2.record, draftStore);
    renderPanel('7');
    const reply = await screen.findByRole('textbox', { name: 'Reply to bob' });
    expect(reply).toHaveValue('Half a reply, typed before the upgrade');
    expect(within(reply.closest('form')!).getByRole('button', { name: 'Reply' })).toBeEnabled();
    await commentDraftsStored();
    expect(await get(storedV2.key, draftStore)).toEqual({
      version: PERSISTED_THREAD_VERSION,
      draft: { target: { mode: 'reply', commentId: 'c1' }, text: 'Half a reply, typed before the upgrade' },
    });
  });

  it("a version 1 record (the draft alone, the first build's format) reopens too", async () => {
    await set('comment:21', { version: 1, draft: { target: { mode: 'new' }, text: 'From the first build' } }, draftStore);
    renderPanel('21');
    expect(await screen.findByRole('textbox', { name: 'Write a comment' })).toHaveValue('From the first build');
  });

  it('an unreadable record starts the thread fresh: the list, no editor open', async () => {
    await set('comment:22', { version: 2, snapshot: 'not a snapshot' }, draftStore);
    renderPanel('22');
    expect(await screen.findByRole('region', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
  });
});
