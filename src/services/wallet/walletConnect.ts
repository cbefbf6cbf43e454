import { EthereumProvider } from '@walletconnect/ethereum-provider';
import type { AppConfig } from '../../../machines/config/configMachine';
import { PRODUCT_NAME } from '../../app/product';
import { setWalletConnectFailure, setWalletConnectUri } from './walletConnectUri';

// Loaded only when the user chooses WalletConnect (see wagmiClient.ts).

/** The project id from the config (walletConnectProjectId) or the build setting VITE_WALLETCONNECT_PROJECT_ID. */
export function walletConnectProjectId(config: AppConfig | null): string {
  const fromConfig = (config as (AppConfig & { walletConnectProjectId?: unknown }) | null)?.walletConnectProjectId;
  if (typeof fromConfig === 'string' && fromConfig) return fromConfig;
  return (import.meta.env.VITE_WALLETCONNECT_PROJECT_ID as string | undefined) ?? '';
}

/** Reaching the relay (init) must not hang: after this the user gets a clear message. */
export const WALLETCONNECT_RELAY_TIMEOUT_MS = 15_000;
/** Waiting for the phone to scan and approve. */
export const WALLETCONNECT_PAIRING_TIMEOUT_MS = 180_000;

export class WalletConnectUnavailableError extends Error {
  override name = 'WalletConnectUnavailableError';
}

export const WALLETCONNECT_NO_PROJECT_MESSAGE = 'WalletConnect is not configured (no project id).';
export const WALLETCONNECT_RELAY_MESSAGE = 'Could not reach the WalletConnect relay. Check your connection or choose another wallet.';
export const WALLETCONNECT_PAIRING_MESSAGE = 'The WalletConnect pairing timed out. Please try again.';

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new WalletConnectUnavailableError(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new WalletConnectUnavailableError(message));
      },
    );
  });
}

type WalletConnectProvider = Awaited<ReturnType<typeof EthereumProvider.init>>;
let shared: WalletConnectProvider | null = null;

/** A WalletConnect v2 provider limited to the configured chains, with our own QR code (no hosted modal). */
export async function walletConnectProvider(config: AppConfig, options: { pair: boolean }): Promise<WalletConnectProvider> {
  setWalletConnectFailure(null);
  try {
    return await openWalletConnect(config, options);
  } catch (error) {
    if (error instanceof WalletConnectUnavailableError) setWalletConnectFailure(error.message);
    throw error;
  }
}

async function openWalletConnect(config: AppConfig, { pair }: { pair: boolean }): Promise<WalletConnectProvider> {
  const projectId = walletConnectProjectId(config);
  if (!projectId) throw new WalletConnectUnavailableError(WALLETCONNECT_NO_PROJECT_MESSAGE);
  const chainIds = config.evms.map((evm) => evm.chainId);
  if (!shared) {
    shared = await withTimeout(
      EthereumProvider.init({
        projectId,
        showQrModal: false,
        optionalChains: chainIds as [number, ...number[]],
        rpcMap: Object.fromEntries(config.evms.map((evm) => [evm.chainId, evm.providerURL])),
        metadata: { name: PRODUCT_NAME, description: PRODUCT_NAME, url: window.location.origin, icons: [] },
      }),
      WALLETCONNECT_RELAY_TIMEOUT_MS,
      WALLETCONNECT_RELAY_MESSAGE,
    );
    shared.on('display_uri', (uri: string) => setWalletConnectUri(uri));
  }
  if (pair && !shared.session) {
    try {
      await withTimeout(shared.connect({ optionalChains: chainIds as [number, ...number[]] }), WALLETCONNECT_PAIRING_TIMEOUT_MS, WALLETCONNECT_PAIRING_MESSAGE);
    } finally {
      setWalletConnectUri(null);
    }
  }
  return shared;
}
