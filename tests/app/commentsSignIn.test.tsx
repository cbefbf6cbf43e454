// Comment levels counted from 0 in the panel: Reply on levels 0–3 only (five levels shown), and Post while signed out posts the
// typed comment once the wallet signs in, with no second Post.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadComment } from '../../machines/comments/commentTree';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { CommentsHost } from './commentsHost';
import { configAnswering, demoConfig } from './appHarness';
import { allShown, wirePage } from './commentsWire';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const T0 = '2026-11-01T10:00:00.000Z';
const BOB = '0x000000000000000000000000000000000000b0b0';
const node = (id: string, level: number, text: string, replies: ThreadComment[] = [], address = BOB): ThreadComment => ({
  id, text, parent_id: level === 0 ? null : `c${level - 1}`, level, deleted: false, createdAt: T0, updatedAt: T0, votes: 0, myVote: null,
  userInfo: { address, alias: `user${id}`, avatar: null, firstName: null, lastName: null }, replies, repliesPage: allShown(replies),
});
/** A chain of five levels, 0–4. */
const chain = () => node('c0', 0, 'level zero', [node('c1', 1, 'level one', [node('c2', 2, 'level two', [node('c3', 3, 'level three', [node('c4', 4, 'level four')])])])]);

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A server holding `thread`: GraphQL reads it, POST /comments adds to it and records the body. */
function server(thread: ThreadComment[]) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/v1/comments') && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { text: string };
        posted.push(body);
        const comment = node(`n${posted.length}`, 0, body.text, [], ALICE.toLowerCase());
        thread.unshift(comment);
        return answer(comment, 201);
      }
      return answer({ data: { getCommentsByTokenId: wirePage(thread) } });
    }),
  );
  return posted;
}

function renderPanel(tokenId: string, walletSession: ReturnType<typeof fakeWalletSession>['machine']) {
  const appActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession });
  render(
    <AppActorProvider actor={appActor}>
      <CommentsHost tokenId={tokenId} />
    </AppActorProvider>,
  );
  return appActor;
}

describe('CommentsPanel: levels and posting after sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows five levels (0–4); a signed-in reader gets Reply on levels 0–3, not on level 4', async () => {
    server([chain()]);
    const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE), connection: { address: ALICE, chainId: 31337 } });
    renderPanel('21', session.machine);
    const region = await screen.findByRole('region', { name: 'Comments (1)' });
    await waitFor(() => expect(within(region).getAllByRole('button', { name: 'Reply' })).toHaveLength(4), { timeout: 10_000 });
    for (const level of [0, 1, 2, 3]) {
      const body = region.querySelector(`li.comment-level-${level} > article`) as HTMLElement;
      expect(within(body).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
    }
    const deepest = region.querySelector('li.comment-level-4 > article') as HTMLElement;
    expect(deepest).toHaveTextContent('level four');
    expect(within(deepest).queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('Post while signed out opens the wallet dialog; once signed in the typed comment is posted without pressing Post again', async () => {
    const posted = server([]);
    const session = fakeWalletSession({ connection: { address: ALICE, chainId: 31337 }, signed: loginOf(ALICE) });
    const appActor = renderPanel('22', session.machine);
    await screen.findByText('No comments yet.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Write a comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Typed before signing in');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(appActor.system.get('walletModal')?.getSnapshot().hasTag('open')).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Sign in with your wallet: your comment is posted as soon as you are signed in.');
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('Typed before signing in');
    expect(posted).toEqual([]);

    // The wallet dialog's connect and sign-in, as the modal does it.
    act(() => appActor.system.get('walletSession')!.send({ type: 'wallet.connect', connectorId: 'demo:1' }));
    const region = await screen.findByRole('region', { name: 'Comments (1)' });
    expect(within(region).getByText('Typed before signing in')).toBeInTheDocument();
    expect(posted).toEqual([{ token_id: '22', parent_id: null, text: 'Typed before signing in' }]);
    // The editor closed: the new-comment field is empty again and the comment is the signed-in author's own.
    expect(within(region).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
    expect(within(region).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(appActor.system.get('notifications')?.getSnapshot().context.current?.text).toBe('Comment posted');
  });
});
