import { getAddress, isAddressEqual, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { sameAddress } from '../../server/auth/siwe';

// The server compares a signed login's address with the API key's without loading viem at start: it must answer what
// viem's isAddressEqual answers (false where viem throws: a value that is not an address; any case is an address).
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

describe('siwe sameAddress', () => {
  it.each(values.flatMap((a) => values.map((b) => [a, b])))('%s vs %s answers as viem isAddressEqual', (a, b) => {
    expect(sameAddress(a, b)).toBe(viemAnswer(a, b));
  });

  it('matches an address in any case, never a non-address', () => {
    expect(sameAddress(LOWER, CHECKSUMMED)).toBe(true);
    expect(sameAddress('0x1234', '0x1234')).toBe(false);
  });
});
