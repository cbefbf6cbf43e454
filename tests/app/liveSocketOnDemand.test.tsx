// The live socket starts only when a page shows live data (docs/requirements.md#live-events; first-load budget): the home shows no
// tokens, prices or likes, so a visit to it loads no socket client and opens no connection; a token page starts the
// socket, which then stays for the session while the visitor moves between pages.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import type { LiveSocketCommand } from '../../machines/live/liveEventsMachine';
import { provideLiveEvents } from '../../src/services/live/liveEvents';
import { renderApp } from './appHarness';
import { FakeIntersectionObserver, makeCollection } from './exploreFixtures';
import { graphqlFetch, makeSibling, makeTokenDetail, siblingPage } from './tokenFixtures';

const emptyPage = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };

/** The real liveEvents machine whose socket service only counts how often it is started and stopped. */
function countedSocket() {
  const counts = { started: 0, stopped: 0 };
  const logic = fromCallback<LiveSocketCommand>(() => {
    counts.started += 1;
    return () => {
      counts.stopped += 1;
    };
  });
  return { counts, machine: provideLiveEvents().provide({ actors: { liveSocket: logic } }) };
}

// The home's reads (slides, featured and trending collections, exhibition, article) and the token page's, all GraphQL.
let graphql: ReturnType<typeof graphqlFetch>;

beforeEach(() => {
  graphql = graphqlFetch({
    getHomeSlides: () => [],
    getFeaturedCollections: () => [makeCollection(1, { name: 'Soft Matter' })],
    getFeaturedExhibition: () => null,
    getTrendingCollections: () => [makeCollection(3), makeCollection(4)],
    getFeaturedArticle: () => null,
    getTokenFromHolding: () => makeTokenDetail(),
    getTokensByContainerId: () => siblingPage([makeSibling(1)]),
    getOffersByToken: () => emptyPage,
    getMarketplaceTokens: () => emptyPage,
    getMarketplaceCollections: () => emptyPage,
  });
  vi.stubGlobal('fetch', graphql.fetchImpl);
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the live socket starts when a page needs it', () => {
  it('behavior: the home never starts the socket; a token page starts it and it stays when going back home', async () => {
    const socket = countedSocket();
    const { appActor, router } = await renderApp('/', { liveEvents: socket.machine });
    const live = appActor.system.get('liveEvents');
    await screen.findByRole('heading', { level: 1, name: 'Art Bazaar' });
    // Every section, below the fold too, comes into view and loads.
    act(() => FakeIntersectionObserver.showObserved());
    await screen.findByRole('region', { name: 'Featured collection' });
    await screen.findByRole('list', { name: 'Trending collections' });
    await waitFor(() => expect(graphql.calls.map((call) => call.operationName)).toContain('getFeaturedArticle'));
    expect(socket.counts).toEqual({ started: 0, stopped: 0 });
    expect(live.getSnapshot().value).toEqual({ connection: 'idle', lists: 'fresh' });
    expect(live.getSnapshot().children.socket).toBeUndefined();

    await act(() => router.navigate({ to: '/token/$id', params: { id: '41' } }));
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    expect(socket.counts).toEqual({ started: 1, stopped: 0 });
    expect(live.getSnapshot().value).toEqual({ connection: 'connecting', lists: 'fresh' });

    await act(() => router.navigate({ to: '/' }));
    await screen.findByRole('heading', { level: 1, name: 'Art Bazaar' });
    expect(socket.counts).toEqual({ started: 1, stopped: 0 });
    expect(live.getSnapshot().children.socket).toBeDefined();
  });

  it('behavior: a content page with nothing live (the FAQ) does not start it either', async () => {
    const socket = countedSocket();
    const { appActor } = await renderApp('/faq', { liveEvents: socket.machine });
    await screen.findByRole('heading', { level: 1 });
    expect(socket.counts).toEqual({ started: 0, stopped: 0 });
    expect(appActor.system.get('liveEvents').getSnapshot().value).toEqual({ connection: 'idle', lists: 'fresh' });
  });

  it('behavior: a token page opened first starts the socket once', async () => {
    const socket = countedSocket();
    const { appActor } = await renderApp('/token/41', { liveEvents: socket.machine });
    await screen.findByRole('heading', { level: 1, name: 'Quiet Orbit' });
    expect(socket.counts).toEqual({ started: 1, stopped: 0 });
    expect(appActor.system.get('liveEvents').getSnapshot().children.socket).toBeDefined();
  });
});
