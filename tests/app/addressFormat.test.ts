import { describe, expect, it } from 'vitest';
import { checksumAddress, displayName, sameAddress, shortenAddress } from '../../src/app/format';

// Hardhat account #1 as the server stores it (lower case) and as EIP-55 writes it.
const LOWER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('addresses in the UI', () => {
  it('are shown checksummed whatever case the server or the wallet used', () => {
    expect(checksumAddress(LOWER)).toBe(CHECKSUMMED);
    expect(checksumAddress(LOWER.toUpperCase().replace('0X', '0x'))).toBe(CHECKSUMMED);
    expect(shortenAddress(LOWER)).toBe('0x70...79C8');
    expect(displayName({ address: LOWER })).toBe('0x70...79C8');
    expect(displayName({ id: LOWER })).toBe('0x70...79C8');
  });

  it('leave anything that is not an address as it is', () => {
    expect(checksumAddress('Ada')).toBe('Ada');
    expect(shortenAddress('token-123456789')).toBe('toke...6789');
    expect(checksumAddress('0x1234')).toBe('0x1234');
  });

  it('compare with viem isAddressEqual: case does not matter, non-addresses never match', () => {
    expect(sameAddress(LOWER, CHECKSUMMED)).toBe(true);
    expect(sameAddress(LOWER, '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')).toBe(false);
    expect(sameAddress(null, LOWER)).toBe(false);
    expect(sameAddress('abc', 'ABC')).toBe(false);
  });
});
