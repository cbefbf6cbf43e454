import { describe, expect } from 'vitest';
import { createActor, setup, type ActorRefFrom, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { DEFAULT_EXPLORE_FILTERS, type ExploreFilters } from '../../machines/explore/exploreFilters';
import { filterPanelMachine, nextFilters, type FilterPanelEvent } from '../../machines/explore/filterPanelMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

const ARTIST = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const SHARED: ExploreFilters = { view: 'collection', sort: 'oldest', media: ['video'], artist: null, chain: [31337] };

// One or two values per control keep the graph small while every transition (and its no-op guard) is taken.
const modelEvents = (): FilterPanelEvent[] => [
  { type: 'filters.sync', filters: SHARED },
  { type: 'filters.sync', filters: DEFAULT_EXPLORE_FILTERS },
  { type: 'filters.reset' },
  { type: 'filters.setView', view: 'myFavorites' },
  { type: 'filters.setSort', sort: 'most_liked' },
  { type: 'filters.setSort', sort: 'newest' },
  { type: 'filters.toggleMedia', mediaType: 'gif' },
  { type: 'filters.setArtist', artist: ARTIST },
  { type: 'filters.setArtist', artist: null },
  { type: 'filters.toggleChain', chainId: 31337 },
  { type: 'panel.open' },
  { type: 'panel.close' },
  { type: 'panel.showResults' },
];

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(filterPanelMachine, { events: modelEvents, project, input: {} });
const paths = modelPaths(model, {
  // Simple paths over the panel and the sort only: the full filter graph has too many simple paths to run.
  filterEvents: (_state, event) => event.type.startsWith('panel.') || event.type === 'filters.setSort' || event.type === 'filters.reset',
  toState: (state) => state.matches('expanded') && (state.context as { filters: ExploreFilters }).filters.sort === 'newest',
});

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
    const { filters } = snap.context as { filters: ExploreFilters };
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
        'filters.setArtist': sendControl,
        'filters.toggleChain': sendControl,
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
