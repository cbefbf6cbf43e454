import { assign, fromCallback, not, sendTo, setup, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { ROUTE_GUARD_DELAY_MS } from '../app/constants';
import type { ExploreFilters } from './exploreFilters';
import { filterPanelMachine, type FilterPanelChanged } from './filterPanelMachine';

// The explore page flow (docs/requirements.md#explore). The URL is the source of truth: the invoked `routeSearch` actor sends
// `filters.sync` whenever the validated search params change, and the page passes them to its filter panel child. A control in the
// panel tells the page `filters.changed`; the page's provided `showFilters` action navigates (and the chosen list
// reloads from the first page). Beside that the page loads the artists the panel offers, and, while the favourites
// view shows, waits for the wallet session to settle and 300 ms more before saying the visitor is not connected.

/** An artist the filter offers (the flow module loads the marketplace's artists). */
export interface ExploreArtist {
  address: string;
}

export type ExplorePageEvent = { type: 'filters.sync'; filters: ExploreFilters } | FilterPanelChanged;

export interface ExplorePageContext {
  filters: ExploreFilters;
  artists: ExploreArtist[];
}

export const explorePageMachine = setup({
  types: {
    context: {} as ExplorePageContext,
    events: {} as ExplorePageEvent,
    input: {} as { filters: ExploreFilters },
  },
  actors: {
    filterPanel: filterPanelMachine,
    // Provided in src/services/flows/explore.ts.
    loadArtists: fromPromise<ExploreArtist[]>(async () => []),
    walletSettled: fromPromise<void>(async () => undefined),
    // Provided: sends `filters.sync` when the route's search params change (Back, Forward, a link).
    routeSearch: fromCallback<EventObject, unknown>(() => undefined),
  },
  actions: {
    // Provided: forget the chosen list's saved page and navigate to the filters' search params.
    showFilters: (_args, _params: { filters: ExploreFilters }) => undefined,
  },
  guards: {
    showsFavourites: ({ context }) => context.filters.view === 'myFavorites',
  },
  delays: {
    // See docs/requirements.md#explore: like a guarded route, favourites wait 300 ms after the wallet session settles.
    favouritesGrace: ROUTE_GUARD_DELAY_MS,
  },
}).createMachine({
  id: 'explorePage',
  context: ({ input }) => ({ filters: input.filters, artists: [] }),
  invoke: [{ id: 'panel', src: 'filterPanel', input: ({ context }) => ({ filters: context.filters }) }, { id: 'url', src: 'routeSearch' }],
  on: {
    'filters.sync': {
      actions: [assign({ filters: ({ event }) => event.filters }), sendTo('panel', ({ event }) => event)],
    },
    // The page shows the chosen filters at once; the URL the navigation makes syncs the same ones back.
    'filters.changed': {
      actions: [assign({ filters: ({ event }) => event.filters }), { type: 'showFilters', params: ({ event }) => ({ filters: event.filters }) }],
    },
  },
  type: 'parallel',
  states: {
    artists: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadArtists',
            src: 'loadArtists',
            onDone: { target: 'loaded', actions: assign({ artists: ({ event }) => event.output }) },
            // The artist list only helps filtering: without it the panel still offers "All artists" and a linked artist.
            onError: 'unavailable',
          },
        },
        loaded: {},
        unavailable: {},
      },
    },
    favourites: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'showsFavourites', target: 'settling' },
        },
        settling: {
          tags: ['checkingWallet'],
          always: { guard: not('showsFavourites'), target: 'idle' },
          invoke: { id: 'walletSettled', src: 'walletSettled', onDone: 'waiting' },
        },
        waiting: {
          tags: ['checkingWallet'],
          always: { guard: not('showsFavourites'), target: 'idle' },
          after: { favouritesGrace: 'settled' },
        },
        settled: {
          always: { guard: not('showsFavourites'), target: 'idle' },
        },
      },
    },
  },
});

export type ExplorePageMachine = typeof explorePageMachine;
export type ExplorePageActor = ActorRefFrom<ExplorePageMachine>;
