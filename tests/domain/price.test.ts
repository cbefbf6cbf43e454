import { describe, expect, it } from 'vitest';
import { DEFAULT_SALE_AMOUNT, PRICE_MIN, PRICE_STEP, priceError, priceSchema, priceSchemaError } from '../../domain/price';

// See docs/requirements.md#trading-offers "Listing price: numeric, required, step 0.0001, minimum 0.0001 ('Minimum allowed price is 0.0001');
// an empty price gives the sale error" and docs/requirements.md#trading-offers "Price and offer minimum 0.0001, step 0.0001".
describe('price (requirements: trading offers)', () => {
  it('constants: minimum and step 0.0001, default sale amount 1', () => {
    expect([PRICE_MIN, PRICE_STEP, DEFAULT_SALE_AMOUNT]).toEqual([0.0001, 0.0001, 1]);
  });

  it("required: empty, blank or missing gives 'Required Field'", () => {
    for (const empty of ['', '  ', null, undefined]) expect(priceError(empty)).toBe('Required Field');
  });

  it("minimum: below 0.0001 or not a plain decimal gives 'Minimum allowed price is 0.0001'", () => {
    for (const bad of ['0', '0.00009', '0.0000', '-1', 'abc', '1e3', '0x10', '1,5', '1 000', 'NaN', 'Infinity', '.', '+1', 0, -2]) {
      expect([bad, priceError(bad)]).toEqual([bad, 'Minimum allowed price is 0.0001']);
    }
  });

  it("step: more than 4 decimals gives 'Allowed price step is 0.0001'", () => {
    for (const bad of ['1.00015', '0.00015', '12.50001']) expect([bad, priceError(bad)]).toEqual([bad, 'Allowed price step is 0.0001']);
  });

  it('accepts 0.0001 and above in steps of 0.0001; numbers read as their text; parses to the trimmed decimal', () => {
    for (const good of ['0.0001', '12.5', '3', '3.', '.5', ' 1.2345 ', '1000000', 2, 0.5]) expect([good, priceError(good)]).toEqual([good, null]);
    expect(priceSchema.parse(' 0.015 ')).toBe('0.015');
    expect(priceSchema.parse(2)).toBe('2');
  });

  it('the plain rule (the token page, no zod) and the schema (the server, the forms) answer every price alike', () => {
    const corpus = ['', '  ', null, undefined, '0', '0.00009', '0.0001', '0.00010', '0.00015', '1', '1.', '.5', '.', '+1', '-1', '1e3',
      '0x10', '1,5', '1 000', 'NaN', 'Infinity', ' 12.5 ', '12.50001', '99999999999.9999', '\t3\n', 0, 2, 0.5, -2, 1e-7, {}, []];
    for (const value of corpus) expect([value, priceError(value)]).toEqual([value, priceSchemaError(value)]);
  });
});

