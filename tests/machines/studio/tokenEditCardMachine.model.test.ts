import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { SaveTokenInput, StudioToken, TokenRef } from '../../../machines/studio/studioTypes';
import { cardDraftOf, tokenEditCardMachine, type TokenEditCardContext, type TokenEditCardEvent } from '../../../machines/studio/tokenEditCardMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from '../support/modelTesting';

const token: StudioToken = { tokenId: '2', name: 'dawn', description: null, mediaType: 'image', mediaUrl: '/ipfs/a', thumbnailUrl: '/ipfs/a', filename: 'dawn.png' };
const savedToken: StudioToken = { ...token, name: 'Morning', description: 'A calm sea' };
const input = { canvasId: 'c9', token };

const modelEvents: Array<EventObject & Record<string, unknown>> = [
  { type: 'card.name', value: 'Morning' },
  { type: 'card.name', value: '' },
  { type: 'card.description', value: 'A calm sea' },
  { type: 'card.describe', checked: true },
  { type: 'card.save' },
  { type: 'card.delete' },
  { type: 'xstate.done.actor.saveToken', output: savedToken },
  { type: 'xstate.error.actor.saveToken', error: new Error('Canvas is finalized') },
  { type: 'xstate.done.actor.deleteToken', output: undefined },
  { type: 'xstate.error.actor.deleteToken', error: new Error('Network down') },
];

const ctx = (state: AnyMachineSnapshot) => state.context as TokenEditCardContext;
const project = (state: AnyMachineSnapshot) => {
  const c = ctx(state);
  return { value: state.value, name: c.name, description: c.description, describe: c.describe, errors: c.errors, saved: c.token.name };
};

// Keeps the graph small: the description is typed only once the box is checked, and the box is checked once.
const filterEvents = (state: AnyMachineSnapshot, event: EventObject) => {
  const c = ctx(state);
  if (event.type === 'card.description') return c.describe && c.description === '';
  if (event.type === 'card.describe') return !c.describe;
  return true;
};
// The graph is walked on a copy without the parent and system sends (a graph walk has neither); the real card runs
// every step with the real actions.
const graphMachine = tokenEditCardMachine.provide({
  actions: {
    saved: assign(({ event }) => {
      const saved = (event as unknown as { output: StudioToken }).output;
      return { token: saved, name: saved.name, description: saved.description ?? '', describe: (saved.description ?? '') !== '', errors: {} };
    }),
    deleted: () => {},
    reportDraft: () => {},
    showError: () => {},
  },
});
const model = createMachineTestModel(graphMachine, { project, input, events: () => modelEvents, filterEvents });
// Simple paths to the end of a card: rename, save (or fail), then delete (or fail first); shortest paths reach the rest.
const lifecycle = new Set(['card.save', 'card.delete', 'xstate.done.actor.saveToken', 'xstate.error.actor.saveToken', 'xstate.done.actor.deleteToken', 'xstate.error.actor.deleteToken']);
const simpleFilter = (state: AnyMachineSnapshot, event: EventObject) =>
  lifecycle.has(event.type) || (event.type === 'card.name' && (event as { value?: string }).value === 'Morning' && ctx(state).name === token.name);
const paths = modelPaths(model, { toState: (state) => state.matches('deleted'), filterEvents: simpleFilter });

/** The card runs as the child of a small studio stand-in that records what it hears, beside a notifications recorder. */
function startCard() {
  const save = controlled<StudioToken, SaveTokenInput>();
  const remove = controlled<void, TokenRef>();
  const heard: EventObject[] = [];
  const notices: Array<{ kind: string; text: string }> = [];
  const notifications = setup({}).createMachine({
    on: { 'notify.show': { actions: ({ event }) => notices.push({ kind: event.kind as string, text: event.text as string }) } },
  });
  const card = tokenEditCardMachine.provide({ actors: { saveToken: save.logic, deleteToken: remove.logic } });
  const parent = createActor(
    setup({ actors: { card, notifications } }).createMachine({
      invoke: [
        { id: 'card', src: 'card', input },
        { id: 'notifications', systemId: 'notifications', src: 'notifications' },
      ],
      on: { '*': { actions: ({ event }) => heard.push(event) } },
    }),
  ).start();
  const actor = () => parent.getSnapshot().children.card as AnyActorRef | undefined;
  return { parent, actor, save, remove, heard, notices };
}

function harness() {
  let run: ReturnType<typeof startCard> | undefined;
  let last: AnyMachineSnapshot | undefined;
  const get = () => {
    if (!run) throw new Error('card not started');
    return run;
  };
  const real = () => {
    const card = get().actor();
    if (card) last = card.getSnapshot() as AnyMachineSnapshot;
    if (!last) throw new Error('no card snapshot');
    return last;
  };
  const send = (step: { event: EventObject }) => get().actor()!.send(step.event as TokenEditCardEvent);
  const draftReported = (step: { event: EventObject }) => {
    const before = real();
    send(step);
    const after = real();
    if (!before.matches('editing')) return;
    const c = ctx(after);
    const saved = { name: c.token.name, description: c.token.description ?? '', describe: (c.token.description ?? '') !== '' };
    const typed = { name: c.name, description: c.description, describe: c.describe };
    const draft = JSON.stringify(typed) === JSON.stringify(saved) ? null : typed;
    expect(get().heard.at(-1)).toEqual({ type: 'token.draft', tokenId: '2', draft });
  };
  return {
    stop: () => run?.parent.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startCard();
          real();
        },
        // Every change tells the studio the draft to keep (null once it says what is saved).
        'card.name': draftReported,
        'card.description': draftReported,
        'card.describe': draftReported,
        'card.save': (step: { event: EventObject }) => {
          const before = real();
          send(step);
          if (before.can({ type: 'card.save' })) {
            // The name is sent trimmed; an unchecked box sends the description empty.
            expect(get().save.last().input).toEqual({ canvasId: 'c9', tokenId: '2', name: ctx(before).name.trim(), description: ctx(before).describe ? ctx(before).description : '' });
          }
        },
        'card.delete': (step: { event: EventObject }) => {
          send(step);
          expect(get().remove.last().input).toEqual({ canvasId: 'c9', tokenId: '2' });
        },
        'xstate.done.actor.saveToken': async () => {
          get().save.last().resolve(savedToken);
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'success', text: 'Token updated' });
          expect(get().heard.at(-1)).toEqual({ type: 'token.saved', token: savedToken });
        },
        'xstate.error.actor.saveToken': async () => {
          get().save.last().reject(new Error('Canvas is finalized'));
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'error', text: 'Canvas is finalized' });
        },
        'xstate.done.actor.deleteToken': async () => {
          const name = ctx(real()).token.name;
          get().remove.last().resolve();
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'success', text: `${name} has been deleted` });
          expect(get().heard.some((event) => event.type === 'token.deleted' && (event as { tokenId?: string }).tokenId === '2')).toBe(true);
        },
        'xstate.error.actor.deleteToken': async () => {
          get().remove.last().reject(new Error('Network down'));
          await flush();
          expect(get().notices.at(-1)).toEqual({ kind: 'error', text: 'Network down' });
        },
      },
      states: checkedStates(real, project, {
        editing: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          const c = ctx(snap);
          expect(c.errors.name).toBe(c.name.trim() === '' ? 'Required Field' : undefined);
          const nameChanged = c.name.trim() !== '' && c.name.trim() !== c.token.name;
          const descriptionChanged = (c.describe ? c.description : '') !== (c.token.description ?? '');
          expect(snap.can({ type: 'card.save' })).toBe(c.name.trim() !== '' && (nameChanged || descriptionChanged));
        },
        saving: (snap) => expect(snap.hasTag('busy')).toBe(true),
        deleting: (snap) => expect(snap.hasTag('busy')).toBe(true),
        deleted: (snap) => expect(snap.status).toBe('done'),
      }),
    },
  };
}

describe('tokenEditCardMachine (model-based)', () => {
  modelCoverageTests(tokenEditCardMachine, paths, harness);
});

// Examples run a card without its studio: the drafts it reports have no parent to go to.
const lonelyCard = tokenEditCardMachine.provide({ actions: { reportDraft: () => {} } });

describe('tokenEditCardMachine (examples)', () => {
  it('behavior: a card restored from a draft shows the typed values, checks them, and sends them only on Save', () => {
    const draft = { name: '', description: 'Calm sea', describe: true };
    const card = createActor(lonelyCard, { input: { canvasId: 'c9', token, draft } }).start();
    const c = card.getSnapshot().context;
    expect([c.name, c.description, c.describe, c.errors.name]).toEqual(['', 'Calm sea', true, 'Required Field']);
    expect(card.getSnapshot().can({ type: 'card.save' })).toBe(false);
    expect(cardDraftOf(c)).toEqual(draft);
    card.send({ type: 'card.name', value: 'Evening' });
    expect(card.getSnapshot().matches('editing')).toBe(true);
    expect(card.getSnapshot().can({ type: 'card.save' })).toBe(true);
    // Typed back to the saved values, there is nothing to keep.
    expect(cardDraftOf({ token, name: 'dawn', description: '', describe: false })).toBeNull();
  });

  it('behavior: the box starts checked when the token has a description; a description breaking the rule disables Save', () => {
    const card = createActor(lonelyCard, { input: { canvasId: 'c9', token: { ...token, description: 'Old text' } } }).start();
    expect(card.getSnapshot().context.describe).toBe(true);
    card.send({ type: 'card.description', value: 'Bad <b>tag</b>' });
    expect(card.getSnapshot().context.errors.description).toBe('Invalid input. Please use only alphanumeric characters and basic punctuation.');
    expect(card.getSnapshot().can({ type: 'card.save' })).toBe(false);
    card.send({ type: 'card.describe', checked: false });
    // Unchecked, the description would be sent empty: that is a change from 'Old text', so Save is allowed.
    expect(card.getSnapshot().can({ type: 'card.save' })).toBe(true);
  });
});
