// Bad values: ids, strings, numbers and JSON values of the wrong type, small enough that thousands of requests stay fast.
import fc from 'fast-check';

/** Ids that have broken servers before: prototype keys, signs, exponents, overflows, traversal, encodings. */
export const BAD_IDS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '-1',
  '0',
  '00',
  '01',
  '1e999',
  '-1e999',
  '1e3',
  '1.5',
  '1.0',
  '+1',
  ' 1',
  '1 ',
  '0x10',
  '0b1',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '9999999999999999999',
  '1111111111111111',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999999999999999999999999999999999999999999999999999999999999999',
  '1'.repeat(300),
  '..',
  '.',
  '../..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '..\\..\\windows',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE',
  '%u0031',
  '\u0000',
  '1\u0000',
  'a\u0000b',
  '١٢٣',
  '１２３',
  '𝟙𝟚𝟛',
  '💩',
  '\uD800',
  'é',
  '\u202E1',
  "1' OR '1'='1",
  '1; DROP TABLE tokens; --',
  '$where',
  '{"$gt":""}',
  '<script>alert(1)</script>',
  '0x0000000000000000000000000000000000000000',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8 ',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8a',
  '0xZZ997970c51812dc3a010c7d01b50e0d17dc79c8',
  'bafkrei',
  'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
  'Qm' + '1'.repeat(44),
  'x'.repeat(2000),
];

/** Printable ASCII and Latin-1 characters only: what a Headers value accepts (no NUL, CR or LF). */
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) => String.fromCharCode(code));
export const headerString = (maxLength = 40) => fc.string({ unit: headerChar, maxLength });

/**
 * Numbers at the edges of what a Date, an int4/int8 column or a double holds: 8.64e15 ms is the last date a Date can
 * hold (one more is an Invalid Date), 2^53 the last exact integer, 2^63 past bigint, 5e-324 the smallest double.
 */
export const EXTREME_NUMBERS = [8.64e15, 8.64e15 + 1, -8.64e15 - 1, 2 ** 53 - 1, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 63, 1e16, 1e300, Number.MAX_VALUE, -Number.MAX_VALUE, 5e-324, Number.EPSILON];

/** Nesting depths that overflow a recursive parser or validator (a few thousand) and some below that. */
export const DEEP_NESTING = [100, 1_000, 3_000, 6_000];

/** JSON text nested `depth` deep, as arrays, objects or both: written out, since JSON.stringify itself recurses. */
export function deepJsonText(depth: number, shape: 'array' | 'object' | 'mixed'): string {
  if (shape === 'array') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `${'[{"a":'.repeat(depth >> 1)}1${'}]'.repeat(depth >> 1)}`;
}

export const deepJson: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(...DEEP_NESTING), fc.constantFrom('array' as const, 'object' as const, 'mixed' as const)).map(([depth, shape]) => deepJsonText(depth, shape));

/** Strings a handler should refuse or store safely: empty, blank, control characters, any unicode, long. */
export const badString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BAD_IDS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', '\r\n', '\u00a0', '\u200b', '\uFEFF') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map((s) => `${s}\u0000${s}`) },
  { weight: 1, arbitrary: fc.constantFrom(5_001, 20_000, 70_000).map((n) => 'x'.repeat(n)) },
  // Deeply nested JSON as text: what a field parsed as JSON (attributes, a form's JSON part) meets.
  { weight: 1, arbitrary: deepJson },
);

/** Numbers of every awkward kind JSON can carry (JSON.stringify turns NaN/Infinity into null). */
export const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1.5, -1.5, 1e-7, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1111111111111111, Number('9999999999999999999'), 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Number literals only a raw JSON text can carry: overflow to Infinity, -0, huge exponents. */
export const RAW_NUMBER_LITERALS = ['1e999', '-1e999', '-0', '1E+400', '0.0000000000000000000000001', '99999999999999999999999999999', '1111111111111111', '-1', '0', '1.0e0', '8640000000000001', '-8640000000000001', '8.64e15', '1e16', '9007199254740993', '1.7976931348623157e308', '5e-324', '1e-400'];

const protoKey = fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', 'toString', 'a'.repeat(300), '\u0000');

/** Any JSON value, wrong in type or content for the field it lands on. */
export const badJsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: badString },
    { weight: 3, arbitrary: badNumber },
    { weight: 2, arbitrary: fc.constantFrom(null, true, false) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(protoKey, fc.string({ maxLength: 6 })), tie('value'), { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.constant(Array.from({ length: 200 }, (_, i) => i)) },
  ),
})).value;

/** Object keys that are a trap for naive `obj[key] = value` code. */
export const trapKeys = protoKey;
