import type { Page } from '@playwright/test';
import { ACCEPTED_TERMS_KEY } from '../../../src/services/wallet/termsStore';
import { recordNotices } from './notices';

// An injected EIP-1193 test wallet: the page gets a provider that announces itself through EIP-6963; its requests
// come here (page.exposeFunction) and are forwarded to the local chain, which signs for its unlocked accounts.

export const TEST_WALLET_NAME = 'E2E Test Wallet';
const TEST_WALLET_RDNS = 'org.artbazaar.e2e-wallet';

/** An EIP-1193 / JSON-RPC error as a wallet throws it (`code` is a string for ethers-style codes such as 'UNPREDICTABLE_GAS_LIMIT'). */
export interface WalletError {
  code: number | string;
  message: string;
  data?: unknown;
}

type RpcAnswer = { result: unknown } | { error: WalletError };

export interface TestWallet {
  /** The address the wallet currently exposes. */
  readonly address: string;
  /** How many personal_sign requests reached the wallet (signed or refused). */
  signCount(): number;
  /** The next personal_sign is refused as a user would (EIP-1193 code 4001). */
  rejectNextSignature(): void;
  /** Switches to unlocked account #index and tells the page (accountsChanged). */
  switchAccount(index: number): Promise<void>;
  /** How many eth_sendTransaction requests reached the wallet (sent or refused). */
  transactionCount(): number;
  /** Hashes of the transactions the wallet sent, in order. */
  sentTransactions(): readonly string[];
  /**
   * The next eth_sendTransaction (to `to`, when given: e.g. the marketplace, to let a collection approval through)
   * is refused as a user would (EIP-1193 code 4001); nothing reaches the chain.
   */
  rejectNextTransaction(options?: { to?: string }): void;
  /** The next request of `method` (e.g. 'eth_sendTransaction', 'eth_requestAccounts') is answered with `error`. */
  failNext(method: string, error: WalletError): void;
  /** The wallet no longer exposes any account to the site and tells the page (accountsChanged []). */
  loseAccounts(): Promise<void>;
  /**
   * The next request of `method` waits in the wallet (a user taking their time) until `release()`; `reached`
   * resolves once the request arrived. It is then answered as usual.
   */
  holdNext(method: string): { reached: Promise<void>; release(): void };
}

async function chainRpc(rpcUrl: string, method: string, params: unknown[]): Promise<RpcAnswer> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  return body.error ? { error: body.error } : { result: body.result };
}

/**
 * eth_sendTransaction as a wallet sends it: estimated first, so a transaction that would revert is refused with the
 * chain's reason and revert data and never reaches the chain (MetaMask and other wallets do; Hardhat's node did it
 * itself, Anvil mines such a transaction as reverted and returns its hash).
 */
export async function sendAsWallet(rpcUrl: string, transaction: Record<string, unknown>): Promise<RpcAnswer> {
  if (transaction.gas === undefined) {
    const estimate = await chainRpc(rpcUrl, 'eth_estimateGas', [transaction]);
    if ('error' in estimate) return estimate;
  }
  return chainRpc(rpcUrl, 'eth_sendTransaction', [transaction]);
}

/** An EIP-1193 provider over the chain's unlocked accounts that sends as a wallet does (sendAsWallet), for viem's custom transport. */
export function chainWalletProvider(rpcUrl: string) {
  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const args = (params ?? []) as unknown[];
      const answer = method === 'eth_sendTransaction' ? await sendAsWallet(rpcUrl, args[0] as Record<string, unknown>) : await chainRpc(rpcUrl, method, args);
      if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
      return answer.result;
    },
  };
}

/**
 * Installs the wallet into `page` (call before the first navigation; it survives reloads). Its accounts have accepted
 * the terms of service already (the app's own localStorage record), so specs sign in without the terms step;
 * `acceptTerms: false` leaves them unaccepted.
 */
export async function installTestWallet(
  page: Page,
  { rpcUrl, accountIndex, acceptTerms = true }: { rpcUrl: string; accountIndex: number; acceptTerms?: boolean },
): Promise<TestWallet> {
  const accounts = ((await chainRpc(rpcUrl, 'eth_accounts', [])) as { result: string[] }).result;
  // Notices replace each other at once: the page keeps a record of every one shown for expectNotice.
  await recordNotices(page);
  if (acceptTerms) {
    await page.addInitScript(
      ({ key, addresses }) => {
        // The app's page only: sandboxed frames (media, generative art) have no storage to write.
        if (window.top !== window) return;
        try {
          const stored: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
          const known = Array.isArray(stored) ? (stored as string[]) : [];
          window.localStorage.setItem(key, JSON.stringify([...new Set([...known, ...addresses])]));
        } catch {
          // Storage blocked: the terms step shows, as it would for a new visitor.
        }
      },
      { key: ACCEPTED_TERMS_KEY, addresses: accounts.map((address) => address.toLowerCase()) },
    );
  }
  let index = accountIndex;
  let connected = false;
  let signs = 0;
  let rejectNext = false;
  let rejectTx: { to?: string } | null = null;
  let transactions = 0;
  const sent: string[] = [];
  const failures = new Map<string, WalletError>();
  const holds = new Map<string, { arrive(): void; released: Promise<void> }>();
  const current = () => accounts[index]!;

  await page.exposeFunction('__testWalletRequest', async (method: string, params: unknown[]): Promise<RpcAnswer> => {
    if (method === 'personal_sign') signs += 1;
    if (method === 'eth_sendTransaction') transactions += 1;
    const hold = holds.get(method);
    if (hold) {
      holds.delete(method);
      hold.arrive();
      await hold.released;
    }
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      return { error: failure };
    }
    switch (method) {
      case 'eth_requestAccounts':
        connected = true;
        return { result: [current()] };
      case 'eth_accounts':
        return { result: connected ? [current()] : [] };
      case 'wallet_requestPermissions':
        connected = true;
        return { result: [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [current()] }] }] };
      case 'wallet_revokePermissions':
        connected = false;
        return { result: null };
      case 'wallet_switchEthereumChain':
        return { result: null };
      case 'personal_sign':
        if (rejectNext) {
          rejectNext = false;
          return { error: { code: 4001, message: 'User rejected the request.' } };
        }
        return chainRpc(rpcUrl, method, params);
      case 'eth_sendTransaction': {
        const to = (params[0] as { to?: string }).to?.toLowerCase();
        if (rejectTx && (rejectTx.to === undefined || rejectTx.to.toLowerCase() === to)) {
          rejectTx = null;
          return { error: { code: 4001, message: 'User rejected the request.' } };
        }
        const answer = await sendAsWallet(rpcUrl, { ...(params[0] as object), from: current() });
        if ('result' in answer) sent.push(answer.result as string);
        return answer;
      }
      default:
        return chainRpc(rpcUrl, method, params);
    }
  });

  await page.addInitScript(
    ({ name, rdns }) => {
      const listeners = new Map<string, Set<(payload: unknown) => void>>();
      const bridge = (window as unknown as { __testWalletRequest(method: string, params: unknown[]): Promise<RpcAnswer> }).__testWalletRequest;
      const provider = {
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const answer = await bridge(method, params ?? []);
          if ('error' in answer) {
            const { code, message, data } = answer.error;
            throw Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
          }
          return answer.result;
        },
        on(event: string, listener: (payload: unknown) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
        },
        removeListener(event: string, listener: (payload: unknown) => void) {
          listeners.get(event)?.delete(listener);
        },
      };
      (window as unknown as { __testWalletEmit(event: string, payload: unknown): void }).__testWalletEmit = (event, payload) => {
        for (const listener of listeners.get(event) ?? []) listener(payload);
      };
      const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%235b21b6"/%3E%3C/svg%3E';
      const detail = Object.freeze({ info: { uuid: '6f1c1b0e-e2e0-4a11-9d55-0c0ffee00001', name, icon, rdns }, provider });
      const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { name: TEST_WALLET_NAME, rdns: TEST_WALLET_RDNS },
  );

  return {
    get address() {
      return current();
    },
    signCount: () => signs,
    rejectNextSignature: () => {
      rejectNext = true;
    },
    transactionCount: () => transactions,
    sentTransactions: () => [...sent],
    rejectNextTransaction: (options = {}) => {
      rejectTx = options;
    },
    failNext: (method, error) => {
      failures.set(method, error);
    },
    holdNext(method) {
      let arrive = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(method, { arrive, released });
      return { reached, release };
    },
    async loseAccounts() {
      connected = false;
      await page.evaluate(() => (window as unknown as { __testWalletEmit(event: string, payload: unknown): void }).__testWalletEmit('accountsChanged', []));
    },
    async switchAccount(next: number) {
      index = next;
      await page.evaluate(
        (address) => (window as unknown as { __testWalletEmit(event: string, payload: unknown): void }).__testWalletEmit('accountsChanged', [address]),
        current(),
      );
    },
  };
}
