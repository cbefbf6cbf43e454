import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { APP_SYSTEM_IDS, appMachine, getAppActor } from '../../machines/app/appMachine';
import { configMachine, type AppConfig } from '../../machines/config/configMachine';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import { pwaUpdateMachine } from '../../machines/pwa/pwaUpdateMachine';
import { settingsMachine, type StoredSettings } from '../../machines/settings/settingsMachine';
import {
  checkedStates,
  createMachineTestModel,
  describePath,
  flush,
  machineEventTypes,
  modelPaths,
  pathEventTypes,
  stateKeys,
} from './support/modelTesting';
import { recordPathCoverage, writeCoverageAfterAll } from './support/modelCoverage';

const config: AppConfig = {
  evms: [],
  ipfs: { urlPrefix: '/ipfs/', thumbnailUrlPrefix: '/ipfs/thumb/' },
  maxFileSize: 10485760,
  maxVideoSize: 52428800,
  suggestedRoyalty: 500,
  isLocalDemoChain: true,
  artistApplicationUrl: 'https://artbazaar.example/apply',
  contentOrigin: 'http://127.0.0.1:9787',
  humanCheck: { provider: 'altcha' },
};

// What src/main.tsx does: provide each child's services through the root, by the child's actor key.
function startApp() {
  const persistSettings = vi.fn<(args: unknown, params: StoredSettings) => void>();
  const applyUpdate = vi.fn(async () => {});
  const app = appMachine.provide({
    actors: {
      config: configMachine.provide({ actors: { fetchConfig: fromPromise(async () => config) } }),
      settings: settingsMachine.provide({
        actors: { loadSettings: fromPromise<StoredSettings | null>(async () => ({ theme: 'dark' })) },
        actions: { persistSettings },
      }),
      notifications: notificationsMachine,
      pwaUpdate: pwaUpdateMachine.provide({ actors: { applyUpdate: fromPromise(applyUpdate) } }),
    },
  });
  const actor = createActor(app).start();
  return { actor, persistSettings, applyUpdate };
}

const project = (state: AnyMachineSnapshot) => ({ value: state.value });
const model = createMachineTestModel(appMachine, { project });
// flow.stop changes no state of the root, so no shortest or simple path takes it: one path sends it explicitly.
const paths = [...modelPaths(model), ...model.getPathsFromEvents([{ type: 'flow.stop' }], {})];

function harness() {
  let run: ReturnType<typeof startApp> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': async () => {
          run = startApp();
          await flush();
        },
        // What src/app/flows.tsx does when a page's component unmounts.
        'flow.stop': async () => {
          const flow = startFlow(get().actor);
          get().actor.send({ type: 'flow.stop', actor: flow });
          await flush();
          expect(flow.getSnapshot().status).toBe('stopped');
        },
      },
      states: checkedStates(() => get().actor.getSnapshot(), project, {
        running: (snap) => {
          expect(Object.keys(snap.children).sort()).toEqual([...APP_SYSTEM_IDS].sort());
          for (const systemId of APP_SYSTEM_IDS) {
            expect(get().actor.system.get(systemId)).toBe(snap.children[systemId]);
          }
          expect(getAppActor(get().actor, 'config').getSnapshot().matches({ ready: 'idle' })).toBe(true);
          expect(getAppActor(get().actor, 'settings').getSnapshot().context.theme).toBe('dark');
        },
      }),
    },
  };
}

describe('appMachine (model-based)', () => {
  it('has an assertion for every state node', () => {
    const keys = Object.keys(harness().params.states).filter((key) => key !== '*');
    expect(keys.sort()).toEqual(stateKeys(appMachine).sort());
  });

  it('exercises every event type of the machine (the root handles only flow.stop itself)', () => {
    expect(pathEventTypes(paths)).toEqual(machineEventTypes(appMachine));
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const h = harness();
    try {
      await path.test(h.params);
      recordPathCoverage(appMachine, path);
    } finally {
      h.stop();
    }
  });
  writeCoverageAfterAll();
});

/** A page flow as src/app/flows.tsx starts it: in the root's system, with the root as parent. */
function startFlow(root: AnyActorRef) {
  const page = setup({}).createMachine({
    initial: 'open',
    states: { open: { on: { fail: { actions: () => { throw new Error('page flow bug'); } } } } },
  });
  return createActor(page, { parent: root }).start();
}

describe('appMachine', () => {
  it('behavior: a page flow reaches the long-lived actors by systemId, and its failure does not stop the app', async () => {
    const { actor } = startApp();
    await flush();
    const flow = startFlow(actor);
    expect(flow.system.get('notifications')).toBe(getAppActor(actor, 'notifications'));
    flow.subscribe({ error: () => {} });
    flow.send({ type: 'fail' });
    await flush();
    expect(flow.getSnapshot().status).toBe('error');
    expect(actor.getSnapshot().status).toBe('active');
    expect(getAppActor(actor, 'notifications').getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('behavior: a failing long-lived child is not swallowed by the page-flow rule', async () => {
    const failing = createMachine({ entry: () => { throw new Error('settings bug'); } });
    const app = appMachine.provide({ actors: { settings: failing as never, config: configMachine.provide({ actors: { fetchConfig: fromPromise(async () => config) } }) } });
    const actor = createActor(app);
    actor.subscribe({ error: () => {} });
    actor.start();
    await flush();
    expect(actor.getSnapshot().status).toBe('error');
  });

  it('behavior: views reach the long-lived actors by systemId', async () => {
    const { actor, persistSettings, applyUpdate } = startApp();
    await flush();
    const notifications = getAppActor(actor, 'notifications');
    notifications.send({ type: 'notify.show', kind: 'success', text: 'Offer placed' });
    expect(notifications.getSnapshot().context.current?.text).toBe('Offer placed');

    getAppActor(actor, 'settings').send({ type: 'theme.toggle' });
    expect(persistSettings.mock.calls.map((call) => call[1])).toEqual([{ theme: 'light' }]);

    const pwaUpdate = getAppActor(actor, 'pwaUpdate');
    pwaUpdate.send({ type: 'sw.updateAvailable' });
    pwaUpdate.send({ type: 'update.accept' });
    await flush();
    expect(applyUpdate).toHaveBeenCalledTimes(1);
    expect(pwaUpdate.getSnapshot().value).toBe('updated');
    expect(getAppActor(actor, 'config').getSnapshot().context.config).toEqual(config);
    actor.stop();
  });

  it('behavior: a child left unprovided keeps its obvious default while others are provided', async () => {
    const app = appMachine.provide({
      actors: { settings: settingsMachine.provide({ actions: { persistSettings: () => {} } }) },
    });
    const actor = createActor(app).start();
    await flush();
    const configSnapshot = getAppActor(actor, 'config').getSnapshot();
    expect(configSnapshot.matches({ failed: 'general' })).toBe(true);
    expect(configSnapshot.context.error?.message).toMatch(/fetchConfig" not provided/);
    // loadSettings is unprovided too: its failure falls back to light and the provided persist action runs.
    expect(getAppActor(actor, 'settings').getSnapshot().context.theme).toBe('light');
    getAppActor(actor, 'settings').send({ type: 'theme.toggle' });
    expect(getAppActor(actor, 'settings').getSnapshot().context.theme).toBe('dark');
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('behavior: getAppActor names a missing systemId', () => {
    const lonely = createActor(configMachine);
    expect(() => getAppActor(lonely, 'notifications')).toThrow(/systemId "notifications"/);
  });
});
