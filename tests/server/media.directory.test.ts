// Collection directories (IPFS-compatible content addresses) are UnixFS directories as kubo makes them. The expected CIDs are literal
// vectors from kubo's test suite (test/cli/cid_profiles_test.go, profile unixfs-v1-2025: DirBasicCID and DirHAMTCID),
// never computed here: 4766 files of one byte "x", named by kubo's createDeterministicFiles (harness in
// test/cli/add_test.go) — 11 characters each (the last 21, or 22 to pass the threshold by one byte) drawn from
// testutils.AlphabetEasy by the bytes of DeterministicRandomReader("1MiB", "hamt-unixfs-v1-2025").
import { createCipheriv, createHash } from 'node:crypto';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { importDirectory } from '../../server/media/directory.js';

const ALPHABET_EASY = 'abcdefghijklmnopqrstuvwxyz01234567890-_';

/** kubo's DeterministicRandomReader: the ChaCha20 keystream, key sha256(seed), zero nonce. */
function keystream(seed: string) {
  const cipher = createCipheriv('chacha20', createHash('sha256').update(seed).digest(), Buffer.alloc(16));
  return (n: number) => cipher.update(Buffer.alloc(n));
}

function kuboDirectory(files: number, nameLength: number, lastNameLength: number) {
  const next = keystream('hamt-unixfs-v1-2025');
  const x = new TextEncoder().encode('x');
  return Array.from({ length: files }, (_, i) => {
    const bytes = next(i === files - 1 ? lastNameLength : nameLength);
    return { name: [...bytes].map((b) => ALPHABET_EASY[b % ALPHABET_EASY.length]).join(''), bytes: x };
  });
}

describe('collection directories as kubo makes them', () => {
  it('a directory exactly at the 256 KiB block threshold stays flat (kubo DirBasicCID)', async () => {
    const { cid, blocks } = await importDirectory(kuboDirectory(4766, 11, 21));
    expect(cid).toBe('bafybeic3h7rwruealwxkacabdy45jivq2crwz6bufb5ljwupn36gicplx4');
    // The directory node and the one raw leaf "x" all files share (its CID: the sha-256 of "x" as a raw CIDv1).
    const leaf = CID.create(1, raw.code, await sha256.digest(new TextEncoder().encode('x'))).toString();
    expect(blocks.map((block) => block.cid).sort()).toEqual([cid, leaf].sort());
  });

  it('one byte over it is a HAMT-sharded directory (kubo DirHAMTCID)', async () => {
    const { cid } = await importDirectory(kuboDirectory(4766, 11, 22));
    expect(cid).toBe('bafybeiegvuterwurhdtkikfhbxcldohmxp566vpjdofhzmnhv6o4freidu');
  });
});
