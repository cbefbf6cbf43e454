import type { SnapshotFrom } from 'xstate';
import type { walletSessionMachine } from '../../../machines/wallet/walletSessionMachine';

type WalletSnapshot = SnapshotFrom<typeof walletSessionMachine>;

/**
 * See docs/requirements.md#studio-list "Rules": who may open the creator's studio pages. 'creator' — a registered login whose account has
 * the creator flag; 'visitor' — a registered login without it (sent to /studio/connect); 'signedOut' — no
 * registered login yet (the wallet guard opens the connect flow).
 */
export type StudioAccess = 'creator' | 'visitor' | 'signedOut';

export function studioAccess(snapshot: WalletSnapshot): StudioAccess {
  if (!snapshot.hasTag('registered')) return 'signedOut';
  return snapshot.context.account?.isCreator === true ? 'creator' : 'visitor';
}
