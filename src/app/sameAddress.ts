// Address equality without viem (its checksumming pulls keccak in): the live socket compares addresses, and it is
// part of the first load. src/app/format.ts re-exports it next to the display helpers.
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether two values are the same address, whatever their case (what viem's isAddressEqual answers for non-strict addresses); false for non-addresses. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && HEX_ADDRESS.test(a) && HEX_ADDRESS.test(b) && a.toLowerCase() === b.toLowerCase();
}
