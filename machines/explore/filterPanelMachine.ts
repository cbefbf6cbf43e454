import { assign, emit, enqueueActions, setup } from 'xstate';
import {
  DEFAULT_EXPLORE_FILTERS,
  isDefaultFilters,
  sameFilters,
  type ExploreFilters,
  type ExploreMediaType,
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
  | { type: 'filters.setArtist'; artist: string | null }
  | { type: 'filters.toggleChain'; chainId: number }
  | { type: 'panel.open' }
  | { type: 'panel.close' }
  // The phone drawer's 'Show results': it closes and the page lands on the results.
  | { type: 'panel.showResults' };

/** Emitted when 'Show results' closed the drawer: the view moves the reader to the results. */
export type FilterPanelEmitted = { type: 'panel.resultsShown' };

export type FilterPanelChanged = { type: 'filters.changed'; filters: ExploreFilters };

export interface FilterPanelContext {
  filters: ExploreFilters;
}

const toggled = <T>(list: readonly T[], value: T): T[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** The filters an event asks for (the current ones for events that change none). */
export function nextFilters(filters: ExploreFilters, event: FilterPanelEvent): ExploreFilters {
  switch (event.type) {
    case 'filters.reset':
      return DEFAULT_EXPLORE_FILTERS;
    case 'filters.setView':
      return { ...filters, view: event.view };
    case 'filters.setSort':
      return { ...filters, sort: event.sort };
    case 'filters.toggleMedia':
      return { ...filters, media: toggled(filters.media, event.mediaType) };
    case 'filters.setArtist':
      return { ...filters, artist: event.artist ? event.artist.toLowerCase() : null };
    case 'filters.toggleChain':
      return { ...filters, chain: toggled(filters.chain, event.chainId).sort((a, b) => a - b) };
    default:
      return filters;
  }
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
  },
  actions: {
    applyEvent: assign({ filters: ({ context, event }) => nextFilters(context.filters, event) }),
    syncFilters: assign({ filters: ({ context, event }) => (event.type === 'filters.sync' ? event.filters : context.filters) }),
    // Only a panel with a parent tells (the graph traversal of the model tests runs the panel alone).
    tellChanged: enqueueActions(({ context, self, enqueue }) => {
      if (self._parent) enqueue.sendParent({ type: 'filters.changed', filters: context.filters } satisfies FilterPanelChanged);
    }),
  },
}).createMachine({
  id: 'filterPanel',
  context: ({ input }) => ({ filters: input?.filters ?? DEFAULT_EXPLORE_FILTERS }),
  on: {
    'filters.sync': { actions: 'syncFilters' },
    'filters.reset': { guard: 'isFiltered', actions: ['applyEvent', 'tellChanged'] },
    'filters.setView': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.setSort': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.toggleMedia': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.setArtist': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
    'filters.toggleChain': { guard: 'changesFilters', actions: ['applyEvent', 'tellChanged'] },
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
