import { fromCallback, fromPromise } from 'xstate';
import { walletSessionMachine } from '../../machines/wallet/walletSessionMachine';
import type { RestoredConnection, WalletConnection, WalletLogin, WalletSessionEvent, WatchWalletInput } from '../../machines/wallet/walletSessionTypes';

export const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export function loginOf(address: string, overrides: Partial<WalletLogin['account']> = {}): WalletLogin {
  return {
    account: { id: '2', address: address.toLowerCase(), alias: 'lumen', isCreator: false, isBanned: false, email: 'lumen@example.com', avatar: null, ...overrides },
    apiKey: { key: 'k'.repeat(32), expires: Date.now() + 60 * 60 * 1000 },
  };
}

export interface FakeWallet {
  restored?: RestoredConnection | null;
  connection?: WalletConnection;
  stored?: WalletLogin | null;
  signed?: WalletLogin;
  signError?: unknown;
  /** Whether the address accepted the terms of service before (default true: no terms step). */
  termsAccepted?: boolean;
}

/** The session machine over scripted services (unit tests only): no wallet, no network. */
export function fakeWalletSession(fake: FakeWallet = {}) {
  const calls = { connect: [] as string[], sign: 0, stored: [] as WalletLogin[], acceptedTerms: [] as string[] };
  const machine = walletSessionMachine.provide({
    actors: {
      reconnectWallet: fromPromise(async () => fake.restored ?? null),
      connectWallet: fromPromise(async ({ input }) => {
        calls.connect.push(input.connectorId);
        return fake.connection ?? { address: ALICE, chainId: 31337 };
      }),
      loadApiKey: fromPromise(async () => fake.stored ?? null),
      loadTermsAccepted: fromPromise(async () => fake.termsAccepted ?? true),
      signLogin: fromPromise(async () => {
        calls.sign += 1;
        if (fake.signError) throw fake.signError;
        return fake.signed ?? loginOf(ALICE);
      }),
      switchNetwork: fromPromise(async () => {}),
      disconnectWallet: fromPromise(async () => {}),
      watchWallet: fromCallback<WalletSessionEvent, WatchWalletInput>(() => () => {}),
    },
    actions: {
      storeApiKey: (_args, params) => {
        calls.stored.push({ account: params.account, apiKey: params.apiKey });
      },
      clearApiKey: () => {},
      rememberTermsAccepted: (_args, params) => {
        if (params.address) calls.acceptedTerms.push(params.address);
      },
      resetAccount: () => {},
      reloadPage: () => {},
    },
  });
  return { machine, calls };
}

/** What a wallet extension does: answer eip6963:requestProvider with its info and provider. */
export function announceWallet(info: { rdns: string; name: string; icon?: string; uuid?: string }) {
  const provider = { request: async () => null, on: () => {}, removeListener: () => {} };
  const detail = Object.freeze({ info: { uuid: info.uuid ?? info.rdns, icon: info.icon ?? 'data:image/svg+xml,%3Csvg%2F%3E', ...info }, provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

export const HARDHAT_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
];

/** A fetch answering the local chain's JSON-RPC (eth_accounts, eth_chainId) and recording every call. */
export function chainRpcFetch(extra: (method: string, params: unknown[]) => unknown = () => null) {
  const calls: Array<{ url: string; method: string; params: unknown[] }> = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const { method, params = [], id } = JSON.parse(String(init?.body)) as { method: string; params?: unknown[]; id: number };
    calls.push({ url: String(input), method, params });
    const result = method === 'eth_accounts' ? HARDHAT_ACCOUNTS : method === 'eth_chainId' ? '0x7a69' : extra(method, params);
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), { headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchImpl, calls };
}
