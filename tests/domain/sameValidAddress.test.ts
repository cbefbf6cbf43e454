import { getAddress, isAddressEqual, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { sameAddress, sameValidAddress } from '../../domain/address';

// The server compares a signed login's address with the API key's, and the live socket its wallet's, without loading
// viem: sameValidAddress must answer what viem's isAddressEqual answers (false where viem throws: a value that is not
// an address; any case is an address).
const viemAnswer = (a: string, b: string) => {
  try {
    return isAddressEqual(a as Hex, b as Hex);
  } catch {
    return false;
  }
};

const LOWER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CHECKSUMMED = getAddress(LOWER);
const BAD_CHECKSUM = CHECKSUMMED.slice(0, -1) + (CHECKSUMMED.endsWith('8') ? '9' : '8').toUpperCase();
const values = [
  LOWER,
  CHECKSUMMED,
  LOWER.toUpperCase().replace('0X', '0x'),
  CHECKSUMMED.replace('C51', 'c51'),
  BAD_CHECKSUM,
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'),
  '0x1234',
  'not an address',
  '',
];

describe('sameValidAddress', () => {
  it.each(values.flatMap((a) => values.map((b) => [a, b])))('%s vs %s answers as viem isAddressEqual', (a, b) => {
    expect(sameValidAddress(a, b)).toBe(viemAnswer(a, b));
  });

  it('matches an address in any case, never a non-address', () => {
    expect(sameValidAddress(LOWER, CHECKSUMMED)).toBe(true);
    expect(sameValidAddress('0x1234', '0x1234')).toBe(false);
    expect(sameValidAddress(null, LOWER)).toBe(false);
  });

  it('is sameAddress (any case, nobody matches a missing one) for values that are addresses', () => {
    expect(sameAddress('0x1234', '0X1234')).toBe(true);
    expect(sameAddress('', '')).toBe(false);
    for (const a of values.filter((value) => /^0x[0-9a-fA-F]{40}$/.test(value))) {
      for (const b of values) if (/^0x[0-9a-fA-F]{40}$/.test(b)) expect(sameValidAddress(a, b)).toBe(sameAddress(a, b));
    }
  });
});
