import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyActorLogic, type AnyActorRef, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { FormDraftParams } from '../../../machines/forms/formMachine';
import {
  collectionCoverDraftKey,
  createCollectionCoverMachine,
  type CoverEditor,
  type CoverFile,
  type SaveCoverInput,
} from '../../../machines/collection/collectionCoverMachine';
import { checkedStates, controlled, createMachineTestModel, flush, modelCoverageTests, modelPaths } from '../support/modelTesting';

// The cover editor runs in a stand-in for the app's system: a wallet session (its registered login is the editor
// when it is the creator's, heard through the real watchEditor), the config (maxFileSize 10 MB), the notifications
// actor (error notices) and a parent that records `cover.saved` as a My creations card would hear it.

const CREATOR = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const EDITOR: CoverEditor = { address: CREATOR, key: 'key-1' };
// The config's limit (the graph, walked without a system, checks against the same default).
const MAX = 10_485_760;
const GOOD: CoverFile = { name: 'cover.png', type: 'image/png', size: 1000 };
const NOT_AN_IMAGE: CoverFile = { name: 'notes.txt', type: 'text/plain', size: 10 };
const TOO_LARGE: CoverFile = { name: 'big.png', type: 'image/png', size: MAX + 1 };
const IMAGE = new Blob(['png']);
const DATA_URL = 'data:image/png;base64,AAAA';
const DRAFT_KEY = collectionCoverDraftKey('7', CREATOR);
/** A cover chosen and not applied by the creator in an earlier visit. */
const STORED_DRAFT = { version: 1, file: GOOD };

const machine = createCollectionCoverMachine<CoverFile>();
type Snap = AnyMachineSnapshot;

const nameOf = (file: unknown) => (file === null ? 'none' : file === GOOD ? 'good' : 'other');
const project = (state: Snap) => ({
  value: state.value,
  editor: state.context.editor !== null,
  file: nameOf(state.context.file),
  preview: state.context.preview,
  problem: state.context.problem,
});

// The graph is walked without a parent (sendParent would have none); the real actors below run the real action.
const model = createMachineTestModel(machine.provide({ actions: { reportSaved: () => undefined } }), {
  input: { collectionId: '7', creator: CREATOR.toLowerCase() },
  project,
  events: () => [
    { type: 'editor.changed', editor: EDITOR },
    { type: 'editor.changed', editor: null },
    { type: 'cover.choose', file: GOOD },
    { type: 'cover.choose', file: NOT_AN_IMAGE },
    { type: 'cover.choose', file: TOO_LARGE },
    { type: 'cover.apply', image: IMAGE, dataUrl: DATA_URL },
    { type: 'xstate.done.actor.saveCover', output: {} } as EventObject,
    { type: 'xstate.error.actor.saveCover', error: new Error('The cover is too large') } as EventObject,
    { type: 'xstate.done.actor.showSaved', output: undefined } as EventObject,
    { type: 'xstate.error.actor.showSaved', error: new Error('') } as EventObject,
    { type: 'xstate.done.actor.loadDraft', output: STORED_DRAFT } as EventObject,
    { type: 'xstate.done.actor.loadDraft', output: null } as EventObject,
    { type: 'xstate.error.actor.loadDraft', error: new Error('no IndexedDB') } as EventObject,
  ],
  // The view offers the file input to the creator only, and not while a save runs.
  filterEvents: (state, event) => {
    if (event.type === 'cover.choose') return state.context.editor !== null;
    if (event.type.includes('actor.loadDraft')) return state.matches('restoring');
    // The creator's login does not change while the crop editor or a save is open (covered once, from idle).
    if (event.type === 'editor.changed') return state.matches('idle') || (state.matches('cropping') && (event as unknown as { editor: unknown }).editor === null);
    return true;
  },
});
const paths = modelPaths(model, { filterEvents: () => false });

const fakeNotifications = setup({ types: { context: {} as { shown: Array<{ kind: string; text: string }> }, events: {} as EventObject } }).createMachine({
  context: { shown: [] },
  on: {
    'notify.show': {
      actions: assign({ shown: ({ context, event }) => [...context.shown, { kind: (event as unknown as { kind: string }).kind, text: (event as unknown as { text: string }).text }] }),
    },
  },
});
const fakeConfig = setup({}).createMachine({ context: { config: { maxFileSize: MAX } } });
type Login = { address: string | null; key: string | null; registered: boolean };
const fakeWalletSession = setup({ types: { context: {} as { address: string | null; apiKey: { key: string } | null; registered: boolean }, events: {} as EventObject } }).createMachine({
  context: { address: null, apiKey: null, registered: false },
  on: {
    'test.login': {
      target: '.deciding',
      actions: assign(({ event }) => {
        const login = (event as unknown as { login: Login }).login;
        return { address: login.address, apiKey: login.key ? { key: login.key } : null, registered: login.registered };
      }),
    },
  },
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: ({ context }) => context.registered, target: 'registered' }, { target: 'visitor' }] },
    visitor: {},
    registered: { tags: 'registered' },
  },
});

function startHost(flow: AnyActorLogic) {
  const host = setup({
    types: { context: {} as { saved: string[] }, events: {} as EventObject },
    actors: { flow, notifications: fakeNotifications, config: fakeConfig, walletSession: fakeWalletSession } as Record<string, AnyActorLogic>,
  }).createMachine({
    context: { saved: [] },
    on: { 'cover.saved': { actions: assign({ saved: ({ context, event }) => [...context.saved, (event as unknown as { collectionId: string }).collectionId] }) } },
    invoke: [
      { id: 'notifications', systemId: 'notifications', src: 'notifications' },
      { id: 'config', systemId: 'config', src: 'config' },
      { id: 'walletSession', systemId: 'walletSession', src: 'walletSession' },
      // The creator as the collection names it; the session's address matches in any case.
      { id: 'flow', src: 'flow', input: { collectionId: '7', creator: CREATOR.toLowerCase() } },
    ],
  });
  const actor = createActor(host).start();
  const child = (id: string) => actor.getSnapshot().children[id] as AnyActorRef;
  return {
    host: actor,
    flow: () => child('flow'),
    notices: (): Array<{ kind: string; text: string }> => child('notifications').getSnapshot().context.shown,
    login: (login: Login) => child('walletSession').send({ type: 'test.login', login }),
  };
}

function harness() {
  const save = controlled<unknown, SaveCoverInput>();
  const shown = controlled<void, { collectionId: string }>();
  const drafts = controlled<unknown, string>();
  const kept: Array<FormDraftParams | null> = [];
  // Each step that writes the draft writes this one record (or nothing).
  const writes = (send: (step: { event: EventObject }) => unknown, expected: () => FormDraftParams | null | undefined) => async (step: { event: EventObject }) => {
    const before = kept.length;
    await send(step);
    const record = expected();
    expect(kept.slice(before)).toEqual(record === undefined ? [] : [record]);
  };
  let system: ReturnType<typeof startHost> | undefined;
  const real = () => system!.flow().getSnapshot() as Snap;
  const send = (step: { event: EventObject }) => system!.flow().send(step.event);
  let errors = 0;
  const settle = (call: () => { resolve: (value: never) => void; reject: (reason: unknown) => void }) => async (step: { event: EventObject }) => {
    const event = step.event as { output?: unknown; error?: Error };
    if (event.error) {
      errors += 1;
      call().reject(event.error);
    } else call().resolve(event.output as never);
    await flush();
  };
  return {
    stop: () => system?.host.stop(),
    params: {
      events: {
        'xstate.init': () => {
          system = startHost(
            machine.provide({
              actors: { saveCover: save.logic, showSaved: shown.logic, loadDraft: drafts.logic },
              actions: { persistDraft: (_, params) => void kept.push(params) },
            }),
          );
        },
        // The wallet session changes; watchEditor tells the cover.
        'editor.changed': (step: { event: EventObject }) => {
          const editor = (step.event as unknown as { editor: CoverEditor | null }).editor;
          // Another account signing in is no editor either: only the creator's login (any case) is.
          system!.login(editor ? { address: CREATOR, key: editor.key, registered: true } : { address: '0x1234567890123456789012345678901234567890', key: 'other', registered: true });
        },
        // Chosen: the creator's draft is the file when it can be a cover (else none).
        'cover.choose': writes(send, () => ({ key: DRAFT_KEY, record: real().context.file ? { version: 1, file: GOOD } : null })),
        'cover.cancel': writes(send, () => ({ key: DRAFT_KEY, record: null })),
        'cover.apply': send,
        'cover.shown': send,
        // Saved: the draft is gone; a failed save keeps it.
        'xstate.done.actor.saveCover': writes(settle(() => save.last()), () => ({ key: DRAFT_KEY, record: null })),
        'xstate.error.actor.saveCover': writes(settle(() => save.last()), () => undefined),
        'xstate.done.actor.loadDraft': settle(() => drafts.last()),
        'xstate.error.actor.loadDraft': async (step: { event: EventObject }) => {
          drafts.last().reject((step.event as unknown as { error: Error }).error);
          await flush();
        },
        'xstate.done.actor.showSaved': settle(() => shown.last()),
        'xstate.error.actor.showSaved': settle(() => shown.last()),
      },
      states: checkedStates(real, project, {
        idle: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.context.preview).toBeNull();
          expect(snap.context.file).toBeNull();
          // Every failure so far was also an error notice, with its text.
          expect(system!.notices()).toHaveLength(errors);
          for (const notice of system!.notices()) expect(notice.kind).toBe('error');
          if (snap.context.problem === 'The cover is too large') expect(system!.notices().at(-1)!.text).toBe('The cover is too large');
          if (snap.context.problem === 'Unexpected error') expect(system!.notices().at(-1)!.text).toBe('Unexpected error');
          expect([null, 'Choose a PNG, JPEG, WebP or GIF image.', 'The image is larger than 10 MB.', 'The cover is too large', 'Unexpected error']).toContain(
            snap.context.problem,
          );
        },
        restoring: (snap) => {
          // The creator's own chosen file is read; nothing is saved meanwhile.
          expect(drafts.last().input).toBe(DRAFT_KEY);
          expect(snap.children.loadDraft).toBeDefined();
          expect(snap.context.file).toBeNull();
          expect(snap.hasTag('busy')).toBe(false);
        },
        // Transient: never rests here.
        checking: () => {
          throw new Error('checking is transient');
        },
        cropping: (snap) => {
          expect(snap.context.file).toBe(GOOD);
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.can({ type: 'cover.apply', image: IMAGE, dataUrl: DATA_URL })).toBe(snap.context.editor !== null);
        },
        saving: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.context.preview).toBe(DATA_URL);
          expect(snap.context.problem).toBeNull();
          // Saved as the creator, with the cropped image.
          expect(save.last().input).toEqual({ collectionId: '7', image: IMAGE, editor: EDITOR });
          expect(save.last().input.image).toBe(IMAGE);
        },
        showing: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          // The preview stays until the owner shows the stored cover; the parent heard the save once.
          expect(snap.context.preview).toBe(DATA_URL);
          expect(system!.host.getSnapshot().context.saved).toEqual(['7']);
          expect(shown.last().input).toEqual({ collectionId: '7' });
        },
      }),
    },
  };
}

describe('collectionCoverMachine (model-based)', () => {
  modelCoverageTests(machine, paths, harness);

  it('a restored draft belongs to its account: another login closes the crop editor and reads its own draft', async () => {
    const drafts = controlled<unknown, string>();
    const system = startHost(createCollectionCoverMachine<CoverFile>().provide({ actors: { loadDraft: drafts.logic } }));
    system.login({ address: CREATOR, key: 'key-1', registered: true });
    const flow = system.flow();
    expect(drafts.last().input).toBe(DRAFT_KEY);
    drafts.last().resolve(STORED_DRAFT);
    await flush();
    expect(flow.getSnapshot().matches('cropping')).toBe(true);
    expect(flow.getSnapshot().context.file).toBe(GOOD);
    // A new key of the same login keeps the crop editor open.
    system.login({ address: CREATOR.toLowerCase(), key: 'key-2', registered: true });
    expect(flow.getSnapshot().matches('cropping')).toBe(true);
    // Signed out: the file is not shown any more (it stays in the creator's draft).
    system.login({ address: null, key: null, registered: false });
    expect(flow.getSnapshot().matches('idle')).toBe(true);
    expect(flow.getSnapshot().context.file).toBeNull();
    // A stored file that can no longer be a cover is not restored.
    system.login({ address: CREATOR, key: 'key-1', registered: true });
    drafts.last().resolve({ version: 1, file: NOT_AN_IMAGE });
    await flush();
    expect(flow.getSnapshot().matches('idle')).toBe(true);
    system.host.stop();
  });

  it('the creator already signed in: the editor is in the first snapshot, so Edit cover renders with the cover (it used to come a moment later and shifted the dashboard card, layout shift 0.027)', () => {
    const session = (registered: boolean) =>
      setup({}).createMachine({ context: { address: CREATOR, apiKey: { key: 'key-1' } }, initial: registered ? 'registered' : 'visitor', states: { visitor: {}, registered: { tags: 'registered' } } });
    const firstEditor = (registered: boolean) => {
      const host = setup({ actors: { walletSession: session(registered), flow: createCollectionCoverMachine<CoverFile>() } as Record<string, AnyActorLogic> }).createMachine({
        invoke: [
          { id: 'walletSession', systemId: 'walletSession', src: 'walletSession' },
          { id: 'flow', src: 'flow', input: { collectionId: '7', creator: CREATOR.toLowerCase() } },
        ],
      });
      // Not started: the snapshot a view renders first.
      return (createActor(host).getSnapshot().children.flow as AnyActorRef).getSnapshot().context.editor;
    };
    expect(firstEditor(true)).toEqual({ address: CREATOR, key: 'key-1' });
    expect(firstEditor(false)).toBeNull();
  });

  it('by default waits for its parent: cover.shown ends the save (a My creations card refreshed)', async () => {
    const save = controlled<unknown, SaveCoverInput>();
    const system = startHost(createCollectionCoverMachine<CoverFile>().provide({ actors: { saveCover: save.logic } }));
    system.login({ address: CREATOR, key: 'key-1', registered: true });
    const flow = system.flow();
    flow.send({ type: 'cover.choose', file: GOOD });
    flow.send({ type: 'cover.apply', image: IMAGE, dataUrl: DATA_URL });
    save.last().resolve({});
    await flush();
    expect(flow.getSnapshot().matches('showing')).toBe(true);
    expect(system.host.getSnapshot().context.saved).toEqual(['7']);
    flow.send({ type: 'cover.shown' });
    expect(flow.getSnapshot().matches('idle')).toBe(true);
    expect(flow.getSnapshot().context.preview).toBeNull();
    system.host.stop();
  });
});
