import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine';
import {
  ACCOUNT_BANNED_MESSAGE,
  API_KEY_REFRESH_MARGIN_MS,
  INSTALL_WALLET_MESSAGE,
  SIGNATURE_DENIED_MESSAGE,
  WALLET_ERROR_MESSAGES,
} from '../../machines/wallet/constants';
import { forwardWalletNotices } from '../../machines/wallet/forwardWalletNotices';
import { walletSessionMachine } from '../../machines/wallet/walletSessionMachine';
import { isApiKeyFresh } from '../../machines/wallet/walletSessionSetup';
import { flush } from './support/modelTesting';
import {
  ADDRESS_A,
  ADDRESS_B,
  HARDHAT,
  MAINNET,
  T0,
  chainUnavailable,
  loginRejectedByServer,
  savedProfile,
  signatureRefused,
  signedIn,
  signedInBanned,
  startWalletSession,
  storedExpiring,
  storedFresh,
  userRejected,
  walletMissing,
  type WalletSessionRun,
} from './support/walletSessionFixtures';

const value = (run: WalletSessionRun) => run.actor.getSnapshot().value;
const context = (run: WalletSessionRun) => run.actor.getSnapshot().context;

/** Nothing to restore, then the user picks the injected wallet, which answers with `chainId`. */
async function connect(run: WalletSessionRun, chainId = HARDHAT) {
  run.reconnectWallet.last().resolve(null);
  await flush();
  run.actor.send({ type: 'wallet.connect', connectorId: 'injected' });
  run.connectWallet.last().resolve({ address: ADDRESS_A, chainId });
  await flush();
}

async function signIn(run: WalletSessionRun) {
  await connect(run);
  run.loadApiKey.last().resolve(null);
  await flush();
  run.signLogin.last().resolve(signedIn);
  await flush();
}

describe('walletSessionMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('default: connect, no stored key, sign the login message, registered with the key stored', async () => {
    const run = startWalletSession();
    await signIn(run);
    expect(run.signLogin.last().input).toEqual({ address: ADDRESS_A, chainId: HARDHAT });
    expect(value(run)).toEqual({ connected: 'registered' });
    expect(run.actor.getSnapshot().hasTag('registered')).toBe(true);
    expect(context(run)).toMatchObject({ address: ADDRESS_A, chainId: HARDHAT, connectorId: 'injected', account: signedIn.account, apiKey: signedIn.apiKey, error: null });
    expect(run.recorded.storeApiKey).toHaveBeenCalledWith({ address: ADDRESS_A, ...signedIn });
    expect(run.watchers[0]?.input).toEqual({ connectorId: 'injected', address: ADDRESS_A, chainId: HARDHAT });
  });

  it('behavior: restore on start with a valid stored key lands in registered without signing', async () => {
    const run = startWalletSession();
    run.reconnectWallet.last().resolve({ address: ADDRESS_A, chainId: HARDHAT, connectorId: 'injected' });
    await flush();
    run.loadApiKey.last().resolve(storedFresh);
    await flush();
    expect(value(run)).toEqual({ connected: 'registered' });
    expect(run.signLogin.calls).toHaveLength(0);
    expect(run.recorded.storeApiKey).not.toHaveBeenCalled();
  });

  it('behavior: a stored key within 2 minutes of its expiry does not count: sign again', async () => {
    expect(isApiKeyFresh(T0 + API_KEY_REFRESH_MARGIN_MS + 1, T0)).toBe(true);
    expect(isApiKeyFresh(T0 + API_KEY_REFRESH_MARGIN_MS, T0)).toBe(false);
    const run = startWalletSession();
    await connect(run);
    run.loadApiKey.last().resolve(storedExpiring);
    await flush();
    expect(value(run)).toEqual({ connected: 'signing' });
  });

  it('behavior: the key is refreshed by signing again 2 minutes before it expires', async () => {
    const run = startWalletSession();
    await connect(run);
    run.loadApiKey.last().resolve(storedFresh);
    await flush();
    vi.advanceTimersByTime(storedFresh.apiKey.expires - API_KEY_REFRESH_MARGIN_MS - T0 - 1);
    expect(value(run)).toEqual({ connected: 'registered' });
    vi.advanceTimersByTime(1);
    expect(value(run)).toEqual({ connected: 'signing' });
    run.signLogin.last().resolve(signedIn);
    await flush();
    expect(context(run).apiKey).toEqual(signedIn.apiKey);
    expect(run.recorded.storeApiKey).toHaveBeenCalledTimes(1);
  });

  it('behavior: user rejected signature → wallet disconnected with "User denied message signature"', async () => {
    const run = startWalletSession();
    await connect(run);
    run.loadApiKey.last().resolve(null);
    await flush();
    run.signLogin.last().reject(signatureRefused);
    await flush();
    expect(value(run)).toBe('disconnecting');
    expect(run.disconnectWallet.last().input).toEqual({ connectorId: 'injected', credentials: null });
    run.disconnectWallet.last().resolve();
    await flush();
    expect(value(run)).toBe('disconnected');
    expect(context(run).error).toBe(SIGNATURE_DENIED_MESSAGE);
    expect(run.emitted).toContainEqual({ type: 'wallet.notify', kind: 'error', text: SIGNATURE_DENIED_MESSAGE });
    expect(run.recorded.clearApiKey).toHaveBeenCalledWith({ address: ADDRESS_A });
  });

  it('behavior: login failing at the server disconnects the wallet too, even if disconnecting fails', async () => {
    const run = startWalletSession();
    await connect(run);
    run.loadApiKey.last().resolve(null);
    await flush();
    run.signLogin.last().reject(loginRejectedByServer);
    await flush();
    run.disconnectWallet.last().reject(new Error('gone'));
    await flush();
    expect(value(run)).toBe('disconnected');
    expect(context(run).error).toBe(WALLET_ERROR_MESSAGES.unknown);
  });

  it('behavior: connect refused or no wallet → disconnected with the catalogue message', async () => {
    const run = startWalletSession();
    run.reconnectWallet.last().resolve(null);
    await flush();
    run.actor.send({ type: 'wallet.connect', connectorId: 'injected' });
    run.connectWallet.last().reject(userRejected);
    await flush();
    expect(value(run)).toBe('disconnected');
    expect(context(run).error).toBe(WALLET_ERROR_MESSAGES.userRejected);
    run.actor.send({ type: 'wallet.connect', connectorId: 'walletConnect' });
    expect(context(run).error).toBeNull();
    run.connectWallet.last().reject(walletMissing);
    await flush();
    expect(context(run).error).toBe(INSTALL_WALLET_MESSAGE);
    expect(run.disconnectWallet.calls).toHaveLength(0);
  });

  it('behavior: signing out hands the signed-in key to disconnectWallet, which revokes it on the server', async () => {
    const run = startWalletSession();
    await connect(run);
    run.loadApiKey.last().resolve(null);
    await flush();
    vi.advanceTimersByTime(1);
    run.signLogin.last().resolve(signedIn);
    await flush();
    run.actor.send({ type: 'wallet.disconnect' });
    expect(run.disconnectWallet.last().input).toEqual({ connectorId: 'injected', credentials: { address: ADDRESS_A, key: signedIn.apiKey.key } });
    run.disconnectWallet.last().resolve();
    await flush();
    expect(value(run)).toBe('disconnected');
  });

  it('behavior: banned account → banned with its message; disconnect still possible', async () => {
    const run = startWalletSession();
    await connect(run);
    run.loadApiKey.last().resolve(null);
    await flush();
    run.signLogin.last().resolve(signedInBanned);
    await flush();
    const snap = run.actor.getSnapshot();
    expect(snap.value).toEqual({ connected: 'banned' });
    expect(snap.hasTag('registered')).toBe(false);
    expect(snap.context.error).toBe(ACCOUNT_BANNED_MESSAGE);
    expect(run.recorded.storeApiKey).not.toHaveBeenCalled();
    expect(snap.can({ type: 'wallet.disconnect' })).toBe(true);
    run.actor.send({ type: 'wallet.disconnect' });
    run.disconnectWallet.last().resolve();
    await flush();
    expect(value(run)).toBe('disconnected');
    expect(context(run).error).toBeNull();
  });

  it('behavior: desktop on the wrong chain switches with the sticky notice, then dismisses it', async () => {
    const run = startWalletSession();
    await connect(run, MAINNET);
    expect(value(run)).toEqual({ connected: { switchingNetwork: 'switching' } });
    expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(run.switchNetwork.last().input).toEqual({ chainId: HARDHAT });
    expect(run.emitted).toContainEqual({ type: 'wallet.notify', kind: 'sticky', text: "Switching to 'Hardhat' network" });
    run.switchNetwork.last().resolve();
    await flush();
    expect(value(run)).toEqual({ connected: 'checking' });
    expect(context(run)).toMatchObject({ chainId: HARDHAT, notice: null });
    expect(run.emitted.at(-1)).toEqual({ type: 'wallet.dismissSticky', text: "Switching to 'Hardhat' network" });
  });

  it('behavior: a failed switch disconnects with the catalogue message', async () => {
    const run = startWalletSession();
    await connect(run, MAINNET);
    run.switchNetwork.last().reject(chainUnavailable);
    await flush();
    expect(value(run)).toBe('disconnecting');
    expect(context(run).error).toBe(WALLET_ERROR_MESSAGES.chainDisconnected);
  });

  it('behavior: mobile never switches; it asks the user and waits for the wallet chain change', async () => {
    const run = startWalletSession({ chainId: HARDHAT, networkName: 'Hardhat', isMobile: true });
    await connect(run, MAINNET);
    expect(value(run)).toEqual({ connected: { switchingNetwork: 'waitingForWallet' } });
    expect(run.switchNetwork.calls).toHaveLength(0);
    expect(context(run).notice).toBe("Please switch to 'Hardhat' network in your wallet");
    run.fromWallet({ type: 'wallet.chainChanged', chainId: 56 });
    expect(value(run)).toEqual({ connected: { switchingNetwork: 'waitingForWallet' } });
    run.fromWallet({ type: 'wallet.chainChanged', chainId: HARDHAT });
    expect(value(run)).toEqual({ connected: 'checking' });
    expect(run.emitted.at(-1)).toEqual({ type: 'wallet.dismissSticky', text: "Please switch to 'Hardhat' network in your wallet" });
  });

  it('parameters: no configured chain yet → no switch; configuring another chain later switches', async () => {
    const run = startWalletSession({});
    await connect(run, MAINNET);
    expect(value(run)).toEqual({ connected: 'checking' });
    run.actor.send({ type: 'wallet.configure', chainId: HARDHAT, networkName: 'Hardhat' });
    expect(value(run)).toEqual({ connected: { switchingNetwork: 'switching' } });
  });

  it('behavior: address changed → re-authenticate the new address, then reload the page once', async () => {
    const run = startWalletSession();
    await signIn(run);
    run.fromWallet({ type: 'wallet.addressChanged', address: ADDRESS_A.toUpperCase().replace('0X', '0x') });
    expect(value(run)).toEqual({ connected: 'registered' });
    run.fromWallet({ type: 'wallet.addressChanged', address: ADDRESS_B });
    expect(value(run)).toEqual({ connected: 'checking' });
    expect(run.loadApiKey.last().input).toEqual({ address: ADDRESS_B });
    run.loadApiKey.last().resolve(null);
    await flush();
    expect(run.signLogin.last().input).toEqual({ address: ADDRESS_B, chainId: HARDHAT });
    expect(run.recorded.reloadPage).not.toHaveBeenCalled();
    run.signLogin.last().resolve(signedIn);
    await flush();
    expect(value(run)).toEqual({ connected: 'registered' });
    expect(run.recorded.reloadPage).toHaveBeenCalledTimes(1);
    run.fromWallet({ type: 'wallet.chainChanged', chainId: HARDHAT });
    expect(run.recorded.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('behavior: a saved profile (wallet.accountUpdated) replaces the account at once and rewrites the stored login once', async () => {
    const run = startWalletSession();
    await signIn(run);
    run.recorded.storeApiKey.mockClear();
    run.actor.send({ type: 'wallet.accountUpdated', account: savedProfile });
    expect(value(run)).toEqual({ connected: 'registered' });
    expect(context(run)).toMatchObject({ account: savedProfile, apiKey: signedIn.apiKey, address: ADDRESS_A });
    expect(run.recorded.storeApiKey).toHaveBeenCalledTimes(1);
    expect(run.recorded.storeApiKey).toHaveBeenCalledWith({ address: ADDRESS_A, account: savedProfile, apiKey: signedIn.apiKey });
    expect(run.recorded.reloadPage).not.toHaveBeenCalled();
    // The key refresh still comes at its time, and its fresh login's account replaces the saved one.
    vi.advanceTimersByTime(signedIn.apiKey.expires - API_KEY_REFRESH_MARGIN_MS - Date.now());
    expect(value(run)).toEqual({ connected: 'signing' });
    expect(context(run).account).toEqual(savedProfile);
  });

  it("behavior: another address's saved account, or one arriving outside registered, is ignored", async () => {
    const run = startWalletSession();
    await signIn(run);
    run.recorded.storeApiKey.mockClear();
    run.actor.send({ type: 'wallet.accountUpdated', account: { ...savedProfile, id: 'acc-other', address: ADDRESS_B } });
    expect(context(run).account).toEqual(signedIn.account);
    // The address check ignores case: the wallet may report a checksummed address.
    run.actor.send({ type: 'wallet.accountUpdated', account: { ...savedProfile, address: ADDRESS_A.toUpperCase().replace('0X', '0x') } });
    expect(context(run).account?.alias).toBe(savedProfile.alias);
    expect(run.recorded.storeApiKey).toHaveBeenCalledTimes(1);

    // The wallet moved to B while the save was in flight: A's answer must not land on B's session.
    run.fromWallet({ type: 'wallet.addressChanged', address: ADDRESS_B });
    expect(value(run)).toEqual({ connected: 'checking' });
    run.actor.send({ type: 'wallet.accountUpdated', account: savedProfile });
    expect(context(run).account).toBeNull();
    run.loadApiKey.last().resolve({ account: { ...signedIn.account, id: 'acc-b', address: ADDRESS_B }, apiKey: signedIn.apiKey });
    await flush();
    expect(value(run)).toEqual({ connected: 'registered' });
    run.actor.send({ type: 'wallet.accountUpdated', account: savedProfile });
    expect(context(run).account?.address).toBe(ADDRESS_B);
    expect(run.recorded.storeApiKey).toHaveBeenCalledTimes(1);
  });

  it('behavior: address lost → reset account, reload, disconnected; the watcher is stopped', async () => {
    const run = startWalletSession();
    await signIn(run);
    run.fromWallet({ type: 'wallet.addressLost' });
    expect(value(run)).toBe('disconnected');
    expect(run.recorded.resetAccount).toHaveBeenCalledWith({ address: ADDRESS_A });
    expect(run.recorded.reloadPage).toHaveBeenCalledTimes(1);
    expect(run.runningWatchers()).toHaveLength(0);
  });

  it('behavior: closing the dialog while connecting abandons the connect and tears the connector down', async () => {
    const run = startWalletSession();
    run.reconnectWallet.last().resolve(null);
    await flush();
    run.actor.send({ type: 'wallet.connect', connectorId: 'walletConnect' });
    const { signal } = run.connectWallet.last();
    run.actor.send({ type: 'wallet.disconnect' });
    expect(signal.aborted).toBe(true);
    expect(run.disconnectWallet.last().input).toEqual({ connectorId: 'walletConnect', credentials: null });
    run.disconnectWallet.last().resolve();
    await flush();
    expect(run.actor.getSnapshot().context).toMatchObject({ connectorId: null, error: null });
    expect(run.emitted).toEqual([]);
  });

  it('behavior: disconnecting while signing aborts the signature request', async () => {
    const run = startWalletSession();
    await connect(run);
    run.loadApiKey.last().resolve(null);
    await flush();
    const { signal } = run.signLogin.last();
    run.actor.send({ type: 'wallet.disconnect' });
    expect(signal.aborted).toBe(true);
  });

  it('behavior: forwardWalletNotices shows the notices with the notifications actor, without duplicates', async () => {
    const run = startWalletSession();
    const notifications = createActor(notificationsMachine).start();
    const stop = forwardWalletNotices(run.actor, notifications);
    await connect(run, MAINNET);
    expect(notifications.getSnapshot().context.current).toMatchObject({ kind: 'sticky', text: "Switching to 'Hardhat' network" });
    run.switchNetwork.last().resolve();
    await flush();
    expect(notifications.getSnapshot().context.current).toBeNull();
    stop();
    run.loadApiKey.last().resolve(null);
    await flush();
    run.signLogin.last().reject(userRejected);
    await flush();
    expect(notifications.getSnapshot().context.current).toBeNull();
  });

  it('behavior: without provided effects the machine says which one is missing', async () => {
    const actor = createActor(walletSessionMachine, { input: {} }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('disconnected');
    actor.send({ type: 'wallet.connect', connectorId: 'injected' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(WALLET_ERROR_MESSAGES.unknown);
  });
});
