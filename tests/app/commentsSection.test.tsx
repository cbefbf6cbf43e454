// The comments panel is one section element from its first render (reading the stored draft) through the thread's
// load, a failed load and its retry: focus and a screen reader's place inside it are never dropped with a replaced node.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppActorProvider } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { CommentsHost } from './commentsHost';
import { CommentsPanel } from '../../src/components/comments/CommentsPanel';
import { configAnswering, demoConfig } from './appHarness';

const T0 = '2026-11-01T10:00:00.000Z';
const PAGE = {
  totalCount: 1,
  pageInfo: { endCursor: 'k1', hasNextPage: false },
  edges: [
    {
      cursor: 'k1',
      node: {
        id: '1', text: 'first words', parent_id: null, level: 0, deleted: false, createdAt: T0, updatedAt: T0, votes: 0, myVote: null,
        userInfo: { address: '0x000000000000000000000000000000000000b0b0', alias: 'bob', avatar: null, firstName: null, lastName: null },
        replies: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, nodes: [] },
      },
    },
  ],
};

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A comments server whose answers wait until the test lets each one go (`next(response)`). */
function heldServer() {
  const waiting: ((response: Response) => void)[] = [];
  const fetch = vi.fn(() => new Promise<Response>((resolve) => waiting.push(resolve)));
  vi.stubGlobal('fetch', fetch);
  return {
    asked: () => waiting.length,
    next: async (response: Response) => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      await act(async () => waiting.shift()!(response));
    },
  };
}

function renderPanel(tokenId: string) {
  const appActor = createAppActor({ config: configAnswering(async () => demoConfig) });
  render(
    <AppActorProvider actor={appActor}>
      <CommentsHost tokenId={tokenId} />
    </AppActorProvider>,
  );
}

describe('CommentsPanel: one section element', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the section it first rendered (busy while reading and loading) until the thread is loaded with its count', async () => {
    const api = heldServer();
    renderPanel('21');
    // First render: the stored draft is still being read.
    const section = document.getElementById('comments')!;
    expect(section.tagName).toBe('SECTION');
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(section).toHaveAttribute('aria-labelledby', 'comments-title');
    expect(screen.getByRole('region', { name: 'Comments' })).toBe(section);

    // The thread (its own chunk) loads inside the same section, which says so meanwhile.
    // Announced to screen readers as a status while it loads.
    expect(await within(section).findByRole('status')).toHaveTextContent('Loading comments…');
    await waitFor(() => expect(api.asked()).toBe(1));
    expect(document.getElementById('comments')).toBe(section);
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getByRole('status')).toHaveTextContent('Loading comments…');

    await api.next(answer({ data: { getCommentsByTokenId: PAGE } }));
    expect(await screen.findByRole('region', { name: 'Comments (1)' })).toBe(section);
    expect(section.isConnected).toBe(true);
    expect(document.getElementById('comments')).toBe(section);
    expect(section).not.toHaveAttribute('aria-busy');
    expect(within(section).getByText('first words')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Comments (1)');
  });

  it('keeps the same section through a failed load and its retry; busy again while the retry loads', async () => {
    const api = heldServer();
    renderPanel('22');
    const section = document.getElementById('comments')!;
    expect(section).toHaveAttribute('aria-busy', 'true');

    await api.next(answer({ errors: [{ message: 'boom' }] }, 500));
    const retry = await within(section).findByRole('button', { name: 'Retry' });
    expect(section).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('region', { name: 'Comments' })).toBe(section);

    await act(async () => fireEvent.click(retry));
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(document.getElementById('comments')).toBe(section);

    await api.next(answer({ data: { getCommentsByTokenId: PAGE } }));
    expect(await screen.findByRole('region', { name: 'Comments (1)' })).toBe(section);
    expect(section.isConnected).toBe(true);
    expect(section).not.toHaveAttribute('aria-busy');
  });

  it("when the thread's code could not load (offline before it was cached), the same section says so and Retry asks the page again", async () => {
    const send = vi.fn();
    const appActor = createAppActor({ config: configAnswering(async () => demoConfig) });
    const { rerender } = render(
      <AppActorProvider actor={appActor}>
        <CommentsPanel thread={undefined} unavailable={false} send={send} />
      </AppActorProvider>,
    );
    // jsdom has no IntersectionObserver: the panel is near at once and asks the page to start the thread.
    expect(send).toHaveBeenCalledWith({ type: 'comments.show' });
    const section = document.getElementById('comments')!;
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getByRole('status')).toHaveTextContent('Loading comments…');

    rerender(
      <AppActorProvider actor={appActor}>
        <CommentsPanel thread={undefined} unavailable send={send} />
      </AppActorProvider>,
    );
    expect(document.getElementById('comments')).toBe(section);
    expect(section).not.toHaveAttribute('aria-busy');
    expect(section).toHaveTextContent('Comments could not be loaded.');
    fireEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'comments.reload' });
    expect(send).toHaveBeenCalledTimes(2);
  });
});
