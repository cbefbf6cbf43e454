import {
  connect,
  createConfig,
  createStorage,
  disconnect,
  http,
  injected,
  reconnect,
  signMessage,
  switchChain,
  watchConnection,
  type Config,
  type CreateConnectorFn,
} from '@wagmi/core';
import { defineChain, type Chain } from 'viem';
import type { AppConfig } from '../../../machines/config/configMachine';
import type { RestoredConnection, WalletConnection, WalletSessionEvent } from '../../../machines/wallet/walletSessionTypes';
import { clearStoredConnection, rememberConnectedAccount, WAGMI_STORAGE_PREFIX, writeConnectionFlag } from './connectionFlag';
import { createDemoWalletProvider } from './demoWallet';
import {
  demoAccountIndex,
  findAnnouncedWallet,
  LEGACY_CONNECTOR_ID,
  requestWalletAnnouncements,
  WALLETCONNECT_CONNECTOR_ID,
  type Eip1193Provider,
} from './discovery';
import { targetEvm } from './walletEnv';

// The heavy half of the wallet stack: only ever reached through a dynamic import (see session.ts).

/** viem chains for exactly the configured evms: the connector is limited to them. */
export function chainsOf(config: AppConfig): [Chain, ...Chain[]] {
  const chains = config.evms.map((evm) =>
    defineChain({
      id: evm.chainId,
      name: evm.name,
      nativeCurrency: { name: evm.symbol, symbol: evm.symbol, decimals: 18 },
      rpcUrls: { default: { http: [evm.providerURL] } },
    }),
  );
  if (chains.length === 0) throw new Error('The server configures no chain.');
  return chains as unknown as [Chain, ...Chain[]];
}

let wagmiConfig: Config | null = null;

/** The one wagmi config of the page, built from GET /config the first time the wallet stack is needed. */
export function getWagmiConfig(appConfig: AppConfig): Config {
  wagmiConfig ??= createConfig({
    chains: chainsOf(appConfig),
    // Discovery is ours (discovery.ts): the modal lists wallets before this module is loaded.
    multiInjectedProviderDiscovery: false,
    connectors: [],
    storage: createStorage({ storage: globalThis.localStorage, key: WAGMI_STORAGE_PREFIX }),
    transports: Object.fromEntries(appConfig.evms.map((evm) => [evm.chainId, http(evm.providerURL)])),
  });
  return wagmiConfig;
}

/** The wagmi config once a wallet session has loaded it (contract calls use it), else null. */
export const loadedWagmiConfig = (): Config | null => wagmiConfig;

const asTarget = (id: string, name: string, provider: Eip1193Provider, icon?: string) =>
  injected({ target: { id, name, icon, provider: provider as never } });

async function announcedProvider(rdns: string, waitMs: number) {
  requestWalletAnnouncements();
  const deadline = Date.now() + waitMs;
  // Wallets answer eip6963:requestProvider synchronously or within a few ticks after a reload.
  while (!findAnnouncedWallet(rdns) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return findAnnouncedWallet(rdns);
}

/** The wagmi connector for a connector id of the modal; null when that wallet is not available any more. */
async function connectorFor(connectorId: string, appConfig: AppConfig, { pair }: { pair: boolean }): Promise<CreateConnectorFn | null> {
  const demoIndex = demoAccountIndex(connectorId);
  if (demoIndex !== null) {
    const evm = targetEvm(appConfig);
    if (!appConfig.isLocalDemoChain || !evm) return null;
    return asTarget(connectorId, 'Demo wallet', createDemoWalletProvider({ providerURL: evm.providerURL, accountIndex: demoIndex }));
  }
  if (connectorId === WALLETCONNECT_CONNECTOR_ID) {
    const { walletConnectProvider } = await import('./walletConnect');
    const provider = await walletConnectProvider(appConfig, { pair });
    if (!pair && !provider.session) return null;
    return asTarget(connectorId, 'WalletConnect', provider as unknown as Eip1193Provider);
  }
  if (connectorId === LEGACY_CONNECTOR_ID) return injected();
  const detail = await announcedProvider(connectorId, pair ? 0 : 500);
  return detail ? asTarget(connectorId, detail.info.name, detail.provider, detail.info.icon) : null;
}

class WalletUnavailableError extends Error {
  // Named as wagmi names it, so the catalogue shows the install-wallet message.
  override name = 'ProviderNotFoundError';
}

export async function connectWallet(appConfig: AppConfig, connectorId: string): Promise<WalletConnection> {
  const config = getWagmiConfig(appConfig);
  const connector = await connectorFor(connectorId, appConfig, { pair: true });
  if (!connector) throw new WalletUnavailableError(`Wallet ${connectorId} is not available`);
  // A connection left over from another wallet would make wagmi refuse the new one.
  if (config.state.current) await disconnect(config).catch(() => undefined);
  const result = await connect(config, { connector });
  writeConnectionFlag(connectorId);
  rememberConnectedAccount(result.accounts[0], result.chainId);
  return { address: result.accounts[0], chainId: result.chainId };
}

export async function reconnectWallet(appConfig: AppConfig, connectorId: string): Promise<RestoredConnection | null> {
  const config = getWagmiConfig(appConfig);
  const connector = await connectorFor(connectorId, appConfig, { pair: false });
  const connections = connector ? await reconnect(config, { connectors: [connector] }) : [];
  const restored = connections[0];
  if (!restored?.accounts[0]) {
    clearStoredConnection();
    return null;
  }
  rememberConnectedAccount(restored.accounts[0], restored.chainId);
  return { address: restored.accounts[0], chainId: restored.chainId, connectorId };
}

export async function disconnectWallet(connectorId: string | null): Promise<void> {
  clearStoredConnection();
  if (!wagmiConfig) return;
  await disconnect(wagmiConfig);
  if (connectorId === WALLETCONNECT_CONNECTOR_ID) {
    const { walletConnectProvider } = await import('./walletConnect');
    const { getWalletAppConfig } = await import('./walletEnv');
    const appConfig = getWalletAppConfig();
    if (appConfig) await (await walletConnectProvider(appConfig, { pair: false })).disconnect().catch(() => undefined);
  }
}

export async function switchNetwork(appConfig: AppConfig, chainId: number): Promise<void> {
  await switchChain(getWagmiConfig(appConfig), { chainId });
}

export async function signWithWallet(appConfig: AppConfig, address: string, message: string): Promise<`0x${string}`> {
  return signMessage(getWagmiConfig(appConfig), { account: address as `0x${string}`, message });
}

/** Reports address and chain changes of the connected wallet to the session; returns the unsubscribe. */
export function watchWallet(
  appConfig: AppConfig,
  start: { address: string; chainId: number },
  sendBack: (event: WalletSessionEvent) => void,
): () => void {
  let address = start.address.toLowerCase();
  let chainId = start.chainId;
  return watchConnection(getWagmiConfig(appConfig), {
    onChange(connection) {
      if (connection.status === 'disconnected') {
        sendBack({ type: 'wallet.addressLost' });
        return;
      }
      if (connection.status !== 'connected') return;
      if (connection.address && connection.address.toLowerCase() !== address) {
        address = connection.address.toLowerCase();
        sendBack({ type: 'wallet.addressChanged', address: connection.address });
      }
      if (connection.chainId !== undefined && connection.chainId !== chainId) {
        chainId = connection.chainId;
        sendBack({ type: 'wallet.chainChanged', chainId });
      }
    },
  });
}
