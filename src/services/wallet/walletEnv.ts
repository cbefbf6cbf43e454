import { walletCacheLifetimeMinutes } from '../../../machines/wallet/constants';
import type { AppConfig, EvmConfig } from '../../../machines/config/configMachine';

// Light module (first-load safe): no wagmi, viem or WalletConnect imports here.

let currentConfig: AppConfig | null = null;
const waiters = new Set<(config: AppConfig) => void>();

/** Called when the config actor has GET /api/v1/config; the wallet stack is limited to its chains. */
export function setWalletAppConfig(config: AppConfig | null): void {
  currentConfig = config;
  if (config) for (const resolve of [...waiters]) resolve(config);
}

export function getWalletAppConfig(): AppConfig | null {
  return currentConfig;
}

/** The config, waiting for it when it has not arrived yet (the session may start before GET /config answers). */
export function whenWalletAppConfig(signal?: AbortSignal): Promise<AppConfig> {
  if (currentConfig) return Promise.resolve(currentConfig);
  return new Promise((resolve, reject) => {
    const done = (config: AppConfig) => {
      waiters.delete(done);
      resolve(config);
    };
    waiters.add(done);
    signal?.addEventListener('abort', () => {
      waiters.delete(done);
      reject(signal.reason);
    });
  });
}

/** The configured chain the session signs in on: the first of config.evms. */
export function targetEvm(config: AppConfig | null): EvmConfig | null {
  return config?.evms[0] ?? null;
}

// See docs/requirements.md#wallet-session: the build setting VITE_CACHE_LIFETIME_MINUTES (fallback 1440).
export const CACHE_LIFETIME_MS = walletCacheLifetimeMinutes(import.meta.env.VITE_CACHE_LIFETIME_MINUTES) * 60_000;

/** Phones and tablets: their wallets cannot be switched to another network by the app (docs/requirements.md#wallet-session). */
export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  const uaData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (typeof uaData?.mobile === 'boolean') return uaData.mobile;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}
