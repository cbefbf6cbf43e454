import { assign, fromCallback, not, sendTo, setup, fromPromise, type ActorRefFrom, type EventObject } from 'xstate';
import { ROUTE_GUARD_DELAY_MS } from '../app/constants';
import { createSearchMachine, type SearchResults } from '../search/searchMachine';
import type { ExploreFilters } from './exploreFilters';
import { addedArtist, filterPanelMachine, type FilterPanelChanged } from './filterPanelMachine';

// The explore page flow (docs/requirements.md#explore). The URL is the source of truth: the invoked `routeSearch` actor sends
// `filters.sync` whenever the validated search params change, and the page passes them to its filter panel child. A control in the
// panel tells the page `filters.changed`; the page's provided `showFilters` action navigates (and the chosen list
// reloads from the first page). Beside that:
// - the artist filter (the seed's creatorsIds) finds artists by name among every artist of the marketplace: the
//   `picker` child is the search machine, provided with an artists-only search; `artists.choose` adds the found
//   artist to the filters (navigating, and syncing the panel, as the URL would) and empties the picker;
// - the page names the chosen artists: those chosen here are named by the search, those from a link are loaded
//   (`loadArtists`, once per address: an address that could not be named shows as itself);
// - while the favourites view shows, it waits for the wallet session to settle and 300 ms more before saying the
//   visitor is not connected.

/** A chosen artist's name data (the flow module gives the marketplace's PersonInfo). */
export interface ExploreArtist {
  address: string;
  alias?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** What the artist picker's search finds: artists only. */
export type ArtistPickerResults = SearchResults<never, never, ExploreArtist>;

export type ExplorePageEvent =
  | { type: 'filters.sync'; filters: ExploreFilters }
  | FilterPanelChanged
  /** An artist the picker found, chosen: added to the filters. */
  | { type: 'artists.choose'; artist: ExploreArtist };

export interface ExplorePageContext {
  filters: ExploreFilters;
  /** The chosen artists' name data known so far (an address that could not be named has only its address). */
  artists: ExploreArtist[];
}

/** The chosen artists the page has no name data for yet. */
export const unnamedArtists = (context: ExplorePageContext): string[] =>
  context.filters.artists.filter((address) => !context.artists.some((artist) => artist.address === address));

const withArtists = (known: ExploreArtist[], more: ExploreArtist[]): ExploreArtist[] => [
  ...known.filter((artist) => !more.some((other) => other.address === artist.address)),
  ...more.map((artist) => ({ ...artist, address: artist.address.toLowerCase() })),
];

export const explorePageMachine = setup({
  types: {
    context: {} as ExplorePageContext,
    events: {} as ExplorePageEvent,
    input: {} as { filters: ExploreFilters },
  },
  actors: {
    filterPanel: filterPanelMachine,
    // Provided in src/services/flows/explore.ts: the search machine with an artists-only search.
    artistPicker: createSearchMachine<ArtistPickerResults>(),
    // Provided: the name data of the given addresses (an address nobody has comes back as itself).
    loadArtists: fromPromise<ExploreArtist[], { addresses: string[] }>(async ({ input }) => input.addresses.map((address) => ({ address }))),
    walletSettled: fromPromise<void>(async () => undefined),
    // Provided: sends `filters.sync` when the route's search params change (Back, Forward, a link).
    routeSearch: fromCallback<EventObject, unknown>(() => undefined),
  },
  actions: {
    nameChosen: assign({ artists: ({ context, event }) => (event.type === 'artists.choose' ? withArtists(context.artists, [event.artist]) : context.artists) }),
    emptyPicker: sendTo('picker', { type: 'search.type', text: '' }),
    // Provided: forget the chosen list's saved page and navigate to the filters' search params.
    showFilters: (_args, _params: { filters: ExploreFilters }) => undefined,
  },
  guards: {
    addsArtist: ({ context, event }) => event.type === 'artists.choose' && addedArtist(context.filters, event.artist.address) !== context.filters,
    hasUnnamedArtists: ({ context }) => unnamedArtists(context).length > 0,
    showsFavourites: ({ context }) => context.filters.view === 'myFavorites',
  },
  delays: {
    // See docs/requirements.md#explore: like a guarded route, favourites wait 300 ms after the wallet session settles.
    favouritesGrace: ROUTE_GUARD_DELAY_MS,
  },
}).createMachine({
  id: 'explorePage',
  context: ({ input }) => ({ filters: input.filters, artists: [] }),
  invoke: [
    { id: 'panel', src: 'filterPanel', input: ({ context }) => ({ filters: context.filters }) },
    { id: 'picker', src: 'artistPicker', input: { text: '' } },
    { id: 'url', src: 'routeSearch' },
  ],
  on: {
    'filters.sync': {
      actions: [assign({ filters: ({ event }) => event.filters }), sendTo('panel', ({ event }) => event)],
    },
    // The page shows the chosen filters at once; the URL the navigation makes syncs the same ones back.
    'filters.changed': {
      actions: [assign({ filters: ({ event }) => event.filters }), { type: 'showFilters', params: ({ event }) => ({ filters: event.filters }) }],
    },
    // Added (unless chosen already, or the most are): shown, navigated to, and synced to the panel, as the URL's would
    // be. Either way the page keeps the name and the picker empties for the next.
    'artists.choose': [
      {
        guard: 'addsArtist',
        actions: [
          'nameChosen',
          assign({ filters: ({ context, event }) => addedArtist(context.filters, event.artist.address) }),
          { type: 'showFilters', params: ({ context }) => ({ filters: context.filters }) },
          sendTo('panel', ({ context }) => ({ type: 'filters.sync' as const, filters: context.filters })),
          'emptyPicker',
        ],
      },
      { actions: ['nameChosen', 'emptyPicker'] },
    ],
  },
  type: 'parallel',
  states: {
    artists: {
      initial: 'named',
      states: {
        // Every chosen artist has a name (or none is chosen); a link's new address is named at once.
        named: {
          always: { guard: 'hasUnnamedArtists', target: 'loading' },
        },
        loading: {
          invoke: {
            id: 'loadArtists',
            src: 'loadArtists',
            input: ({ context }) => ({ addresses: unnamedArtists(context) }),
            onDone: { target: 'named', actions: assign({ artists: ({ context, event }) => withArtists(context.artists, event.output) }) },
            // Only the chips' names are missing (the filter works): the addresses show as themselves, not asked again.
            onError: {
              target: 'named',
              actions: assign({ artists: ({ context }) => withArtists(context.artists, unnamedArtists(context).map((address) => ({ address }))) }),
            },
          },
        },
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
