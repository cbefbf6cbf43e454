import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../machines/config/configMachine';
import { getWalletConnectFailure } from '../../src/services/wallet/walletConnectUri';
import { demoConfig } from './appHarness';

// The relay is never reached in these tests: init() hangs the way it does without network.
const init = vi.fn<(options: Record<string, unknown>) => Promise<unknown>>(() => new Promise(() => {}));
vi.mock('@walletconnect/ethereum-provider', () => ({ EthereumProvider: { init: (options: Record<string, unknown>) => init(options) } }));

const { walletConnectProvider, WALLETCONNECT_NO_PROJECT_MESSAGE, WALLETCONNECT_RELAY_MESSAGE, WALLETCONNECT_RELAY_TIMEOUT_MS } = await import(
  '../../src/services/wallet/walletConnect'
);

const withProject = (projectId: string) => ({ ...demoConfig, walletConnectProjectId: projectId }) as AppConfig;

afterEach(() => {
  vi.useRealTimers();
  init.mockClear();
});

describe('WalletConnect', () => {
  it('behavior: an unreachable relay fails after the timeout with a clear message, never hangs', async () => {
    vi.useFakeTimers();
    const pending = walletConnectProvider(withProject('test-project'), { pair: true });
    const outcome = expect(pending).rejects.toThrow(WALLETCONNECT_RELAY_MESSAGE);
    await vi.advanceTimersByTimeAsync(WALLETCONNECT_RELAY_TIMEOUT_MS);
    await outcome;
    expect(getWalletConnectFailure()).toBe(WALLETCONNECT_RELAY_MESSAGE);
  });

  it('parameters: limited to the configured chains, our own QR (no hosted modal)', async () => {
    vi.useFakeTimers();
    const pending = walletConnectProvider(withProject('test-project'), { pair: true }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(WALLETCONNECT_RELAY_TIMEOUT_MS);
    await pending;
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({ projectId: 'test-project', showQrModal: false, optionalChains: [31337], rpcMap: { 31337: 'http://127.0.0.1:8545' } }),
    );
  });

  it.skipIf(Boolean(import.meta.env.VITE_WALLETCONNECT_PROJECT_ID))('behavior: without a project id it says WalletConnect is not configured', async () => {
    await expect(walletConnectProvider(withProject(''), { pair: true })).rejects.toThrow(WALLETCONNECT_NO_PROJECT_MESSAGE);
    expect(init).not.toHaveBeenCalled();
    expect(getWalletConnectFailure()).toBe(WALLETCONNECT_NO_PROJECT_MESSAGE);
  });
});
