import { assign, emit, enqueueActions, setup } from 'xstate';
import {
  DEFAULT_EXPLORE_FILTERS,
  MAX_EXPLORE_ARTISTS,
  priceBound,
  priceRangeReversed,
  searchFromFilters,
  sortsOfView,
  type ExploreFilters,
  type ExploreMediaType,
  type ExploreStatus,
  type ExploreSortName,
  type ExploreView,
} from './exploreFilters';

// The explore filter panel (docs/requirements.md#explore), a child of the explore page flow. The URL is the source of
// truth: the page passes on `filters.sync` whenever the validated search params change; a control changes the
// filters and the panel tells its parent `filters.changed`, on which the page navigates (and the list reloads
// from the first page).

export type FilterPanelEvent =
  | { type: 'filters.sync'; filters: ExploreFilters }
  | { type: 'filters.reset' }
  | { type: 'filters.setView'; view: ExploreView }
  | { type: 'filters.setSort'; sort: ExploreSortName }
  | { type: 'filters.toggleMedia'; mediaType: ExploreMediaType }
  // The seed's creatorsIds: a chosen artist removed (an address; the page adds one found by name: addedArtist).
  | { type: 'filters.removeArtist'; artist: string }
  | { type: 'filters.toggleChain'; chainId: number }
  | { type: 'filters.toggleStatus'; status: ExploreStatus }
  // The price range is typed, then applied (its button or Enter): typing never reloads the list.
  | { type: 'price.editMin'; text: string }
  | { type: 'price.editMax'; text: string }
  | { type: 'price.apply' }
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  // The phone drawer's 'Show results': it closes and the page lands on the results.
  | { type: 'panel.showResults' };

/** Emitted when 'Show results' closed the drawer: the view moves the reader to the results. */
export type FilterPanelEmitted = { type: 'panel.resultsShown' };

export type FilterPanelChanged = { type: 'filters.changed'; filters: ExploreFilters };

export interface FilterPanelContext {
  filters: ExploreFilters;
  /** The price range's ends as typed, kept until applied (a change of another filter keeps them). */
  price: { min: string; max: string };
  /** Why the typed range was not applied: the first wrong end's message, or the range's; null when none. */
  priceError: string | null;
}

// Comparing and counting filters: here, not in exploreFilters.ts, which every route's first load carries.
export const sameFilters = (a: ExploreFilters, b: ExploreFilters) =>
  JSON.stringify(searchFromFilters(a)) === JSON.stringify(searchFromFilters(b));

export const isDefaultFilters = (filters: ExploreFilters) => sameFilters(filters, DEFAULT_EXPLORE_FILTERS);

/**
 * How many values the reader chose, for the Filters button's badge: the view and the sort when not the default, each
 * media type, chain and artist, each end of the price range, and each status in the artworks view (the only one
 * it filters). The favourites view lists likes as they are, so only its view counts there.
 */
export function chosenFilterCount(filters: ExploreFilters): number {
  const view = filters.view !== DEFAULT_EXPLORE_FILTERS.view ? 1 : 0;
  if (filters.view === 'myFavorites') return view;
  const sort = filters.sort !== DEFAULT_EXPLORE_FILTERS.sort ? 1 : 0;
  const price = (filters.minPrice !== null ? 1 : 0) + (filters.maxPrice !== null ? 1 : 0);
  const status = filters.view === 'token' ? filters.status.length : 0;
  return view + sort + filters.media.length + filters.chain.length + filters.artists.length + price + status;
}

// Ours (the seed names the fields, not their messages). A listing price's step is 0.0001, so a bound is too.
export const PRICE_BOUND_MESSAGE = 'Enter an amount such as 0.5, with at most 4 decimals';
export const PRICE_RANGE_MESSAGE = 'The minimum price is above the maximum price';

/** One end as typed: empty is no bound; else a plain decimal amount with at most 4 decimals. */
function priceBoundError(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' || priceBound(trimmed) !== null ? null : PRICE_BOUND_MESSAGE;
}

const typedPrice = (filters: ExploreFilters) => ({ min: filters.minPrice ?? '', max: filters.maxPrice ?? '' });

/** The message for a typed range: the minimum's, the maximum's, then the range's own; null when it can be applied. */
export function typedPriceError(price: FilterPanelContext['price']): string | null {
  const wrongEnd = priceBoundError(price.min) ?? priceBoundError(price.max);
  if (wrongEnd !== null) return wrongEnd;
  return priceRangeReversed(priceBound(price.min), priceBound(price.max)) ? PRICE_RANGE_MESSAGE : null;
}

const toggled = <T>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** The filters with an artist added: the same filters when already chosen or when MAX_EXPLORE_ARTISTS are. */
export function addedArtist(filters: ExploreFilters, address: string): ExploreFilters {
  const artist = address.toLowerCase();
  if (filters.artists.includes(artist) || filters.artists.length >= MAX_EXPLORE_ARTISTS) return filters;
  return { ...filters, artists: [...filters.artists, artist] };
}

/** The filters an event asks for (the current ones for events that change none). */
export function nextFilters(filters: ExploreFilters, event: FilterPanelEvent): ExploreFilters {
  switch (event.type) {
    case 'filters.reset':
      return DEFAULT_EXPLORE_FILTERS;
    case 'filters.setView':
      // A sort the new view does not offer (an artworks-only one) falls back to the default.
      return { ...filters, view: event.view, sort: sortsOfView(event.view).includes(filters.sort) ? filters.sort : DEFAULT_EXPLORE_FILTERS.sort };
    case 'filters.setSort':
      return sortsOfView(filters.view).includes(event.sort) ? { ...filters, sort: event.sort } : filters;
    case 'filters.toggleMedia':
      return { ...filters, media: toggled(filters.media, event.mediaType) };
    case 'filters.removeArtist':
      return { ...filters, artists: filters.artists.filter((artist) => artist !== event.artist.toLowerCase()) };
    case 'filters.toggleChain':
      return { ...filters, chain: toggled(filters.chain, event.chainId).sort((a, b) => a - b) };
    case 'filters.toggleStatus':
      return { ...filters, status: toggled(filters.status, event.status) };
    default:
      return filters;
  }
}

/** The filters with the typed range applied (only called once the range reads right). */
function pricedFilters(context: FilterPanelContext): ExploreFilters {
  return { ...context.filters, minPrice: priceBound(context.price.min), maxPrice: priceBound(context.price.max) };
}

export const filterPanelMachine = setup({
  types: {
    context: {} as FilterPanelContext,
    events: {} as FilterPanelEvent,
    emitted: {} as FilterPanelEmitted,
    input: {} as { filters?: ExploreFilters },
  },
  guards: {
    // A control set to its current value changes nothing: no navigation, no reload.
    changesFilters: ({ context, event }) => !sameFilters(context.filters, nextFilters(context.filters, event)),
    isFiltered: ({ context }) => !isDefaultFilters(context.filters),
    priceTypedWrong: ({ context }) => typedPriceError(context.price) !== null,
    changesPrice: ({ context }) => !sameFilters(context.filters, pricedFilters(context)),
  },
  actions: {
    applyEvent: assign({ filters: ({ context, event }) => nextFilters(context.filters, event) }),
    // The URL's filters; the typed range follows them only when their range changed (else what is typed stays).
    syncFilters: assign(({ context, event }) => {
      if (event.type !== 'filters.sync') return {};
      const sameRange = event.filters.minPrice === context.filters.minPrice && event.filters.maxPrice === context.filters.maxPrice;
      return sameRange ? { filters: event.filters } : { filters: event.filters, price: typedPrice(event.filters), priceError: null };
    }),
    // Typing again takes the message away: it spoke of the text applied.
    editMin: assign(({ context, event }) => (event.type === 'price.editMin' ? { price: { ...context.price, min: event.text }, priceError: null } : {})),
    editMax: assign(({ context, event }) => (event.type === 'price.editMax' ? { price: { ...context.price, max: event.text }, priceError: null } : {})),
    showPriceError: assign({ priceError: ({ context }) => typedPriceError(context.price) }),
    // The applied range, in its kept form ('00.50' shows as '0.5' once applied).
    applyPrice: assign(({ context }) => {
      const filters = pricedFilters(context);
      return { filters, price: typedPrice(filters), priceError: null };
    }),
    // Reset empties the typed range with the filters.
    typedFromFilters: assign(({ context }) => ({ price: typedPrice(context.filters), priceError: null })),
    // Only a panel with a parent tells (the graph traversal of the model tests runs the panel alone).
    tellChanged: enqueueActions(({ context, self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'filters.changed', filters: context.filters } satisfies FilterPanelChanged);
    }),
  },
}).createMachine({
  id: 'filterPanel',
  context: ({ input }) => {
    const filters = input?.filters ?? DEFAULT_EXPLORE_FILTERS;
    return { filters, price: typedPrice(filters), priceError: null };
  },
  on: {
    'filters.sync': { actions: 'syncFilters' },
    'filters.reset': { guard: 'isFiltered', actions: ['applyEvent', 'typedFromFilters', 'tellChanged'] },
    'price.editMin': { actions: 'editMin' },
    'price.editMax': { actions: 'editMax' },
    'price.apply': [
      { guard: 'priceTypedWrong', actions: 'showPriceError' },
      { guard: 'changesPrice', actions: ['applyPrice', 'tellChanged'] },
      // The same range again: nothing to reload; the typed text takes its kept form and any message goes.
      { actions: 'applyPrice' },
    ],
    'filters.setView': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.setSort': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.toggleMedia': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.removeArtist': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.toggleChain': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.toggleStatus': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
  },
  // On narrow screens the panel collapses behind a "Filters" button and opens as a drawer; wide screens always show it.
  initial: 'collapsed',
  states: {
    collapsed: {
      on: { 'panel.open': 'expanded' },
    },
    expanded: {
      on: {
        'panel.close': 'collapsed',
        'panel.showResults': { target: 'collapsed', actions: emit({ type: 'panel.resultsShown' }) },
      },
    },
  },
});

export type FilterPanelMachine = typeof filterPanelMachine;
