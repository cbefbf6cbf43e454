// Seed 000 §5/§9: amounts convert to 18-decimal integer strings; prices display with up to 8 decimals.
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

/** Total value of an offer: price per unit times amount (msg.value of makeOffer). */
export const offerValue = (priceWei: string, amount: string): string => (BigInt(priceWei) * BigInt(amount)).toString();
