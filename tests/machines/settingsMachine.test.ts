import { describe, expect, it, vi } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { settingsMachine, type SettingsEvent, type StoredSettings } from '../../machines/settings/settingsMachine';
import {
  checkedStates,
  controlled,
  createMachineTestModel,
  flush,
  modelPaths,
  modelCoverageTests,
} from './support/modelTesting';

function startSettings() {
  const load = controlled<StoredSettings | null>();
  const persist = vi.fn<(args: unknown, params: StoredSettings) => void>();
  const actor = createActor(
    settingsMachine.provide({ actors: { loadSettings: load.logic }, actions: { persistSettings: persist } }),
  ).start();
  return { actor, load, persist, persisted: () => persist.mock.calls.map((call) => call[1]) };
}

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });

const model = createMachineTestModel(settingsMachine, {
  events: () => [
    { type: 'xstate.done.actor.loadSettings', output: { theme: 'dark' } },
    { type: 'xstate.done.actor.loadSettings', output: { theme: 'light' } },
    { type: 'xstate.done.actor.loadSettings', output: null },
    { type: 'xstate.done.actor.loadSettings', output: { theme: 'sepia' } },
    { type: 'xstate.error.actor.loadSettings', error: new Error('IndexedDB unavailable') },
    { type: 'theme.set', theme: 'dark' },
    { type: 'theme.set', theme: 'light' },
  ],
});
const paths = modelPaths(model);

function harness() {
  let run: ReturnType<typeof startSettings> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const sendAndCheckPersistence = (step: { event: { type: string } }) => {
    const { actor, persisted } = get();
    const before = actor.getSnapshot().context.theme;
    const calls = persisted().length;
    actor.send(step.event as SettingsEvent);
    const after = actor.getSnapshot().context.theme;
    // Every change persists the new theme once; a non-change persists nothing.
    expect(persisted().slice(calls)).toEqual(after === before ? [] : [{ theme: after }]);
  };
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startSettings();
        },
        'xstate.done.actor.loadSettings': async (step: { event: { type: string } }) => {
          get().load.last().resolve((step.event as unknown as { output: StoredSettings | null }).output);
          await flush();
        },
        'xstate.error.actor.loadSettings': async (step: { event: { type: string } }) => {
          get().load.last().reject((step.event as unknown as { error: unknown }).error);
          await flush();
        },
        'theme.toggle': sendAndCheckPersistence,
        'theme.set': sendAndCheckPersistence,
      },
      states: checkedStates(() => get().actor.getSnapshot(), project, {
        loading: (snap) => {
          expect(snap.context.theme).toBe('light');
          expect(get().load.calls).toHaveLength(1);
          expect(snap.can({ type: 'theme.toggle' })).toBe(false);
        },
        ready: (snap) => {
          expect(['light', 'dark']).toContain(snap.context.theme);
          expect(snap.children.loadSettings).toBeUndefined();
          expect(snap.can({ type: 'theme.toggle' })).toBe(true);
        },
      }),
    },
  };
}

describe('settingsMachine (model-based)', () => {
  modelCoverageTests(settingsMachine, paths, harness);
});

describe('settingsMachine', () => {
  it('default: light theme while loading and when nothing is stored', async () => {
    const { actor, load } = startSettings();
    expect(actor.getSnapshot().context.theme).toBe('light');
    load.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.theme).toBe('light');
  });

  it('behavior: the stored theme is applied without persisting it again', async () => {
    const { actor, load, persisted } = startSettings();
    load.last().resolve({ theme: 'dark' });
    await flush();
    expect(actor.getSnapshot().context.theme).toBe('dark');
    expect(persisted()).toEqual([]);
  });

  it('behavior: a failed load falls back to light', async () => {
    const { actor, load } = startSettings();
    load.last().reject(new Error('QuotaExceededError'));
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.theme).toBe('light');
  });

  it('behavior: every theme change runs persistSettings with the new theme', async () => {
    const { actor, load, persisted } = startSettings();
    load.last().resolve(null);
    await flush();
    actor.send({ type: 'theme.toggle' });
    actor.send({ type: 'theme.set', theme: 'dark' });
    actor.send({ type: 'theme.set', theme: 'light' });
    actor.send({ type: 'theme.toggle' });
    expect(persisted()).toEqual([{ theme: 'dark' }, { theme: 'light' }, { theme: 'dark' }]);
    expect(actor.getSnapshot().context.theme).toBe('dark');
  });

  it('behavior: without providers the missing persistSettings is obvious', async () => {
    const load = controlled<StoredSettings | null>();
    const actor = createActor(settingsMachine.provide({ actors: { loadSettings: load.logic } }));
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    load.last().resolve(null);
    await flush();
    actor.send({ type: 'theme.toggle' });
    expect(String(errors[0])).toMatch(/persistSettings" not provided/);
  });
});
