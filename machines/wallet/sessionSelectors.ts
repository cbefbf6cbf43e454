// What flows, services and views read from a wallet session snapshot (the walletSession actor's state): who is
// signed in and with which key, who the trading rules see, the account's role. One module, so every reader asks the
// same question the same way; each selector takes only the fields it reads, so a test's stand-in session works too.
import type { Viewer } from '../../domain/trading';

/** The fields of a wallet session snapshot the selectors read (walletSessionMachine's snapshots have them all). */
export interface SessionSnapshotLike {
  context: {
    address: string | null;
    chainId?: number | null;
    networkName?: string;
    isMobile?: boolean;
    apiKey?: { key: string } | null;
    account?: { isCreator?: boolean } | null;
  };
  hasTag(tag: string): boolean;
}

/** A registered login's signing credentials (the wallet session's address and API key). */
export interface RegisteredLogin {
  address: string;
  key: string;
}

/** The registered login of a wallet session snapshot (null unless registered with a key). */
export function registeredLogin(snapshot: SessionSnapshotLike): RegisteredLogin | null {
  const { address, apiKey } = snapshot.context;
  return snapshot.hasTag('registered') && address && apiKey?.key ? { address, key: apiKey.key } : null;
}

/** Whether two registered logins (null: none) are the same: one address (in any letter case) with one key. */
export function sameLogin(a: RegisteredLogin | null, b: RegisteredLogin | null): boolean {
  return (a?.address.toLowerCase() ?? null) === (b?.address.toLowerCase() ?? null) && (a?.key ?? null) === (b?.key ?? null);
}

/** The address of the signed-in (registered) wallet; null when signed out or not registered. */
export function registeredAddress(snapshot: SessionSnapshotLike): string | null {
  return snapshot.hasTag('registered') ? snapshot.context.address : null;
}

/** Who looks at a page as the trading rules see them. */
export function viewerOf(snapshot: SessionSnapshotLike): Viewer {
  return { address: snapshot.context.address, registered: snapshot.hasTag('registered'), banned: snapshot.hasTag('banned') };
}

/** Whether the signed-in account is a creator; null when nobody is signed in (or the account is not known yet). */
export function isCreatorOf(snapshot: SessionSnapshotLike): boolean | null {
  return snapshot.hasTag('registered') ? (snapshot.context.account?.isCreator ?? null) : null;
}

/**
 * See docs/requirements.md#studio-list "Rules": who may open the creator's studio pages. 'creator' — a registered login whose account has
 * the creator flag; 'visitor' — a registered login without it (sent to /studio/connect); 'signedOut' — no
 * registered login yet (the wallet guard opens the connect flow).
 */
export type StudioAccess = 'creator' | 'visitor' | 'signedOut';

export function studioAccess(snapshot: SessionSnapshotLike): StudioAccess {
  if (!snapshot.hasTag('registered')) return 'signedOut';
  return snapshot.context.account?.isCreator === true ? 'creator' : 'visitor';
}

/** The connected wallet as flows read it (the wallet session's context and tags). */
export interface WalletView {
  address: string | null;
  chainId: number | null;
  networkName: string;
  isMobile: boolean;
  registered: boolean;
  banned: boolean;
}

export function walletViewOf(snapshot: SessionSnapshotLike): WalletView {
  return {
    address: snapshot.context.address,
    chainId: snapshot.context.chainId ?? null,
    networkName: snapshot.context.networkName ?? '',
    isMobile: snapshot.context.isMobile ?? false,
    registered: snapshot.hasTag('registered'),
    banned: snapshot.hasTag('banned'),
  };
}
