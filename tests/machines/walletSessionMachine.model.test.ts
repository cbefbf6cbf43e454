import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  ACCOUNT_BANNED_MESSAGE,
  API_KEY_REFRESH_MARGIN_MS,
  switchingNetworkNotice,
  switchNetworkInWalletNotice,
} from '../../machines/wallet/constants';
import { walletSessionMachine, type WalletSessionContext, type WalletSessionEvent } from '../../machines/wallet/walletSessionMachine';
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
import {
  ADDRESS_A,
  ADDRESS_B,
  HARDHAT,
  MAINNET,
  T0,
  baseInput,
  chainUnavailable,
  loginRejectedByServer,
  projectWalletSession,
  savedProfile,
  signatureRefused,
  signedIn,
  signedInBanned,
  startWalletSession,
  storedBanned,
  storedExpiring,
  storedFresh,
  userRejected,
  walletMissing,
  type WalletSessionRun,
} from './support/walletSessionFixtures';

const AFTER_REFRESH = 'xstate.after.apiKeyRefresh.walletSession.connected.registered';
// `connected.network` only decides (eventless) where a connection goes: no snapshot ever rests in it.
const TRANSIENT_STATES = ['connected.network'];

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
const ctx = (state: AnyMachineSnapshot) => state.context as WalletSessionContext;

type ModelEvent = EventObject & Record<string, unknown>;

const modelEvents: ModelEvent[] = [
  { type: 'wallet.connect', connectorId: 'injected' },
  done('reconnectWallet', { address: ADDRESS_A, chainId: HARDHAT, connectorId: 'injected' }),
  done('reconnectWallet', null),
  failed('reconnectWallet', new Error('No authorised connector')),
  done('connectWallet', { address: ADDRESS_A, chainId: HARDHAT }),
  done('connectWallet', { address: ADDRESS_A, chainId: MAINNET }),
  failed('connectWallet', userRejected),
  failed('connectWallet', walletMissing),
  done('loadApiKey', storedFresh),
  done('loadApiKey', storedExpiring),
  done('loadApiKey', null),
  done('loadApiKey', storedBanned),
  failed('loadApiKey', new Error('IndexedDB unavailable')),
  done('loadTermsAccepted', true),
  done('loadTermsAccepted', false),
  failed('loadTermsAccepted', new Error('localStorage blocked')),
  { type: 'wallet.acceptTerms' },
  { type: 'wallet.declineTerms' },
  done('signLogin', signedIn),
  done('signLogin', signedInBanned),
  failed('signLogin', signatureRefused),
  failed('signLogin', loginRejectedByServer),
  failed('switchNetwork', chainUnavailable),
  failed('disconnectWallet', new Error('Connector already gone')),
  { type: 'wallet.addressChanged', address: ADDRESS_B },
  { type: 'wallet.addressChanged', address: ADDRESS_A },
  { type: 'wallet.chainChanged', chainId: HARDHAT },
  { type: 'wallet.chainChanged', chainId: MAINNET },
  { type: 'wallet.configure', chainId: HARDHAT, networkName: 'Hardhat', isMobile: true },
  { type: 'wallet.configure', chainId: HARDHAT, networkName: 'Hardhat', isMobile: false },
  { type: 'wallet.configure', chainId: MAINNET, networkName: 'Ethereum Mainnet', isMobile: false },
  { type: 'wallet.accountUpdated', account: savedProfile },
];

// Keeps the graph finite and small: configuration changes where they matter, one wallet address change per path.
const keepEvent = (state: AnyMachineSnapshot, event: EventObject) => {
  const c = ctx(state);
  if (event.type === 'wallet.configure') {
    const configure = event as Extract<WalletSessionEvent, { type: 'wallet.configure' }>;
    if (configure.chainId === MAINNET) return state.matches({ connected: 'registered' }) && !c.isMobile;
    return (state.matches('disconnected') || state.matches({ connected: 'switchingNetwork' })) && configure.isMobile !== c.isMobile;
  }
  if (event.type === 'wallet.addressChanged') return c.address === ADDRESS_A && (event as ModelEvent).address === ADDRESS_B;
  // One profile save per path, by the address that signed in (another address's save is an example test).
  if (event.type === 'wallet.accountUpdated') return c.address === ADDRESS_A && c.account?.alias !== savedProfile.alias;
  if (c.targetChainId === MAINNET) return !['wallet.configure', 'wallet.chainChanged', 'wallet.addressChanged'].includes(event.type);
  return true;
};

const model = createMachineTestModel(walletSessionMachine, {
  project: projectWalletSession,
  input: { ...baseInput, now: () => T0 },
  events: () => modelEvents,
  filterEvents: keepEvent,
});
// Shortest paths reach every vertex; simple paths into registered over the sign-in core (one address, the right
// chain, successful effects) add the orders of restore, stored key check, signing, refresh and disconnect.
const signInCore = (state: AnyMachineSnapshot, event: EventObject) => {
  const e = event as ModelEvent;
  if (['wallet.configure', 'wallet.chainChanged', 'wallet.addressChanged', 'wallet.addressLost', 'wallet.accountUpdated'].includes(e.type)) return false;
  if (e.type.startsWith('xstate.error.actor.')) return false;
  if (e.type === 'xstate.done.actor.connectWallet') return (e.output as { chainId: number }).chainId === HARDHAT;
  if (e.type === 'xstate.done.actor.signLogin') return e.output === signedIn;
  if (e.type === 'wallet.declineTerms') return false;
  return keepEvent(state, event);
};
// Declining the terms: the first sign-in of an address (no stored key, never accepted, or unknown) signs out again.
const declineCore = (state: AnyMachineSnapshot, event: EventObject) => {
  const e = event as ModelEvent;
  if (e.type === 'wallet.declineTerms' || e.type === 'xstate.error.actor.loadTermsAccepted') return true;
  if (e.type === 'xstate.done.actor.loadTermsAccepted') return e.output === false;
  if (e.type === 'xstate.done.actor.loadApiKey') return e.output === null;
  return ['wallet.connect', 'xstate.done.actor.reconnectWallet', 'xstate.done.actor.connectWallet'].includes(e.type) && signInCore(state, event);
};
const paths = [
  ...modelPaths(model, { toState: (state) => state.matches({ connected: 'registered' }), filterEvents: signInCore }),
  ...model.getSimplePaths({ toState: (state) => state.matches('disconnecting'), filterEvents: declineCore }),
];

function harness() {
  let run: WalletSessionRun | undefined;
  // Page reloads the real actor must have asked for so far: one per lost address, one per re-authenticated change.
  let expectedReloads = 0;
  let reloadDue = false;
  const checkReloads = (signedInNow: boolean) => {
    if (signedInNow && reloadDue) expectedReloads += 1;
    if (signedInNow || !ctx(real()).address) reloadDue = false;
    expect(get().recorded.reloadPage).toHaveBeenCalledTimes(expectedReloads);
  };
  const get = () => {
    if (!run) throw new Error('actor not started');
    return run;
  };
  const real = () => get().actor.getSnapshot();
  const outputOf = (step: { event: EventObject }) => (step.event as unknown as { output: unknown }).output;
  const errorOf = (step: { event: EventObject }) => (step.event as unknown as { error: unknown }).error;
  const settle = (name: 'reconnectWallet' | 'connectWallet' | 'loadApiKey' | 'loadTermsAccepted' | 'signLogin' | 'switchNetwork' | 'disconnectWallet') => ({
    [`xstate.done.actor.${name}`]: async (step: { event: EventObject }) => {
      get()[name].last().resolve(outputOf(step) as never);
      await flush();
    },
    [`xstate.error.actor.${name}`]: async (step: { event: EventObject }) => {
      get()[name].last().reject(errorOf(step));
      await flush();
    },
  });
  const send = (step: { event: EventObject }) => get().actor.send(step.event as WalletSessionEvent);
  const fromWallet = (step: { event: EventObject }) => get().fromWallet(step.event as WalletSessionEvent);
  return {
    stop: () => run?.actor.stop(),
    params: {
      events: {
        'xstate.init': () => {
          run = startWalletSession(undefined, { controlTerms: true });
        },
        ...settle('reconnectWallet'),
        ...settle('connectWallet'),
        ...settle('loadApiKey'),
        ...settle('loadTermsAccepted'),
        'wallet.acceptTerms': (step: { event: EventObject }) => {
          const { address } = ctx(real());
          const signs = get().signLogin.calls.length;
          send(step);
          // Remembered for this address; the wallet is asked to sign only now.
          expect(get().recorded.rememberTermsAccepted).toHaveBeenLastCalledWith({ address });
          expect(real().matches({ connected: 'signing' })).toBe(true);
          expect(get().signLogin.calls).toHaveLength(signs + 1);
        },
        'wallet.declineTerms': (step: { event: EventObject }) => {
          const remembered = get().recorded.rememberTermsAccepted.mock.calls.length;
          const signs = get().signLogin.calls.length;
          const stored = get().recorded.storeApiKey.mock.calls.length;
          send(step);
          // Nothing half-done: not remembered, never signed, no key stored, the stored one cleared.
          expect(get().recorded.rememberTermsAccepted).toHaveBeenCalledTimes(remembered);
          expect(get().signLogin.calls).toHaveLength(signs);
          expect(get().recorded.storeApiKey).toHaveBeenCalledTimes(stored);
          expect(get().recorded.clearApiKey).toHaveBeenLastCalledWith({ address: ctx(real()).address });
        },
        ...settle('signLogin'),
        'xstate.done.actor.signLogin': async (step: { event: EventObject }) => {
          const login = outputOf(step) as typeof signedIn;
          const { address } = ctx(real());
          const stored = get().recorded.storeApiKey.mock.calls.length;
          get().signLogin.last().resolve(login);
          await flush();
          // A new key is stored for the address that signed; a banned account's is not.
          if (login.account.isBanned) expect(get().recorded.storeApiKey).toHaveBeenCalledTimes(stored);
          else expect(get().recorded.storeApiKey).toHaveBeenLastCalledWith({ address, ...login });
        },
        ...settle('switchNetwork'),
        ...settle('disconnectWallet'),
        'wallet.connect': send,
        'wallet.disconnect': send,
        'wallet.configure': send,
        'wallet.accountUpdated': (step: { event: EventObject }) => {
          const { address, apiKey } = ctx(real());
          const stored = get().recorded.storeApiKey.mock.calls.length;
          send(step);
          // The stored login is rewritten once, with the saved account and the key already held.
          expect(get().recorded.storeApiKey).toHaveBeenCalledTimes(stored + 1);
          expect(get().recorded.storeApiKey).toHaveBeenLastCalledWith({ address, account: savedProfile, apiKey });
        },
        'wallet.chainChanged': fromWallet,
        'wallet.addressChanged': (step: { event: EventObject }) => {
          fromWallet(step);
          reloadDue = true;
        },
        'wallet.addressLost': (step: { event: EventObject }) => {
          const { address } = ctx(real());
          const reloads = get().recorded.reloadPage.mock.calls.length;
          fromWallet(step);
          expect(get().recorded.resetAccount).toHaveBeenLastCalledWith({ address });
          expect(get().recorded.reloadPage.mock.calls.length).toBe(reloads + 1);
          expectedReloads += 1;
        },
        [AFTER_REFRESH]: () => {
          const { apiKey } = ctx(real());
          if (!apiKey) throw new Error('registered without an API key');
          const delay = apiKey.expires - API_KEY_REFRESH_MARGIN_MS - Date.now();
          vi.advanceTimersByTime(delay - 1);
          expect(real().matches({ connected: 'registered' })).toBe(true);
          vi.advanceTimersByTime(1);
        },
      },
      states: checkedStates(real, projectWalletSession, {
        restoring: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.can({ type: 'wallet.connect', connectorId: 'injected' })).toBe(false);
          expect(get().reconnectWallet.calls).toHaveLength(1);
        },
        disconnected: (snap) => {
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.hasTag('registered')).toBe(false);
          expect(snap.can({ type: 'wallet.connect', connectorId: 'injected' })).toBe(true);
          expect(snap.can({ type: 'wallet.disconnect' })).toBe(false);
          expect(ctx(snap)).toMatchObject({ address: null, chainId: null, account: null, apiKey: null, notice: null });
          expect(get().runningWatchers()).toHaveLength(0);
          checkReloads(false);
        },
        connecting: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(ctx(snap).error).toBeNull();
          expect(get().connectWallet.last().input).toEqual({ connectorId: 'injected' });
          expect(snap.can({ type: 'wallet.disconnect' })).toBe(true);
          expect(get().connectWallet.last().signal.aborted).toBe(false);
        },
        connected: (snap) => {
          expect(snap.can({ type: 'wallet.disconnect' })).toBe(true);
          expect(snap.can({ type: 'wallet.connect', connectorId: 'injected' })).toBe(false);
          const [watcher, ...others] = get().runningWatchers();
          expect(others).toHaveLength(0);
          expect(watcher?.input.connectorId).toBe('injected');
        },
        'connected.network': () => {
          throw new Error('connected.network is transient');
        },
        'connected.switchingNetwork': (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(ctx(snap).chainId).not.toBe(ctx(snap).targetChainId);
          expect(get().emitted.at(-1)).toEqual({ type: 'wallet.notify', kind: 'sticky', text: ctx(snap).notice });
        },
        'connected.switchingNetwork.switching': (snap) => {
          expect(ctx(snap).notice).toBe(switchingNetworkNotice(ctx(snap).networkName));
          expect(get().switchNetwork.last()).toMatchObject({ input: { chainId: ctx(snap).targetChainId } });
          expect(get().switchNetwork.last().signal.aborted).toBe(false);
        },
        'connected.switchingNetwork.waitingForWallet': (snap) => {
          expect(ctx(snap).isMobile).toBe(true);
          expect(ctx(snap).notice).toBe(switchNetworkInWalletNotice(ctx(snap).networkName));
          // Mobile wallets are never asked to switch: the last request (if any) was cancelled.
          expect(get().switchNetwork.calls.every((call) => call.signal.aborted)).toBe(true);
        },
        'connected.checking': (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(ctx(snap).notice).toBeNull();
          expect(get().loadApiKey.last().input).toEqual({ address: ctx(snap).address });
          checkReloads(false);
        },
        'connected.terms': (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.hasTag('terms')).toBe(false);
          expect(get().loadTermsAccepted.last().input).toEqual({ address: ctx(snap).address });
        },
        'connected.askingTerms': (snap) => {
          expect(snap.hasTag('terms')).toBe(true);
          expect(snap.hasTag('busy')).toBe(false);
          expect(snap.can({ type: 'wallet.acceptTerms' })).toBe(true);
          expect(snap.can({ type: 'wallet.declineTerms' })).toBe(true);
        },
        'connected.signing': (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(snap.hasTag('registered')).toBe(false);
          expect(get().signLogin.last().input).toEqual({ address: ctx(snap).address, chainId: ctx(snap).chainId });
          expect(get().signLogin.last().signal.aborted).toBe(false);
        },
        'connected.registered': (snap) => {
          expect(snap.hasTag('registered')).toBe(true);
          expect(snap.hasTag('busy')).toBe(false);
          expect(ctx(snap).account?.isBanned).toBe(false);
          expect(ctx(snap).apiKey!.expires - API_KEY_REFRESH_MARGIN_MS).toBeGreaterThan(Date.now());
          expect(ctx(snap).chainId).toBe(ctx(snap).targetChainId);
          expect(ctx(snap).reloadWhenSignedIn).toBe(false);
          // The header's account: the signed-in one, or the whole saved profile once wallet.accountUpdated arrived.
          if (ctx(snap).account?.alias === savedProfile.alias) expect(ctx(snap).account).toEqual(savedProfile);
          else expect(ctx(snap).account?.avatar ?? null).toBeNull();
          checkReloads(true);
        },
        'connected.banned': (snap) => {
          expect(snap.hasTag('banned')).toBe(true);
          expect(snap.hasTag('registered')).toBe(false);
          expect(ctx(snap).error).toBe(ACCOUNT_BANNED_MESSAGE);
          expect(get().emitted).toContainEqual({ type: 'wallet.notify', kind: 'error', text: ACCOUNT_BANNED_MESSAGE });
          checkReloads(true);
        },
        disconnecting: (snap) => {
          expect(snap.hasTag('busy')).toBe(true);
          expect(get().recorded.clearApiKey).toHaveBeenLastCalledWith({ address: ctx(snap).address });
          expect(get().runningWatchers()).toHaveLength(0);
        },
      }),
    },
  };
}

describe('walletSessionMachine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('xstate/graph createTestModel refuses invoking machines, hence createMachineTestModel', () => {
    expect(() => createTestModel(walletSessionMachine)).toThrow(/not supported/);
  });

  it('has an assertion for every state node; the transient one is never a vertex', () => {
    const keys = Object.keys(harness().params.states).filter((key) => key !== '*');
    expect(keys.sort()).toEqual(stateKeys(walletSessionMachine).sort());
    for (const key of TRANSIENT_STATES) expect(paths.some((path) => path.state.matches(key as never))).toBe(false);
  });

  it('exercises every event type of the machine, each with an executor', () => {
    const exercised = pathEventTypes(paths);
    expect(exercised).toEqual(machineEventTypes(walletSessionMachine));
    const executors = Object.keys(harness().params.events);
    expect(exercised.filter((type) => !executors.includes(type))).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_title, path) => {
    const h = harness();
    try {
      await path.test(h.params);
    } finally {
      h.stop();
    }
  });
});

