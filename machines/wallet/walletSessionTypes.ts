import type { NotificationKind } from '../notifications/constants';

/** The account record POST /api/v1/account returns (services map the server's fields onto it). */
export interface WalletAccount {
  id: string;
  address: string;
  alias: string | null;
  isCreator: boolean;
  isBanned: boolean;
  email?: string | null;
  avatar?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** The API key record of a login; `expires` is epoch milliseconds. */
export interface ApiKey {
  key: string;
  expires: number;
}

/** What a sign-in (or a stored one) gives: the account and its API key. */
export interface WalletLogin {
  account: WalletAccount;
  apiKey: ApiKey;
}

export interface WalletConnection {
  address: string;
  chainId: number;
}

/** A wallet still authorised for this site after a reload, with the connector that reached it. */
export interface RestoredConnection extends WalletConnection {
  connectorId: string;
}

// Inputs and outputs of the actors src/services provides.
export interface ConnectWalletInput {
  connectorId: string;
}
export interface LoadApiKeyInput {
  address: string;
}
/** See docs/requirements.md#wallet-session: whether this address accepted the terms of service (remembered per address). */
export interface LoadTermsAcceptedInput {
  address: string;
}
export interface SignLoginInput {
  address: string;
  chainId: number;
}
export interface SwitchNetworkInput {
  chainId: number;
}
export interface DisconnectWalletInput {
  connectorId: string | null;
  /** The signed-in key, revoked on the server at sign-out (null when not signed in). */
  credentials: { address: string; key: string } | null;
}
export interface WatchWalletInput {
  connectorId: string | null;
  address: string;
  chainId: number;
}

// Params of the actions src/services provides.
export interface StoreApiKeyParams extends WalletLogin {
  address: string;
}
export interface AddressParams {
  address: string | null;
}

export interface WalletSessionInput {
  /** The configured chain (GET /api/v1/config); null until the config is known, and then no switch is asked. */
  chainId?: number | null;
  networkName?: string;
  /** Mobile wallets cannot be switched by the app: the user is asked to switch in the wallet. */
  isMobile?: boolean;
  /** The clock the API key validity and refresh delay are computed with (tests pass their own). */
  now?: () => number;
  /** Whether the network is reachable at start (default true); wallet.online / wallet.offline follow it. */
  online?: boolean;
}

export interface WalletSessionContext {
  connectorId: string | null;
  address: string | null;
  chainId: number | null;
  account: WalletAccount | null;
  apiKey: ApiKey | null;
  /** The catalogue message of the last failure, shown by the connect dialog. */
  error: string | null;
  /** The sticky notice shown while the network is wrong. */
  notice: string | null;
  targetChainId: number | null;
  networkName: string;
  isMobile: boolean;
  /** Set by a wallet address change: the page reloads once the new address has signed in. */
  reloadWhenSignedIn: boolean;
  now: () => number;
  /** The network is reachable: signing in needs it (an expired key offline waits for it, offline-first). */
  online: boolean;
}

export type WalletSessionEvent =
  | { type: 'wallet.connect'; connectorId: string }
  | { type: 'wallet.disconnect' }
  | { type: 'wallet.configure'; chainId: number | null; networkName: string; isMobile?: boolean }
  | { type: 'wallet.addressChanged'; address: string }
  | { type: 'wallet.addressLost' }
  | { type: 'wallet.chainChanged'; chainId: number }
  /** The first sign-in of an address asks to accept the terms of service: accepted (then signing) or declined. */
  | { type: 'wallet.acceptTerms' }
  | { type: 'wallet.declineTerms' }
  /** The account was saved (PUT /api/v1/account/:id answered): the session and its stored login take it. */
  | { type: 'wallet.accountUpdated'; account: WalletAccount }
  /** The network became reachable or unreachable (the browser's online/offline, sent by the wallet watcher). */
  | { type: 'wallet.online' }
  | { type: 'wallet.offline' };

/** One-off notices for the notifications actor (see forwardWalletNotices). */
export type WalletSessionEmitted =
  | { type: 'wallet.notify'; kind: NotificationKind; text: string }
  | { type: 'wallet.dismissSticky'; text: string };

export type WalletSessionTag = 'busy' | 'registered' | 'banned' | 'terms';
