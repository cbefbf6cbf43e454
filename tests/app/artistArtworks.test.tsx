// /artist/{artistId}/artworks (docs/requirements.md#artists Artist artworks): the title is the artist's display name (the artist
// record, else the account, else the shortened address); token cards with price and like state, 24 a page through
// the shared paged list; Back shows the kept list at once and the router restores the offset.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { renderApp } from './appHarness';
import { FakeIntersectionObserver } from './exploreFixtures';
import { makeToken } from './fixtures';
import { ALICE, fakeWalletSession, loginOf } from './walletHarness';

const ARTIST = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const artistId = ARTIST.toLowerCase();

type Person = { address: string; alias: string | null; firstName: string | null; lastName: string | null };
let artistAccount: Person | null;
let publicAccount: Person | null | 'fail';
let totalTokens: number;
let graphqlCalls: Array<{ operationName: string; variables: Record<string, unknown> }>;
let restCalls: string[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function artistToken(n: number) {
  // Every third token is listed: its card shows the sale price.
  const listed = n % 3 === 1;
  return makeToken(n, {
    creatorInfo: { id: '7', address: artistId, alias: 'harbour', avatar: null, firstName: 'Ada', lastName: 'Wave' },
    tokenHolding: { id: `h${n}`, chainId: 31337, createdAt: '2026-11-01T10:00:00.000Z', salePrice: listed ? { amount: '15000000000000000', currency: 'ETH' } : null, owner: { id: '7', address: artistId, alias: 'harbour', avatar: null, firstName: 'Ada', lastName: 'Wave' } },
  });
}

function tokensPage(after: string | undefined, perPage: number) {
  const from = after ? Number(after.slice(1)) + 1 : 1;
  const count = Math.max(0, Math.min(perPage, totalTokens - from + 1));
  const edges = Array.from({ length: count }, (_, i) => ({ cursor: `c${from + i}`, node: artistToken(from + i) }));
  return { totalCount: totalTokens, pageInfo: { startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: from + count - 1 < totalTokens, hasPreviousPage: from > 1 }, edges };
}

beforeEach(() => {
  forgetAllListSnapshots();
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  artistAccount = { address: artistId, alias: 'harbour', firstName: 'Ada', lastName: 'Wave' };
  publicAccount = null;
  totalTokens = 30;
  graphqlCalls = [];
  restCalls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/graphql') {
      const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
      graphqlCalls.push(body);
      if (body.operationName === 'getArtistName') {
        const found = artistAccount && body.variables.artist_id === artistAccount.address;
        return json({ data: { getArtistInfo: found ? { id: artistId, account: artistAccount } : null } });
      }
      if (body.operationName === 'getPersonInfo') {
        if (publicAccount === 'fail') throw new TypeError('Failed to fetch');
        const found = publicAccount && body.variables.address === publicAccount.address;
        return json({ data: { getPersonInfo: found ? { ...publicAccount } : null } });
      }
      if (body.operationName === 'getArtistTokens') {
        const pagination = body.variables.pagination as { after?: string; perPage: number };
        return json({ data: { getArtistTokens: tokensPage(pagination.after, pagination.perPage) } });
      }
    }
    restCalls.push(url);
    if (url === '/api/v1/likes/account') return json({ likes: [{ _id: '900', token_id: '2' }] });
    return json({ error: 'not_found', message: 'No account with this id.' }, 404);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// The first render loads the route's chunk and the app's lazy parts: slow on a busy machine.
const LOAD = { timeout: 5000 };
const tokenCalls = () => graphqlCalls.filter((call) => call.operationName === 'getArtistTokens');

describe('artist artworks page', () => {
  it("default: the artist's display name as heading and document title; the first 24 cards with price and likes", async () => {
    await renderApp(`/artist/${ARTIST}/artworks`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Wave' }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Ada Wave \|/), LOAD);
    const grid = await screen.findByRole('list', { name: 'Artworks of Ada Wave' }, LOAD);
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(24);
    // The URL's address in any case: the server is asked with the lower-case one.
    expect(graphqlCalls.find((call) => call.operationName === 'getArtistName')?.variables).toEqual({ artist_id: artistId });
    expect(tokenCalls()[0]?.variables).toEqual({ artist_id: artistId, pagination: { perPage: 24 } });
    expect(within(cards[0]!).getByRole('link', { name: 'Artwork 1' })).toHaveAttribute('href', '/token/h1');
    expect(within(cards[0]!).getByText('0.015 ETH')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Not for sale')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Like (1 like)' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(cards[1]!).getByRole('button', { name: 'Like (2 likes)' })).toBeInTheDocument();
    // An artist with a record: the way to their artist page.
    expect(screen.getByRole('link', { name: 'Artist page' })).toHaveAttribute('href', `/artist/${artistId}`);
  });

  it("like state: a signed-in visitor's liked artwork shows pressed (Unlike)", async () => {
    const session = fakeWalletSession({ restored: { address: ALICE, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(ALICE), connection: { address: ALICE, chainId: 31337 } }).machine;
    await renderApp(`/artist/${artistId}/artworks`, { walletSession: session });
    const grid = await screen.findByRole('list', { name: 'Artworks of Ada Wave' }, LOAD);
    const second = within(grid).getAllByRole('listitem')[1]!;
    expect(await within(second).findByRole('button', { name: 'Unlike (2 likes)' }, LOAD)).toHaveAttribute('aria-pressed', 'true');
    expect(within(within(grid).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Like (1 like)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('behavior: the next 24 load when the grid bottom becomes visible', async () => {
    await renderApp(`/artist/${artistId}/artworks`);
    const grid = await screen.findByRole('list', { name: 'Artworks of Ada Wave' }, LOAD);
    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(30), LOAD);
    expect(tokenCalls().at(-1)?.variables).toEqual({ artist_id: artistId, pagination: { perPage: 24, after: 'c24' } });
  });

  it('behavior: Back from a token shows the loaded cards at once (no reload) and restores the scroll offset', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = await renderApp(`/artist/${artistId}/artworks`);
    const grid = await screen.findByRole('list', { name: 'Artworks of Ada Wave' }, LOAD);
    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(30), LOAD);
    const pages = tokenCalls().length;

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 1400 });
    act(() => void document.dispatchEvent(new Event('scroll')));
    await act(() => router.navigate({ to: '/connect-wallet' }));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    scrollTo.mockClear();
    await act(() => router.history.back());
    const restored = await screen.findByRole('list', { name: /^Artworks/ }, LOAD);
    expect(within(restored).getAllByRole('listitem')).toHaveLength(30);
    expect(tokenCalls()).toHaveLength(pages);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1400, left: 0, behavior: undefined });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Wave' }, LOAD)).toBeInTheDocument();
  });

  it('no artist record: the account names the page (its alias)', async () => {
    artistAccount = null;
    publicAccount = { address: artistId, alias: 'tidewatcher', firstName: null, lastName: null };
    await renderApp(`/artist/${artistId}/artworks`);
    expect(await screen.findByRole('heading', { level: 1, name: 'tidewatcher' }, LOAD)).toBeInTheDocument();
    expect(graphqlCalls.find((call) => call.operationName === 'getPersonInfo')?.variables).toEqual({ address: artistId });
    expect(restCalls.filter((url) => url.startsWith('/api/v1/account/'))).toEqual([]);
    // No artist record: no artist page to go to.
    expect(screen.queryByRole('link', { name: 'Artist page' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^tidewatcher \|/), LOAD);
  });

  it('no account at the address: the shortened checksummed address; no artworks: the empty message', async () => {
    artistAccount = null;
    totalTokens = 0;
    await renderApp(`/artist/${artistId}/artworks`);
    expect(await screen.findByRole('heading', { level: 1, name: '0x3C...93BC' }, LOAD)).toBeInTheDocument();
    expect(await screen.findByText('This artist has no artworks on the marketplace yet.', {}, LOAD)).toBeInTheDocument();
  });

  it('a failed name lookup is silent: the shortened address, and the artworks still show', async () => {
    artistAccount = null;
    publicAccount = 'fail';
    await renderApp(`/artist/${artistId}/artworks`);
    expect(await screen.findByRole('heading', { level: 1, name: '0x3C...93BC' }, LOAD)).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Artworks of 0x3C...93BC' }, LOAD)).getAllByRole('listitem')).toHaveLength(24);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('parameters: a malformed artist id is the 404 view without asking the server', async () => {
    await renderApp('/artist/not-an-address/artworks');
    expect(await screen.findByText("This page does not exist or you don't have access to it", {}, LOAD)).toBeInTheDocument();
    expect(graphqlCalls).toEqual([]);
  });
});
