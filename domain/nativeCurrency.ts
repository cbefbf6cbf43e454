// A chain's native currency in prices (docs/requirements.md#chains). The wire names it 'ETH' on every chain (the
// contracts' address(0)); it is shown with the served chain's own symbol, which the public config carries (the server
// takes it from domain/chains.ts), so the app's first load needs no table of chains.
import { isZeroAddress } from './address';

/** How the wire names the native currency in a price, whatever the chain. */
export const NATIVE_CURRENCY = 'ETH';
/** The default chain's currency (Ethereum Mainnet): what a chain the config does not list shows. */
export const DEFAULT_NATIVE_SYMBOL = 'ETH';

/** The native currency, by its wire name or the zero address; anything else is an ERC-20 (its address or symbol). */
export function isNativeCurrency(currency: string): boolean {
  return currency === NATIVE_CURRENCY || isZeroAddress(currency);
}

/** What a price in `currency` shows: `nativeSymbol` for the native currency, else the currency as given. */
export function currencyLabel(currency: string, nativeSymbol: string): string {
  return isNativeCurrency(currency) ? nativeSymbol : currency;
}

interface ChainsConfig {
  evms: ReadonlyArray<{ chainId: number; symbol: string }>;
}

/** The native symbol of `chainId` as the public config names it; the default (ETH) for a chain it does not list. */
export function nativeSymbolOf(config: ChainsConfig | null | undefined, chainId: number | null | undefined): string {
  return config?.evms.find((evm) => evm.chainId === chainId)?.symbol ?? DEFAULT_NATIVE_SYMBOL;
}
