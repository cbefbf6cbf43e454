// New media CIDs are UnixFS CIDv1 as kubo's `ipfs add --cid-version=1 --raw-leaves` makes them (IPFS-compatible content addresses),
// computed from a stream. Expected CIDs are literal vectors from kubo's test suite (test/cli/add_test.go and
// test/cli/cid_profiles_test.go), never computed here; the inputs are kubo's deterministic test bytes
// (testutils/random_deterministic.go: ChaCha20 keystream, key sha256(seed), zero nonce).
import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cidFor } from '../../server/media/store.js';
import { UNIXFS_CHUNK_SIZE, UNIXFS_MAX_LINKS, unixfsCid } from '../../server/media/unixfs.js';

/** kubo's DeterministicRandomReader: `size` bytes of the ChaCha20 keystream, streamed in 64 KiB pieces. */
function* deterministicBytes(size: number, seed: string): Generator<Uint8Array> {
  const key = createHash('sha256').update(seed).digest();
  // OpenSSL's chacha20 IV: a 32-bit little-endian block counter (0), then the 96-bit nonce (zeros).
  const cipher = createCipheriv('chacha20', key, Buffer.alloc(16));
  const piece = 65_536;
  for (let done = 0; done < size; done += piece) {
    const out = cipher.update(Buffer.alloc(Math.min(piece, size - done)));
    yield new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  }
}

// kubo's unixfs-v1-2025 profile: CIDv1, raw leaves, balanced, 1 MiB chunks, 1024 links per node.
const V1_2025 = { chunkSize: 1_048_576, maxLinks: 1024 };

describe('UnixFS CIDs of new media', () => {
  it('uses kubo’s add defaults: 256 KiB chunks, 174 links', () => {
    expect(UNIXFS_CHUNK_SIZE).toBe(262_144);
    expect(UNIXFS_MAX_LINKS).toBe(174);
  });

  it('a small file is one raw block: "hello world" as kubo adds it with --cid-version=1 --raw-leaves', async () => {
    // kubo test/cli/add_test.go shortStringCidV1 ("cidv1 - raw - sha2-256").
    expect(await cidFor(new TextEncoder().encode('hello world'))).toBe('bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e');
    expect(await unixfsCid((async function* () { yield new TextEncoder().encode('hello '); yield new TextEncoder().encode('world'); })())).toBe(
      'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
    );
  });

  it('a file of exactly one chunk stays a raw block; one byte more is a dag-pb root (kubo cid_profiles vectors)', async () => {
    expect(await unixfsCid(deterministicBytes(1_048_576, 'chunk-v1-seed'), V1_2025)).toBe('bafkreiacndfy443ter6qr2tmbbdhadvxxheowwf75s6zehscklu6ezxmta');
    expect(await unixfsCid(deterministicBytes(1_048_577, 'chunk-v1-seed'), V1_2025)).toBe('bafybeigmix7t42i6jacydtquhet7srwvgpizfg7gjbq7627d35mjomtu64');
  });

  it('a file streamed in pieces that do not line up with the chunks hashes the same', async () => {
    async function* uneven() {
      for (const piece of deterministicBytes(1_048_577, 'chunk-v1-seed')) {
        yield piece.subarray(0, 1000);
        yield piece.subarray(1000);
      }
    }
    expect(await unixfsCid(uneven(), V1_2025)).toBe('bafybeigmix7t42i6jacydtquhet7srwvgpizfg7gjbq7627d35mjomtu64');
  });
});
