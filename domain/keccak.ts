// Keccak-256 (the pre-SHA-3 padding Ethereum uses) for EIP-55 address checksums (domain/checksumAddress.ts): a small BigInt
// implementation, so showing an address does not pull viem and @noble/hashes into the first load. Checked against
// viem in tests/app/addressFormat.test.ts. Not for anything secret or large (BigInt lanes are slow, not constant-time).
const MASK = (1n << 64n) - 1n;
const RATE = 136;
// Rotation offsets by lane x + 5y.
const ROTATION = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14].map(BigInt);
// Round constants from the spec's LFSR (x^8 + x^6 + x^5 + x^4 + 1).
const ROUND_CONSTANTS: bigint[] = [];
for (let round = 0, r = 1; round < 24; round++) {
  let constant = 0n;
  for (let j = 0; j < 7; j++) {
    r = ((r << 1) ^ ((r >> 7) * 0x71)) & 0xff;
    if (r & 2) constant ^= 1n << ((1n << BigInt(j)) - 1n);
  }
  ROUND_CONSTANTS.push(constant);
}

const rotl = (value: bigint, shift: bigint) => (shift === 0n ? value : ((value << shift) | (value >> (64n - shift))) & MASK);

function permute(state: bigint[]): void {
  const c = new Array<bigint>(5);
  const b = new Array<bigint>(25);
  for (const roundConstant of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++) c[x] = state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!;
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1n);
      for (let y = 0; y < 25; y += 5) state[x + y]! ^= d;
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(state[x + 5 * y]!, ROTATION[x + 5 * y]!);
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) state[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK & b[((x + 2) % 5) + y]!);
    }
    state[0]! ^= roundConstant;
  }
}

/** Keccak-256 of `input` (32 bytes). */
export function keccak256(input: Uint8Array): Uint8Array {
  const padded = new Uint8Array((Math.floor(input.length / RATE) + 1) * RATE);
  padded.set(input);
  padded[input.length]! ^= 0x01;
  padded[padded.length - 1]! ^= 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += RATE) {
    for (let lane = 0; lane < RATE / 8; lane++) {
      let value = 0n;
      for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(padded[offset + lane * 8 + i]!);
      state[lane]! ^= value;
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt((i & 7) * 8)) & 0xffn);
  return out;
}
