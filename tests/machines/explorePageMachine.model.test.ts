import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { createActor, type ActorRefFrom, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { DEFAULT_EXPLORE_FILTERS, type ExploreFilters } from '../../machines/explore/exploreFilters';
import { explorePageMachine, type ArtistPickerResults, type ExploreArtist, type ExplorePageEvent } from '../../machines/explore/explorePageMachine';
import type { filterPanelMachine } from '../../machines/explore/filterPanelMachine';
import { createSearchMachine } from '../../machines/search/searchMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests } from './support/modelTesting';

const LINKED = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const FOUND: ExploreArtist = { address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', alias: 'Found' };
// The name data of the artist a link chose.
const ARTISTS: ExploreArtist[] = [{ address: LINKED, alias: 'Linked' }];
const FAVOURITES: ExploreFilters = { ...DEFAULT_EXPLORE_FILTERS, view: 'myFavorites' };
// A shared link that filters by an artist the page has no name for.
const BY_LINK: ExploreFilters = { ...DEFAULT_EXPLORE_FILTERS, artists: [LINKED] };
const GRACE = 'xstate.after.favouritesGrace.explorePage.favourites.waiting';

const modelEvents = (): Array<EventObject & Record<string, unknown>> => [
  { type: 'filters.sync', filters: FAVOURITES },
  { type: 'filters.sync', filters: DEFAULT_EXPLORE_FILTERS },
  { type: 'filters.sync', filters: BY_LINK },
  { type: 'artists.choose', artist: FOUND },
  { type: 'filters.changed', filters: FAVOURITES },
  { type: 'filters.changed', filters: DEFAULT_EXPLORE_FILTERS },
  { type: 'xstate.done.actor.loadArtists', output: ARTISTS },
  { type: 'xstate.error.actor.loadArtists', error: new Error('offline') },
  { type: 'xstate.done.actor.walletSettled', output: undefined },
];

const project = (state: AnyMachineSnapshot) => {
  const context = state.context as { filters: ExploreFilters; artists: ExploreArtist[] };
  return { value: state.value, view: context.filters.view, chosen: context.filters.artists.length, named: context.artists.length };
};
const model = createMachineTestModel(explorePageMachine, {
  events: modelEvents,
  project,
  input: { filters: DEFAULT_EXPLORE_FILTERS },
});
// Shortest paths to every vertex (a vertex reached by another event is another vertex): the simple paths of the
// two parallel regions are too many to run.
const paths = model.getShortestPaths();

function harness() {
  const artists = controlled<ExploreArtist[], { addresses: string[] }>();
  const settled = controlled<void>();
  const shown: ExploreFilters[] = [];
  const picker = createSearchMachine<ArtistPickerResults>().provide({ actors: { search: controlled<ArtistPickerResults, { text: string }>().logic } });
  const machine = explorePageMachine.provide({
    actors: { loadArtists: artists.logic, walletSettled: settled.logic, artistPicker: picker },
    actions: { showFilters: (_args, { filters }) => void shown.push(filters) },
  });
  let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
  const real = () => actor!.getSnapshot();
  const panel = () => real().children.panel as ActorRefFrom<typeof filterPanelMachine>;
  const picker_ = () => real().children.picker as ActorRefFrom<typeof picker>;
  const settle = (call: { resolve: (value: never) => void; reject: (reason: unknown) => void }, step: { event: EventObject }) => {
    const event = step.event as { type: string; output?: unknown; error?: unknown };
    if (event.type.startsWith('xstate.error')) call.reject(event.error);
    else call.resolve(event.output as never);
    return flush();
  };
  const checkingWallet = (snap: AnyMachineSnapshot, expected: boolean) => expect(snap.hasTag('checkingWallet')).toBe(expected);
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(machine, { input: { filters: DEFAULT_EXPLORE_FILTERS } }).start();
          // No artist is chosen: nothing to name; the panel starts with the page's filters; the picker is empty.
          expect(artists.calls).toHaveLength(0);
          expect(panel().getSnapshot().context.filters).toEqual(DEFAULT_EXPLORE_FILTERS);
          expect(picker_().getSnapshot().context.text).toBe('');
        },
        'filters.sync': (step: { event: EventObject }) => {
          const { filters } = step.event as unknown as { filters: ExploreFilters };
          const before = shown.length;
          actor!.send(step.event as ExplorePageEvent);
          // The URL sets the page and its panel, and never navigates.
          expect(real().context.filters).toEqual(filters);
          expect(panel().getSnapshot().context.filters).toEqual(filters);
          expect(shown).toHaveLength(before);
        },
        // A found artist, chosen: the panel adds it and the page navigates; the page knows its name; the picker empties.
        'artists.choose': (step: { event: EventObject }) => {
          const before = real().context.filters;
          const already = before.artists.includes(FOUND.address);
          const shownBefore = shown.length;
          picker_().send({ type: 'search.type', text: 'Fou' });
          actor!.send(step.event as ExplorePageEvent);
          expect(real().context.artists).toContainEqual(FOUND);
          expect(picker_().getSnapshot().context.text).toBe('');
          expect(real().context.filters.artists).toEqual(already ? before.artists : [...before.artists, FOUND.address]);
          expect(panel().getSnapshot().context.filters).toEqual(real().context.filters);
          expect(shown).toHaveLength(shownBefore + (already ? 0 : 1));
          if (!already) expect(shown.at(-1)).toEqual(real().context.filters);
        },
        'filters.changed': (step: { event: EventObject }) => {
          const { filters } = step.event as unknown as { filters: ExploreFilters };
          const before = shown.length;
          // A control in the panel child tells the page, which navigates to the chosen filters once (the panel first holds
          // the event's other filters, as after a removed artist chip, so the view is the one control that changes).
          panel().send({ type: 'filters.sync', filters: { ...filters, view: real().context.filters.view } });
          panel().send({ type: 'filters.setView', view: filters.view });
          expect(shown).toHaveLength(before + 1);
          expect(shown.at(-1)).toEqual(filters);
          expect(real().context.filters).toEqual(filters);
        },
        'xstate.done.actor.loadArtists': (step: { event: EventObject }) => settle(artists.last(), step),
        'xstate.error.actor.loadArtists': (step: { event: EventObject }) => settle(artists.last(), step),
        'xstate.done.actor.walletSettled': (step: { event: EventObject }) => settle(settled.last(), step),
        [GRACE]: async () => {
          // See docs/requirements.md#explore: 300 ms after the wallet settles, not before.
          vi.advanceTimersByTime(299);
          expect(real().matches({ favourites: 'waiting' })).toBe(true);
          vi.advanceTimersByTime(1);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        artists: (snap) => {
          expect(snap.children.panel).toBeDefined();
          expect(snap.children.picker).toBeDefined();
        },
        // Every chosen artist has name data: the link's from loadArtists (or only its address, when that failed).
        'artists.named': (snap) => {
          for (const address of (snap.context.filters as ExploreFilters).artists) expect((snap.context.artists as ExploreArtist[]).map((artist) => artist.address)).toContain(address);
        },
        // The link's artist is asked for, once, by address.
        'artists.loading': (snap) => {
          expect((snap.context.artists as ExploreArtist[]).map((artist) => artist.address)).not.toContain(LINKED);
          expect(artists.last().input).toEqual({ addresses: [LINKED] });
          expect(artists.last().signal.aborted).toBe(false);
        },
        favourites: (snap) => expect(snap.children.panel?.getSnapshot().status).toBe('active'),
        'favourites.idle': (snap) => {
          expect(snap.context.filters.view).not.toBe('myFavorites');
          checkingWallet(snap, false);
        },
        'favourites.settling': (snap) => {
          expect(snap.context.filters.view).toBe('myFavorites');
          checkingWallet(snap, true);
          expect(settled.last().signal.aborted).toBe(false);
        },
        'favourites.waiting': (snap) => {
          expect(snap.context.filters.view).toBe('myFavorites');
          checkingWallet(snap, true);
        },
        'favourites.settled': (snap) => {
          expect(snap.context.filters.view).toBe('myFavorites');
          checkingWallet(snap, false);
        },
      }),
    },
  };
}

describe('explorePageMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  modelCoverageTests(explorePageMachine, paths, harness);
});
