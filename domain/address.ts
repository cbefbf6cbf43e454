// Wallet addresses compared without viem (its checksumming pulls keccak in, and the server must not load it at
// start): one loose comparison for addresses the app already holds, and a strict one that first checks both are
// addresses, as viem's isAddressEqual does.

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** A 0x-prefixed 20-byte hex address in any case (viem's isAddress as its isAddressEqual asks it: not strict). */
export const isAddress = (value: string) => HEX_ADDRESS.test(value);

/** Wallet addresses match case-insensitively (docs/requirements.md#comments "address matches, case-insensitive"); nobody matches a missing one. */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * Both are addresses and the same one, whatever their case: what viem's isAddressEqual answers, false where it
 * throws (a value that is not an address). For values from outside (a signed message, a socket event).
 */
export const sameValidAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && isAddress(a) && isAddress(b) && sameAddress(a, b);

/** address(0): the contracts' native currency, and the seller of a sale that does not exist. */
export const isZeroAddress = (value: string) => /^0x0{40}$/.test(value);
