import { waitFor, type SnapshotFrom } from 'xstate';
import type { WalletSessionActor, walletSessionMachine } from '../../../machines/wallet/walletSessionMachine';

type WalletSnapshot = SnapshotFrom<typeof walletSessionMachine>;

/** States that settle by themselves (restoring a stored connection, checking the stored key): a guard waits for them. */
export const isSettling = (snapshot: WalletSnapshot) =>
  snapshot.matches('restoring') || snapshot.matches({ connected: 'network' }) || snapshot.matches({ connected: 'checking' });

/** The session once it no longer settles by itself (or as it is after `timeoutMs`). */
export async function settledWalletSession(wallet: WalletSessionActor, timeoutMs = 10_000): Promise<WalletSnapshot> {
  try {
    return await waitFor(wallet, (snapshot) => !isSettling(snapshot), { timeout: timeoutMs });
  } catch {
    return wallet.getSnapshot();
  }
}

/** A `from` search value we may navigate to: a path of this app, not another origin and not the connect page itself. */
export function safeReturnPath(from: unknown): string | undefined {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return undefined;
  if (from === '/connect-wallet' || from.startsWith('/connect-wallet?')) return undefined;
  return from;
}
