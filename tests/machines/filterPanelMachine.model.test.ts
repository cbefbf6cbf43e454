import { describe, expect } from 'vitest';
import { createActor, setup, type ActorRefFrom, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { DEFAULT_EXPLORE_FILTERS, type ExploreFilters } from '../../machines/explore/exploreFilters';
import { filterPanelMachine, nextFilters, type FilterPanelContext, type FilterPanelEvent } from '../../machines/explore/filterPanelMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const ARTIST = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const SHARED: ExploreFilters = { view: 'collection', sort: 'oldest', media: ['video'], artists: [ARTIST], chain: [31337], status: ['buy_now'], minPrice: '0.5', maxPrice: null };

// One or two values per control keep the graph small while every transition (and its no-op guard) is taken.
const modelEvents = (): FilterPanelEvent[] => [
  { type: 'filters.sync', filters: SHARED },
  { type: 'filters.sync', filters: DEFAULT_EXPLORE_FILTERS },
  { type: 'filters.reset' },
  { type: 'filters.setView', view: 'myFavorites' },
  { type: 'filters.setSort', sort: 'most_liked' },
  { type: 'filters.setSort', sort: 'newest' },
  { type: 'filters.toggleMedia', mediaType: 'gif' },
  // Removed (in any case: an address is kept lower case), removed again (no change).
  { type: 'filters.removeArtist', artist: ARTIST.toUpperCase().replace('0X', '0x') },
  { type: 'filters.toggleChain', chainId: 31337 },
  { type: 'filters.toggleStatus', status: 'has_offers' },
  { type: 'panel.open' },
  { type: 'panel.close' },
  { type: 'panel.showResults' },
];

// The typed price range has a graph of its own (its texts times every other filter would be thousands of paths): a
// minimum that applies alone, one above the maximum, a wrong amount, clearing the maximum, with the URL's range
// (SHARED has a minimum) and Reset, which empty or replace what is typed, and another control, which keeps it.
const priceEvents = (): FilterPanelEvent[] => [
  { type: 'price.editMin', text: '0.25' },
  { type: 'price.editMin', text: 'abc' },
  { type: 'price.editMax', text: '0.1' },
  { type: 'price.editMax', text: '' },
  { type: 'price.apply' },
  { type: 'filters.sync', filters: SHARED },
  { type: 'filters.reset' },
  { type: 'filters.setSort', sort: 'most_liked' },
];

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

// The messages as the panel shows them, for the typed values the model uses ('abc'; a minimum above the maximum).
function priceMessage(price: { min: string; max: string }): string | null {
  if (price.min === 'abc') return 'Enter an amount such as 0.5, with at most 4 decimals';
  const [min, max] = [price.min === '' ? null : Number(price.min), price.max === '' ? null : Number(price.max)];
  return min !== null && max !== null && min > max ? 'The minimum price is above the maximum price' : null;
}

const isListed = (list: () => FilterPanelEvent[]) => (_state: AnyMachineSnapshot, event: EventObject) =>
  list().some((listed) => JSON.stringify(listed) === JSON.stringify(event));
const model = createMachineTestModel(filterPanelMachine, { events: modelEvents, filterEvents: isListed(modelEvents), project, input: {} });
const priceModel = createMachineTestModel(filterPanelMachine, { events: priceEvents, filterEvents: isListed(priceEvents), project, input: {} });
const paths = [
  ...modelPaths(model, {
    // Simple paths over the panel and the sort only: the full filter graph has too many simple paths to run.
    filterEvents: (_state, event) => event.type.startsWith('panel.') || event.type === 'filters.setSort' || event.type === 'filters.reset',
    toState: (state) => state.matches('expanded') && (state.context as { filters: ExploreFilters }).filters.sort === 'newest',
  }),
  ...priceModel.getShortestPaths(),
];

function harness() {
  let actor: ActorRefFrom<typeof filterPanelMachine> | undefined;
  let parent: { stop(): void } | undefined;
  const changes: ExploreFilters[] = [];
  let resultsShown = 0;
  // The panel tells its parent (the explore page flow) filters.changed: a parent that records them.
  function start() {
    const recorder = setup({ actors: { filterPanel: filterPanelMachine } }).createMachine({
      invoke: { id: 'panel', src: 'filterPanel', input: {} },
      on: { 'filters.changed': { actions: ({ event }) => void changes.push((event as unknown as { filters: ExploreFilters }).filters) } },
    });
    const started = createActor(recorder).start();
    parent = started;
    const panel = started.getSnapshot().children.panel as ActorRefFrom<typeof filterPanelMachine>;
    panel.on('panel.resultsShown', () => void (resultsShown += 1));
    return panel;
  }
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot();
  };
  // A control tells the parent filters.changed (so the page navigates) exactly when it changes the filters.
  const sendControl = (step: { event: EventObject }) => {
    const event = step.event as FilterPanelEvent;
    const before = real().context.filters;
    const expected = nextFilters(before, event);
    const emitted = changes.length;
    actor?.send(event);
    const changed = JSON.stringify(expected) !== JSON.stringify(before);
    expect(changes.length).toBe(emitted + (changed ? 1 : 0));
    if (changed) expect(changes.at(-1)).toEqual(expected);
    expect(real().context.filters).toEqual(expected);
  };
  const sendQuietly = (step: { event: EventObject }) => {
    const emitted = changes.length;
    actor?.send(step.event as FilterPanelEvent);
    // Syncing from the URL or opening the panel never navigates.
    expect(changes.length).toBe(emitted);
  };
  const assertFilters = (snap: AnyMachineSnapshot) => {
    const { filters, priceError } = snap.context as FilterPanelContext;
    // A message shows only for a typed range that cannot be applied.
    if (priceError !== null) expect(priceError).toBe(priceMessage((snap.context as FilterPanelContext).price));
    const isDefault = JSON.stringify(filters) === JSON.stringify(DEFAULT_EXPLORE_FILTERS);
    expect(snap.can({ type: 'filters.reset' })).toBe(!isDefault);
  };
  return {
    stop: () => parent?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = start();
        },
        'filters.sync': (step: { event: EventObject }) => {
          sendQuietly(step);
          expect(real().context.filters).toEqual((step.event as unknown as { filters: ExploreFilters }).filters);
        },
        'filters.reset': sendControl,
        'filters.setView': sendControl,
        'filters.setSort': sendControl,
        'filters.toggleMedia': sendControl,
        'filters.removeArtist': sendControl,
        'filters.toggleChain': sendControl,
        'filters.toggleStatus': sendControl,
        // Typing keeps the text and changes no filter.
        'price.editMin': (step: { event: EventObject }) => {
          sendQuietly(step);
          expect(real().context.price.min).toBe((step.event as { text?: string }).text);
          expect(real().context.priceError).toBeNull();
        },
        'price.editMax': (step: { event: EventObject }) => {
          sendQuietly(step);
          expect(real().context.price.max).toBe((step.event as { text?: string }).text);
          expect(real().context.priceError).toBeNull();
        },
        // Applying: a wrong amount or range shows its message and changes nothing; a right one becomes the filters
        // (in the kept form) and tells the parent when it differs.
        'price.apply': (step: { event: EventObject }) => {
          const before = real().context as FilterPanelContext;
          const expectedError = priceMessage(before.price);
          const emitted = changes.length;
          actor?.send(step.event as FilterPanelEvent);
          const after = real().context as FilterPanelContext;
          if (expectedError) {
            expect(after.priceError).toBe(expectedError);
            expect(after.filters).toEqual(before.filters);
            expect(changes.length).toBe(emitted);
            return;
          }
          const expected = { ...before.filters, minPrice: before.price.min || null, maxPrice: before.price.max || null };
          expect(after.filters).toEqual(expected);
          expect(after.priceError).toBeNull();
          const changed = JSON.stringify(expected) !== JSON.stringify(before.filters);
          expect(changes.length).toBe(emitted + (changed ? 1 : 0));
          if (changed) expect(changes.at(-1)).toEqual(expected);
        },
        'panel.open': sendQuietly,
        'panel.close': sendQuietly,
        // 'Show results' closes the drawer and asks the view once to land on the results, changing no filter.
        'panel.showResults': (step: { event: EventObject }) => {
          const wasOpen = real().matches('expanded');
          const before = resultsShown;
          sendQuietly(step);
          expect(real().matches('collapsed')).toBe(true);
          expect(resultsShown).toBe(before + (wasOpen ? 1 : 0));
        },
      },
      states: checkedStates(real, project, {
        collapsed: (snap) => {
          expect(snap.can({ type: 'panel.open' })).toBe(true);
          expect(snap.can({ type: 'panel.close' })).toBe(false);
          expect(snap.can({ type: 'panel.showResults' })).toBe(false);
          assertFilters(snap);
        },
        expanded: (snap) => {
          expect(snap.can({ type: 'panel.close' })).toBe(true);
          expect(snap.can({ type: 'panel.open' })).toBe(false);
          expect(snap.can({ type: 'panel.showResults' })).toBe(true);
          assertFilters(snap);
        },
      }),
    },
  };
}

describe('filterPanelMachine (model-based)', () => {
  modelCoverageTests(filterPanelMachine, paths, harness);
});
