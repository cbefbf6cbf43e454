import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { valuesFromRecord, type ArtistProfileValues, type ArtistRecord } from '../../machines/profile/artistProfileForm';
import {
  artistProfileMachine,
  type ArtistProfileDraftParams,
  shownError,
  type ArtistProfileFormContext,
  type ArtistProfileFormEvent,
  type SaveArtistProfileRequest,
} from '../../machines/profile/artistProfileMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests } from './support/modelTesting';

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const MAX_FILE_SIZE = 1000;
const SAVED: ArtistRecord = {
  firstName: 'Ada',
  lastName: '',
  description: '',
  web: '',
  twitter: '',
  instagram: '',
  cover: '/ipfs/bafycover',
  about: '',
  featuredArtwork: '',
  featuredArtworkDescription: '',
  highlights: [{ date: '2024-05-01', achievement: 'Solo show' }],
  portfolio: { context: '', items: [{ mediaUrl: '/ipfs/bafyone', thumbnailUrl: '/ipfs/thumbnail/bafyone', description: 'First' }] },
};
const SERVER_REFUSAL = 'Only this artist can edit their artist profile.';
const png = new Blob([new Uint8Array(10)], { type: 'image/png' });
const text = new Blob(['notes'], { type: 'text/plain' });
const cover = new Blob([new Uint8Array(10)], { type: 'image/jpeg' });
const LONG_CAPTION = 'x'.repeat(101);

type ModelEvent = EventObject & Record<string, unknown>;
const modelEvents: ModelEvent[] = [
  { type: 'field.change', name: 'firstName', value: 'Ada' },
  { type: 'field.change', name: 'firstName', value: '' },
  { type: 'field.change', name: 'firstName', value: 'Ada1' },
  { type: 'field.change', name: 'web', value: 'not a url' },
  { type: 'field.change', name: 'twitter', value: 'a#b' },
  { type: 'highlight.add' },
  { type: 'highlight.change', index: 0, field: 'date', value: '2024-05-01' },
  { type: 'highlight.change', index: 0, field: 'date', value: '2024-02-30' },
  { type: 'highlight.change', index: 0, field: 'achievement', value: 'Solo show' },
  { type: 'highlight.remove', index: 0 },
  { type: 'portfolio.add', files: [{ file: png, name: 'one.png' }] },
  { type: 'portfolio.add', files: [{ file: text, name: 'notes.txt' }] },
  { type: 'portfolio.caption', index: 0, value: 'First' },
  { type: 'portfolio.caption', index: 0, value: LONG_CAPTION },
  { type: 'portfolio.remove', index: 0 },
  { type: 'cover.change', image: cover },
  { type: 'cover.change', image: null },
  { type: 'draft.discard' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.saveArtistProfile', output: SAVED },
  { type: 'xstate.error.actor.saveArtistProfile', error: new Error(SERVER_REFUSAL) },
];

const ctx = (state: AnyMachineSnapshot) => state.context as ArtistProfileFormContext;
// Vertices by what the form shows, not by every text typed: the graph stays small, the assertions read the values.
const project = (state: AnyMachineSnapshot) => {
  const c = ctx(state);
  return {
    value: state.value,
    errors: Object.keys(c.errors).sort(),
    highlights: c.values.highlights.length,
    portfolio: c.values.portfolio.map((item) => item.image.kind),
    cover: c.values.cover !== null,
    exists: c.exists,
    submitted: c.submitted,
    fileError: c.fileError,
    submitError: c.submitError,
    restored: c.restored,
  };
};
// A second graph: the form started from a draft kept across a reload (the stored record plus a typed name and a new
// cover), with the edits that change what is kept, Discard changes and the save.
const RESTORED_DRAFT: ArtistProfileValues = { ...valuesFromRecord(SAVED), firstName: 'Adele', cover };
const RESTORED_EVENTS = new Set(['field.change', 'cover.change', 'draft.discard', 'form.submit', 'xstate.done.actor.saveArtistProfile', 'xstate.error.actor.saveArtistProfile']);
const restoredModel = createMachineTestModel(artistProfileMachine, {
  project,
  input: { address: ADDRESS, record: SAVED, draft: RESTORED_DRAFT, maxFileSize: MAX_FILE_SIZE },
  events: () => [...modelEvents, { type: 'field.change', name: 'firstName', value: 'Adele' }],
  filterEvents: (_state, event) =>
    RESTORED_EVENTS.has(event.type) && !(event.type === 'field.change' && (event as ModelEvent).name !== 'firstName') && (event as ModelEvent).value !== 'Ada1',
});
const model = createMachineTestModel(artistProfileMachine, {
  project,
  input: { address: ADDRESS, record: null, maxFileSize: MAX_FILE_SIZE },
  events: () => modelEvents,
  // One row of each list is enough for the graph; the caps (7 and 9) have their own tests below.
  filterEvents: (state, event) =>
    !(event.type === 'highlight.add' && ctx(state).values.highlights.length >= 1) && !(event.type === 'portfolio.add' && ctx(state).values.portfolio.length >= 1),
});
const paths = [...model.getShortestPaths(), ...restoredModel.getShortestPaths()];

/** A pristine form (the stored record's values) is no work to keep. */
const pristine = (c: ArtistProfileFormContext) => isDeepStrictEqual(c.values, valuesFromRecord(c.record));

/** The seed's messages (docs/requirements.md#artists) and ours (domain/artist.ts) for the values the model types. */
function expectedErrors(values: ArtistProfileValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.firstName === '') errors.firstName = 'Required Field';
  if (values.firstName === 'Ada1') errors.firstName = 'Only letters are allowed';
  if (values.web === 'not a url') errors.web = 'Enter a valid URL';
  if (values.twitter === 'a#b') errors.twitter = 'Special Character # and & not allowed';
  values.highlights.forEach(({ date, achievement }, index) => {
    if (date === '') errors[`highlights.${index}.date`] = 'Required Field';
    if (date === '2024-02-30') errors[`highlights.${index}.date`] = 'Enter a valid date';
    if (achievement === '') errors[`highlights.${index}.achievement`] = 'Required Field';
  });
  values.portfolio.forEach(({ description }, index) => {
    if (description === LONG_CAPTION) errors[`portfolio.${index}.description`] = 'Maximum 100 characters';
  });
  return errors;
}

function startForm(record: ArtistRecord | null = null, draft: ArtistProfileValues | null = null) {
  const save = controlled<ArtistRecord, SaveArtistProfileRequest>();
  const notices: Array<{ kind: string; text: string }> = [];
  const drafts: ArtistProfileDraftParams[] = [];
  const actor = createActor(
    artistProfileMachine.provide({
      actors: { saveArtistProfile: save.logic },
      actions: {
        notifySaved: () => notices.push({ kind: 'success', text: 'Profile saved' }),
        notifySaveFailed: (_args, params: { message: string }) => notices.push({ kind: 'error', text: params.message }),
        persistDraft: (_args, params: ArtistProfileDraftParams) => drafts.push(params),
      },
    }),
    { input: { address: ADDRESS, record, draft, maxFileSize: MAX_FILE_SIZE } },
  ).start();
  return { actor, save, notices, drafts };
}

function harness() {
  let run: ReturnType<typeof startForm> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  const send = (step: { event: EventObject }) => get().actor.send(step.event as ArtistProfileFormEvent);
  const payload = (step: { event: EventObject }) => step.event as ModelEvent;
  // Every edit hands the flow what a reload keeps: the values while they differ from the record, else null.
  const edit = (step: { event: EventObject }) => {
    const calls = get().drafts.length;
    const accepted = real().can(step.event as ArtistProfileFormEvent);
    send(step);
    const c = ctx(real());
    // A refused edit (no such row, the list full) changes nothing and writes nothing.
    expect(get().drafts).toHaveLength(accepted ? calls + 1 : calls);
    if (!accepted) return;
    expect(get().drafts.at(-1)).toEqual({ address: ADDRESS, values: pristine(c) ? null : c.values });
  };
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': (step: { state: AnyMachineSnapshot }) => {
          // The restored graph's first state carries the draft; a fresh form keeps nothing until it is changed.
          run = ctx(step.state).restored ? startForm(SAVED, RESTORED_DRAFT) : startForm();
          expect(get().drafts).toEqual([]);
        },
        'field.change': (step: { event: EventObject }) => {
          edit(step);
          const { name } = payload(step) as unknown as { name: string };
          // A touched field shows its message at once.
          expect(shownError(ctx(real()), name)).toBe(expectedErrors(ctx(real()).values)[name] ?? null);
        },
        'highlight.add': edit,
        'highlight.change': edit,
        'highlight.remove': edit,
        'portfolio.add': (step: { event: EventObject }) => {
          const before = ctx(real()).values.portfolio.length;
          edit(step);
          const { files } = payload(step) as unknown as { files: Array<{ name: string }> };
          if (files[0]!.name === 'notes.txt') {
            expect(ctx(real()).values.portfolio).toHaveLength(before);
            expect(ctx(real()).fileError).toBe('Portfolio images must be PNG, JPEG or WebP, up to 0 MB each.');
          } else expect(ctx(real()).values.portfolio).toHaveLength(before + 1);
        },
        'portfolio.caption': edit,
        'portfolio.remove': edit,
        'cover.change': edit,
        'draft.discard': (step: { event: EventObject }) => {
          if (!ctx(real()).restored) {
            // Nothing restored (or already discarded): refused, nothing changes or is written.
            const before = { values: ctx(real()).values, drafts: get().drafts.length };
            send(step);
            expect({ values: ctx(real()).values, drafts: get().drafts.length }).toEqual(before);
            return;
          }
          edit(step);
          // The stored record is the form again; the kept draft is forgotten.
          expect(ctx(real()).values).toEqual(valuesFromRecord(SAVED));
          expect(ctx(real()).restored).toBe(false);
          expect(get().drafts.at(-1)).toEqual({ address: ADDRESS, values: null });
        },
        'form.submit': (step: { event: EventObject }) => {
          const valid = Object.keys(ctx(real()).errors).length === 0;
          const calls = get().save.calls.length;
          send(step);
          // Validates on submit: an invalid form stays, every message shown; nothing is sent.
          expect(real().value).toBe(valid ? 'submitting' : 'editing');
          expect(ctx(real()).submitted).toBe(true);
          expect(get().save.calls).toHaveLength(valid ? calls + 1 : calls);
        },
        'xstate.done.actor.saveArtistProfile': async (step: { event: EventObject }) => {
          get().save.last().resolve(payload(step).output as ArtistRecord);
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'success', text: 'Profile saved' });
          // Saved: nothing is kept for a reload any more.
          expect(get().drafts.at(-1)).toEqual({ address: ADDRESS, values: null });
          expect(ctx(real()).restored).toBe(false);
        },
        'xstate.error.actor.saveArtistProfile': async (step: { event: EventObject }) => {
          const typed = ctx(real()).values;
          const kept = get().drafts.length;
          get().save.last().reject(payload(step).error);
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'error', text: SERVER_REFUSAL });
          // A failed save keeps everything typed, and the draft a reload brings back.
          expect(ctx(real()).values).toEqual(typed);
          expect(get().drafts).toHaveLength(kept);
        },
      },
      states: checkedStates(real, project, {
        editing: (snap) => {
          const c = ctx(snap);
          expect(snap.hasTag('busy')).toBe(false);
          expect(c.errors).toEqual(expectedErrors(c.values));
          for (const key of Object.keys(c.errors)) expect(shownError(c, key)).toBe(c.submitted || c.touched[key] ? c.errors[key] : null);
          expect(snap.can({ type: 'highlight.add' })).toBe(c.values.highlights.length < 7);
          expect(snap.can({ type: 'portfolio.add', files: [] })).toBe(c.values.portfolio.length < 9);
          if (c.submitError) expect(c.submitError).toBe(SERVER_REFUSAL);
          // 'Restored' only while the form still differs from the record; only then can the draft be discarded.
          if (c.restored) expect(pristine(c)).toBe(false);
          expect(snap.can({ type: 'draft.discard' })).toBe(c.restored);
          if (c.exists) expect(c.coverUrl).toBe('/ipfs/bafycover');
          else expect(c.coverUrl).toBeNull();
        },
        submitting: (snap) => {
          const c = ctx(snap);
          expect(snap.hasTag('busy')).toBe(true);
          expect(c.errors).toEqual({});
          // Pending: no second submit, no edits.
          expect(snap.can({ type: 'form.submit' })).toBe(false);
          expect(snap.can({ type: 'field.change', name: 'firstName', value: 'Bo' })).toBe(false);
          expect(snap.can({ type: 'draft.discard' })).toBe(false);
          expect(get().save.last().input).toEqual({ address: ADDRESS, exists: c.exists, values: c.values });
          expect(get().save.last().signal.aborted).toBe(false);
        },
      }),
    },
  };
}

describe('artistProfileMachine (model-based)', () => {
  modelCoverageTests(artistProfileMachine, paths, harness);
});

describe('artistProfileMachine limits', () => {
  it('highlights: Add is refused at 7 rows; removing one allows another', () => {
    const { actor } = startForm();
    for (let row = 0; row < 9; row += 1) actor.send({ type: 'highlight.add' });
    expect(actor.getSnapshot().context.values.highlights).toHaveLength(7);
    expect(actor.getSnapshot().can({ type: 'highlight.add' })).toBe(false);
    actor.send({ type: 'highlight.remove', index: 3 });
    expect(actor.getSnapshot().can({ type: 'highlight.add' })).toBe(true);
  });

  it('portfolio: at most 9 images; more files than room are refused with the message', () => {
    const { actor } = startForm();
    const files = Array.from({ length: 11 }, (_file, index) => ({ file: png, name: `image${index}.png` }));
    actor.send({ type: 'portfolio.add', files });
    expect(actor.getSnapshot().context.values.portfolio).toHaveLength(9);
    expect(actor.getSnapshot().context.fileError).toBe('At most 9 portfolio images');
    expect(actor.getSnapshot().can({ type: 'portfolio.add', files: [] })).toBe(false);
  });

  it('a stored record fills the form; its portfolio images are kept and the save is a PUT', () => {
    const { actor, save } = startForm(SAVED);
    expect(actor.getSnapshot().context.values.portfolio[0]!.image).toEqual({ kind: 'kept', mediaUrl: '/ipfs/bafyone', thumbnailUrl: '/ipfs/thumbnail/bafyone' });
    actor.send({ type: 'form.submit' });
    expect(save.last().input.exists).toBe(true);
  });

  it('a kept draft fills the form: its new images and cover stay, the next key follows them, the save sends them', () => {
    const image = new Blob([new Uint8Array(5)], { type: 'image/png' });
    const draft: ArtistProfileValues = {
      ...valuesFromRecord(SAVED),
      portfolio: [...valuesFromRecord(SAVED).portfolio, { key: 4, description: 'Picked', image: { kind: 'new', file: image, name: 'picked.png' } }],
      cover,
    };
    const { actor, save } = startForm(SAVED, draft);
    expect(actor.getSnapshot().context.restored).toBe(true);
    expect(actor.getSnapshot().context.nextKey).toBe(5);
    actor.send({ type: 'form.submit' });
    expect(save.last().input.values.portfolio[1]!.image).toEqual({ kind: 'new', file: image, name: 'picked.png' });
    expect(save.last().input.values.cover).toBe(cover);
  });

  it('a draft equal to the record is not shown as restored, and typing back to the record forgets the draft', () => {
    const { actor, drafts } = startForm(SAVED, valuesFromRecord(SAVED));
    expect(actor.getSnapshot().context.restored).toBe(false);
    actor.send({ type: 'field.change', name: 'lastName', value: 'L' });
    expect(drafts.at(-1)?.values?.lastName).toBe('L');
    actor.send({ type: 'field.change', name: 'lastName', value: '' });
    expect(drafts.at(-1)).toEqual({ address: ADDRESS, values: null });
  });
});
