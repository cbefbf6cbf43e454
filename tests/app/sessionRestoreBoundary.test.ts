// A returning signed-in user's start (the phone-performance work): restoring the stored session (the connection flag in localStorage,
// the API key in IndexedDB) loads nothing of the wallet stack, only the modules scripts/bundle-size.ts counts with
// every route as SESSION_START_MODULES. Until the phone-performance work the restore reconnected wagmi at start (about 26 KB gzip on
// every signed-in page), which the build-time route count could not see. Every module of the wallet and chain
// services and the wallet packages are recorded as they load; the wallet stack itself is a stub here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore, set } from 'idb-keyval';
import { createActor } from 'xstate';
import type { AppConfig } from '../../machines/config/configMachine';
import { SESSION_START_MODULES } from '../../scripts/bundle-size';
import { ROOT, staticGraph } from '../importGraph';
import { ALICE, loginOf } from './walletHarness';

const CONFIG = { evms: [{ chainId: 31337, name: 'Local', symbol: 'ETH', providerURL: 'http://127.0.0.1:8545' }], isLocalDemoChain: true } as unknown as AppConfig;
const WALLET_STACK = ['src/services/wallet/walletStack.ts', 'src/services/wallet/wagmiClient.ts', 'src/services/wallet/signLogin.ts', 'src/services/chain/contractCalls.ts', '@wagmi/core', 'viem'];

const servicesIn = (folder: string) =>
  readdirSync(path.join(ROOT, folder))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `${folder}/${file}`);

/** Records every module of the wallet and chain services (and the wallet packages) as it loads. */
function recordLoads() {
  const loaded = new Set<string>();
  for (const file of [...servicesIn('src/services/wallet'), ...servicesIn('src/services/chain')]) {
    if (file.endsWith('/walletStack.ts')) continue;
    vi.doMock(path.join(ROOT, file), async (importOriginal) => {
      loaded.add(file);
      return importOriginal();
    });
  }
  for (const name of ['@wagmi/core', 'viem']) {
    vi.doMock(name, async (importOriginal) => {
      loaded.add(name);
      return importOriginal();
    });
  }
  // The stack answers as the wallet would: still connected to the same account.
  const reconnectWallet = vi.fn(async () => ({ address: ALICE, chainId: 31337, connectorId: 'demo:1' }));
  vi.doMock(path.join(ROOT, 'src/services/wallet/walletStack.ts'), () => {
    loaded.add('src/services/wallet/walletStack.ts');
    return { reconnectWallet, watchWallet: () => () => undefined, signLogin: vi.fn(), connectWallet: vi.fn(), disconnectWallet: vi.fn(), switchNetwork: vi.fn() };
  });
  return { loaded, reconnectWallet };
}

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('session restore boundary (first-load budget)', () => {
  it('behavior: a stored session is restored signed in loading only SESSION_START_MODULES lazily, nothing of the wallet stack; after the first load the wallet is asked', async () => {
    const { loaded, reconnectWallet } = recordLoads();
    const { writeConnectionFlag, rememberConnectedAccount } = await import('../../src/services/wallet/connectionFlag');
    const { setWalletAppConfig } = await import('../../src/services/wallet/walletEnv');
    const { provideWalletSession } = await import('../../src/services/wallet/session');
    writeConnectionFlag('demo:1');
    rememberConnectedAccount(ALICE, 31337);
    // The key as apiKeyStore.ts stores it, written without loading that module (the restore is to load it).
    await set(ALICE.toLowerCase(), loginOf(ALICE), createStore('artbazaar-wallet', 'logins'));
    setWalletAppConfig(CONFIG);
    // What the entry loads anyway: everything statically reachable from src/main.tsx.
    const inEntry = new Set([...staticGraph('src/main.tsx').files].map((file) => path.relative(ROOT, file)));
    expect(loaded).not.toContain('src/services/wallet/apiKeyStore.ts');

    let firstLoadOver: () => void = () => undefined;
    const firstLoad = new Promise<void>((resolve) => {
      firstLoadOver = resolve;
    });
    const actor = createActor(provideWalletSession({ reload: vi.fn(), afterFirstLoad: () => firstLoad }), { input: { chainId: 31337, networkName: 'Local' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('registered')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ address: ALICE, account: { alias: 'lumen' } });

    const lazilyLoaded = [...loaded].filter((module) => !inEntry.has(module));
    expect(lazilyLoaded.filter((module) => WALLET_STACK.includes(module))).toEqual([]);
    // Anything else the restore imports must be counted with every route by the build-time budget check.
    expect(lazilyLoaded.filter((module) => !SESSION_START_MODULES.includes(module))).toEqual([]);
    expect(lazilyLoaded).toContain('src/services/wallet/apiKeyStore.ts');

    // Control: the recording sees the stack once the first load is over and the wallet is asked.
    firstLoadOver();
    await vi.waitFor(() => expect(reconnectWallet).toHaveBeenCalledTimes(1));
    expect(loaded).toContain('src/services/wallet/walletStack.ts');
    expect(actor.getSnapshot().hasTag('registered')).toBe(true);
    actor.stop();
  });
});
