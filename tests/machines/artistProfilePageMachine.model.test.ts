import { describe, expect } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { valuesFromRecord, type ArtistProfileValues, type ArtistRecord } from '../../machines/profile/artistProfileForm';
import {
  artistProfilePageMachine,
  type ArtistProfileData,
  type ArtistProfilePageContext,
  type ArtistProfilePageEvent,
} from '../../machines/profile/artistProfilePageMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const RECORD: ArtistRecord = {
  firstName: 'Ada',
  lastName: 'Lumen',
  description: 'Light studies',
  web: 'https://ada.example',
  twitter: 'ada',
  instagram: 'ada.lumen',
  cover: '/ipfs/bafycover',
  about: 'About Ada',
  featuredArtwork: '12',
  featuredArtworkDescription: 'The first light',
  highlights: [{ date: '2024-05-01', achievement: 'Solo show' }],
  portfolio: { context: 'Early works', items: [{ mediaUrl: '/ipfs/bafyone', thumbnailUrl: '/ipfs/thumbnail/bafyone', description: 'One' }] },
};
const WITH_RECORD: ArtistProfileData = { record: RECORD, artworks: [{ id: '12', name: 'Dawn' }] };
const NO_RECORD: ArtistProfileData = { record: null, artworks: [] };
const OTHER_ADDRESS = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
// Stored drafts as IndexedDB gives them back: this address's typed name; another address's; an older version's; one
// that says what the record says.
const TYPED: ArtistProfileValues = { ...valuesFromRecord(RECORD), firstName: 'Adele' };
const OWN_DRAFT = { version: 1, address: ADDRESS, values: TYPED };
const OTHER_DRAFT = { version: 1, address: OTHER_ADDRESS, values: TYPED };
const OLD_DRAFT = { version: 0, address: ADDRESS, values: TYPED };
const RECORD_DRAFT = { version: 1, address: ADDRESS, values: valuesFromRecord(RECORD) };

const modelEvents: Array<EventObject & Record<string, unknown>> = [
  { type: 'xstate.done.actor.loadArtistProfile', output: WITH_RECORD },
  { type: 'xstate.done.actor.loadArtistProfile', output: NO_RECORD },
  { type: 'xstate.error.actor.loadArtistProfile', error: new Error('The network is unavailable. Check your connection and try again.') },
  { type: 'artistProfile.retry' },
  { type: 'xstate.done.actor.loadArtistDraft', output: OWN_DRAFT },
  { type: 'xstate.done.actor.loadArtistDraft', output: OTHER_DRAFT },
  { type: 'xstate.done.actor.loadArtistDraft', output: OLD_DRAFT },
  { type: 'xstate.done.actor.loadArtistDraft', output: RECORD_DRAFT },
  { type: 'xstate.done.actor.loadArtistDraft', output: null },
  { type: 'xstate.error.actor.loadArtistDraft', error: new Error('The database is unavailable.') },
];

/** The draft the form starts from, by what was stored and the record loaded (literal, not the machine's rule). */
function expectedDraft(stored: unknown, data: ArtistProfileData): ArtistProfileValues | null {
  if (stored === OWN_DRAFT) return TYPED;
  // The record's own values differ from an empty form: with no record yet they are work to keep.
  if (stored === RECORD_DRAFT && data.record === null) return valuesFromRecord(RECORD);
  return null;
}

const ctx = (state: AnyMachineSnapshot) => state.context as ArtistProfilePageContext;
const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(artistProfilePageMachine, { project, input: { address: ADDRESS }, events: () => modelEvents });
const paths = modelPaths(model, { toState: (state) => state.matches('ready') });

function startPage() {
  const load = controlled<ArtistProfileData, { address: string }>();
  const draft = controlled<unknown, { address: string }>();
  const actor = createActor(artistProfilePageMachine.provide({ actors: { loadArtistProfile: load.logic, loadArtistDraft: draft.logic } }), {
    input: { address: ADDRESS },
  }).start();
  return { actor, load, draft };
}

function harness() {
  let run: ReturnType<typeof startPage> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  const payload = (step: { event: EventObject }) => step.event as EventObject & { output?: ArtistProfileData; error?: unknown };
  let storedDraft: unknown = null;
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startPage();
        },
        'artistProfile.retry': (step: { event: EventObject }) => get().actor.send(step.event as ArtistProfilePageEvent),
        'xstate.done.actor.loadArtistProfile': async (step: { event: EventObject }) => {
          get().load.last().resolve(payload(step).output!);
          await flush();
        },
        'xstate.error.actor.loadArtistProfile': async (step: { event: EventObject }) => {
          get().load.last().reject(payload(step).error);
          await flush();
        },
        'xstate.done.actor.loadArtistDraft': async (step: { event: EventObject }) => {
          storedDraft = (step.event as EventObject & { output: unknown }).output;
          get().draft.last().resolve(storedDraft);
          await flush();
        },
        'xstate.error.actor.loadArtistDraft': async (step: { event: EventObject }) => {
          storedDraft = null;
          get().draft.last().reject(payload(step).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(ctx(snap).error).toBeNull();
          // The own record, by the signed-in address.
          expect(get().load.last().input).toEqual({ address: ADDRESS });
          expect(get().load.last().signal.aborted).toBe(false);
          expect(snap.can({ type: 'artistProfile.retry' })).toBe(false);
          expect(get().draft.calls).toHaveLength(0);
        },
        restoring: (snap) => {
          // The record is in; the draft kept for this address is read before the form starts.
          expect(snap.hasTag('loading')).toBe(true);
          expect([WITH_RECORD, NO_RECORD]).toContainEqual(ctx(snap).data);
          expect(ctx(snap).draft).toBeNull();
          expect(get().draft.last().input).toEqual({ address: ADDRESS });
          expect(snap.can({ type: 'artistProfile.retry' })).toBe(false);
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect([WITH_RECORD, NO_RECORD]).toContainEqual(ctx(snap).data);
          expect(ctx(snap).error).toBeNull();
          // Only this address's draft, of this version, and only when it differs from the record.
          expect(ctx(snap).draft).toEqual(expectedDraft(storedDraft, ctx(snap).data!));
        },
        failed: (snap) => {
          expect(ctx(snap).error).toBe('The network is unavailable. Check your connection and try again.');
          expect(snap.can({ type: 'artistProfile.retry' })).toBe(true);
        },
      }),
    },
  };
}

describe('artistProfilePageMachine (model-based)', () => {
  modelCoverageTests(artistProfilePageMachine, paths, harness);
});
