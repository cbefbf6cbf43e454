// EIP-55 checksummed addresses for the app and the server alike (what viem's getAddress writes), with the small
// keccak of domain/keccak.ts: showing an address in the UI does not pull viem into the first load, and the server
// does not load viem's hundreds of modules at start (its cold start) to format or check one.
import { isAddress } from './address';
import { keccak256 } from './keccak';

const checksummed = new Map<string, string>();

/** The EIP-55 form of a 0x-prefixed 20-byte address; anything that is not one is returned as it is. */
export function checksumAddress(value: string): string {
  if (!isAddress(value)) return value;
  const lower = value.slice(2).toLowerCase();
  let result = checksummed.get(lower);
  if (result === undefined) {
    const hash = keccak256(new TextEncoder().encode(lower));
    let out = '0x';
    for (let i = 0; i < 40; i++) {
      const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
      out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
    }
    result = out;
    if (checksummed.size >= 4096) checksummed.clear();
    checksummed.set(lower, result);
  }
  return result;
}
