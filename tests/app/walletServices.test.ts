import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { clearApiKey, loadApiKey, saveApiKey } from '../../src/services/wallet/apiKeyStore';
import {
  CONNECTION_FLAG_KEY,
  readConnectionFlag,
  restorableConnection,
  sweepExpiredConnection,
  WAGMI_STORAGE_PREFIX,
  writeConnectionFlag,
} from '../../src/services/wallet/connectionFlag';
import { createDemoWalletProvider } from '../../src/services/wallet/demoWallet';
import { demoAccountIndex, injectedChoices, LEGACY_CONNECTOR_ID } from '../../src/services/wallet/discovery';
import { provideWalletSession } from '../../src/services/wallet/session';
import { CACHE_LIFETIME_MS } from '../../src/services/wallet/walletEnv';
import { ALICE, chainRpcFetch, HARDHAT_ACCOUNTS, loginOf } from './walletHarness';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('demo wallet (EIP-1193 over the local chain)', () => {
  it('behavior: eth_requestAccounts returns the chosen unlocked account', async () => {
    const rpc = chainRpcFetch();
    vi.stubGlobal('fetch', rpc.fetchImpl);
    const provider = createDemoWalletProvider({ providerURL: 'http://127.0.0.1:8545', accountIndex: 3 });
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([HARDHAT_ACCOUNTS[3]]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(rpc.calls.every((call) => call.url === 'http://127.0.0.1:8545')).toBe(true);
  });

  it('behavior: personal_sign and eth_signTypedData_v4 are forwarded to the node as they are', async () => {
    const rpc = chainRpcFetch((method) => (method === 'personal_sign' ? '0xsigned' : method === 'eth_signTypedData_v4' ? '0xtyped' : null));
    vi.stubGlobal('fetch', rpc.fetchImpl);
    const provider = createDemoWalletProvider({ providerURL: 'http://127.0.0.1:8545', accountIndex: 1 });
    expect(await provider.request({ method: 'personal_sign', params: ['0x6869', HARDHAT_ACCOUNTS[1]] })).toBe('0xsigned');
    expect(await provider.request({ method: 'eth_signTypedData_v4', params: [HARDHAT_ACCOUNTS[1], '{}'] })).toBe('0xtyped');
    expect(rpc.calls.find((call) => call.method === 'personal_sign')?.params).toEqual(['0x6869', HARDHAT_ACCOUNTS[1]]);
  });

  it('behavior: eth_sendTransaction is sent from the chosen account whatever the caller says', async () => {
    const rpc = chainRpcFetch((method) => (method === 'eth_sendTransaction' ? '0xhash' : null));
    vi.stubGlobal('fetch', rpc.fetchImpl);
    const provider = createDemoWalletProvider({ providerURL: 'http://127.0.0.1:8545', accountIndex: 2 });
    expect(await provider.request({ method: 'eth_sendTransaction', params: [{ from: HARDHAT_ACCOUNTS[0], to: ALICE, value: '0x1' }] })).toBe('0xhash');
    expect(rpc.calls.find((call) => call.method === 'eth_sendTransaction')?.params).toEqual([{ from: HARDHAT_ACCOUNTS[2], to: ALICE, value: '0x1' }]);
    expect(rpc.calls.find((call) => call.method === 'eth_estimateGas')?.params).toEqual([{ from: HARDHAT_ACCOUNTS[2], to: ALICE, value: '0x1' }]);
  });

  it('behavior: eth_sendTransaction is estimated first; one that would revert is refused with the revert data and never sent', async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (_input: unknown, init?: RequestInit) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      const body = method === 'eth_accounts'
        ? { jsonrpc: '2.0', id, result: HARDHAT_ACCOUNTS }
        : { jsonrpc: '2.0', id, error: { code: 3, message: 'execution reverted: custom error 0xdeadbeef', data: '0xdeadbeef' } };
      sent.push(method);
      return new Response(JSON.stringify(body));
    });
    const provider = createDemoWalletProvider({ providerURL: 'http://127.0.0.1:8545', accountIndex: 1 });
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ to: ALICE, data: '0x12' }] }))
      .rejects.toMatchObject({ code: 3, message: 'execution reverted: custom error 0xdeadbeef', data: '0xdeadbeef' });
    expect(sent).toEqual(['eth_accounts', 'eth_estimateGas']);
  });

  it('behavior: a node error keeps its JSON-RPC code (the catalogue reads it); another chain is refused with 4902', async () => {
    vi.stubGlobal('fetch', async (_input: unknown, init?: RequestInit) => {
      const { id, method } = JSON.parse(String(init?.body)) as { id: number; method: string };
      const body = method === 'eth_chainId' ? { jsonrpc: '2.0', id, result: '0x7a69' } : { jsonrpc: '2.0', id, error: { code: 4001, message: 'rejected' } };
      return new Response(JSON.stringify(body));
    });
    const provider = createDemoWalletProvider({ providerURL: 'http://127.0.0.1:8545', accountIndex: 0 });
    await expect(provider.request({ method: 'personal_sign', params: ['0x00', ALICE] })).rejects.toMatchObject({ code: 4001 });
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })).rejects.toMatchObject({ code: 4902 });
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).resolves.toBeNull();
  });
});

describe('stored connection flag and cache lifetime', () => {
  it('default: no flag, nothing to restore', () => {
    expect(restorableConnection()).toBeNull();
  });

  it('behavior: a flag within the lifetime is restored; after it the flag and wagmi keys are cleared', () => {
    writeConnectionFlag('demo:1', 1_000);
    localStorage.setItem(`${WAGMI_STORAGE_PREFIX}.store`, '{}');
    localStorage.setItem(`${WAGMI_STORAGE_PREFIX}.recentConnectorId`, '"demo:1"');
    localStorage.setItem('artbazaar.theme', 'dark');
    expect(restorableConnection(1_000 + CACHE_LIFETIME_MS - 1)).toEqual({ connectorId: 'demo:1', at: 1_000 });
    expect(restorableConnection(1_000 + CACHE_LIFETIME_MS)).toBeNull();
    expect(localStorage.getItem(CONNECTION_FLAG_KEY)).toBeNull();
    expect(localStorage.getItem(`${WAGMI_STORAGE_PREFIX}.store`)).toBeNull();
    expect(localStorage.getItem(`${WAGMI_STORAGE_PREFIX}.recentConnectorId`)).toBeNull();
    // Only the wallet's keys go.
    expect(localStorage.getItem('artbazaar.theme')).toBe('dark');
  });

  it('behavior: while the app stays open, the keys are cleared at the first sweep after the lifetime', () => {
    vi.useFakeTimers();
    try {
      let now = 1_000;
      writeConnectionFlag('demo:1', now);
      localStorage.setItem(`${WAGMI_STORAGE_PREFIX}.store`, '{}');
      const stop = sweepExpiredConnection(60_000, () => now, 10 * 60_000);
      now += 9 * 60_000;
      vi.advanceTimersByTime(9 * 60_000);
      expect(readConnectionFlag()).toEqual({ connectorId: 'demo:1', at: 1_000 });
      now += 60_000;
      vi.advanceTimersByTime(60_000);
      expect(readConnectionFlag()).toBeNull();
      expect(localStorage.getItem(`${WAGMI_STORAGE_PREFIX}.store`)).toBeNull();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('parameters: the lifetime is the build setting (VITE_CACHE_LIFETIME_MINUTES) or 1440 minutes', () => {
    const setting = import.meta.env.VITE_CACHE_LIFETIME_MINUTES as string | undefined;
    expect(CACHE_LIFETIME_MS).toBe((setting ? Number(setting) : 1440) * 60_000);
  });

  it('behavior: without a flag the session goes straight to disconnected (no config wait, no wallet)', async () => {
    const actor = createActor(provideWalletSession({ reload: () => {} }), { input: {} }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('disconnected'));
    expect(readConnectionFlag()).toBeNull();
    actor.stop();
  });
});

describe('api key store (idb-keyval, per address)', () => {
  it('behavior: round trip by lower-case address; cleared on request', async () => {
    const login = loginOf(ALICE);
    await saveApiKey(ALICE, login);
    expect(await loadApiKey(ALICE.toLowerCase())).toEqual(login);
    expect(await loadApiKey(HARDHAT_ACCOUNTS[0]!)).toBeNull();
    await clearApiKey(ALICE);
    expect(await loadApiKey(ALICE)).toBeNull();
  });
});

describe('wallet choices', () => {
  const provider = { request: async () => null };
  it('behavior: announced wallets are listed; the legacy provider only when none announced', () => {
    const announced = [{ info: { uuid: '1', name: 'MetaMask', icon: 'data:image/png;base64,AA', rdns: 'io.metamask' }, provider }];
    expect(injectedChoices(announced, provider)).toEqual([{ connectorId: 'io.metamask', name: 'MetaMask', icon: 'data:image/png;base64,AA', kind: 'eip6963' }]);
    expect(injectedChoices([], provider)).toEqual([{ connectorId: LEGACY_CONNECTOR_ID, name: 'Browser wallet', kind: 'legacy' }]);
    expect(injectedChoices([], undefined)).toEqual([]);
  });

  it('parameters: demo connector ids name accounts #0–#4 only', () => {
    expect(demoAccountIndex('demo:0')).toBe(0);
    expect(demoAccountIndex('demo:4')).toBe(4);
    expect(demoAccountIndex('demo:5')).toBeNull();
    expect(demoAccountIndex('io.metamask')).toBeNull();
  });
});
