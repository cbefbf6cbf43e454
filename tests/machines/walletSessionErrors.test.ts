import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_BANNED_MESSAGE,
  CONNECT_WALLET_FOR_OFFER_MESSAGE,
  CONNECT_WALLET_FOR_ORDER_MESSAGE,
  INSTALL_WALLET_MESSAGE,
  SIGNATURE_DENIED_MESSAGE,
  WALLET_CACHE_LIFETIME_MINUTES,
  WALLET_ERROR_MESSAGES,
  WALLET_ERROR_TABLE,
  connectErrorMessage,
  signLoginErrorMessage,
  walkErrorChain,
  walletCacheLifetimeMinutes,
  walletErrorKind,
  walletErrorMessage,
} from '../../machines/wallet/constants';

// A viem-like error: named class, short message, optional cause.
const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(`${name} happened`), { name, ...extra });

// See docs/requirements.md#wallet-session, row by row: condition → message, exactly as the seed writes it.
const catalogue: Array<[string, unknown, string]> = [
  ['User rejected (EIP-1193 4001)', { code: 4001 }, 'You canceled the request in your wallet.'],
  ['User rejected (viem UserRejectedRequestError)', named('UserRejectedRequestError'), 'You canceled the request in your wallet.'],
  ['User rejected (ethers ACTION_REJECTED)', { code: 'ACTION_REJECTED' }, 'You canceled the request in your wallet.'],
  ['Code 4100', { code: 4100 }, 'Not authorized to perform this action.'],
  ['Code 4100 (viem UnauthorizedProviderError)', named('UnauthorizedProviderError'), 'Not authorized to perform this action.'],
  ['Code 4200', { code: 4200 }, 'Your wallet does not support this method.'],
  ['Code 4200 (viem UnsupportedProviderMethodError)', named('UnsupportedProviderMethodError'), 'Your wallet does not support this method.'],
  ['Code 4901', { code: 4901 }, 'Selected network is unavailable in your walletext.'],
  ['Code 4901 (viem ChainDisconnectedError)', named('ChainDisconnectedError'), 'Selected network is unavailable in your walletext.'],
  ['Code 4900', { code: 4900 }, 'Wallet is disconnected. Reconnect your wallet and try again.'],
  ['Code 4900 (viem ProviderDisconnectedError)', named('ProviderDisconnectedError'), 'Wallet is disconnected. Reconnect your wallet and try again.'],
  ['INSUFFICIENT_FUNDS', { code: 'INSUFFICIENT_FUNDS' }, 'Insufficient funds to cover value and gas.'],
  ['INSUFFICIENT_FUNDS (viem InsufficientFundsError)', named('InsufficientFundsError'), 'Insufficient funds to cover value and gas.'],
  ['UNPREDICTABLE_GAS_LIMIT', { code: 'UNPREDICTABLE_GAS_LIMIT' }, 'Could not estimate gas. This transaction may fail.'],
  ['UNPREDICTABLE_GAS_LIMIT (viem EstimateGasExecutionError)', named('EstimateGasExecutionError'), 'Could not estimate gas. This transaction may fail.'],
  ['Anything else', new Error('execution reverted'), 'Something went wrong. Please try again.'],
  ['Anything else (not an error)', 'boom', 'Something went wrong. Please try again.'],
  ['Anything else (nothing)', undefined, 'Something went wrong. Please try again.'],
];

describe('walletErrorMessage (requirements: wallet session, wallet errors)', () => {
  it.each(catalogue)('%s', (_condition, error, message) => {
    expect(walletErrorMessage(error)).toBe(message);
  });

  it('covers every catalogue row', () => {
    const kinds = new Set(catalogue.map(([, error]) => walletErrorKind(error)));
    expect([...kinds].sort()).toEqual(Object.keys(WALLET_ERROR_MESSAGES).sort());
    expect(WALLET_ERROR_TABLE.map((row) => row.kind).sort()).toEqual(
      Object.keys(WALLET_ERROR_MESSAGES).filter((kind) => kind !== 'unknown').sort(),
    );
  });

  it('behavior: walks the cause chain as viem wraps provider errors', () => {
    const wrapped = named('ContractFunctionExecutionError', {
      cause: named('TransactionExecutionError', { cause: named('InsufficientFundsError', { cause: { code: -32000 } }) }),
    });
    expect(walletErrorMessage(wrapped)).toBe('Insufficient funds to cover value and gas.');
    expect(walletErrorMessage(named('UnknownRpcError', { cause: { code: 4001 } }))).toBe('You canceled the request in your wallet.');
  });

  it('behavior: matches on code and name, never on message text', () => {
    expect(walletErrorMessage(new Error('User rejected the request. code 4001 INSUFFICIENT_FUNDS'))).toBe(WALLET_ERROR_MESSAGES.unknown);
  });

  it('behavior: a cause cycle ends the walk', () => {
    const a: { name: string; cause?: unknown } = { name: 'A' };
    const b = { name: 'B', cause: a };
    a.cause = b;
    expect(walkErrorChain(a)).toEqual([a, b]);
    expect(walletErrorMessage(a)).toBe(WALLET_ERROR_MESSAGES.unknown);
  });

  it('connectErrorMessage: a missing wallet asks to install it; other errors use the catalogue', () => {
    expect(connectErrorMessage(named('ConnectorNotFoundError'))).toBe(INSTALL_WALLET_MESSAGE);
    expect(connectErrorMessage(named('ConnectorError', { cause: named('ProviderNotFoundError') }))).toBe(INSTALL_WALLET_MESSAGE);
    expect(connectErrorMessage({ code: 4001 })).toBe('You canceled the request in your wallet.');
  });

  it('signLoginErrorMessage: a refused signature reads "User denied message signature"', () => {
    expect(signLoginErrorMessage(named('UserRejectedRequestError'))).toBe(SIGNATURE_DENIED_MESSAGE);
    expect(signLoginErrorMessage({ code: 4100 })).toBe('Not authorized to perform this action.');
  });

  it('exports the seed notices verbatim', () => {
    expect([SIGNATURE_DENIED_MESSAGE, INSTALL_WALLET_MESSAGE, ACCOUNT_BANNED_MESSAGE, CONNECT_WALLET_FOR_OFFER_MESSAGE, CONNECT_WALLET_FOR_ORDER_MESSAGE]).toEqual([
      'User denied message signature',
      'Please install wallet. If installed then please connect account on wallet to this site',
      'This account is banned',
      'Please connect your wallet to place an offer',
      'Please connect your wallet to place the order',
    ]);
  });
});

describe('walletCacheLifetimeMinutes (requirements: wallet session, cache lifetime)', () => {
  it('default 60, a build setting wins, a missing or bad one falls back to 1440', () => {
    expect(WALLET_CACHE_LIFETIME_MINUTES).toBe(60);
    expect(walletCacheLifetimeMinutes('60')).toBe(60);
    expect(walletCacheLifetimeMinutes(30)).toBe(30);
    expect(walletCacheLifetimeMinutes(undefined)).toBe(1440);
    expect(walletCacheLifetimeMinutes('')).toBe(1440);
    expect(walletCacheLifetimeMinutes('soon')).toBe(1440);
    expect(walletCacheLifetimeMinutes(-5)).toBe(1440);
  });
});
