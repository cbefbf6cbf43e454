import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllListSnapshots } from '../../src/components/tokens/listSnapshots';
import { getAppActor } from '../../machines/app/appMachine';
import { renderApp } from './appHarness';
import { FakeIntersectionObserver, makeCollection, pageOf, stubGraphql, tokensAnswer, type GraphqlCall } from './exploreFixtures';

const ARTIST = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

// Tokens for the token view; collections (the artist source asks for 100) for the collection view.
function marketplace(totalTokens: number, totalCollections = 6) {
  return (call: GraphqlCall) => {
    if (call.operationName === 'getMarketplaceTokens') return { getMarketplaceTokens: tokensAnswer(totalTokens)(call) };
    if (call.operationName === 'getMarketplaceCollections') {
      const after = call.variables.pagination?.after;
      const perPage = call.variables.pagination?.perPage ?? 20;
      const make = (n: number) => makeCollection(n, n === 2 ? { creatorInfo: { id: null, address: ARTIST, alias: null, avatar: null, firstName: 'Ada', lastName: 'Byte' } } : {});
      return { getMarketplaceCollections: pageOf(make, after ? Number(after.slice(1)) + 1 : 1, perPage, totalCollections) };
    }
    // The artist filter finds artists by name (the search API's artists only).
    if (call.operationName === 'searchArtists') {
      const text = String((call.variables as { text?: string }).text).toLowerCase();
      const ada = { id: ARTIST, account: { id: '7', address: ARTIST, alias: null, avatar: null, firstName: 'Ada', lastName: 'Byte' } };
      return { search: { artists: 'ada byte'.includes(text) ? [ada] : [] } };
    }
    throw new Error(`unexpected ${call.operationName}`);
  };
}

// The cards after the first screen's mount one per task (PagedGrid progressive): a loaded CI machine's jsdom takes
// seconds for a page of them, more than testing-library's wait.
const CARDS_MOUNTED = { timeout: 20_000 };

describe('explore', { timeout: 30_000 }, () => {
  beforeEach(() => {
    forgetAllListSnapshots();
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('default: first page (newest, 15 per page), the next when the sentinel is 10% visible, none after the last', async () => {
    const server = stubGraphql(marketplace(20));
    await renderApp('/explore');
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    // The first screen's cards mount at once, the others one per task (PagedGrid progressive), each in its slot.
    expect(within(grid).getAllByRole('listitem')).toHaveLength(15);
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(15), CARDS_MOUNTED);
    const tokenCalls = () => server.of('getMarketplaceTokens');
    expect(tokenCalls()).toHaveLength(1);
    expect(tokenCalls()[0]!.variables).toEqual({ sort: { sortBy: '_id', sortDir: -1 }, pagination: { perPage: 15 } });
    expect(FakeIntersectionObserver.instances.at(-1)!.options.threshold).toBe(0.1);

    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(20), CARDS_MOUNTED);
    expect(tokenCalls()[1]!.variables).toEqual({ sort: { sortBy: '_id', sortDir: -1 }, pagination: { perPage: 15, after: 'c15' } });

    act(() => FakeIntersectionObserver.showObserved());
    expect(tokenCalls()).toHaveLength(2);
    expect(document.title).toBe('Explore art | Art Bazaar');
  });

  it('behavior: a total of 0 shows the no-result message', async () => {
    stubGraphql(marketplace(0));
    await renderApp('/explore');
    expect(await screen.findByText('No artworks found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Artworks' })).not.toBeInTheDocument();
  });

  it('behavior: a failed page shows an error with Retry, which loads it again', async () => {
    let failures = 1;
    stubGraphql((call) => {
      if (call.operationName === 'getMarketplaceTokens' && failures-- > 0) throw new Error('boom');
      return marketplace(3)(call);
    });
    await renderApp('/explore');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load artworks. boom');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
  });

  it("the seed's sale sorts: Recently sold asks lastSoldAt; the collections view offers the five others and lists the newest", async () => {
    const server = stubGraphql(marketplace(40));
    const { router } = await renderApp('/explore');
    await screen.findByRole('list', { name: 'Artworks' });
    const sorts = () => within(screen.getByRole('group', { name: 'Sort by' })).getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(sorts()).toEqual(['newest', 'oldest', 'most_liked', 'highest_price', 'lowest_price', 'recently_listed', 'recently_sold', 'highest_last_sale']);
    await userEvent.click(screen.getByRole('radio', { name: 'Recently sold' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'recently_sold' }));
    await waitFor(() => expect(server.of('getMarketplaceTokens').at(-1)!.variables).toEqual({ sort: { sortBy: 'lastSoldAt', sortDir: -1 }, pagination: { perPage: 15 } }));
    await userEvent.click(screen.getByRole('radio', { name: 'Highest last sale' }));
    await waitFor(() => expect(server.of('getMarketplaceTokens').at(-1)!.variables).toMatchObject({ sort: { sortBy: 'lastSale', sortDir: -1 } }));

    await userEvent.click(screen.getByRole('radio', { name: 'Collections' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ view: 'collection' }));
    await waitFor(() => expect(server.of('getMarketplaceCollections').at(-1)!.variables).toMatchObject({ sort: { sortBy: '_id', sortDir: -1 } }));
    expect(sorts()).toEqual(['newest', 'oldest', 'most_liked', 'highest_price', 'lowest_price']);
    expect(screen.getByRole('radio', { name: 'Newest' })).toBeChecked();
  });

  it('behavior: a sort or media change updates the URL and reloads from the first page with those filters', async () => {
    const server = stubGraphql(marketplace(40));
    const { router } = await renderApp('/explore');
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(30), CARDS_MOUNTED);

    await userEvent.click(screen.getByRole('radio', { name: 'Most liked' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'most_liked' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Artworks' })).getAllByRole('article')).toHaveLength(15), CARDS_MOUNTED);
    expect(server.of('getMarketplaceTokens').at(-1)!.variables).toEqual({ sort: { sortBy: 'likesCount', sortDir: -1 }, pagination: { perPage: 15 } });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Video' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'most_liked', media: ['video'] }));
    await waitFor(() =>
      expect(server.of('getMarketplaceTokens').at(-1)!.variables).toEqual({
        filters: { mediaTypes: ['video'] },
        sort: { sortBy: 'likesCount', sortDir: -1 },
        pagination: { perPage: 15 },
      }),
    );

    // The seed's creatorsIds: an artist found by name, chosen, becomes a removable chip and a filter.
    const field = screen.getByRole('searchbox', { name: 'Find an artist' });
    await userEvent.type(field, 'zz');
    expect(await screen.findByText('No artist matches “zz”.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'Ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Ada Byte' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ artist: [ARTIST] }));
    await waitFor(() => expect(server.of('getMarketplaceTokens').at(-1)!.variables.filters).toEqual({ mediaTypes: ['video'], creatorsIds: [ARTIST] }));
    expect(within(screen.getByRole('list', { name: 'Chosen artists' })).getByText('Ada Byte')).toBeVisible();
    // The field is empty again and keeps focus for the next artist.
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(server.of('searchArtists').at(-1)!.variables).toEqual({ text: 'Ada', first: 8 });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ada Byte' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('artist'));
    await userEvent.type(field, 'Ada');
    await userEvent.click(await screen.findByRole('button', { name: 'Ada Byte' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ artist: [ARTIST] }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Hardhat' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ chain: [31337] }));

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('radio', { name: 'Newest' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
  });

  it('parameters: a shared link opens filtered (collections, 4 per page, linking to their pages); invalid values fall back', async () => {
    const server = stubGraphql(marketplace(0, 6));
    const { router } = await renderApp(`/explore?view=collection&sort=oldest&media=${encodeURIComponent('["gif","audio"]')}&chain=bogus`);
    const grid = await screen.findByRole('list', { name: 'Collections' });
    // The address bar drops what was invalid (an unknown media type, a non-numeric chain), in place (no new entry).
    expect(router.state.location.search).toEqual({ view: 'collection', sort: 'oldest', media: ['gif'] });
    expect(router.history.length).toBe(1);
    expect(within(grid).getAllByRole('article')).toHaveLength(4);
    const listCall = server.of('getMarketplaceCollections').find((call) => call.variables.pagination?.perPage === 4)!;
    expect(listCall.variables).toEqual({ filters: { mediaTypes: ['gif'] }, sort: { sortBy: '_id', sortDir: 1 }, pagination: { perPage: 4 } });
    expect(screen.getByRole('radio', { name: 'Collections' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Oldest' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'GIF' })).toBeChecked();
    // The studio's media-type labels (docs/requirements.md#media).
    expect(screen.getByRole('checkbox', { name: 'Generative Art' })).not.toBeChecked();
    // Sound, the sixth media type (docs/requirements.md#media).
    expect(screen.getByRole('checkbox', { name: 'Sound' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hardhat' })).not.toBeChecked();
    const first = within(grid).getByRole('article', { name: 'Collection 1' });
    expect(within(first).getByRole('link')).toHaveAttribute('href', `/collection/${makeCollection(1).address}/31337`);
    expect(within(first).getByText('Floor 0.02 ETH')).toBeInTheDocument();
  });

  it('behavior: Back to explore shows the same items at once (no reload) and scrolls to where the visitor was', async () => {
    const server = stubGraphql(marketplace(40));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = await renderApp('/explore?sort=oldest');
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    act(() => FakeIntersectionObserver.showObserved());
    await waitFor(() => expect(within(grid).getAllByRole('article')).toHaveLength(30), CARDS_MOUNTED);
    const requests = server.of('getMarketplaceTokens').length;
    expect(requests).toBe(2);

    // The visitor scrolled down the list (a window scroll fires 'scroll' at the document), then opened another page.
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 2400 });
    act(() => void document.dispatchEvent(new Event('scroll')));
    await act(() => router.navigate({ to: '/' }));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    await screen.findByRole('heading', { level: 1, name: 'Art Bazaar' });

    scrollTo.mockClear();
    await act(() => router.history.back());
    const restored = await screen.findByRole('list', { name: 'Artworks' });
    expect(within(restored).getAllByRole('article')).toHaveLength(30);
    expect(server.of('getMarketplaceTokens')).toHaveLength(requests); // no reload (the home page lists no tokens)
    expect(router.state.location.search).toEqual({ sort: 'oldest' });
    // One scroll restoration, the router's, after the list rendered with all its pages.
    expect(scrollTo).toHaveBeenCalledWith({ top: 2400, left: 0, behavior: undefined });
  });
});

describe('explore live refresh', { timeout: 30_000 }, () => {
  beforeEach(() => {
    forgetAllListSnapshots();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('behavior: when live events say lists are stale, the list reloads from page 1 with the same filters', async () => {
    let total = 3;
    const server = stubGraphql((call) => marketplace(total)(call));
    const { appActor } = await renderApp('/explore?sort=highest_price');
    const grid = await screen.findByRole('list', { name: 'Artworks' });
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    total = 4;
    // A reconnect: the liveEvents actor says at once that lists are stale.
    act(() => getAppActor(appActor, 'liveEvents').send({ type: 'live.resync' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Artworks' })).getAllByRole('article')).toHaveLength(4), CARDS_MOUNTED);
    const calls = server.of('getMarketplaceTokens');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.variables).toEqual(calls[0]!.variables);
    expect(calls[1]!.variables.sort).toEqual({ sortBy: 'price', sortDir: -1 });
  });
});
