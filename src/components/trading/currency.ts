// Offer currencies from the public config (docs/requirements.md#trading-offers): the chain's native symbol (ETH) and its allow-listed
// ERC-20s (WETH). Prices name a token by its address; the UI shows its symbol, never the raw address.
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { AppConfig, TokenCurrency } from '../../../machines/config/configMachine';
import { useSystemActor } from '../../app/appActorContext';
import { formatPrice } from '../../app/format';
import { sameAddress } from '../../../domain/address';
import { nativeSymbolOf } from '../../../domain/nativeCurrency';

/** The symbol of a price's currency: an allow-listed token's symbol for its address, else the currency as given. */
export function currencySymbol(config: AppConfig | null, currency: string): string {
  for (const evm of config?.evms ?? []) {
    const token = evm.tokenCurrencies?.find((entry) => sameAddress(entry.address, currency));
    if (token) return token.symbol;
  }
  return currency;
}

/** formatPrice with the currency's symbol (WETH for the token's address; the chain's own for its native currency). */
export function usePriceFormat(): (price: { amount: string; currency: string }, chainId: number | null) => string {
  const config = useSystemActor('config');
  const appConfig = useSelector(config, (snapshot) => snapshot.context.config);
  return useCallback(
    (price, chainId) => formatPrice({ amount: price.amount, currency: currencySymbol(appConfig, price.currency) }, nativeSymbolOf(appConfig, chainId)),
    [appConfig],
  );
}

/** The native currency's symbol on `chainId` as the public config names it (ETH until it is known). */
export function useNativeSymbol(chainId: number | null | undefined): string {
  const config = useSystemActor('config');
  return useSelector(config, (snapshot) => nativeSymbolOf(snapshot.context.config, chainId));
}

const NO_TOKENS: TokenCurrency[] = [];

/** The allow-listed token currencies of a chain (empty when none is configured). */
export function useTokenCurrencies(chainId: number): TokenCurrency[] {
  const config = useSystemActor('config');
  return useSelector(config, (snapshot) => snapshot.context.config?.evms.find((evm) => evm.chainId === chainId)?.tokenCurrencies ?? NO_TOKENS);
}
