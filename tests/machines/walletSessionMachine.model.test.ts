import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  ACCOUNT_BANNED_MESSAGE,
  API_KEY_REFRESH_MARGIN_MS,
  SIGN_IN_NEEDS_CONNECTION,
  switchingNetworkNotice,
  switchNetworkInWalletNotice,
} from '../../machines/wallet/constants';
import { walletSessionMachine, type WalletSessionEvent } from '../../machines/wallet/walletSessionMachine';
import { checkedStates, flush, modelCoverageTests, settleLastCall } from './support/modelTesting';
import {
  T0,
  projectWalletSession,
  savedProfile,
  signedIn,
  startWalletSession,
  type WalletSessionRun,
} from './support/walletSessionFixtures';
import { TRANSIENT_STATES, ctx, paths } from './support/walletSessionModel';

const AFTER_REFRESH = 'xstate.after.apiKeyRefresh.walletSession.connected.registered';

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
  const settle = (name: 'reconnectWallet' | 'connectWallet' | 'loadApiKey' | 'loadTermsAccepted' | 'signLogin' | 'switchNetwork' | 'disconnectWallet') =>
    settleLastCall(name, () => get()[name].last());
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
          const login = (step.event as unknown as { output: typeof signedIn }).output;
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
        'wallet.offline': fromWallet,
        'wallet.online': (step: { event: EventObject }) => {
          const waiting = real().matches({ connected: 'awaitingConnection' });
          const asked = get().loadTermsAccepted.calls.length;
          fromWallet(step);
          // Back online the expired key is renewed: the terms check, then the wallet is asked to sign (once).
          if (waiting) {
            expect(real().matches({ connected: 'terms' })).toBe(true);
            expect(get().loadTermsAccepted.calls).toHaveLength(asked + 1);
            expect(get().emitted.at(-1)).toEqual({ type: 'wallet.dismissSticky', text: SIGN_IN_NEEDS_CONNECTION });
          }
        },
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
          const signs = get().signLogin.calls.length;
          vi.advanceTimersByTime(delay - 1);
          expect(real().matches({ connected: 'registered' })).toBe(true);
          vi.advanceTimersByTime(1);
          // Offline the wallet is not asked to sign; online it is, once.
          expect(get().signLogin.calls).toHaveLength(ctx(real()).online ? signs + 1 : signs);
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
        'connected.awaitingConnection': (snap) => {
          // Offline with an expired key: still shown as signed in with the stored account, nothing signed, not signed out.
          expect(ctx(snap).online).toBe(false);
          expect(snap.hasTag('registered')).toBe(true);
          expect(snap.hasTag('busy')).toBe(false);
          expect(ctx(snap).account).not.toBeNull();
          expect(ctx(snap).apiKey!.expires - API_KEY_REFRESH_MARGIN_MS).toBeLessThanOrEqual(Date.now());
          expect(ctx(snap).notice).toBe(SIGN_IN_NEEDS_CONNECTION);
          expect(get().emitted.at(-1)).toEqual({ type: 'wallet.notify', kind: 'sticky', text: SIGN_IN_NEEDS_CONNECTION });
          // No signature is being asked for.
          expect(snap.children.signLogin).toBeUndefined();
          expect(snap.can({ type: 'wallet.disconnect' })).toBe(true);
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

  it('never rests in the transient state', () => {
    for (const key of TRANSIENT_STATES) expect(paths.some((path) => path.state.matches(key as never))).toBe(false);
  });

  modelCoverageTests(walletSessionMachine, paths, () => harness());
});
