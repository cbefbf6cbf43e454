// A returning user's session starts from the stored connection (the account and chain the connection flag kept)
// without the wallet stack, so wagmi and its helpers (about 26 KB gzip) stay out of a signed-in first load. The wallet
// is asked for that connection once, later: after the first load (the session's watcher), or as soon as something
// needs the connected wallet (a signature, a network switch, a transaction, signing out), whichever comes first; all
// of them share that one answer. First-load safe: the stack is behind import().
import type { RestoredConnection } from '../../../machines/wallet/walletSessionTypes';
import { whenWalletAppConfig } from './walletEnv';

/** The heavy half of the wallet (wagmi, viem, SIWE): its own chunk. */
export const loadWalletStack = () => import('./walletStack');

// The connector whose stored connection the session was restored from without asking the wallet yet.
let deferredConnector: string | null = null;
let answer: Promise<RestoredConnection | null> | null = null;

/** The session was restored from the stored connection of this connector; the wallet is asked later. */
export function deferReconnect(connectorId: string): void {
  deferredConnector = connectorId;
  answer = null;
}

/** A new connection was asked for: nothing stored is reconnected any more. */
export function forgetDeferredReconnect(): void {
  deferredConnector = null;
  answer = null;
}

/** Asks the wallet for a stored connection now (wagmi reconnect): the connection, or null when the wallet has none. */
export function reconnectStored(connectorId: string): Promise<RestoredConnection | null> {
  return Promise.all([whenWalletAppConfig(), loadWalletStack()])
    .then(([appConfig, stack]) => stack.reconnectWallet(appConfig, connectorId))
    .catch(() => null);
}

/**
 * The wallet's answer for the stored connection the session was restored from: asked on the first call, shared by
 * every later one; null when the session did not start that way.
 */
export function deferredReconnect(): Promise<RestoredConnection | null> | null {
  if (deferredConnector !== null) {
    answer = reconnectStored(deferredConnector);
    deferredConnector = null;
  }
  return answer;
}

/** The wallet stack, once a stored connection not asked for yet has been reconnected: what a signature or a transaction needs. */
export async function connectedWalletStack() {
  await deferredReconnect();
  return loadWalletStack();
}
