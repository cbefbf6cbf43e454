import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppActor } from '../../machines/app/appMachine';
import { PAGE_SIZE } from '../../machines/lists/constants';
import { fromPromise } from 'xstate';
import { tokenPageFlow } from '../../src/services/flows/token';
import type { TokenDetail, TokenPageData } from '../../src/services/token';
import { renderApp } from './appHarness';
import {
  COLLECTION_ADDRESS,
  COLLECTOR,
  graphqlFetch,
  makeOffer,
  makeSibling,
  makeTokenDetail,
  offerPage,
  siblingPage,
} from './tokenFixtures';

const emptyPage = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };

function stubGraphql(token: TokenDetail | null | (() => TokenDetail | null), extra: Parameters<typeof graphqlFetch>[0] = {}) {
  const api = graphqlFetch({
    getTokenFromHolding: () => (typeof token === 'function' ? token() : token),
    getTokensByContainerId: () => siblingPage([makeSibling(1), makeSibling(2, false), makeSibling(3), makeSibling(4)]),
    getOffersByToken: () => offerPage([]),
    getMarketplaceTokens: () => emptyPage,
    getMarketplaceCollections: () => emptyPage,
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetchImpl);
  return api;
}

beforeEach(() => {
  // jsdom has none; the page lists offers with a button.
  vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token detail page (/token/$id)', () => {
  it('default: loads the token by holding id and shows name, creator, price, details and the title', async () => {
    const api = stubGraphql(makeTokenDetail());
    await renderApp('/token/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.operationName === 'getTokenFromHolding')?.variables).toEqual({ id: '41' });
    await waitFor(() => expect(document.title).toMatch(/^Quiet Orbit \| /));
    expect(screen.getAllByText('Ada Ray').length).toBeGreaterThan(0);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('0.015 ETH')).toBeInTheDocument();
    expect(within(details).getByText('3')).toBeInTheDocument(); // on-chain token id
    expect(within(details).getByText('Night Gardens')).toBeInTheDocument();
    expect(within(details).getByText('Hardhat')).toBeInTheDocument(); // chain name from the config
    expect(within(details).getByText('Image')).toBeInTheDocument();
    expect(within(details).getByText('1 of 1')).toBeInTheDocument();
    expect(screen.getByText('Quiet Orbit — from Night Gardens.')).toBeInTheDocument();
  });

  it('live: the page registers its token as the viewed one, so sale notices name this token only; leaving clears it', async () => {
    stubGraphql(makeTokenDetail());
    const { appActor, router } = await renderApp('/token/41');
    const viewed = () => getAppActor(appActor, 'liveEvents').getSnapshot().context.viewedTokenId;
    expect(viewed()).toBeNull();
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    expect(viewed()).toBe('7');
    await act(() => router.navigate({ to: '/explore' }));
    await waitFor(() => expect(viewed()).toBeNull());
  });

  it('siblings: queries 4 excluding the current token, shows at most 3, links only those with a holding', async () => {
    const api = stubGraphql(makeTokenDetail(), {
      // The server may still return the current token: the page never shows it as its own sibling.
      getTokensByContainerId: () => siblingPage([{ _id: '7', name: 'Quiet Orbit', mediaType: 'image', thumbnailUrl: null, tokenHolding: { id: '41' } }, makeSibling(1), makeSibling(2, false), makeSibling(3), makeSibling(4)]),
    });
    await renderApp('/token/41');
    const strip = await screen.findByRole('list', { name: 'More from Night Gardens' });
    expect(api.calls.find((c) => c.operationName === 'getTokensByContainerId')?.variables).toEqual({
      container_id: '2',
      pagination: { perPage: PAGE_SIZE.siblingQuery },
      exclude: '7',
    });
    const items = within(strip).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(strip).getByRole('img', { name: 'Sibling 1' }).closest('a')).toHaveAttribute('href', '/token/501');
    expect(within(strip).getByRole('img', { name: 'Sibling 2' }).closest('a')).toBeNull();
    expect(within(strip).getByRole('img', { name: 'Sibling 3' }).closest('a')).toHaveAttribute('href', '/token/503');
    expect(within(strip).queryByRole('img', { name: 'Sibling 4' })).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Collection' });
    expect(within(section).getByRole('link', { name: 'Night Gardens' })).toHaveAttribute('href', `/collection/${COLLECTION_ADDRESS}/31337`);
  });

  it('meta: owner hidden when the owner is the creator; published date, currency, IPFS and metadata links', async () => {
    stubGraphql(makeTokenDetail());
    await renderApp('/token/41');
    const meta = await screen.findByRole('region', { name: 'About this artwork' });
    expect(within(meta).queryByText('Owner')).not.toBeInTheDocument();
    expect(within(meta).getByText('03 Nov 2026')).toBeInTheDocument();
    expect(within(meta).getByText('ETH')).toBeInTheDocument();
    expect(within(meta).getByRole('link', { name: 'View on IPFS' })).toHaveAttribute('href', '/ipfs/bafkreimedia7');
    expect(within(meta).getByRole('link', { name: 'View metadata' })).toHaveAttribute('href', '/ipfs/bafkreimanifest/7.json');
  });

  it('meta: shows the owner when another account holds the token', async () => {
    const collector = { id: '4', address: COLLECTOR, alias: 'june', firstName: null, lastName: null, avatar: null };
    const token = makeTokenDetail();
    stubGraphql({ ...token, ownerInfo: collector, tokenHolding: { ...token.tokenHolding!, owner: collector } });
    await renderApp('/token/41');
    const meta = await screen.findByRole('region', { name: 'About this artwork' });
    expect(within(meta).getByText('Owner')).toBeInTheDocument();
    expect(within(meta).getByText('june')).toBeInTheDocument();
  });

  it('not found: info notice "Token has been sold" and the user lands on /explore', async () => {
    stubGraphql(null);
    const { appActor, router } = await renderApp('/token/999999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    const current = getAppActor(appActor, 'notifications').getSnapshot().context.current;
    expect(current).toMatchObject({ kind: 'info', text: 'Token has been sold' });
    expect(await screen.findByText('Token has been sold')).toBeInTheDocument();
  });

  it('failure: shows the error with Retry, which loads again', async () => {
    let fail = true;
    stubGraphql(() => {
      if (fail) throw new Error('Database unavailable');
      return makeTokenDetail();
    });
    await renderApp('/token/41');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' })).toBeInTheDocument();
  });

  it('loading: a skeleton with the media box reserved and a status for assistive tech', async () => {
    let release: (token: TokenDetail) => void = () => {};
    const pending = new Promise<TokenDetail>((resolve) => (release = resolve));
    const api = graphqlFetch({ getTokensByContainerId: () => siblingPage([]), getOffersByToken: () => offerPage([]) });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { operationName?: string }) : {};
      if (body.operationName === 'getTokenFromHolding') return Response.json({ data: { getTokenFromHolding: await pending } });
      return api.fetchImpl(input, init);
    });
    const { container } = await renderApp('/token/41');
    expect(await screen.findByText('Loading artwork…')).toHaveAttribute('role', 'status');
    expect(container.querySelector('.token-media-frame.skeleton')).not.toBeNull();
    await act(async () => release(makeTokenDetail()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' })).toBeInTheDocument();
    expect(container.querySelector('.skeleton')).toBeNull();
  });

  it('offers: buyer, price with up to 8 decimals, DD MMM HH:mm time and state, 12 per page with Show more', async () => {
    const first = Array.from({ length: PAGE_SIZE.offers }, (_, i) => makeOffer(i + 1, i === 1 ? { state: 'retracted' } : {}));
    const api = stubGraphql(makeTokenDetail(), {
      getOffersByToken: (variables) => ((variables.pagination as { after?: string }).after ? offerPage([makeOffer(13)]) : offerPage(first, true)),
    });
    await renderApp('/token/41');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(PAGE_SIZE.offers);
    expect(rows[0]).toHaveTextContent('collector1');
    expect(rows[0]).toHaveTextContent('0.12345679 ETH');
    expect(rows[0]).toHaveTextContent('03 Nov 09:06');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Retracted');
    expect(api.calls.find((c) => c.operationName === 'getOffersByToken')?.variables).toEqual({
      token: '7',
      seller: makeTokenDetail().tokenHolding!.owner.address,
      pagination: { perPage: PAGE_SIZE.offers },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show more offers' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(PAGE_SIZE.offers + 2));
    expect(screen.queryByRole('button', { name: 'Show more offers' })).not.toBeInTheDocument();
  });

  it('offers: an empty list says so', async () => {
    stubGraphql(makeTokenDetail());
    await renderApp('/token/41');
    const section = await screen.findByRole('region', { name: 'Offers' });
    expect(await within(section).findByText('No offers yet')).toBeInTheDocument();
  });

  it('live: a Sold patch shows SOLD; a new owner appears in the meta; likes follow the patch', async () => {
    stubGraphql(makeTokenDetail());
    const { appActor } = await renderApp('/token/41');
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    expect(screen.queryByText('SOLD')).not.toBeInTheDocument();
    act(() => getAppActor(appActor, 'liveEvents').send({ type: 'live.patch', id: '7', patch: { isSold: true, ownerAddress: COLLECTOR, likesCount: 9 } }));
    expect(screen.getByText('SOLD')).toBeInTheDocument();
    const meta = screen.getByRole('region', { name: 'About this artwork' });
    expect(within(meta).getByText('Owner')).toBeInTheDocument();
    expect(within(meta).getByText('0x90...b906')).toBeInTheDocument();
    expect(screen.getByLabelText(/9 likes/)).toBeInTheDocument();
  });

  it('navigating to a sibling loads that token, which becomes the viewed one', async () => {
    stubGraphql(() => makeTokenDetail());
    const { appActor, router } = await renderApp('/token/41');
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    stubGraphql(makeTokenDetail({ _id: '101', name: 'Sibling 1' }));
    await userEvent.click(screen.getByRole('img', { name: 'Sibling 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/token/501'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sibling 1' })).toBeInTheDocument();
    expect(getAppActor(appActor, 'liveEvents').getSnapshot().context.viewedTokenId).toBe('101');
  });

  it('a test replaces the page flow by its machine id: the overridden fetch answers, the rest of the flow is real', async () => {
    stubGraphql(makeTokenDetail());
    const asked: string[] = [];
    const flows = {
      tokenPage: tokenPageFlow.provide({
        actors: {
          fetchTokenPage: fromPromise<TokenPageData | null, { id: string }>(async ({ input }) => {
            asked.push(input.id);
            return null;
          }),
        },
      }),
    };
    const { appActor, router } = await renderApp('/token/41', {}, flows);
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(asked).toEqual(['41']);
    expect(getAppActor(appActor, 'notifications').getSnapshot().context.current).toMatchObject({ kind: 'info', text: 'Token has been sold' });
  });
});
