import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { ContactMessage } from '../../domain/contact';
import {
  contactErrors,
  createContactFormMachine,
  type ContactField,
  type ContactFormContext,
  type ContactFormEvent,
  type ContactValues,
  type ContactDraftParams,
  contactDraftRecord,
  restoredContactDraft,
} from '../../machines/contact/contactFormMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from './support/modelTesting';

const TOKEN = 'altcha-payload-1';
const NAME = '  Ada Lovelace  ';
const EMAIL = ' ada@example.com ';
const MESSAGE = '  The offer I made on Dawn Study does not show in my dashboard.  ';
const EDITED = '  My offer on Dawn Study is missing from Sent offers.  ';
const TYPED_TOPIC = '  Press enquiry  ';
/** A topic of each category the model picks (docs/requirements.md#validation); 'Buying Art' is not an Artist Support topic. */
const TOPIC_OF: Record<string, string> = { 'Artist Support': 'Payments & Offers', 'Collector Support': 'Buying Art', Other: 'Add topic' };

const machine = createContactFormMachine();
/** A draft kept from before a reload: everything but the human check. */
const EMPTY: ContactValues = { category: '', topic: '', customTopic: '', name: '', email: '', message: '' };
const DRAFT = { version: 1, values: { category: 'Artist Support', topic: 'Payments & Offers', customTopic: '', name: NAME, email: EMAIL, message: MESSAGE } };
const change = (name: ContactField, value: string): ContactFormEvent => ({ type: 'field.change', name, value });
const contextOf = (state: AnyMachineSnapshot) => state.context as ContactFormContext;

/** The next field the model fills, in the form's order; null once every field is filled. */
function nextField(values: ContactValues): ContactField | null {
  if (values.category === '') return 'category';
  if (values.topic === '') return 'topic';
  if (values.topic === 'Add topic' && values.customTopic === '') return 'customTopic';
  if (values.name === '') return 'name';
  if (values.email !== EMAIL) return 'email';
  if (values.message === '') return 'message';
  return null;
}

// The user fills the form in order (with detours: 'Other' and a typed topic, a topic of another category, an
// invalid email, leaving the message empty, switching category, an expired check, an edit after a failure); the
// detours in the first round only, so the paths stay few.
function events(state: AnyMachineSnapshot): EventObject[] {
  // The stored draft is read first (nothing typed is lost offline): none, a draft typed before a reload, or storage failing.
  if (state.matches('restoring')) {
    const restoring: Array<EventObject & Record<string, unknown>> = [
      { type: 'xstate.done.actor.loadDraft', output: null },
      { type: 'xstate.done.actor.loadDraft', output: DRAFT },
      { type: 'xstate.error.actor.loadDraft', error: new Error('IndexedDB unavailable') },
    ];
    return restoring;
  }
  const { values, token, touched, checkRound } = contextOf(state);
  const next = nextField(values);
  const good: Record<ContactField, string> = { category: 'Artist Support', topic: TOPIC_OF[values.category] ?? '', customTopic: TYPED_TOPIC, name: NAME, email: EMAIL, message: MESSAGE };
  const list: ContactFormEvent[] = [{ type: 'form.submit' }];
  if (next) {
    list.push(change(next, good[next]));
    if (next === 'category' && checkRound === 0) list.push(change('category', 'Other'));
    if (next === 'topic' && values.category === 'Artist Support') list.push(change('topic', 'Buying Art'));
    if (next === 'email' && values.email === '' && checkRound === 0) list.push(change('email', 'ada@'));
    if (next === 'message' && !touched.message && checkRound === 0) list.push({ type: 'field.blur', name: 'message' });
  } else {
    list.push(token ? { type: 'check.expired' } : { type: 'check.solved', token: TOKEN });
    if (values.category === 'Artist Support' && !token && checkRound === 0) list.push(change('category', 'Collector Support'));
    if (state.matches('failure') && values.message !== EDITED) list.push(change('message', EDITED));
  }
  return list;
}

const hasPayload = (event: EventObject) =>
  !['field.change', 'field.blur', 'check.solved'].includes(event.type) || 'name' in event || 'token' in event;

const model = createMachineTestModel(machine, {
  events,
  // Two sends at most (the graph stays finite): a failure, then a success.
  filterEvents: (state, event) => hasPayload(event) && (event.type !== 'form.submit' || contextOf(state).checkRound < 2),
});
/** The draft restored or storage failing: the shortest paths reach their states. */
const isRestoreDetour = (event: EventObject) =>
  event.type === 'xstate.error.actor.loadDraft' || (event.type === 'xstate.done.actor.loadDraft' && (event as { output?: unknown }).output !== null);
/** The first-round detours: the shortest paths reach each of their states; the simple paths leave them out. */
const isDetour = (event: EventObject) => {
  const { name, value } = event as { name?: string; value?: string };
  return (name === 'category' && (value === 'Other' || value === 'Collector Support')) || (name === 'email' && value === 'ada@') || event.type === 'field.blur';
};
// Shortest paths to every state, and simple paths to a second message sent (a failure or a success first; an edit
// after the failure or none; an expired check).
const paths = modelPaths(model, {
  toState: (state) => state.matches('success') && contextOf(state).checkRound === 2,
  filterEvents: (state, event) =>
    hasPayload(event) && !isDetour(event) && !isRestoreDetour(event) && (event.type !== 'form.submit' || contextOf(state).checkRound < 2),
});

/** The trimmed message the server must receive for these values. */
function expectedPayload(values: ContactValues): ContactMessage {
  const topic = values.category === 'Other' ? 'Press enquiry' : TOPIC_OF[values.category]!;
  const message = values.message === EDITED ? 'My offer on Dawn Study is missing from Sent offers.' : 'The offer I made on Dawn Study does not show in my dashboard.';
  return { category: values.category, topic, name: 'Ada Lovelace', email: 'ada@example.com', message, turnstile: TOKEN };
}

function harness() {
  const sendMessage = controlled<void, ContactMessage>();
  const loadDraft = controlled<unknown, void>();
  const persisted: Array<ContactDraftParams['record']> = [];
  let actor: ReturnType<typeof createActor<typeof machine>> | undefined;
  const real = () => {
    if (!actor) throw new Error('actor not started');
    return actor.getSnapshot() as AnyMachineSnapshot;
  };
  const send = (step: { event: EventObject }) => void actor!.send(step.event as ContactFormEvent);
  const editable = (snap: AnyMachineSnapshot) => {
    expect(snap.hasTag('busy')).toBe(false);
    const { values, token, touched } = contextOf(snap);
    const errors = contactErrors(values, token);
    // Send only when every field is valid and the human check is solved (docs/requirements.md#validation).
    expect(snap.can({ type: 'form.submit' })).toBe(Object.keys(errors).length === 0);
    if (values.category === '') expect(errors.category).toBe('Choose a category');
    if (values.category !== '' && values.topic === '') expect(errors.topic).toBe('Choose a topic');
    if (values.topic === 'Add topic' && values.customTopic === '') expect(errors.customTopic).toBe('Choose a topic');
    if (values.email === 'ada@') expect(errors.email).toBe('Enter a valid email address');
    if (touched.message && values.message === '') expect(errors.message).toBe('Required Field');
    if (nextField(values) === null) expect(errors.turnstile).toBe(token ? undefined : 'Complete the human check');
    if (values.category !== 'Other') expect(values.customTopic).toBe('');
    // What is typed is kept for a reload as it is now (nothing once the form is empty again).
    if (persisted.length > 0) expect(persisted.at(-1)).toEqual(contactDraftRecord(values));
  };
  return {
    stop: () => actor?.stop(),
    params: {
      events: {
        'xstate.init': () => {
          actor = createActor(
            machine.provide({ actors: { sendMessage: sendMessage.logic, loadDraft: loadDraft.logic }, actions: { persistDraft: (_, params) => void persisted.push(params.record) } }),
          ).start();
        },
        'xstate.done.actor.loadDraft': async (step: { event: EventObject }) => {
          loadDraft.last().resolve((step.event as unknown as { output: unknown }).output);
          await flush();
        },
        'xstate.error.actor.loadDraft': async () => {
          loadDraft.last().reject(new Error('IndexedDB unavailable'));
          await flush();
        },
        'field.change': (step: { event: EventObject }) => {
          const event = step.event as Extract<ContactFormEvent, { type: 'field.change' }>;
          const before = contextOf(real()).values;
          send(step);
          const after = contextOf(real()).values;
          if (event.name === 'topic' && event.value === 'Buying Art' && before.category === 'Artist Support') {
            // Topics depend on the category: another category's topic is refused.
            expect(after.topic).toBe(before.topic);
          } else if (event.name === 'category' && event.value !== before.category) {
            expect(after).toMatchObject({ category: event.value, topic: '', customTopic: '' });
          } else {
            expect(after[event.name]).toBe(event.value);
          }
          expect(contextOf(real()).touched[event.name]).toBe(true);
        },
        'field.blur': (step: { event: EventObject }) => {
          send(step);
          expect(contextOf(real()).touched[(step.event as unknown as { name: ContactField }).name]).toBe(true);
        },
        'check.solved': send,
        'check.expired': send,
        'form.submit': (step: { event: EventObject }) => {
          const calls = sendMessage.calls.length;
          const allowed = real().can({ type: 'form.submit' });
          const values = contextOf(real()).values;
          send(step);
          expect(sendMessage.calls).toHaveLength(allowed ? calls + 1 : calls);
          // Every text trimmed; the typed topic in place of 'Add topic'.
          if (allowed) expect(sendMessage.last().input).toEqual(expectedPayload(values));
        },
        'xstate.done.actor.sendMessage': async () => {
          sendMessage.last().resolve();
          await flush();
        },
        'xstate.error.actor.sendMessage': async () => {
          sendMessage.last().reject(new Error('Request failed with status 503'));
          await flush();
        },
      },
      states: checkedStates(real, (state) => ({ value: state.value, context: state.context }), {
        restoring: (snap) => {
          expect(loadDraft.calls).toHaveLength(1);
          expect(snap.can({ type: 'form.submit' })).toBe(false);
        },
        idle: (snap) => {
          editable(snap);
          // A restored draft is never sent by itself: only Send sends it.
          if (contextOf(snap).checkRound === 0) expect(sendMessage.calls).toHaveLength(0);
          if (persisted.length === 0 && contextOf(snap).values.message === MESSAGE && contextOf(snap).values.topic === 'Payments & Offers') {
            // Restored from the draft: its fields show their messages as touched ones do.
            expect(contextOf(snap).touched).toMatchObject({ category: true, topic: true, name: true, email: true, message: true });
          }
        },
        sending: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(sendMessage.last().signal.aborted).toBe(false);
          expect(sendMessage.last().input).toEqual(expectedPayload(contextOf(snap).values));
          // Locked while the message is on its way.
          expect(snap.can(change('name', 'Grace'))).toBe(false);
          expect(snap.can({ type: 'form.submit' })).toBe(false);
        },
        success: (snap) => {
          editable(snap);
          // 'Message sent successfully': the form starts again, with a new human check.
          expect(contextOf(snap)).toMatchObject({ values: { category: '', topic: '', customTopic: '', name: '', email: '', message: '' }, touched: {}, token: null });
          expect(contextOf(snap).checkRound).toBeGreaterThan(0);
          expect(snap.can({ type: 'form.submit' })).toBe(false);
        },
        failure: (snap) => {
          editable(snap);
          // 'Message not sent. Please try again later.': everything typed is kept; the spent token is not (Send
          // waits for the new human check).
          const { values, token, checkRound } = contextOf(snap);
          expect(nextField(values)).toBeNull();
          expect(values.name).toBe(NAME);
          expect(checkRound).toBeGreaterThan(0);
          expect(snap.can({ type: 'form.submit' })).toBe(token !== null);
        },
      }),
    },
  };
}

describe('contactFormMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);
});

describe('contactFormMachine drafts (examples)', () => {
  it('behavior: a stored draft of another version, a missing field or a topic its category does not offer is not restored as it was', () => {
    expect(restoredContactDraft({ ...DRAFT, version: 0 })).toBeNull();
    expect(restoredContactDraft({ version: 1, values: { ...DRAFT.values, name: 3 } })).toBeNull();
    expect(restoredContactDraft({ version: 1, values: { ...DRAFT.values, topic: 'Buying Art' } })).toMatchObject({ category: 'Artist Support', topic: '', name: NAME });
    expect(restoredContactDraft({ version: 1, values: { ...DRAFT.values, category: 'Other', topic: 'Add topic', customTopic: TYPED_TOPIC } })).toMatchObject({ topic: 'Add topic', customTopic: TYPED_TOPIC });
    expect(contactDraftRecord({ ...DRAFT.values, category: '', topic: '', name: ' ', email: '', message: '' })).toBeNull();
  });

  it('behavior: typing before the stored draft is read wins over it, and is kept', async () => {
    const loadDraft = controlled<unknown, void>();
    const persisted: Array<ContactDraftParams['record']> = [];
    const actor = createActor(machine.provide({ actors: { loadDraft: loadDraft.logic }, actions: { persistDraft: (_, params) => void persisted.push(params.record) } })).start();
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    actor.send(change('message', 'Typed first'));
    loadDraft.last().resolve(DRAFT);
    await flush();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ ...EMPTY, message: 'Typed first' });
    expect(persisted).toEqual([{ version: 1, values: { ...EMPTY, message: 'Typed first' } }]);
    actor.stop();
  });
});
