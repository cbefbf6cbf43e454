import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadComment } from '../../machines/comments/commentTree';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { CommentsPanel } from '../../src/components/comments/CommentsPanel';
import { closeWalletModal, isWalletModalOpen } from '../../src/components/wallet/walletModalStore';
import { readCommentDraft, writeCommentDraft } from '../../src/services/comments';
import { configAnswering, demoConfig } from './appHarness';
import { fakeWalletSession, loginOf } from './walletHarness';

const T0 = '2026-11-01T10:00:00.000Z';
const author = (address: string, alias: string) => ({ address, alias, avatar: null, firstName: null, lastName: null });
const node = (id: string, level: number, text: string, replies: ThreadComment[] = [], extra: Partial<ThreadComment> = {}): ThreadComment => ({
  id, text, parent_id: level === 1 ? null : 'p', level, deleted: false, createdAt: T0, updatedAt: T0, votes: 2, myVote: null,
  userInfo: author('0x000000000000000000000000000000000000b0b0', `user${id}`), replies, ...extra,
});

const PAGE = {
  totalCount: 1,
  pageInfo: { endCursor: 'k1', hasNextPage: false },
  edges: [
    {
      cursor: 'k1',
      node: node('1', 1, '<img src=x onerror="window.hacked=1"> plain', [
        node('2', 2, 'second', [node('3', 3, '', [node('4', 4, 'fourth')], { deleted: true })], { updatedAt: '2026-11-01T12:00:00.000Z' }),
      ]),
    },
  ],
};

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function renderPanel(tokenId = '7', walletSession?: ReturnType<typeof fakeWalletSession>['machine']) {
  const appActor = createAppActor({ config: configAnswering(async () => demoConfig), ...(walletSession ? { walletSession } : {}) });
  render(
    <AppActorProvider actor={appActor}>
      <CommentsPanel tokenId={tokenId} />
    </AppActorProvider>,
  );
  return appActor;
}

describe('CommentsPanel (visitor)', () => {
  beforeEach(() => {
    closeWalletModal();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders the nested thread as plain text: edited marker, deleted placeholder, replies to level 4; a visitor gets no reply or edit', async () => {
    const fetch = vi.fn(async () => answer({ data: { getCommentsByTokenId: PAGE } }));
    vi.stubGlobal('fetch', fetch);
    await renderPanel();
    const region = await screen.findByRole('region', { name: 'Comments (1)' });
    // Markup arrives as text and stays text.
    expect(within(region).getByText('<img src=x onerror="window.hacked=1"> plain')).toBeInTheDocument();
    expect(region.querySelector('img[src="x"]')).toBeNull();
    expect(within(region).getByText('(edited)')).toBeInTheDocument();
    expect(within(region).getByText('This comment was deleted')).toBeInTheDocument();
    expect(region.querySelector('li.comment-level-4')).toHaveTextContent('fourth');
    expect(within(region).queryByRole('button', { name: /^(Reply|Edit|Delete)$/ })).toBeNull();
    // The deleted comment shows no votes; the three others do.
    expect(within(region).getAllByLabelText('2 votes')).toHaveLength(3);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((JSON.parse(init.body as string) as { variables: unknown }).variables).toEqual({ token_id: '7', pagination: { after: null, perPage: 20 } });
    // A visitor reads anonymously: no Authorization, so every myVote is null.
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('a signed-in reader sends their API key (not an address) so myVote is their own', async () => {
    const address = '0x00000000000000000000000000000000000a11ce';
    const fetch = vi.fn(async () => answer({ data: { getCommentsByTokenId: PAGE } }));
    vi.stubGlobal('fetch', fetch);
    const session = fakeWalletSession({ restored: { address, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(address), connection: { address, chainId: 31337 } });
    await renderPanel('11', session.machine);
    await screen.findByRole('region', { name: 'Comments (1)' });
    await waitFor(() => {
      const signed = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1]).filter((init) => new Headers(init.headers).has('Authorization'));
      expect(signed.length).toBeGreaterThan(0);
      const last = signed.at(-1)!;
      expect(new Headers(last.headers).get('Authorization')).toBe(`Bearer ${address}:${'k'.repeat(32)}`);
      expect((JSON.parse(last.body as string) as { variables: unknown }).variables).toEqual({ token_id: '11', pagination: { after: null, perPage: 20 } });
    });
  });

  it('Post is disabled while empty; posting while not connected opens the wallet dialog and keeps the draft', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ data: { getCommentsByTokenId: { ...PAGE, totalCount: 0, edges: [] } } })));
    await renderPanel('8');
    await screen.findByText('No comments yet.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Write a comment' }));
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), '   ');
    expect(post).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Write a comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Hello there');
    expect(post).toBeEnabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(isWalletModalOpen()).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('Hello there');
    await waitFor(async () => expect(await readCommentDraft('8')).toEqual({ target: { mode: 'new' }, text: 'Hello there' }));
    // Esc cancels: the editor closes and the draft is forgotten.
    await user.keyboard('{Escape}');
    await waitFor(async () => expect(await readCommentDraft('8')).toBeNull());
  });

  it('a stored draft comes back in its editor after a reload', async () => {
    await writeCommentDraft('9', { target: { mode: 'new' }, text: 'Half a thought' });
    vi.stubGlobal('fetch', vi.fn(async () => answer({ data: { getCommentsByTokenId: { ...PAGE, totalCount: 0, edges: [] } } })));
    await renderPanel('9');
    expect(await screen.findByRole('textbox', { name: 'Write a comment' })).toHaveValue('Half a thought');
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it("a failed fetch shows 'Failed to fetch comments' and offers a retry", async () => {
    const fetch = vi.fn(async () => answer({ errors: [{ message: 'boom' }] }, 500));
    vi.stubGlobal('fetch', fetch);
    const appActor = await renderPanel('10');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    const notifications = appActor.system.get('notifications');
    expect(notifications.getSnapshot().context.current?.text).toBe('Failed to fetch comments');
    fetch.mockImplementation(async () => answer({ data: { getCommentsByTokenId: PAGE } }));
    await act(async () => fireEvent.click(retry));
    expect(await screen.findByRole('region', { name: 'Comments (1)' })).toBeInTheDocument();
  });
});
