import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { CONNECT_WALLET_TO_LIKE_MESSAGE, LIKE_FAILED_MESSAGE } from '../../machines/likes/constants';
import { AppActorProvider, type AppActor } from '../../src/app/appActorContext';
import { createAppActor } from '../../src/app/createAppActor';
import { LikeButton } from '../../src/components/likes/LikeButton';
import { configAnswering, demoConfig } from './appHarness';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';
import type { LiveEventName } from '../../domain/contracts/live';
import type { LivePayload } from '../../domain/contracts/liveEvents';
import { liveMessage } from '../domain/liveEventSamples';

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

let requests: Recorded[];
let answer: (request: Recorded) => Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  requests = [];
  answer = async (request) => {
    if (request.url === '/api/v1/likes/account') return json({ likes: [{ _id: '900', token_id: '12' }] });
    if (request.method === 'POST') return json({ _id: '901', token_id: '11', account_id: '2', likesCount: 4 }, 201);
    if (request.method === 'DELETE') return json({ token_id: '12', likesCount: 6 });
    return json({ error: 'not_found', message: 'Not found' }, 404);
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = { url: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body };
    requests.push(request);
    return answer(request);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderButtons(buttons: Array<{ tokenId: string; likesCount: number }>, { signedIn }: { signedIn: boolean }) {
  const session = signedIn
    ? fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE) })
    : fakeWalletSession();
  const appActor: AppActor = createAppActor({ config: configAnswering(async () => demoConfig), walletSession: session.machine });
  render(
    <AppActorProvider actor={appActor}>
      {buttons.map((button, index) => (
        <LikeButton key={index} {...button} />
      ))}
    </AppActorProvider>,
  );
  const notice = () => getAppActor(appActor, 'notifications').getSnapshot().context.current?.text ?? null;
  const walletModalOpen = () => getAppActor(appActor, 'walletModal').getSnapshot().hasTag('open');
  const live = <N extends LiveEventName>(name: N, fields: Partial<LivePayload<N>>) => act(() => getAppActor(appActor, 'liveEvents').send({ type: 'live.event', ...liveMessage(name, fields) }));
  return { appActor, notice, walletModalOpen, live };
}

const likesRequests = () => requests.filter((request) => request.url.startsWith('/api/v1/likes'));

describe('LikeButton', () => {
  it('visitor: the connect-wallet error shows, the wallet modal opens and the count stays', async () => {
    const { notice, walletModalOpen } = renderButtons([{ tokenId: '11', likesCount: 3 }], { signedIn: false });
    const button = screen.getByRole('button', { name: 'Like (3 likes)' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    // Whether or not the behaviour had loaded when the click landed (the flow queues it), the prompt follows.
    await waitFor(() => expect(notice()).toBe(CONNECT_WALLET_TO_LIKE_MESSAGE));
    expect(walletModalOpen()).toBe(true);
    expect(button).toHaveAccessibleName('Like (3 likes)');
    expect(likesRequests()).toEqual([]);
  });

  it('default: one GET /likes/account per login marks the liked tokens', async () => {
    renderButtons(
      [
        { tokenId: '11', likesCount: 3 },
        { tokenId: '12', likesCount: 7 },
        { tokenId: '13', likesCount: 1 },
      ],
      { signedIn: true },
    );
    const liked = await screen.findByRole('button', { name: 'Unlike (7 likes)' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Like (3 likes)' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Like (1 like)' })).toBeInTheDocument();
    const gets = likesRequests().filter((request) => request.url === '/api/v1/likes/account');
    expect(gets).toHaveLength(1);
    expect(gets[0]!.headers.get('Authorization')).toBe(`Bearer ${ALICE}:${'k'.repeat(32)}`);
  });

  it('like: the count rises at once, then takes the server count; POST multipart token_id with signed headers', async () => {
    let release: (response: Response) => void = () => {};
    const base = answer;
    answer = (request) => (request.method === 'POST' ? new Promise((resolve) => (release = resolve)) : base(request));
    renderButtons([{ tokenId: '11', likesCount: 3 }], { signedIn: true });
    await waitFor(() => expect(likesRequests().some((request) => request.url === '/api/v1/likes/account')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Like (3 likes)' }));
    // Optimistic: before the server answers.
    const pressed = screen.getByRole('button', { name: 'Unlike (4 likes)' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveAttribute('aria-busy', 'true');
    const post = likesRequests().find((request) => request.method === 'POST')!;
    expect(post.url).toBe('/api/v1/likes/');
    expect((post.body as FormData).get('token_id')).toBe('11');
    expect(post.headers.get('Nonce')).toMatch(/^\d+-[0-9a-f]+$/);
    await act(async () => release(json({ _id: '901', token_id: '11', account_id: '2', likesCount: 10 }, 201)));
    expect(await screen.findByRole('button', { name: 'Unlike (10 likes)' })).not.toHaveAttribute('aria-busy');
  });

  it('behavior: a failed like rolls the count back and shows the error notice', async () => {
    const base = answer;
    answer = async (request) => (request.method === 'POST' ? json({ error: 'server_error', message: 'boom' }, 500) : base(request));
    const { notice } = renderButtons([{ tokenId: '11', likesCount: 3 }], { signedIn: true });
    await waitFor(() => expect(likesRequests()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Like (3 likes)' }));
    expect(await screen.findByRole('button', { name: 'Like (3 likes)' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(notice()).toBe(LIKE_FAILED_MESSAGE));
  });

  it('unlike: DELETE /likes/token/<token_id>; every button of the token shows the new count', async () => {
    renderButtons(
      [
        { tokenId: '12', likesCount: 7 },
        { tokenId: '12', likesCount: 7 },
      ],
      { signedIn: true },
    );
    const [first] = await screen.findAllByRole('button', { name: 'Unlike (7 likes)' });
    await userEvent.click(first!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Like (6 likes)' })).toHaveLength(2));
    const remove = likesRequests().find((request) => request.method === 'DELETE')!;
    expect(remove.url).toBe('/api/v1/likes/token/12');
  });

  it('live: TokenLiked, TokenUnliked and TokenUpdated set the count; other events leave it', async () => {
    const { live } = renderButtons([{ tokenId: '11', likesCount: 3 }], { signedIn: false });
    live('TokenLiked', { token_id: '11', account_id: '5', updatedFields: { likesCount: 4 } });
    expect(screen.getByRole('button', { name: 'Like (4 likes)' })).toBeInTheDocument();
    live('TokenUnliked', { token_id: '11', updatedFields: { likesCount: 2 } });
    expect(screen.getByRole('button', { name: 'Like (2 likes)' })).toBeInTheDocument();
    live('TokenUpdated', { token_id: '11', updatedFields: { likesCount: 8 } });
    live('Sold', { token_id: '11' });
    live('OfferMade', { token_id: '11' });
    expect(screen.getByRole('button', { name: 'Like (8 likes)' })).toBeInTheDocument();
  });

  it('keyboard: focusable by Tab; Space toggles', async () => {
    renderButtons([{ tokenId: '11', likesCount: 3 }], { signedIn: true });
    await waitFor(() => expect(likesRequests()).toHaveLength(1));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Like (3 likes)' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('button', { name: 'Unlike (4 likes)' })).toHaveFocus();
  });
});
