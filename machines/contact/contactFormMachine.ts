// The contact form (/contact-us, issue 16; seed 001 §2 "Contact page", §4 "Contact form: idle, then sending, then
// success or failure", §5 "category, topic, name, email, message and a completed human-check token are all required
// before Send is enabled. Topic depends on category ... Text inputs are trimmed", §8 the two outcome messages):
//   idle ─form.submit (every field valid, the human check solved)→ sending → success | failure
// success clears the form; failure keeps everything typed. Either way the human-check token is spent (a Turnstile
// token and an ALTCHA solution are accepted once), so the token is dropped and `checkRound` counts up: the view
// shows a fresh human check for the next message. The rules are the shared ones in domain/contact.ts.
import { assign, fromPromise, setup } from 'xstate';
import { ADD_TOPIC, contactMessageSchema, isFreeTopicCategory, topicsFor, type ContactMessage } from '../../domain/contact';

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

export function createContactFormMachine() {
  return setup({
    types: {
      context: {} as ContactFormContext,
      events: {} as ContactFormEvent,
      tags: {} as 'busy',
    },
    actors: {
      // Services POST /api/v1/connect (multipart); resolves on 200 { success: true }, rejects otherwise.
      sendMessage: fromPromise<void, ContactMessage>(async () => {
        throw new Error('contactFormMachine: actor "sendMessage" not provided');
      }),
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
    },
  }).createMachine({
    id: 'contactForm',
    context: { values: EMPTY_CONTACT_VALUES, touched: {}, token: null, checkRound: 0 },
    initial: 'idle',
    // Editing works in every state but sending (the fields are locked while the message is on its way).
    states: {
      idle: {
        on: {
          'field.change': { actions: 'applyChange' },
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
          onDone: { target: 'success', actions: ['clearForm', 'newRound'] },
          onError: { target: 'failure', actions: 'newRound' },
        },
      },
      // 'Message sent successfully' until the next edit.
      success: {
        on: {
          'field.change': { target: 'idle', actions: 'applyChange' },
          'field.blur': { actions: 'touch' },
          'check.solved': { actions: 'storeToken' },
          'check.expired': { actions: 'clearToken' },
        },
      },
      // 'Message not sent. Please try again later.' with everything typed kept; Send again once re-checked.
      failure: {
        on: {
          'field.change': { target: 'idle', actions: 'applyChange' },
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
