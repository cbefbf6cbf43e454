// The chains the marketplace knows by id (docs/requirements.md#chains): each one's name and the symbol of its
// native currency. The server names the served chain from here in the public config; the app shows a price in the
// native currency with its chain's symbol. An unknown chain is 'Chain <id>' and pays in ETH, the default currency.

export interface KnownChain {
  name: string;
  /** The native currency's symbol, as the specification writes it. */
  symbol: string;
}

/** The default chain and currency when nothing else is said: Ethereum Mainnet, ETH. */
export const DEFAULT_CHAIN_ID = 1;
export const DEFAULT_NATIVE_SYMBOL = 'ETH';

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

/**
 * How the wire names a chain's native currency in a price: 'ETH' on every chain (the contracts' address(0)), or the
 * zero address itself. Anything else is an ERC-20's address.
 */
export const NATIVE_CURRENCY = 'ETH';
const ZERO_ADDRESS = /^0x0{40}$/i;

export function isNativeCurrency(currency: string): boolean {
  return currency === NATIVE_CURRENCY || ZERO_ADDRESS.test(currency);
}

/** The symbol a price in `currency` on `chainId` shows: the chain's own for its native currency, else `currency`. */
export function nativeCurrencyLabel(currency: string, chainId: number | null | undefined): string {
  if (!isNativeCurrency(currency)) return currency;
  return chainId == null ? DEFAULT_NATIVE_SYMBOL : knownChain(chainId).symbol;
}
