// Signed-in pages offline: a signed-in account reloads offline and stays signed in from the stored, unexpired API key without
// asking the wallet; a wallet that cannot be reached offline is not "address lost" (the reset of docs/requirements.md#wallet-session applies only
// to a real change), and the wallet is asked again once the browser is back online.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AppConfig } from '../../machines/config/configMachine';
import type { RestoredConnection, WalletSessionEvent } from '../../machines/wallet/walletSessionTypes';
import { clearApiKey, loadApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import { readConnectionFlag, rememberConnectedAccount, writeConnectionFlag } from '../../src/services/wallet/connectionFlag';
import { provideWalletSession } from '../../src/services/wallet/session';
import { setWalletAppConfig } from '../../src/services/wallet/walletEnv';
import { ALICE, loginOf } from './walletHarness';

// The wallet stack (wagmi): scripted, so the test sees whether the wallet was asked at all.
const stack = vi.hoisted(() => ({
  reconnectWallet: vi.fn<(config: unknown, connectorId: string) => Promise<RestoredConnection | null>>(),
  watchWallet: vi.fn<(config: unknown, input: unknown, sendBack: (event: WalletSessionEvent) => void) => () => void>(),
  signLogin: vi.fn(),
  connectWallet: vi.fn(),
  disconnectWallet: vi.fn(async () => undefined),
  switchNetwork: vi.fn(),
  getWagmiConfig: vi.fn(),
  loadedWagmiConfig: vi.fn(() => null),
}));
vi.mock('../../src/services/wallet/walletStack', () => stack);

const CONFIG = { evms: [{ chainId: 31337, name: 'Local', symbol: 'ETH', providerURL: 'http://127.0.0.1:8545' }], isLocalDemoChain: true } as unknown as AppConfig;
let online = true;
// The first load's end (the phone-performance work: a restored session asks the wallet only then), released by each test.
let firstLoadOver: () => void = () => undefined;
let walletEvents: ((event: WalletSessionEvent) => void) | null = null;

function goOnline(value: boolean) {
  online = value;
  if (value) window.dispatchEvent(new Event('online'));
}

beforeEach(() => {
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  setWalletAppConfig(CONFIG);
  stack.reconnectWallet.mockReset().mockResolvedValue({ address: ALICE, chainId: 31337, connectorId: 'demo:1' });
  stack.watchWallet.mockReset().mockImplementation((_config, _input, sendBack) => {
    walletEvents = sendBack;
    return () => undefined;
  });
  stack.signLogin.mockReset();
  writeConnectionFlag('demo:1');
  rememberConnectedAccount(ALICE, 31337);
});

afterEach(async () => {
  walletEvents = null;
  localStorage.clear();
  await clearApiKey(ALICE);
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

describe('wallet session offline (a signed-in reload offline)', () => {
  it('behavior: the connection flag keeps the address and chain the wallet gave, and when it was connected', () => {
    expect(readConnectionFlag()).toEqual({ connectorId: 'demo:1', at: expect.any(Number), address: ALICE, chainId: 31337 });
  });

  it('behavior: offline, a reload is signed in again from the stored unexpired key; the wallet is neither reconnected nor asked to sign', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    online = false;
    const { actor } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ address: ALICE, chainId: 31337, connectorId: 'demo:1', account: { alias: 'lumen' } });
    expect(stack.reconnectWallet).not.toHaveBeenCalled();
    expect(stack.signLogin).not.toHaveBeenCalled();
    actor.stop();
  });

  it('behavior: back online, the wallet is asked once; the same address keeps the session', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    online = false;
    const { actor, reload } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    goOnline(true);
    await vi.waitFor(() => expect(stack.reconnectWallet).toHaveBeenCalledTimes(1));
    // The wallet's changes are watched once it answered.
    await vi.waitFor(() => expect(walletEvents).not.toBeNull());
    firstLoadOver();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('registered')).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    actor.stop();
  });

  it('behavior: a wallet that goes away while offline is not "address lost": no reset; back online a wallet that really lost the account signs out', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    const { actor, reload } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    firstLoadOver();
    await vi.waitFor(() => expect(walletEvents).not.toBeNull());
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);

    online = false;
    walletEvents!({ type: 'wallet.addressLost' });
    expect(actor.getSnapshot().hasTag('registered')).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(await loadApiKey(ALICE)).not.toBeNull();

    stack.reconnectWallet.mockResolvedValue(null);
    goOnline(true);
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('disconnected'));
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(2);
    // See docs/requirements.md#wallet-session: a real loss resets the account and reloads.
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await vi.waitFor(async () => expect(await loadApiKey(ALICE)).toBeNull());
  });

  it('default: online, the stored session is signed in without the wallet, which is reconnected after the first load (a real wallet decides)', async () => {
    await saveApiKey(ALICE, loginOf(ALICE));
    const { actor } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    expect(stack.reconnectWallet).not.toHaveBeenCalled();
    firstLoadOver();
    await vi.waitFor(() => expect(stack.reconnectWallet).toHaveBeenCalledWith(CONFIG, 'demo:1'));
    actor.stop();
  });

  it('behavior: offline with an older flag that has no address (before this version): nothing is restored without the wallet', async () => {
    localStorage.clear();
    writeConnectionFlag('demo:1');
    online = false;
    stack.reconnectWallet.mockResolvedValue(null);
    const { actor } = startSession();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('disconnected'));
    expect(stack.reconnectWallet).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
