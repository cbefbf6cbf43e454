// See docs/requirements.md#trading-offers: amounts convert to 18-decimal integer strings; prices display with up to 8 decimals.
export const TOKEN_DECIMALS = 18;

/** A decimal amount ("0.015") as an integer string of base units ("15000000000000000"); null if not a number. */
export function toBaseUnits(amount: string, decimals = TOKEN_DECIMALS): string | null {
  const raw = amount.trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(raw)) return null;
  const [whole = '', fraction = ''] = raw.split('.');
  // Digits beyond the token's decimals cannot be represented: refuse rather than round silently.
  if (fraction.length > decimals) return null;
  const units = BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return units.toString();
}

/** Base units ("15000000000000000") as a decimal amount ("0.015"), trailing zeros dropped; null if not an integer. */
export function fromBaseUnits(units: string, decimals = TOKEN_DECIMALS): string | null {
  if (!/^\d+$/.test(units)) return null;
  const padded = units.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** Total value of an offer: price per unit times amount (msg.value of makeOffer). */
export const offerValue = (priceWei: string, amount: string): string => (BigInt(priceWei) * BigInt(amount)).toString();
