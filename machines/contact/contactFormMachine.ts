// The contact form (/contact-us, the editorial pages; docs/requirements.md#contact "Contact form: idle, then sending, then
// success or failure", docs/requirements.md#validation "category, topic, name, email, message and a completed human-check token are all required
// before Send is enabled. Topic depends on category ... Text inputs are trimmed", docs/requirements.md#validation the two outcome messages):
//   idle ─form.submit (every field valid, the human check solved)→ sending → success | failure
// success clears the form; failure keeps everything typed. Either way the human-check token is spent (a Turnstile
// token and an ALTCHA solution are accepted once), so the token is dropped and `checkRound` counts up: the view
// shows a fresh human check for the next message. The rules are the shared ones in domain/contact.ts.
// Nothing typed is lost offline: what is typed is a draft that survives a reload. The form starts in `restoring` (loadDraft reads
// the stored draft; typing meanwhile wins), every change calls persistDraft with the values to keep (null: nothing
// typed, or the message was sent), and a restored draft is sent only when the user presses Send. The human check is
// never kept (a token is spent once).
import { assign, fromPromise, setup } from 'xstate';
import { ADD_TOPIC, contactMessageSchema, isFreeTopicCategory, topicsFor, type ContactMessage } from '../../domain/contact';
import { notProvided } from '../system/notProvided';

/** What the user types or picks; `customTopic` is the free-text topic 'Other' → 'Add topic' reveals. */
export interface ContactValues {
  category: string;
  topic: string;
  customTopic: string;
  name: string;
  email: string;
  message: string;
}

export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField | 'turnstile', string>>;

export interface ContactFormContext {
  values: ContactValues;
  /** Fields the user changed or left: a view shows a field's message once it is touched. */
  touched: Partial<Record<ContactField, boolean>>;
  /** The human check's token (a Turnstile token or an ALTCHA payload); null until solved, after expiry or a send. */
  token: string | null;
  /** Counts sends: a new round shows a new human check (the last token was spent). */
  checkRound: number;
}

export type ContactFormEvent =
  | { type: 'field.change'; name: ContactField; value: string }
  | { type: 'field.blur'; name: ContactField }
  | { type: 'check.solved'; token: string }
  | { type: 'check.expired' }
  | { type: 'form.submit' };

export const EMPTY_CONTACT_VALUES: ContactValues = { category: '', topic: '', customTopic: '', name: '', email: '', message: '' };

/** Stored beside the values; a draft of another version is discarded. */
export const CONTACT_DRAFT_VERSION = 1;

export interface ContactDraftRecord {
  version: number;
  values: ContactValues;
}

/** The persistDraft action's params: the record to keep, or null to forget the draft. */
export interface ContactDraftParams {
  record: ContactDraftRecord | null;
}

/** The record a reload brings back: the values while anything is typed, null for an empty form. */
export function contactDraftRecord(values: ContactValues): ContactDraftRecord | null {
  return Object.values(values).some((value) => value.trim() !== '') ? { version: CONTACT_DRAFT_VERSION, values } : null;
}

/** The values of a stored draft, or null when there is none or it is not a draft of this version. */
export function restoredContactDraft(stored: unknown): ContactValues | null {
  const candidate = stored as Partial<ContactDraftRecord> | null | undefined;
  if (!candidate || candidate.version !== CONTACT_DRAFT_VERSION || typeof candidate.values !== 'object' || candidate.values === null) return null;
  const values = { ...EMPTY_CONTACT_VALUES };
  for (const name of Object.keys(EMPTY_CONTACT_VALUES) as ContactField[]) {
    const value = (candidate.values as unknown as Record<string, unknown>)[name];
    if (typeof value !== 'string') return null;
    values[name] = value;
  }
  // A topic the category does not offer is not restored (the rules may have changed since).
  return withChange(withChange({ ...values, topic: '', customTopic: '' }, 'topic', values.topic), 'customTopic', values.topic === ADD_TOPIC ? values.customTopic : '');
}

/** Whether the free-text topic input is shown: 'Other' with 'Add topic' chosen. */
export const wantsTypedTopic = (values: ContactValues) => isFreeTopicCategory(values.category) && values.topic === ADD_TOPIC;

/** The message as it is sent: every text trimmed, the typed topic in place of 'Add topic'. */
export function contactPayload(values: ContactValues, token: string | null): ContactMessage {
  return {
    category: values.category.trim(),
    topic: (wantsTypedTopic(values) ? values.customTopic : values.topic).trim(),
    name: values.name.trim(),
    email: values.email.trim(),
    message: values.message.trim(),
    turnstile: (token ?? '').trim(),
  };
}

/**
 * Each field's first message from the shared rule (the domain's text); a topic message belongs to the typed topic
 * when 'Add topic' is chosen. Empty when the message can be sent.
 */
export function contactErrors(values: ContactValues, token: string | null): ContactErrors {
  const result = contactMessageSchema.safeParse(contactPayload(values, token));
  if (result.success) return {};
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key !== 'string') continue;
    const field = key === 'topic' && wantsTypedTopic(values) ? 'customTopic' : (key as ContactField | 'turnstile');
    errors[field] ??= issue.message;
  }
  return errors;
}

const withChange = (values: ContactValues, name: ContactField, value: string): ContactValues => {
  if (name === 'category') {
    // A new category offers other topics: the topic (and a typed one) starts again.
    return value === values.category ? values : { ...values, category: value, topic: '', customTopic: '' };
  }
  if (name === 'topic') {
    if (!topicsFor(values.category).includes(value) && value !== '') return values;
    return { ...values, topic: value, customTopic: value === ADD_TOPIC ? values.customTopic : '' };
  }
  return { ...values, [name]: value };
};

const persistDraft = {
  type: 'persistDraft' as const,
  params: ({ context }: { context: ContactFormContext }): ContactDraftParams => ({ record: contactDraftRecord(context.values) }),
};

export function createContactFormMachine() {
  return setup({
    types: {
      context: {} as ContactFormContext,
      events: {} as ContactFormEvent,
      tags: {} as 'busy',
    },
    actors: {
      // Services read the stored draft (a ContactDraftRecord, checked by restoredContactDraft); null when none.
      loadDraft: fromPromise<unknown, void>(async () => null),
      // Services POST /api/v1/connect (multipart); resolves on 200 { success: true }, rejects otherwise.
      sendMessage: notProvided<void, ContactMessage>('contactFormMachine', 'sendMessage'),
    },
    guards: {
      isComplete: ({ context }) => Object.keys(contactErrors(context.values, context.token)).length === 0,
    },
    actions: {
      applyChange: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {};
        const touched = event.name === 'category' ? { ...context.touched, category: true, topic: false, customTopic: false } : { ...context.touched, [event.name]: true };
        return { values: withChange(context.values, event.name, event.value), touched };
      }),
      touch: assign({
        touched: ({ context, event }) => (event.type === 'field.blur' ? { ...context.touched, [event.name]: true } : context.touched),
      }),
      storeToken: assign({ token: ({ event }) => (event.type === 'check.solved' ? event.token : null) }),
      clearToken: assign({ token: null }),
      newRound: assign({ token: null, checkRound: ({ context }) => context.checkRound + 1 }),
      clearForm: assign({ values: EMPTY_CONTACT_VALUES, touched: {} }),
      restoreDraft: assign(({ event }) => {
        const values = restoredContactDraft((event as { output?: unknown }).output);
        if (!values) return {};
        // The restored fields show their messages at once, as fields the user changed.
        const touched = Object.fromEntries((Object.keys(values) as ContactField[]).filter((name) => values[name] !== '').map((name) => [name, true]));
        return { values, touched };
      }),
      // Provided: keeps the draft for a reload (services/contact/contactDraft.ts); a no-op in tests that keep none.
      persistDraft: (_, _params: ContactDraftParams) => undefined,
    },
  }).createMachine({
    id: 'contactForm',
    context: { values: EMPTY_CONTACT_VALUES, touched: {}, token: null, checkRound: 0 },
    initial: 'restoring',
    // Editing works in every state but sending (the fields are locked while the message is on its way).
    states: {
      // The stored draft is read; a field typed meanwhile wins over it.
      restoring: {
        invoke: { id: 'loadDraft', src: 'loadDraft', onDone: { target: 'idle', actions: 'restoreDraft' }, onError: { target: 'idle' } },
        on: {
          'field.change': { target: 'idle', actions: ['applyChange', persistDraft] },
          'field.blur': { actions: 'touch' },
          'check.solved': { actions: 'storeToken' },
          'check.expired': { actions: 'clearToken' },
        },
      },
      idle: {
        on: {
          'field.change': { actions: ['applyChange', persistDraft] },
          'field.blur': { actions: 'touch' },
          'check.solved': { actions: 'storeToken' },
          'check.expired': { actions: 'clearToken' },
          // No fallback: snapshot.can({ type: 'form.submit' }) is false until the message can be sent.
          'form.submit': { guard: 'isComplete', target: 'sending' },
        },
      },
      sending: {
        tags: 'busy',
        invoke: {
          id: 'sendMessage',
          src: 'sendMessage',
          input: ({ context }) => contactPayload(context.values, context.token),
          // Sent: the draft is gone with the form. A failed send keeps it (offline too).
          onDone: { target: 'success', actions: ['clearForm', 'newRound', persistDraft] },
          onError: { target: 'failure', actions: 'newRound' },
        },
      },
      // 'Message sent successfully' until the next edit.
      success: {
        on: {
          'field.change': { target: 'idle', actions: ['applyChange', persistDraft] },
          'field.blur': { actions: 'touch' },
          'check.solved': { actions: 'storeToken' },
          'check.expired': { actions: 'clearToken' },
        },
      },
      // 'Message not sent. Please try again later.' with everything typed kept; Send again once re-checked.
      failure: {
        on: {
          'field.change': { target: 'idle', actions: ['applyChange', persistDraft] },
          'field.blur': { actions: 'touch' },
          'check.solved': { actions: 'storeToken' },
          'check.expired': { actions: 'clearToken' },
          'form.submit': { guard: 'isComplete', target: 'sending' },
        },
      },
    },
  });
}

export const contactFormMachine = createContactFormMachine();
export type ContactFormMachine = typeof contactFormMachine;
