// The chains the marketplace knows by id (docs/requirements.md#chains): each one's name and the symbol of its
// native currency. The server names the served chain from here in the public config, and the app shows a price in
// the native currency with the symbol the config gives (domain/nativeCurrency.ts). An unknown chain is 'Chain <id>'
// and pays in ETH, the default currency.
import { DEFAULT_NATIVE_SYMBOL } from './nativeCurrency';

export interface KnownChain {
  name: string;
  /** The native currency's symbol, as the specification writes it. */
  symbol: string;
}

export const KNOWN_CHAINS: Readonly<Record<number, KnownChain>> = {
  1: { name: 'Ethereum Mainnet', symbol: 'ETH' },
  4: { name: 'Rinkeby', symbol: 'ETH' },
  5: { name: 'Goerli', symbol: 'ETH' },
  56: { name: 'Binance Smart Chain', symbol: 'bnb' },
  97: { name: 'Binance Smart Chain Testnet', symbol: 'bnb' },
  // Not named by the specification: the chain's own currency (HT), not the default.
  128: { name: 'Huobi ECO', symbol: 'HT' },
  256: { name: 'Huobi ECO Testnet', symbol: 'HT' },
  137: { name: 'Polygon', symbol: 'matic' },
  250: { name: 'Fantom', symbol: 'FTM' },
  4002: { name: 'Fantom Testnet', symbol: 'FTM' },
  1337: { name: 'Localhost', symbol: 'ETH' },
  31337: { name: 'Hardhat', symbol: 'ETH' },
  80001: { name: 'Polygon Mumbai', symbol: 'matic' },
  11155111: { name: 'Sepolia', symbol: 'ETH' },
};

/** A chain's name and native symbol; an unknown chain is named by its id and pays in ETH. */
export function knownChain(chainId: number): KnownChain {
  return KNOWN_CHAINS[chainId] ?? { name: `Chain ${chainId}`, symbol: DEFAULT_NATIVE_SYMBOL };
}
