import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, get } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadComment } from '../../machines/comments/commentTree';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { CommentsHost } from './commentsHost';
import { configAnswering, demoConfig } from './appHarness';
import { allShown, wireComment, wirePage } from './commentsWire';
import { fakeWalletSession, loginOf } from './walletHarness';

const T0 = '2026-11-01T10:00:00.000Z';
const author = (address: string, alias: string) => ({ address, alias, avatar: null, firstName: null, lastName: null });
const node = (id: string, level: number, text: string, replies: ThreadComment[] = [], extra: Partial<ThreadComment> = {}): ThreadComment => ({
  id, text, parent_id: level === 0 ? null : 'p', level, deleted: false, createdAt: T0, updatedAt: T0, votes: 2, myVote: null,
  userInfo: author('0x000000000000000000000000000000000000b0b0', `user${id}`), replies, repliesPage: allShown(replies), ...extra,
});

const PAGE = {
  totalCount: 1,
  pageInfo: { endCursor: 'k1', hasNextPage: false },
  edges: [
    {
      cursor: 'k1',
      node: wireComment(
        node('1', 0, '<img src=x onerror="window.hacked=1"> plain', [
          node('2', 1, 'second', [node('3', 2, '', [node('4', 3, 'fourth', [node('5', 4, 'fifth')])], { deleted: true })], { updatedAt: '2026-11-01T12:00:00.000Z' }),
        ]),
      ),
    },
  ],
};

const draftStore = createStore('artbazaar-drafts', 'comments');
/** The draft a reload would bring back for a token's thread: read straight from IndexedDB, { version, draft }. */
async function storedDraft(tokenId: string): Promise<unknown> {
  const record = await get<{ version: number; draft: unknown }>(`comment:${tokenId}`, draftStore);
  if (record) expect(record.version).toBe(3);
  return record?.draft ?? null;
}

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function renderPanel(tokenId = '7', walletSession?: ReturnType<typeof fakeWalletSession>['machine']) {
  const appActor = createAppActor({ config: configAnswering(async () => demoConfig), ...(walletSession ? { walletSession } : {}) });
  render(
    <AppActorProvider actor={appActor}>
      <CommentsHost tokenId={tokenId} />
    </AppActorProvider>,
  );
  return appActor;
}

describe('CommentsPanel (visitor)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders the nested thread as plain text: edited marker, deleted placeholder, five levels (0–4); a visitor gets no reply or edit', async () => {
    const fetch = vi.fn(async () => answer({ data: { getCommentsByTokenId: PAGE } }));
    vi.stubGlobal('fetch', fetch);
    await renderPanel();
    const region = await screen.findByRole('region', { name: 'Comments (1)' });
    // Markup arrives as text and stays text.
    expect(within(region).getByText('<img src=x onerror="window.hacked=1"> plain')).toBeInTheDocument();
    expect(region.querySelector('img[src="x"]')).toBeNull();
    expect(within(region).getByText('(edited)')).toBeInTheDocument();
    expect(within(region).getByText('This comment was deleted')).toBeInTheDocument();
    expect(region.querySelector('li.comment-level-0 > article')).toHaveTextContent('plain');
    expect(region.querySelector('li.comment-level-3 > article')).toHaveTextContent('fourth');
    expect(region.querySelector('li.comment-level-4')).toHaveTextContent('fifth');
    expect(within(region).queryByRole('button', { name: /^(Reply|Edit|Delete)$/ })).toBeNull();
    // The deleted comment shows no votes; the four others do.
    expect(within(region).getAllByLabelText('2 votes')).toHaveLength(4);
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
    const appActor = await renderPanel('8');
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
    expect(appActor.system.get('walletModal')?.getSnapshot().hasTag('open')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Write a comment' })).toHaveValue('Hello there');
    await waitFor(async () => expect(await storedDraft('8')).toEqual({ target: { mode: 'new' }, text: 'Hello there' }));
    // Esc cancels: the editor closes and the draft is forgotten.
    await user.keyboard('{Escape}');
    await waitFor(async () => expect(await storedDraft('8')).toBeNull());
  });

  it('a typed draft comes back in its editor after a reload (the thread reads its stored draft first)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ data: { getCommentsByTokenId: { ...PAGE, totalCount: 0, edges: [] } } })));
    await renderPanel('9');
    await screen.findByText('No comments yet.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Write a comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Half a thought');
    cleanup();

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

describe("CommentsPanel: 'More replies'", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the next 20 replies of one comment through its own query, by keyboard, until all are shown', async () => {
    // Comment 1 has 25 replies; the thread read brought the first 2.
    const replies = Array.from({ length: 25 }, (_, i) => node(`r${i + 1}`, 1, `reply ${i + 1}`));
    const top = node('1', 0, 'busy thread', replies.slice(0, 2), { repliesPage: { totalCount: 25, endCursor: 'r2', hasNextPage: true } });
    const quiet = node('9', 0, 'quiet thread');
    const asked: unknown[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(init!.body as string) as { operationName: string; variables: { pagination: { after: string } } };
      if (body.operationName === 'getCommentsByTokenId') return answer({ data: { getCommentsByTokenId: wirePage([top, quiet]) } });
      asked.push(body.variables);
      await held;
      const from = Number(body.variables.pagination.after.slice(1));
      const page = replies.slice(from, from + 20);
      return answer({ data: { getCommentReplies: wirePage(page, { endCursor: page.at(-1)!.id, hasNextPage: from + 20 < 25 }, 25) } });
    });
    vi.stubGlobal('fetch', fetch);
    await renderPanel('15');
    const region = await screen.findByRole('region', { name: 'Comments (2)' });
    const list = () => within(region).getByRole('list', { name: 'Replies to user1' });
    expect(within(list()).getAllByRole('article')).toHaveLength(2);
    // Only the comment with more replies offers them, labelled with whose replies they are.
    expect(within(region).getAllByRole('button', { name: /More replies/ })).toHaveLength(1);
    const more = within(region).getByRole('button', { name: 'More replies to user1' });
    const user = userEvent.setup();
    more.focus();
    await user.keyboard('{Enter}');
    // While the page loads: the replies list is busy and the button stays focused, marked unavailable.
    await waitFor(() => expect(list()).toHaveAttribute('aria-busy', 'true'));
    expect(more).toHaveAttribute('aria-disabled', 'true');
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(asked).toHaveLength(1);
    act(() => release());
    await waitFor(() => expect(within(list()).getAllByRole('article')).toHaveLength(22));
    expect(list()).not.toHaveAttribute('aria-busy');
    expect(asked).toEqual([{ comment_id: '1', pagination: { after: 'r2', perPage: 20 } }]);
    // Still there (5 more on the server) and still focused: Enter again loads the rest, then it goes.
    expect(more).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(list()).getAllByRole('article')).toHaveLength(25));
    expect(asked.at(-1)).toEqual({ comment_id: '1', pagination: { after: 'r22', perPage: 20 } });
    expect(within(region).queryByRole('button', { name: /More replies/ })).toBeNull();
    expect(within(list()).getAllByRole('article').map((article) => article.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('reply 25')]));
  });
});

describe('CommentsPanel (signed in): posting and reloading at once', () => {
  const address = '0x00000000000000000000000000000000000a11ce';
  const signedIn = () =>
    fakeWalletSession({ restored: { address, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(address), connection: { address, chainId: 31337 } }).machine;
  const mine = (id: string, text: string) => node(id, 0, text, [], { userInfo: author(address, 'lumen') });

  /** A server holding `thread`; POST /comments adds to it once `release` is called. */
  function server(tokenId: string, thread: ThreadComment[]) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: { storedDraft: unknown }[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/v1/comments') && init?.method === 'POST') {
        // What a reload at this moment would restore (the store itself, not waiting for queued writes).
        sent.push({ storedDraft: await storedDraft(tokenId) });
        const { text } = JSON.parse(init.body as string) as { text: string };
        const posted = mine(`n${thread.length}`, text);
        thread.unshift(posted);
        await held;
        return answer(posted);
      }
      return answer({ data: { getCommentsByTokenId: wirePage(thread) } });
    });
    vi.stubGlobal('fetch', fetch);
    return { sent, release: () => release() };
  }

  async function post(tokenId: string, text: string) {
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Write a comment' }));
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), text);
    // Typed work is stored for a reload until it is sent.
    await waitFor(async () => expect(await storedDraft(tokenId)).toEqual({ target: { mode: 'new' }, text }));
    await user.click(screen.getByRole('button', { name: 'Post' }));
  }

  /** After a reload: the thread has no open editor, so every comment offers its actions. */
  async function expectNoOpenEditor(count: number) {
    const region = await screen.findByRole('region', { name: `Comments (${count})` });
    await waitFor(() => expect(within(region).getAllByRole('button', { name: 'Edit' })).toHaveLength(count));
    expect(within(region).getAllByRole('button', { name: 'Reply' })).toHaveLength(count);
    expect(within(region).getAllByRole('button', { name: 'Delete' })).toHaveLength(count);
    expect(within(region).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('');
    expect(within(region).queryByRole('button', { name: 'Post' })).toBeNull();
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a reload while the post is in flight shows the posted comment and no open draft: the draft left storage before the text was sent', async () => {
    const api = server('12', [mine('c1', 'Earlier note')]);
    await renderPanel('12', signedIn());
    await expectNoOpenEditor(1);
    await post('12', 'Fresh words');
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]!.storedDraft).toBeNull();
    cleanup();

    await renderPanel('12', signedIn());
    await expectNoOpenEditor(2);
    expect(screen.getByText('Fresh words')).toBeInTheDocument();
    api.release();
  });

  it('a reload right after the post succeeds shows no open draft', async () => {
    const api = server('13', [mine('c1', 'Earlier note')]);
    api.release();
    await renderPanel('13', signedIn());
    await expectNoOpenEditor(1);
    await post('13', 'Posted for good');
    await screen.findByRole('region', { name: 'Comments (2)' });
    cleanup();

    await renderPanel('13', signedIn());
    await expectNoOpenEditor(2);
    await waitFor(async () => expect(await storedDraft('13')).toBeNull());
  });

  it('a failed post keeps the typed text for a reload', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        url.endsWith('/api/v1/comments') && init?.method === 'POST'
          ? answer({ error: 'internal', message: 'boom' }, 500)
          : answer({ data: { getCommentsByTokenId: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, edges: [] } } }),
      ),
    );
    await renderPanel('14', signedIn());
    await screen.findByText('No comments yet.');
    await post('14', 'Worth keeping');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to post comment');
    cleanup();

    await renderPanel('14', signedIn());
    expect(await screen.findByRole('textbox', { name: 'Write a comment' })).toHaveValue('Worth keeping');
  });
});
