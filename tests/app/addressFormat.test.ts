import { getAddress, keccak256 as viemKeccak256, toBytes, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { sameValidAddress } from '../../domain/address';
import { checksumAddress, displayName, shortenAddress } from '../../src/app/format';
import { keccak256 } from '../../domain/keccak';

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
    // A name wins over the address (which is then not hashed); blank names fall back to it.
    expect(displayName({ address: LOWER, alias: 'mara' })).toBe('mara');
    expect(displayName({ address: LOWER, firstName: 'Ada', alias: 'ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(displayName({ address: LOWER, firstName: ' ', alias: '' })).toBe('0x70...79C8');
  });

  it('leave anything that is not an address as it is', () => {
    expect(checksumAddress('Ada')).toBe('Ada');
    expect(shortenAddress('token-123456789')).toBe('toke...6789');
    expect(checksumAddress('0x1234')).toBe('0x1234');
  });

  it('compare with viem isAddressEqual: case does not matter, non-addresses never match', () => {
    expect(sameValidAddress(LOWER, CHECKSUMMED)).toBe(true);
    expect(sameValidAddress(LOWER, '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')).toBe(false);
    expect(sameValidAddress(null, LOWER)).toBe(false);
    expect(sameValidAddress('abc', 'ABC')).toBe(false);
  });

  it('are checksummed exactly as viem getAddress does (the app checksums without viem)', () => {
    let seed = 0x5eed;
    for (let n = 0; n < 200; n++) {
      let hex = '0x';
      for (let i = 0; i < 40; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        hex += (seed >> 16).toString(16).slice(-1);
      }
      expect(checksumAddress(hex)).toBe(getAddress(hex));
      expect(checksumAddress(hex.toUpperCase().replace('0X', '0x'))).toBe(getAddress(hex));
    }
  });

  it('hash with Keccak-256 as viem does, across the 136-byte block boundary', () => {
    for (const length of [0, 1, 3, 40, 135, 136, 137, 272, 300]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(toHex(keccak256(bytes))).toBe(viemKeccak256(bytes));
    }
    expect(toHex(keccak256(toBytes('abc')))).toBe('0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  });
});
