// See docs/requirements.md#trading-offers "Listing price: numeric, required, step 0.0001, minimum 0.0001 ('Minimum allowed price is 0.0001');
// an empty price gives the sale error." and docs/requirements.md#trading-offers "Price and offer minimum 0.0001, step 0.0001". The rule as plain code,
// with no zod: the token page's trade panel and offer box read it on their first load (domain/price.ts builds the
// server's and the forms' schema on it; tests/domain/price.test.ts holds the two to one answer).
import { MINIMUM_PRICE_MESSAGE, REQUIRED_FIELD_MESSAGE } from './messages';

export const PRICE_MIN = 0.0001;
export const PRICE_STEP = 0.0001;
export const PRICE_DECIMALS = 4;
/** See docs/requirements.md#trading-offers "Default sale amount for a token listing is 1". */
export const DEFAULT_SALE_AMOUNT = 1;
/** Not in the seed (it shows no text for a step violation): ours, worded like the minimum message. */
export const PRICE_STEP_MESSAGE = 'Allowed price step is 0.0001';

/** Plain decimal notation only ("12", "0.5", ".5", "3."): no sign, exponent, hex or spaces inside. */
export const DECIMAL = /^\d*\.?\d+$|^\d+\.$/;
export const decimals = (text: string) => (text.split('.')[1] ?? '').length;

/** A price as typed, as text: a number is read as its decimal text, missing as empty. */
export const priceText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The price rule's message for a price as typed: 'Required Field' when empty (after trimming), the minimum message
 * when not a plain decimal or below 0.0001, the step message beyond 4 decimals; null when the price is fine.
 */
export function priceError(value: unknown): string | null {
  const text = priceText(value).trim();
  if (text.length === 0) return REQUIRED_FIELD_MESSAGE;
  if (!(DECIMAL.test(text) && Number(text) >= PRICE_MIN)) return MINIMUM_PRICE_MESSAGE;
  if (decimals(text) > PRICE_DECIMALS) return PRICE_STEP_MESSAGE;
  return null;
}
