import { describe, expect } from 'vitest';
import { createActor, type ActorRefFrom, type AnyMachineSnapshot, type EventObject } from 'xstate';
import {
  artistsCatalogueMachine,
  type ArtistsCatalogueEvent,
  type ArtistsCatalogueInput,
  type ArtistsView,
} from '../../machines/artists/artistsCatalogueMachine';
import { checkedStates, createMachineTestModel, modelCoverageTests, modelPaths } from './support/modelTesting';

// The /artists page machine: the images/list toggle (remembered through the flow's persistView) and the card
// whose cover swaps to the featured artwork (hover or keyboard focus). Each stored view starts its own graph.

const MARA = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const OSKAR = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

const modelEvents = (): ArtistsCatalogueEvent[] => [
  { type: 'view.select', view: 'list' },
  { type: 'view.select', view: 'images' },
  { type: 'artist.highlight', id: MARA },
  { type: 'artist.highlight', id: OSKAR },
  { type: 'artist.unhighlight', id: MARA },
];

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

function harness(input: ArtistsCatalogueInput, startsIn: ArtistsView) {
  return () => {
    let actor: ActorRefFrom<typeof artistsCatalogueMachine> | undefined;
    const persisted: ArtistsView[] = [];
    const real = () => {
      if (!actor) throw new Error('actor not started');
      return actor.getSnapshot();
    };
    // Choosing the other view stores it once; choosing the view already shown stores nothing.
    const select = (step: { event: EventObject }) => {
      const event = step.event as Extract<ArtistsCatalogueEvent, { type: 'view.select' }>;
      const before = real().value as ArtistsView;
      const stored = persisted.length;
      actor?.send(event);
      expect(real().value).toBe(event.view);
      expect(persisted.length).toBe(stored + (before === event.view ? 0 : 1));
      if (before !== event.view) expect(persisted.at(-1)).toBe(event.view);
    };
    const highlight = (step: { event: EventObject }) => {
      const event = step.event as Extract<ArtistsCatalogueEvent, { type: 'artist.highlight' }>;
      actor?.send(event);
      expect(real().context.highlighted).toBe(event.id);
    };
    const unhighlight = (step: { event: EventObject }) => {
      const event = step.event as Extract<ArtistsCatalogueEvent, { type: 'artist.unhighlight' }>;
      const before = real().context.highlighted;
      actor?.send(event);
      // Only the highlighted card's own leave or blur clears it.
      expect(real().context.highlighted).toBe(before === event.id ? null : before);
    };
    return {
      stop: () => actor?.stop(),
      params: {
        events: {
          'xstate.init': () => {
            actor = createActor(
              artistsCatalogueMachine.provide({ actions: { persistView: (_, params: { view: ArtistsView }) => void persisted.push(params.view) } }),
              { input },
            ).start();
            // The stored view opens at once (no default view first) and restoring it stores nothing.
            expect(real().value).toBe(startsIn);
            expect(persisted).toEqual([]);
          },
          'view.select': select,
          'artist.highlight': highlight,
          'artist.unhighlight': unhighlight,
        },
        states: checkedStates(real, project, {
          // Transient: the actor never rests here (it is left in the same step it is entered).
          starting: () => {
            throw new Error('the catalogue rests in starting');
          },
          images: (snap) => {
            expect(snap.can({ type: 'view.select', view: 'list' })).toBe(true);
            expect(snap.can({ type: 'view.select', view: 'images' })).toBe(false);
            expect(snap.can({ type: 'artist.highlight', id: MARA })).toBe(snap.context.highlighted !== MARA);
          },
          list: (snap) => {
            expect(snap.context.highlighted).toBeNull();
            expect(snap.can({ type: 'view.select', view: 'images' })).toBe(true);
            expect(snap.can({ type: 'view.select', view: 'list' })).toBe(false);
            // The list view has no covers to swap.
            expect(snap.can({ type: 'artist.highlight', id: MARA })).toBe(false);
          },
        }),
      },
    };
  };
}

const inputs: Array<[string, ArtistsCatalogueInput, ArtistsView]> = [
  ['nothing stored: images', {}, 'images'],
  ['stored list', { storedView: 'list' }, 'list'],
  ['stored images', { storedView: 'images' }, 'images'],
  ['stored garbage: images', { storedView: 'table' }, 'images'],
];

describe.each(inputs)('artistsCatalogueMachine (model-based), %s', (_title, input, startsIn) => {
  const model = createMachineTestModel(artistsCatalogueMachine, { events: modelEvents, project, input });
  // Leaving the highlighted card returns to a vertex seen before, so no generated path ends with it: walk it too.
  const toImages: ArtistsCatalogueEvent[] = startsIn === 'list' ? [{ type: 'view.select', view: 'images' }] : [];
  const leaveCard: ArtistsCatalogueEvent[] = [...toImages, { type: 'artist.highlight', id: MARA }, { type: 'artist.unhighlight', id: MARA }];
  const paths = [
    ...modelPaths(model),
    ...model.getPathsFromEvents(leaveCard as unknown as EventObject[], { fromState: createActor(artistsCatalogueMachine, { input }).getSnapshot() }),
  ];
  modelCoverageTests(artistsCatalogueMachine, paths, harness(input, startsIn));
});
