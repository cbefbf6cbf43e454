import { describe, expect } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { artistArtworksPageMachine, type ArtistArtworksPageContext, type ArtistName } from '../../machines/artists/artistArtworksPageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const ARTIST_ID = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const NAMED: ArtistName = { address: ARTIST_ID, alias: 'lumen', firstName: 'Ada', lastName: 'Wave', hasProfile: true };

const modelEvents: Array<EventObject & Record<string, unknown>> = [
  { type: 'xstate.done.actor.loadArtistName', output: NAMED },
  // No account at this address: the title falls back to the shortened address.
  { type: 'xstate.done.actor.loadArtistName', output: null },
  { type: 'xstate.error.actor.loadArtistName', error: new Error('Network down') },
];

const ctx = (state: AnyMachineSnapshot) => state.context as ArtistArtworksPageContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(artistArtworksPageMachine, { project, events: () => modelEvents, input: { artistId: ARTIST_ID } });
const paths = modelPaths(model);

function harness() {
  let run: { actor: ReturnType<typeof createActor<typeof artistArtworksPageMachine>>; load: ReturnType<typeof controlled<ArtistName | null, { artistId: string }>> } | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          const load = controlled<ArtistName | null, { artistId: string }>();
          const actor = createActor(artistArtworksPageMachine.provide({ actors: { loadArtistName: load.logic } }), { input: { artistId: ARTIST_ID } }).start();
          run = { actor, load };
        },
        'xstate.done.actor.loadArtistName': async (step: { event: EventObject }) => {
          get().load.last().resolve((step.event as unknown as { output: ArtistName | null }).output);
          await flush();
        },
        'xstate.error.actor.loadArtistName': async () => {
          get().load.last().reject(new Error('Network down'));
          await flush();
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(ctx(snap)).toEqual({ artistId: ARTIST_ID, artist: null });
          expect(get().load.calls).toHaveLength(1);
          expect(get().load.last().input).toEqual({ artistId: ARTIST_ID });
          expect(get().load.last().signal.aborted).toBe(false);
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          // The name data when there was an answer; none after a failure or for an address without an account.
          expect([NAMED, null]).toContainEqual(ctx(snap).artist);
          expect(ctx(snap).artistId).toBe(ARTIST_ID);
          // Loaded once: nothing more is asked.
          expect(get().load.calls).toHaveLength(1);
        },
      }),
    },
  };
}

describe('artistArtworksPageMachine (model-based)', () => {
  modelCoverageTests(artistArtworksPageMachine, paths, harness);
});
