import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { configMachine, type AppConfig, type ConfigLoadError } from '../../machines/config/configMachine';
import {
  checkedStates,
  controlled,
  createMachineTestModel,
  flush,
  modelPaths,
  modelCoverageTests,
} from './support/modelTesting';

const config: AppConfig = {
  evms: [
    {
      chainId: 31337,
      name: 'Hardhat',
      providerURL: 'http://127.0.0.1:8545',
      symbol: 'ETH',
      contracts: { marketplace: '0x5FbDB2315678afecb367f032d93F642f64180aa3', collectionFactory: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' },
    },
  ],
  ipfs: { urlPrefix: '/ipfs/', thumbnailUrlPrefix: '/ipfs/thumb/' },
  maxFileSize: 10485760,
  maxVideoSize: 52428800,
  suggestedRoyalty: 500,
  isLocalDemoChain: true,
  artistApplicationUrl: 'https://artbazaar.example/apply',
  contentOrigin: 'http://127.0.0.1:9787',
  humanCheck: { provider: 'altcha' },
};
const regionError: ConfigLoadError = { kind: 'region', message: 'Not available in your region' };
const generalError: ConfigLoadError = { kind: 'general', message: "Sorry. There's an error. Please try again later." };

function startConfig() {
  const fetchConfig = controlled<AppConfig>();
  const checkConfig = controlled<void, AppConfig>();
  const actor = createActor(configMachine.provide({ actors: { fetchConfig: fetchConfig.logic, checkConfig: checkConfig.logic } })).start();
  return { actor, fetchConfig, checkConfig };
}

const project = (state: AnyMachineSnapshot) => ({ value: state.value, context: state.context });
const model = createMachineTestModel(configMachine, {
  events: () => [
    { type: 'xstate.done.actor.fetchConfig', output: config },
    { type: 'xstate.error.actor.fetchConfig', error: regionError },
    { type: 'xstate.error.actor.fetchConfig', error: generalError },
    { type: 'xstate.error.actor.fetchConfig', error: new TypeError('Failed to fetch') },
    { type: 'xstate.error.actor.checkConfig', error: { kind: 'general', message: 'Could not load the configuration.' } },
  ],
});
const paths = modelPaths(model);

function harness() {
  let run: ReturnType<typeof startConfig> | undefined;
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startConfig();
        },
        'xstate.done.actor.fetchConfig': async (step: { event: { type: string } }) => {
          get().fetchConfig.last().resolve((step.event as unknown as { output: AppConfig }).output);
          await flush();
        },
        'xstate.error.actor.fetchConfig': async (step: { event: { type: string } }) => {
          get().fetchConfig.last().reject((step.event as unknown as { error: unknown }).error);
          await flush();
        },
        'xstate.error.actor.checkConfig': async (step: { event: { type: string } }) => {
          get().checkConfig.last().reject((step.event as unknown as { error: unknown }).error);
          await flush();
        },
        'config.retry': () => {
          get().actor.send({ type: 'config.retry' });
        },
        'config.refresh': () => {
          get().actor.send({ type: 'config.refresh' });
        },
      },
      states: checkedStates(() => get().actor.getSnapshot(), project, {
        loading: (snap) => {
          expect(snap.hasTag('loading')).toBe(true);
          expect(snap.context.error).toBeNull();
          expect(get().fetchConfig.last().signal.aborted).toBe(false);
        },
        ready: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.config).toEqual(config);
          expect(snap.context.error).toBeNull();
          expect(snap.can({ type: 'config.retry' })).toBe(false);
          // The shown config is being checked against its contract.
          expect(get().checkConfig.last().input).toEqual(config);
          expect(get().checkConfig.last().signal.aborted).toBe(false);
        },
        'ready.idle': (snap) => {
          expect(snap.can({ type: 'config.refresh' })).toBe(true);
        },
        'ready.refreshing': (snap) => {
          // The shown config stays while it is read again.
          expect(snap.can({ type: 'config.refresh' })).toBe(false);
          expect(get().fetchConfig.last().signal.aborted).toBe(false);
        },
        failed: (snap) => {
          expect(snap.hasTag('loading')).toBe(false);
          expect(snap.context.error?.message).toBeTruthy();
          expect(snap.can({ type: 'config.retry' })).toBe(true);
        },
        'failed.region': (snap) => {
          expect(snap.context.error).toEqual(regionError);
        },
        'failed.general': (snap) => {
          expect(snap.context.error?.kind).toBe('general');
        },
      }),
    },
  };
}

describe('configMachine (model-based)', () => {
  it('xstate/graph createTestModel refuses invoking machines, hence createMachineTestModel', () => {
    expect(() => createTestModel(configMachine)).toThrow(/Invocations on test machines are not supported/);
  });

  modelCoverageTests(configMachine, paths, harness);
});

describe('configMachine', () => {
  it('behavior: a region rejection goes to failed.region (geofence page)', async () => {
    const { actor, fetchConfig } = startConfig();
    fetchConfig.last().reject(regionError);
    await flush();
    expect(actor.getSnapshot().matches({ failed: 'region' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(regionError);
  });

  it('behavior: any other rejection goes to failed.general (error page), keeping its message', async () => {
    const { actor, fetchConfig } = startConfig();
    fetchConfig.last().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().matches({ failed: 'general' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'general', message: 'Failed to fetch' });
  });

  it('behavior: config.retry loads again and can succeed', async () => {
    const { actor, fetchConfig } = startConfig();
    fetchConfig.last().reject(generalError);
    await flush();
    actor.send({ type: 'config.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(fetchConfig.calls).toHaveLength(2);
    fetchConfig.last().resolve(config);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ config, error: null });
  });

  it('behavior: config.refresh reads again; the same answer keeps the shown object, a new one replaces it, a failure keeps it', async () => {
    const { actor, fetchConfig } = startConfig();
    fetchConfig.last().resolve(config);
    await flush();
    const shown = actor.getSnapshot().context.config;
    actor.send({ type: 'config.refresh' });
    expect(actor.getSnapshot().matches({ ready: 'refreshing' })).toBe(true);
    fetchConfig.last().resolve(structuredClone(config));
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.config).toBe(shown);

    actor.send({ type: 'config.refresh' });
    fetchConfig.last().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ config, error: null });

    const changed = { ...config, maxFileSize: 1024 };
    actor.send({ type: 'config.refresh' });
    fetchConfig.last().resolve(changed);
    await flush();
    expect(actor.getSnapshot().context.config).toEqual(changed);
    expect(fetchConfig.calls).toHaveLength(4);
  });

  it('behavior: a shown config that is not its contract\'s goes to the error page as a failed load does', async () => {
    const { actor, fetchConfig, checkConfig } = startConfig();
    fetchConfig.last().resolve(config);
    await flush();
    expect(checkConfig.calls).toHaveLength(1);
    checkConfig.last().reject({ kind: 'general', message: 'Could not load the configuration.' });
    await flush();
    expect(actor.getSnapshot().matches({ failed: 'general' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ kind: 'general', message: 'Could not load the configuration.' });
  });

  it('behavior: a changed config read by a refresh is checked again; the same one is not', async () => {
    const { actor, fetchConfig, checkConfig } = startConfig();
    fetchConfig.last().resolve(config);
    await flush();
    checkConfig.last().resolve();
    actor.send({ type: 'config.refresh' });
    fetchConfig.last().resolve(structuredClone(config));
    await flush();
    expect(checkConfig.calls).toHaveLength(1);
    const changed = { ...config, maxFileSize: 1024 };
    actor.send({ type: 'config.refresh' });
    fetchConfig.last().resolve(changed);
    await flush();
    expect(checkConfig.calls).toHaveLength(2);
    expect(checkConfig.last().input).toEqual(changed);
  });

  it('behavior: stopping while loading aborts the fetch signal', () => {
    const { actor, fetchConfig } = startConfig();
    const { signal } = fetchConfig.last();
    actor.stop();
    expect(signal.aborted).toBe(true);
  });

  it('behavior: without a provided fetchConfig the error page says so', async () => {
    const actor = createActor(configMachine).start();
    await flush();
    expect(actor.getSnapshot().matches({ failed: 'general' })).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toMatch(/fetchConfig" not provided/);
  });
});
