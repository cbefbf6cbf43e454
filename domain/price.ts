// Seed 000 §5 "Listing price: numeric, required, step 0.0001, minimum 0.0001 ('Minimum allowed price is 0.0001');
// an empty price gives the sale error." and §9 "Price and offer minimum 0.0001, step 0.0001". Listing price,
// offer amount, the full-collection sale and POST /trade/check all use this rule.
import * as z from 'zod/mini';
import { MINIMUM_PRICE_MESSAGE, REQUIRED_FIELD_MESSAGE } from './messages';
import { firstIssue } from './validate';

export const PRICE_MIN = 0.0001;
export const PRICE_STEP = 0.0001;
export const PRICE_DECIMALS = 4;
/** Seed 000 §5 "Default sale amount for a token listing is 1". */
export const DEFAULT_SALE_AMOUNT = 1;
/** Not in the seed (it shows no text for a step violation): ours, worded like the minimum message. */
export const PRICE_STEP_MESSAGE = 'Allowed price step is 0.0001';

/** Plain decimal notation only ("12", "0.5", ".5", "3."): no sign, exponent, hex or spaces inside. */
const DECIMAL = /^\d*\.?\d+$|^\d+\.$/;
const decimals = (text: string) => (text.split('.')[1] ?? '').length;

/**
 * A price as typed (a number is read as its decimal text; missing reads as empty): 'Required Field' when empty,
 * the minimum message when not a plain decimal or below 0.0001, the step message beyond 4 decimals.
 * Parses to the trimmed decimal text, so the conversion to base units stays exact.
 */
export const priceSchema = z.pipe(
  z.transform((value: unknown) => (value === null || value === undefined ? '' : String(value))),
  z.string().check(
    z.trim(),
    z.minLength(1, { error: REQUIRED_FIELD_MESSAGE, abort: true }),
    z.refine((text) => DECIMAL.test(text) && Number(text) >= PRICE_MIN, { error: MINIMUM_PRICE_MESSAGE, abort: true }),
    z.refine((text) => decimals(text) <= PRICE_DECIMALS, PRICE_STEP_MESSAGE),
  ),
);

/** The price rule's message ('Required Field', the minimum or the step message), or null when the price is fine. */
export const priceError = (value: unknown) => firstIssue(priceSchema, value);
