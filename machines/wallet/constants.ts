// See docs/requirements.md#wallet-session: a stored API key counts as valid until 2 minutes before its expiry.
export const API_KEY_REFRESH_MARGIN_MS = 120000;

// See docs/requirements.md#wallet-session "Local cache lifetime 60 minutes (from a build setting, fallback 1440)": stored connector keys are cleared after it.
export const WALLET_CACHE_LIFETIME_MINUTES = 60;
export const WALLET_CACHE_LIFETIME_FALLBACK_MINUTES = 1440;

/** The build setting as minutes; a missing or unusable value falls back to the seed's 1440. */
export function walletCacheLifetimeMinutes(setting: unknown): number {
  const minutes = typeof setting === 'string' && setting.trim() !== '' ? Number(setting) : setting;
  return typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0 ? minutes : WALLET_CACHE_LIFETIME_FALLBACK_MINUTES;
}

// See docs/requirements.md#wallet-session: wallet errors appear as notifications with these messages.
export const WALLET_ERROR_MESSAGES = {
  userRejected: 'You canceled the request in your wallet.',
  unauthorized: 'Not authorized to perform this action.',
  unsupportedMethod: 'Your wallet does not support this method.',
  chainDisconnected: 'Selected network is unavailable in your walletext.',
  disconnected: 'Wallet is disconnected. Reconnect your wallet and try again.',
  insufficientFunds: 'Insufficient funds to cover value and gas.',
  unpredictableGasLimit: 'Could not estimate gas. This transaction may fail.',
  unknown: 'Something went wrong. Please try again.',
} as const;

export type WalletErrorKind = keyof typeof WALLET_ERROR_MESSAGES;

// See docs/requirements.md#wallet-session "Further notices" used by the wallet session and the trading views.
export const SIGNATURE_DENIED_MESSAGE = 'User denied message signature';
export const INSTALL_WALLET_MESSAGE = 'Please install wallet. If installed then please connect account on wallet to this site';
// The ones the trading rules answer with too are shared with the server (domain/messages.ts).
export { ACCOUNT_BANNED_MESSAGE, CONNECT_WALLET_FOR_OFFER_MESSAGE, CONNECT_WALLET_FOR_ORDER_MESSAGE } from '../../domain/messages';
export const TRANSACTION_REJECTED_MESSAGE = 'Transaction rejected';
export const INSUFFICIENT_FUNDS_FOR_TRANSFER_MESSAGE = 'Insufficient funds for transfer';
export const UNEXPECTED_ERROR_MESSAGE = 'Unexpected error';

// See docs/requirements.md#wallet-session: sticky notice while the network is switched, and the mobile instruction.
/** Offline with an expired stored key (offline-first): the account stays shown; the wallet is asked once back online. */
export const SIGN_IN_NEEDS_CONNECTION = 'Signing in needs a connection. Your wallet will be asked to sign once you are back online.';
export const switchingNetworkNotice = (networkName: string) => `Switching to '${networkName}' network`;
export const switchNetworkInWalletNotice = (networkName: string) => `Please switch to '${networkName}' network in your wallet`;

/**
 * One row per catalogue condition: EIP-1193 / wallet error codes and the names viem and ethers give the same
 * errors. Matching is on `code` and `name` only, never on message text.
 */
export const WALLET_ERROR_TABLE: ReadonlyArray<{ kind: WalletErrorKind; codes: ReadonlyArray<number | string>; names: readonly string[] }> = [
  { kind: 'userRejected', codes: [4001, 'ACTION_REJECTED'], names: ['UserRejectedRequestError'] },
  { kind: 'unauthorized', codes: [4100], names: ['UnauthorizedProviderError'] },
  { kind: 'unsupportedMethod', codes: [4200], names: ['UnsupportedProviderMethodError'] },
  { kind: 'chainDisconnected', codes: [4901], names: ['ChainDisconnectedError'] },
  { kind: 'disconnected', codes: [4900], names: ['ProviderDisconnectedError'] },
  { kind: 'insufficientFunds', codes: ['INSUFFICIENT_FUNDS'], names: ['InsufficientFundsError'] },
  { kind: 'unpredictableGasLimit', codes: ['UNPREDICTABLE_GAS_LIMIT'], names: ['EstimateGasExecutionError'] },
];

// wagmi's errors when the chosen wallet is not installed or not connected to this site.
export const WALLET_MISSING_ERROR_NAMES: readonly string[] = ['ConnectorNotFoundError', 'ProviderNotFoundError'];

/** The error and its `cause` chain, outermost first (viem wraps a provider error in BaseError causes). */
export function walkErrorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  // A cause cycle must not hang the app: stop at an error seen already.
  while (current !== null && current !== undefined && !chain.includes(current)) {
    chain.push(current);
    current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return chain;
}

const fieldOf = (error: unknown, field: 'code' | 'name'): unknown =>
  typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[field] : undefined;

/** The catalogue row of the first error in the chain that has a known code or name; 'unknown' otherwise. */
export function walletErrorKind(error: unknown): WalletErrorKind {
  for (const link of walkErrorChain(error)) {
    const code = fieldOf(link, 'code');
    const name = fieldOf(link, 'name');
    const row = WALLET_ERROR_TABLE.find(
      (entry) => entry.codes.includes(code as number | string) || entry.names.includes(name as string),
    );
    if (row) return row.kind;
  }
  return 'unknown';
}

/** See docs/requirements.md#wallet-session: the notification text for a wallet error. */
export function walletErrorMessage(error: unknown): string {
  return WALLET_ERROR_MESSAGES[walletErrorKind(error)];
}

export const isWalletMissingError = (error: unknown) =>
  walkErrorChain(error).some((link) => WALLET_MISSING_ERROR_NAMES.includes(fieldOf(link, 'name') as string));

/** Connecting: a missing wallet asks the user to install or connect it; anything else uses the catalogue. */
export function connectErrorMessage(error: unknown): string {
  return isWalletMissingError(error) ? INSTALL_WALLET_MESSAGE : walletErrorMessage(error);
}

/** Signing the login message: a refusal reads 'User denied message signature'; anything else uses the catalogue. */
export function signLoginErrorMessage(error: unknown): string {
  return walletErrorKind(error) === 'userRejected' ? SIGNATURE_DENIED_MESSAGE : walletErrorMessage(error);
}
