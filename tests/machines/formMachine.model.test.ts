import { describe, expect, it } from 'vitest';
import { createActor, type Actor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  createFormMachine,
  fieldError,
  type FieldErrors,
  type FormContext,
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

const modelEvents: ModelEvent[] = [
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
  const { values, errors, asyncErrors, touched, submitError, result } = ctx(state);
  return { value: state.value, values, errors, asyncErrors, touched, submitError, result };
};

const model = createMachineTestModel(profileFormMachine, {
  project,
  input: { fields: profileFormFields() },
  events: () => modelEvents,
});
const paths = modelPaths(model, {
  // Simple paths into succeeded over valid values only: every order of check, failure, retry and reset.
  toState: (state) => state.matches('succeeded'),
  filterEvents: (_state, event) => event.type !== 'field.change' || ['Ada', 'ada@example.com'].includes((event as ModelEvent).value as string),
});

function startForm() {
  const validateAsync = controlled<FieldErrors<ProfileValues>, FormRequest<ProfileValues>>();
  const submitForm = controlled<unknown, FormRequest<ProfileValues>>();
  const actor: Actor<typeof profileFormMachine> = createActor(
    profileFormMachine.provide({ actors: { validateAsync: validateAsync.logic, submitForm: submitForm.logic } }),
    { input: { fields: profileFormFields() } },
  ).start();
  return { actor, validateAsync, submitForm };
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
        editing: (snap) => {
          const c = ctx(snap);
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
});
