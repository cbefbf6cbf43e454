// See docs/requirements.md#trading-offers "Listing price: numeric, required, step 0.0001, minimum 0.0001 ('Minimum allowed price is 0.0001');
// an empty price gives the sale error." and docs/requirements.md#trading-offers "Price and offer minimum 0.0001, step 0.0001". Listing price,
// offer amount, the full-collection sale and POST /trade/check all use this rule: its plain form is
// domain/priceRule.ts (no zod, for the token page's first load), its schema (the server's and the forms') is here.
import * as z from 'zod/mini';
import { MINIMUM_PRICE_MESSAGE, REQUIRED_FIELD_MESSAGE } from './messages';
import { DECIMAL, PRICE_DECIMALS, PRICE_MIN, PRICE_STEP_MESSAGE, decimals, priceText } from './priceRule';
import { firstIssue } from './validate';

export { DEFAULT_SALE_AMOUNT, PRICE_DECIMALS, PRICE_MIN, PRICE_STEP, PRICE_STEP_MESSAGE, priceError } from './priceRule';

/**
 * A price as typed (a number is read as its decimal text; missing reads as empty): 'Required Field' when empty,
 * the minimum message when not a plain decimal or below 0.0001, the step message beyond 4 decimals.
 * Parses to the trimmed decimal text, so the conversion to base units stays exact.
 */
export const priceSchema = z.pipe(
  z.transform(priceText),
  z.string().check(
    z.trim(),
    z.minLength(1, { error: REQUIRED_FIELD_MESSAGE, abort: true }),
    z.refine((text) => DECIMAL.test(text) && Number(text) >= PRICE_MIN, { error: MINIMUM_PRICE_MESSAGE, abort: true }),
    z.refine((text) => decimals(text) <= PRICE_DECIMALS, PRICE_STEP_MESSAGE),
  ),
);

/** The schema's message for a price ('Required Field', the minimum or the step message), or null. */
export const priceSchemaError = (value: unknown) => firstIssue(priceSchema, value);
