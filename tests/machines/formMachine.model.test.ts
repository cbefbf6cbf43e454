import { describe, expect, it } from 'vitest';
import { createActor, type Actor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  createFormMachine,
  fieldError,
  type FieldErrors,
  type FormContext,
  type FormDraft,
  type FormDraftParams,
  type FormEvent,
  type FormRequest,
} from '../../machines/forms/formMachine';
import { INVALID_EMAIL_MESSAGE, REQUIRED_FIELD_MESSAGE, profileFormFields, type ProfileValues } from '../../machines/forms/validators';
import {
  checkedStates,
  controlled,
  createMachineTestModel,
  flush,
  modelPaths,
  modelCoverageTests,
} from './support/modelTesting';

const profileFormMachine = createFormMachine<ProfileValues>();
type ProfileContext = FormContext<ProfileValues>;
type ModelEvent = EventObject & Record<string, unknown>;

const ALIAS_TAKEN = 'This alias is already taken';
const saveFailure = new Error('Email already registered');

// Nothing typed is lost offline: the form keeps a draft (a record of the values; a stored one may carry a field the form does not
// have, which is ignored, and a notice).
const DRAFT_KEY = 'profile:0xada';
const DRAFT_NOTICE = '"huge.png" was too large to keep as a draft (over 100 MB): choose it again.';
const draft: FormDraft<ProfileValues> = {
  key: DRAFT_KEY,
  keep: (values) => ({ kept: values }),
  restore: (stored) => {
    const record = stored as { kept?: Partial<ProfileValues>; notice?: string } | null;
    return record?.kept ? { values: record.kept, notice: record.notice ?? null } : null;
  },
};
const STORED_DRAFT = { kept: { alias: 'Ada', email: 'ada@example.com', avatar: 'x' }, notice: DRAFT_NOTICE };
const input = { fields: profileFormFields(), draft };

const modelEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.loadDraft', output: null },
  { type: 'xstate.done.actor.loadDraft', output: STORED_DRAFT },
  { type: 'xstate.error.actor.loadDraft', error: new Error('IndexedDB unavailable') },
  { type: 'field.change', name: 'alias', value: 'Ada' },
  { type: 'field.change', name: 'alias', value: '  ' },
  { type: 'field.change', name: 'email', value: 'ada@example' },
  { type: 'field.change', name: 'email', value: 'ada@example.com' },
  // An unknown field name is ignored.
  { type: 'field.change', name: 'avatar', value: 'x' },
  { type: 'xstate.done.actor.validateAsync', output: {} },
  { type: 'xstate.done.actor.validateAsync', output: { alias: ALIAS_TAKEN } },
  { type: 'xstate.error.actor.validateAsync', error: new Error('Alias check failed') },
  { type: 'xstate.done.actor.submitForm', output: { saved: true } },
  { type: 'xstate.error.actor.submitForm', error: saveFailure },
];

const ctx = (state: AnyMachineSnapshot) => state.context as ProfileContext;
const project = (state: AnyMachineSnapshot) => {
  const { values, errors, asyncErrors, touched, submitError, result, draftNotice } = ctx(state);
  return { value: state.value, values, errors, asyncErrors, touched, submitError, result, draftNotice };
};

const model = createMachineTestModel(profileFormMachine, {
  project,
  input,
  events: () => modelEvents,
});
const paths = modelPaths(model, {
  // Simple paths into succeeded over valid values only: every order of check, failure, retry and reset.
  toState: (state) => state.matches('succeeded'),
  // The restoring outcomes are covered by the shortest paths; the simple ones start from no stored draft.
  filterEvents: (state, event) =>
    state.matches('restoring')
      ? event.type === 'xstate.done.actor.loadDraft' && (event as ModelEvent).output === null
      : event.type !== 'field.change' || ['Ada', 'ada@example.com'].includes((event as ModelEvent).value as string),
});

function startForm() {
  const validateAsync = controlled<FieldErrors<ProfileValues>, FormRequest<ProfileValues>>();
  const submitForm = controlled<unknown, FormRequest<ProfileValues>>();
  const loadDraft = controlled<unknown, string>();
  const persisted: Array<FormDraftParams | null> = [];
  const actor: Actor<typeof profileFormMachine> = createActor(
    profileFormMachine.provide({
      actors: { validateAsync: validateAsync.logic, submitForm: submitForm.logic, loadDraft: loadDraft.logic },
      actions: { persistDraft: (_, params) => void persisted.push(params) },
    }),
    { input },
  ).start();
  return { actor, validateAsync, submitForm, loadDraft, persisted };
}

const canSubmit = (snap: AnyMachineSnapshot) => snap.can({ type: 'form.submit' });
const allFine = (c: ProfileContext) => [...Object.values(c.errors), ...Object.values(c.asyncErrors)].every((error) => !error);

function harness() {
  let run: ReturnType<typeof startForm> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  const send = (step: { event: EventObject }) => get().actor.send(step.event as FormEvent<ProfileValues>);
  const payload = (step: { event: EventObject }) => step.event as ModelEvent;
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startForm();
        },
        'field.change': send,
        'xstate.done.actor.loadDraft': async (step: { event: EventObject }) => {
          get().loadDraft.last().resolve(payload(step).output);
          await flush();
        },
        'xstate.error.actor.loadDraft': async (step: { event: EventObject }) => {
          get().loadDraft.last().reject(payload(step).error);
          await flush();
        },
        'form.reset': send,
        'form.submit': (step: { event: EventObject }) => {
          const before = real();
          send(step);
          // Blocked while invalid: nothing happens and no check starts.
          if (!allFine(ctx(before))) expect(real().value).toBe(before.value);
        },
        'xstate.done.actor.validateAsync': async (step: { event: EventObject }) => {
          get().validateAsync.last().resolve(payload(step).output as FieldErrors<ProfileValues>);
          await flush();
        },
        'xstate.error.actor.validateAsync': async (step: { event: EventObject }) => {
          get().validateAsync.last().reject(payload(step).error);
          await flush();
        },
        'xstate.done.actor.submitForm': async (step: { event: EventObject }) => {
          get().submitForm.last().resolve(payload(step).output);
          await flush();
        },
        'xstate.error.actor.submitForm': async (step: { event: EventObject }) => {
          get().submitForm.last().reject(payload(step).error);
          await flush();
        },
      },
      states: checkedStates(real, project, {
        // The stored draft is read under the form's key; nothing is kept yet and Save waits.
        restoring: (snap) => {
          expect(get().loadDraft.last().input).toBe(DRAFT_KEY);
          expect(get().persisted).toEqual([]);
          expect(canSubmit(snap)).toBe(false);
          expect(ctx(snap).values).toEqual({ alias: '', email: '' });
          expect(ctx(snap).draftNotice).toBeNull();
        },
        editing: (snap) => {
          const c = ctx(snap);
          // Every change kept the values as the draft (none while they are the initial ones); a restored draft is
          // not sent, and its notice is shown.
          const last = get().persisted.at(-1);
          if (last) expect(last).toEqual({ key: DRAFT_KEY, record: c.values.alias === '' && c.values.email === '' ? null : { kept: c.values } });
          if (c.draftNotice) expect(c.draftNotice).toBe(DRAFT_NOTICE);
          expect(snap.hasTag('busy')).toBe(false);
          // Save is enabled exactly when every field passes its rule and no async error is pending.
          expect(canSubmit(snap)).toBe(allFine(c));
          expect(c.errors.alias).toBe(c.values.alias.trim() ? null : REQUIRED_FIELD_MESSAGE);
          expect(c.errors.email).toBe(!c.values.email ? REQUIRED_FIELD_MESSAGE : c.values.email === 'ada@example.com' ? null : INVALID_EMAIL_MESSAGE);
          expect(fieldError(c, 'alias')).toBe(c.errors.alias ?? c.asyncErrors.alias ?? null);
          expect(c.values).not.toHaveProperty('avatar');
        },
        validating: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(canSubmit(snap)).toBe(false);
          expect(get().validateAsync.last().input).toEqual({ values: ctx(snap).values });
          expect(get().validateAsync.last().signal.aborted).toBe(false);
          expect(ctx(snap).touched).toEqual({ alias: true, email: true });
        },
        submitting: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(canSubmit(snap)).toBe(false);
          expect(snap.can({ type: 'form.reset' })).toBe(false);
          expect(get().submitForm.last().input).toEqual({ values: { alias: 'Ada', email: 'ada@example.com' } });
        },
        succeeded: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(canSubmit(snap)).toBe(false);
          expect(ctx(snap).result).toEqual({ saved: true });
          expect(ctx(snap).submitError).toBeNull();
          // Saved: the draft is forgotten and its notice gone.
          expect(get().persisted.at(-1)).toEqual({ key: DRAFT_KEY, record: null });
          expect(ctx(snap).draftNotice).toBeNull();
        },
      }),
    },
  };
}

describe('formMachine (model-based, profile form)', () => {
  it('xstate/graph createTestModel refuses invoking machines, hence createMachineTestModel', () => {
    expect(() => createTestModel(profileFormMachine)).toThrow(/not supported/);
  });

  modelCoverageTests(profileFormMachine, paths, harness);

  it('a form without a draft starts editing at once and keeps nothing', () => {
    const persisted: unknown[] = [];
    const actor = createActor(profileFormMachine.provide({ actions: { persistDraft: (_, params) => void persisted.push(params) } }), {
      input: { fields: profileFormFields() },
    }).start();
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'field.change', name: 'alias', value: 'Ada' });
    expect(persisted).toEqual([null]);
    actor.stop();
  });
});
