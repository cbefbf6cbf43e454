import { artistDisplayName, shortenId } from '../../domain/artistName';
import { currencyLabel } from '../../domain/nativeCurrency';
import { checksumAddress } from '../../domain/checksumAddress';

// See docs/requirements.md#trading-offers: token amounts use 18 decimals, displayed with (up to) 8.
export const TOKEN_DECIMALS = 18;
export const DISPLAY_DECIMALS = 8;

/** Wei (decimal string or bigint) as a decimal amount rounded to at most 8 decimals, trailing zeros dropped. */
export function formatUnits(wei: string | bigint, decimals = TOKEN_DECIMALS, shown = DISPLAY_DECIMALS): string {
  let value: bigint;
  try {
    value = typeof wei === 'bigint' ? wei : BigInt(wei);
  } catch {
    return '—';
  }
  const negative = value < 0n;
  if (negative) value = -value;
  const drop = 10n ** BigInt(Math.max(decimals - shown, 0));
  // Round half up at the last shown decimal.
  const rounded = (value + drop / 2n) / drop;
  const scale = 10n ** BigInt(Math.min(shown, decimals));
  const whole = rounded / scale;
  const fraction = (rounded % scale).toString().padStart(Math.min(shown, decimals), '0').replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole.toString();
  return negative && text !== '0' ? `-${text}` : text;
}

/**
 * A price for display: "0.015 ETH", "2 matic" on Polygon (the native currency by its chain's symbol, `nativeSymbol`:
 * useNativeSymbol; docs/requirements.md#chains); an ERC-20 is named as given (usePriceFormat gives its symbol).
 */
export function formatPrice(price: { amount: string; currency: string }, nativeSymbol: string): string {
  return `${formatUnits(price.amount)} ${currencyLabel(price.currency, nativeSymbol)}`;
}

/**
 * An address as the UI shows it: EIP-55 checksummed (as viem's getAddress writes it, without viem on the first load);
 * anything that is not an address is returned as is.
 */
export { checksumAddress };

/** First 4 and last 4 characters with an ellipsis between (seed display-name rule), of the checksummed address. */
export function shortenAddress(value: string): string {
  return shortenId(checksumAddress(value));
}

export interface NamedPerson {
  address?: string | null;
  id?: string | null;
  alias?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Seed rule (domain/artist.ts): first name or alias, plus last name if present; otherwise the checksummed address or id shortened. */
export function displayName(person: NamedPerson): string {
  // The checksum (a keccak hash: ~20 ms for a grid's creators on a first load) only for a name that shows the address.
  if (person.firstName?.trim() || person.alias?.trim()) return artistDisplayName(person);
  return artistDisplayName({ ...person, address: checksumAddress(person.address || person.id || '') });
}
