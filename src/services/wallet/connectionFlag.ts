import { CACHE_LIFETIME_MS } from './walletEnv';

// A cheap localStorage flag, read on start before anything of the wallet stack is loaded.
export const CONNECTION_FLAG_KEY = 'artbazaar.wallet.connection';
/** Prefix of the keys wagmi's storage writes (see wagmiClient.ts); cleared when the cache lifetime ends. */
export const WAGMI_STORAGE_PREFIX = 'artbazaar.wagmi';

export interface ConnectionFlag {
  connectorId: string;
  /** When the wallet was connected, epoch ms: the local cache lifetime counts from it. */
  at: number;
  /** The account and chain the wallet last gave (offline-first: an offline start restores the session from them). */
  address?: string;
  chainId?: number;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function writeConnectionFlag(connectorId: string, now = Date.now()): void {
  storage()?.setItem(CONNECTION_FLAG_KEY, JSON.stringify({ connectorId, at: now } satisfies ConnectionFlag));
}

export function readConnectionFlag(): ConnectionFlag | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(CONNECTION_FLAG_KEY) ?? 'null') as Partial<ConnectionFlag> | null;
    if (!parsed || typeof parsed.connectorId !== 'string' || typeof parsed.at !== 'number') return null;
    const flag: ConnectionFlag = { connectorId: parsed.connectorId, at: parsed.at };
    if (typeof parsed.address === 'string' && typeof parsed.chainId === 'number') Object.assign(flag, { address: parsed.address, chainId: parsed.chainId });
    return flag;
  } catch {
    return null;
  }
}

/** Records the account and chain the connected wallet gave, keeping when the connection was made. */
export function rememberConnectedAccount(address: string, chainId: number): void {
  const flag = readConnectionFlag();
  if (flag) storage()?.setItem(CONNECTION_FLAG_KEY, JSON.stringify({ ...flag, address, chainId } satisfies ConnectionFlag));
}

/** Forgets the connection and wagmi's stored connector keys. */
export function clearStoredConnection(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(CONNECTION_FLAG_KEY);
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(WAGMI_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}

/**
 * The stored connection worth restoring, or null. See docs/requirements.md#wallet-session: once the local cache lifetime has passed,
 * the stored wallet-connector keys are cleared and nothing is restored.
 */
export function restorableConnection(now = Date.now(), lifetimeMs = CACHE_LIFETIME_MS): ConnectionFlag | null {
  const flag = readConnectionFlag();
  if (!flag) return null;
  if (now - flag.at >= lifetimeMs) {
    clearStoredConnection();
    return null;
  }
  return flag;
}

/** How often an open app checks the stored connection's age (docs/requirements.md#wallet-session, offline-first: evicted periodically, not only on start). */
export const CONNECTION_SWEEP_MS = 5 * 60_000;

/** Clears the stored wallet-connector keys once they are older than the cache lifetime, every `intervalMs`; returns the stop. */
export function sweepExpiredConnection(intervalMs = CONNECTION_SWEEP_MS, now: () => number = Date.now, lifetimeMs = CACHE_LIFETIME_MS): () => void {
  const timer = setInterval(() => restorableConnection(now(), lifetimeMs), intervalMs);
  return () => clearInterval(timer);
}
