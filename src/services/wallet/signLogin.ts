import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { AppConfig } from '../../../domain/contracts/config';
import type { LoginRequest } from '../../../domain/contracts/account';
import type { WalletLogin } from '../../../machines/wallet/walletSessionTypes';
import { apiRequest } from '../api';
import { toWalletAccount } from './accountRecord';
import { signWithWallet } from './wagmiClient';

// Heavy (viem/siwe + wagmi): reached only through session.ts's dynamic import.

/** The API key we ask for lives 23 hours (the server grants at most 24). */
export const API_KEY_LIFETIME_MS = 23 * 60 * 60 * 1000;
/** The signed message itself is only good for as long as its nonce (10 minutes). */
export const LOGIN_MESSAGE_LIFETIME_MS = 10 * 60 * 1000;
export const LOGIN_STATEMENT = 'Sign in to Art Bazaar. This request will not trigger a blockchain transaction or cost any gas.';

/** Epoch ms from the server's `expires` (ms, seconds or an ISO date). */
export function expiresAtMs(expires: number | string): number {
  if (typeof expires === 'number') return expires < 1e12 ? expires * 1000 : expires;
  return Date.parse(expires);
}

/** See docs/requirements.md#wallet-session "signing a login message": GET nonce → SIWE message → personal_sign → POST /api/v1/account. */
export async function signLogin(
  appConfig: AppConfig,
  { address, chainId }: { address: string; chainId: number },
  signal?: AbortSignal,
  now = Date.now(),
): Promise<WalletLogin> {
  const { nonce } = await apiRequest('/account/nonce', { signal }, 'nonce');
  const expires = now + API_KEY_LIFETIME_MS;
  const message = createSiweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    address: getAddress(address),
    chainId,
    nonce,
    version: '1',
    statement: LOGIN_STATEMENT,
    issuedAt: new Date(now),
    expirationTime: new Date(Math.min(now + LOGIN_MESSAGE_LIFETIME_MS, expires)),
  });
  const signature = await signWithWallet(appConfig, address, message);
  signal?.throwIfAborted();
  const login: LoginRequest = { message, signature, apiKey: { address: address.toLowerCase(), alias: null, expires } };
  const response = await apiRequest('/account', { method: 'POST', signal, body: JSON.stringify(login) }, 'login');
  return {
    account: toWalletAccount(response.account),
    apiKey: { key: response.apiKey.key, expires: expiresAtMs(response.apiKey.expires) },
  };
}
