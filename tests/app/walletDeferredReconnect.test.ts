// The phone-performance work: a returning signed-in user's session is restored from the stored connection without the wallet stack, and
// the wallet is asked after the first load, or at once when something needs it first. What the wallet says then is
// acted on as before (docs/requirements.md#wallet-session): another account signs in and the page reloads, a lost account is reset.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AppConfig } from '../../machines/config/configMachine';
import type { RestoredConnection, WalletSessionEvent } from '../../machines/wallet/walletSessionTypes';
import { clearApiKey, loadApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import { loadContractCalls } from '../../src/services/chain/contractAction';
import { readConnectionFlag, rememberConnectedAccount, writeConnectionFlag } from '../../src/services/wallet/connectionFlag';
import { provideWalletSession } from '../../src/services/wallet/session';
import { rememberAcceptedTerms } from '../../src/services/wallet/termsStore';
import { setWalletAppConfig } from '../../src/services/wallet/walletEnv';
import { ALICE, HARDHAT_ACCOUNTS, loginOf } from './walletHarness';

const stack = vi.hoisted(() => ({
  reconnectWallet: vi.fn<(config: unknown, connectorId: string) => Promise<RestoredConnection | null>>(),
  watchWallet: vi.fn<(config: unknown, input: unknown, sendBack: (event: WalletSessionEvent) => void) => () => void>(),
  signLogin: vi.fn(),
  connectWallet: vi.fn(),
  disconnectWallet: vi.fn(async () => undefined),
  switchNetwork: vi.fn(async () => undefined),
  getWagmiConfig: vi.fn(),
  loadedWagmiConfig: vi.fn(() => null),
}));
vi.mock('../../src/services/wallet/walletStack', () => stack);
vi.mock('../../src/services/chain/contractCalls', () => ({ readRoyalties: vi.fn() }));

const CONFIG = { evms: [{ chainId: 31337, name: 'Local', symbol: 'ETH', providerURL: 'http://127.0.0.1:8545' }], isLocalDemoChain: true } as unknown as AppConfig;
const BOB = HARDHAT_ACCOUNTS[2]!;
let firstLoadOver: () => void = () => undefined;

beforeEach(() => {
  setWalletAppConfig(CONFIG);
  stack.reconnectWallet.mockReset().mockResolvedValue({ address: ALICE, chainId: 31337, connectorId: 'demo:1' });
  stack.watchWallet.mockReset().mockImplementation(() => () => undefined);
  stack.signLogin.mockReset();
  stack.disconnectWallet.mockClear();
  stack.switchNetwork.mockClear();
  writeConnectionFlag('demo:1');
  rememberConnectedAccount(ALICE, 31337);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await clearApiKey(ALICE);
  await clearApiKey(BOB);
  setWalletAppConfig(null);
});

function startSession() {
  const reload = vi.fn();
  const firstLoad = new Promise<void>((resolve) => {
    firstLoadOver = resolve;
  });
  const actor = createActor(provideWalletSession({ reload, afterFirstLoad: () => firstLoad }), { input: { chainId: 31337, networkName: 'Local' } }).start();
  return { actor, reload };
}

describe('wallet session restored without the wallet stack', () => {
  it('default: signed in from the stored connection and key; the wallet is asked once the first load is over, then watched from there', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    const { actor, reload } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    expect(stack.reconnectWallet).not.toHaveBeenCalled();
    expect(stack.watchWallet).not.toHaveBeenCalled();
    firstLoadOver();
    await vi.waitFor(() => expect(stack.watchWallet).toHaveBeenCalledTimes(1));
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    expect(stack.watchWallet.mock.calls[0]![1]).toEqual({ address: ALICE.toLowerCase(), chainId: 31337 });
    expect(actor.getSnapshot().hasTag('registered')).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    actor.stop();
  });

  it('behavior: the wallet now has another account: that account signs in and the page reloads (requirements: shell, routes)', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    rememberAcceptedTerms(BOB);
    stack.reconnectWallet.mockResolvedValue({ address: BOB, chainId: 31337, connectorId: 'demo:1' });
    stack.signLogin.mockResolvedValue(loginOf(BOB));
    const { actor, reload } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    firstLoadOver();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(actor.getSnapshot().context.address).toBe(BOB);
    expect(stack.signLogin).toHaveBeenCalledTimes(1);
    expect(stack.watchWallet.mock.calls[0]![1]).toEqual({ address: BOB.toLowerCase(), chainId: 31337 });
    actor.stop();
  });

  it('behavior: the wallet lost the account: the account is reset and the page reloads, signed out', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    stack.reconnectWallet.mockResolvedValue(null);
    const { actor, reload } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    firstLoadOver();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('disconnected'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(readConnectionFlag()).toBeNull();
    await vi.waitFor(async () => expect(await loadApiKey(ALICE)).toBeNull());
  });

  it('behavior: a signature needed before the first load is over (the stored key expired) reconnects the wallet first; the watcher takes that same answer', async () => {
    rememberAcceptedTerms(ALICE);
    await saveApiKey(ALICE, { ...loginOf(ALICE), apiKey: { key: 'k'.repeat(32), expires: Date.now() - 60_000 } });
    stack.signLogin.mockResolvedValue(loginOf(ALICE));
    const { actor } = startSession();
    await vi.waitFor(() => expect(stack.signLogin).toHaveBeenCalledTimes(1));
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    expect(stack.reconnectWallet.mock.invocationCallOrder[0]!).toBeLessThan(stack.signLogin.mock.invocationCallOrder[0]!);
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    firstLoadOver();
    await vi.waitFor(() => expect(stack.watchWallet).toHaveBeenCalledTimes(1));
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    actor.stop();
  });

  it('behavior: signing out before the first load is over reconnects the wallet, then disconnects it (a WalletConnect session is ended)', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    const revoked = vi.fn(async () => Response.json({ revoked: true }));
    vi.stubGlobal('fetch', revoked);
    const { actor } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    actor.send({ type: 'wallet.disconnect' });
    // Signing out revokes the key on the server, whose answer is read with its contract (loaded on first use: slow
    // under load, beyond vi.waitFor's default second).
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('disconnected'), { timeout: 15_000 });
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    expect(stack.disconnectWallet).toHaveBeenCalledWith('demo:1');
    expect(stack.reconnectWallet.mock.invocationCallOrder[0]!).toBeLessThan(stack.disconnectWallet.mock.invocationCallOrder[0]!);
    firstLoadOver();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stack.watchWallet).not.toHaveBeenCalled();
    expect(revoked).toHaveBeenCalledTimes(1);
  });

  it('behavior: a transaction before the first load is over waits for the wallet to be reconnected', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    const { actor } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    expect(stack.reconnectWallet).not.toHaveBeenCalled();
    await loadContractCalls();
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    firstLoadOver();
    await vi.waitFor(() => expect(stack.watchWallet).toHaveBeenCalledTimes(1));
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
