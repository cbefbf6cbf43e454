import { assign, fromPromise, setup } from 'xstate';
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export type FormValues = Record<string, unknown>;

/** A synchronous rule: the message to show, or null when the value is fine. */
export type FieldValidator<TValue = unknown, TValues = FormValues> = (value: TValue, values: TValues) => string | null;

export type FormFields<TValues extends FormValues> = {
  [K in keyof TValues & string]: { value: TValues[K]; validate?: FieldValidator<TValues[K], TValues> };
};

/**
 * Nothing typed is lost offline: a form whose typed values survive a reload as a draft. The form starts in `restoring` (loadDraft
 * reads the record under `key`; a field typed meanwhile wins), every change calls persistDraft with `keep(values)`
 * (null while the values are the initial ones), a successful save forgets the draft and a failed one keeps it; a
 * restored draft is sent only when the user presses Save. `restore` checks a stored record: the values to put back
 * (fields the form does not have are ignored) and a notice to show (say, a file too large to keep), or null.
 */
export interface FormDraft<TValues extends FormValues> {
  key: string;
  keep: (values: TValues) => unknown;
  restore: (stored: unknown) => { values: Partial<TValues>; notice?: string | null } | null;
}

export interface FormInput<TValues extends FormValues> {
  fields: FormFields<TValues>;
  /** Without it the form keeps no draft (and starts in editing at once). */
  draft?: FormDraft<TValues>;
}

/** The persistDraft action's params: the record to keep under `key` (null forgets it). */
export interface FormDraftParams {
  key: string;
  record: unknown;
}

export type FieldErrors<TValues extends FormValues = FormValues> = Partial<Record<keyof TValues & string, string | null>>;

export interface FormContext<TValues extends FormValues> {
  fields: FormFields<TValues>;
  values: TValues;
  /** Synchronous rule results for every field, recomputed on every change (so Save can be disabled). */
  errors: FieldErrors<TValues>;
  /** Results of validateAsync; a field's entry is cleared when it changes. */
  asyncErrors: FieldErrors<TValues>;
  /** Fields the user changed: a view shows a field's error once it is touched. */
  touched: Partial<Record<keyof TValues & string, boolean>>;
  submitError: string | null;
  result: unknown;
  draft: FormDraft<TValues> | null;
  /** The values the form started with: a draft equal to them is no draft. */
  initial: TValues;
  /** Said beside the form after a restored draft (the restore's notice), until the next save. */
  draftNotice: string | null;
}

export interface FieldChangeEvent<TValues extends FormValues> {
  type: 'field.change';
  name: keyof TValues & string;
  value: TValues[keyof TValues & string];
}

/** The field.change event with the value typed by its field name. */
export const fieldChange = <TValues extends FormValues, K extends keyof TValues & string>(name: K, value: TValues[K]) =>
  ({ type: 'field.change', name, value }) as FieldChangeEvent<TValues>;

export type FormEvent<TValues extends FormValues> = FieldChangeEvent<TValues> | { type: 'form.submit' } | { type: 'form.reset' };

export interface FormRequest<TValues extends FormValues> {
  values: TValues;
}

const initialValues = <TValues extends FormValues>(fields: FormFields<TValues>) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, (field as { value: unknown }).value])) as TValues;

/** Every synchronous rule run against `values` (cross-field rules see all values). */
export function validateFields<TValues extends FormValues>(fields: FormFields<TValues>, values: TValues): FieldErrors<TValues> {
  const errors: FieldErrors<TValues> = {};
  for (const name of Object.keys(fields) as Array<keyof TValues & string>) {
    errors[name] = fields[name].validate?.(values[name], values) ?? null;
  }
  return errors;
}

const hasError = (errors: Record<string, string | null | undefined>) => Object.values(errors).some((error) => Boolean(error));

/** The message a view shows under a field: its rule's first, then the async one. */
export const fieldError = <TValues extends FormValues>(context: FormContext<TValues>, name: keyof TValues & string) =>
  context.errors[name] ?? context.asyncErrors[name] ?? null;

const sameValues = (a: FormValues, b: FormValues) => Object.keys(a).every((name) => Object.is(a[name], b[name]));


/** A form: validation on change and submit, submit while valid, and a draft that survives a reload. */
export function createFormMachine<TValues extends FormValues = FormValues>() {
  // Every change: the draft to keep (null once the values are back to the initial ones). No draft: nothing is kept.
  const persistDraft = {
    type: 'persistDraft' as const,
    params: ({ context }: { context: FormContext<TValues> }): FormDraftParams | null =>
      context.draft ? { key: context.draft.key, record: sameValues(context.values, context.initial) ? null : context.draft.keep(context.values) } : null,
  };
  // A save succeeded: the draft is sent.
  const forgetDraft = {
    type: 'persistDraft' as const,
    params: ({ context }: { context: FormContext<TValues> }): FormDraftParams | null => (context.draft ? { key: context.draft.key, record: null } : null),
  };
  return setup({
    types: {
      context: {} as FormContext<TValues>,
      events: {} as FormEvent<TValues>,
      input: {} as FormInput<TValues>,
      tags: {} as 'busy',
    },
    actors: {
      // Optional server-side checks (say, alias taken); resolves field → message. None by default.
      validateAsync: fromPromise<FieldErrors<TValues>, FormRequest<TValues>>(async () => ({})),
      // Services save the values (say, PUT /api/v1/account/{id}) and resolve what the view needs next.
      submitForm: notProvided<unknown, FormRequest<TValues>>('formMachine', 'submitForm'),
      // Services read the record stored under the key (checked by the draft's restore); null when none.
      loadDraft: fromPromise<unknown, string>(async () => null),
    },
    guards: {
      isKnownField: ({ context, event }) => event.type === 'field.change' && Object.hasOwn(context.fields, event.name),
      // Validates on submit: the rules run again on the current values; a pending async error also blocks.
      isSubmittable: ({ context }) => !hasError(validateFields(context.fields, context.values)) && !hasError(context.asyncErrors),
      keepsNoDraft: ({ context }) => context.draft === null,
      hasAsyncErrors: ({ event }) => hasError(((event as { output?: unknown }).output ?? {}) as Record<string, string | null>),
    },
    actions: {
      applyChange: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {};
        const values = { ...context.values, [event.name]: event.value } as TValues;
        return {
          values,
          errors: validateFields(context.fields, values),
          asyncErrors: { ...context.asyncErrors, [event.name]: null },
          touched: { ...context.touched, [event.name]: true },
          submitError: null,
        };
      }),
      touchAll: assign(({ context }) => ({
        touched: Object.fromEntries(Object.keys(context.fields).map((name) => [name, true])) as FormContext<TValues>['touched'],
        errors: validateFields(context.fields, context.values),
        submitError: null,
      })),
      reset: assign(({ context }) => {
        const values = initialValues(context.fields);
        return { values, errors: validateFields(context.fields, values), asyncErrors: {}, touched: {}, submitError: null, result: null };
      }),
      storeAsyncErrors: assign({
        asyncErrors: ({ event }) => ((event as { output?: FieldErrors<TValues> }).output ?? {}) as FieldErrors<TValues>,
      }),
      storeSubmitError: assign({ submitError: ({ event }) => errorMessage((event as { error?: unknown }).error) }),
      restoreDraft: assign(({ context, event }) => {
        const restored = context.draft?.restore((event as { output?: unknown }).output) ?? null;
        if (!restored) return {};
        const names = Object.keys(restored.values).filter((name) => Object.hasOwn(context.fields, name)) as Array<keyof TValues & string>;
        const values = { ...context.values, ...Object.fromEntries(names.map((name) => [name, restored.values[name]])) } as TValues;
        // The restored fields show their messages at once, as fields the user changed.
        const touched = { ...context.touched, ...Object.fromEntries(names.filter((name) => !Object.is(values[name], context.initial[name])).map((name) => [name, true])) };
        return { values, touched, errors: validateFields(context.fields, values), draftNotice: restored.notice ?? null };
      }),
      clearNotice: assign({ draftNotice: null }),
      // Provided: keeps the draft for a reload (src/services/formDrafts.ts); params null when the form keeps none.
      persistDraft: (_, _params: FormDraftParams | null) => undefined,
    },
  }).createMachine({
    id: 'form',
    context: ({ input }) => {
      const values = initialValues(input.fields);
      return {
        fields: input.fields,
        values,
        errors: validateFields(input.fields, values),
        asyncErrors: {},
        touched: {},
        submitError: null,
        result: null,
        draft: input.draft ?? null,
        initial: values,
        draftNotice: null,
      };
    },
    initial: 'restoring',
    states: {
      // The stored draft is read (a form without one goes straight on); a field typed meanwhile wins over it.
      restoring: {
        always: { guard: 'keepsNoDraft', target: 'editing' },
        invoke: {
          id: 'loadDraft',
          src: 'loadDraft',
          input: ({ context }) => context.draft?.key ?? '',
          onDone: { target: 'editing', actions: 'restoreDraft' },
          onError: { target: 'editing' },
        },
        on: {
          'field.change': { guard: 'isKnownField', target: 'editing', actions: ['applyChange', persistDraft] },
          'form.reset': { target: 'editing', actions: ['reset', persistDraft] },
        },
      },
      editing: {
        on: {
          'field.change': { guard: 'isKnownField', actions: ['applyChange', persistDraft] },
          // No fallback transition: snapshot.can({ type: 'form.submit' }) is false while a field is invalid.
          'form.submit': { guard: 'isSubmittable', target: 'validating', actions: 'touchAll' },
          'form.reset': { actions: ['reset', persistDraft] },
        },
      },
      validating: {
        tags: 'busy',
        invoke: {
          id: 'validateAsync',
          src: 'validateAsync',
          input: ({ context }) => ({ values: context.values }),
          onDone: [
            { guard: 'hasAsyncErrors', target: 'editing', actions: 'storeAsyncErrors' },
            { target: 'submitting', actions: 'storeAsyncErrors' },
          ],
          onError: { target: 'editing', actions: 'storeSubmitError' },
        },
        on: {
          // Editing during the check cancels it: the values it checked are stale.
          'field.change': { guard: 'isKnownField', target: 'editing', actions: ['applyChange', persistDraft] },
          'form.reset': { target: 'editing', actions: ['reset', persistDraft] },
        },
      },
      submitting: {
        tags: 'busy',
        invoke: {
          id: 'submitForm',
          src: 'submitForm',
          input: ({ context }) => ({ values: context.values }),
          // Saved: the draft is gone. A failed save keeps it (offline too).
          onDone: { target: 'succeeded', actions: [assign({ result: ({ event }) => event.output }), 'clearNotice', forgetDraft] },
          onError: { target: 'editing', actions: 'storeSubmitError' },
        },
      },
      // Saved; editing again starts a new round.
      succeeded: {
        on: {
          'field.change': { guard: 'isKnownField', target: 'editing', actions: ['applyChange', persistDraft] },
          'form.reset': { target: 'editing', actions: ['reset', persistDraft] },
        },
      },
    },
  });
}

export const formMachine = createFormMachine();

export type FormMachine<TValues extends FormValues = FormValues> = ReturnType<typeof createFormMachine<TValues>>;
