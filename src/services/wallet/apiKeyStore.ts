import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { WalletLogin } from '../../../machines/wallet/walletSessionTypes';

// One IndexedDB store for logins, keyed by the lower-case wallet address (docs/requirements.md#wallet-session "API key record per wallet address").
let loginStore: UseStore | undefined;
function store(): UseStore {
  loginStore ??= createStore('artbazaar-wallet', 'logins');
  return loginStore;
}

const keyOf = (address: string) => address.toLowerCase();

function isWalletLogin(value: unknown): value is WalletLogin {
  const login = value as Partial<WalletLogin> | null;
  return (
    !!login &&
    typeof login.apiKey?.key === 'string' &&
    typeof login.apiKey.expires === 'number' &&
    typeof login.account?.address === 'string'
  );
}

/** The stored login of this address or null; whether it is still fresh is the session machine's decision. */
export async function loadApiKey(address: string): Promise<WalletLogin | null> {
  const stored = await get<unknown>(keyOf(address), store());
  return isWalletLogin(stored) ? stored : null;
}

export async function saveApiKey(address: string, login: WalletLogin): Promise<void> {
  await set(keyOf(address), { account: login.account, apiKey: login.apiKey } satisfies WalletLogin, store());
}

export async function clearApiKey(address: string): Promise<void> {
  await del(keyOf(address), store());
}
