// The blob store's contract (media in a blob store, out of the database), the same tests on both drivers: the filesystem in a temporary folder
// and S3 against a local s3rver the suite starts.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobTooLargeError, createFsBlobStore, createS3BlobStore, readAll, type BlobStore } from '../../server/media/blobStore/index.js';
import { startTestS3, type TestS3 } from './s3Server.js';

/** Deterministic bytes: byte i is (i * 7 + i >> 8) & 255, so a misplaced range shows. */
function pattern(size: number, from = 0): Uint8Array {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = ((from + i) * 7 + ((from + i) >> 8)) & 255;
  return out;
}

/** The bytes as a stream of uneven pieces. */
async function* pieces(bytes: Uint8Array, size = 100_003): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

const read = async (store: BlobStore, key: string, range?: { start: number; end: number }) => {
  const stream = await store.get(key, range);
  return stream ? readAll(stream) : null;
};

type Driver = 'fs' | 's3';

describe.each<Driver>(['fs', 's3'])('blob store contract: %s driver', (driver) => {
  let store: BlobStore;
  let folder: string;
  let s3: TestS3 | null = null;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'artbazaar-blob-contract-'));
    if (driver === 's3') {
      s3 = await startTestS3();
      store = createS3BlobStore({ ...s3.settings, prefix: 'contract/' });
    } else {
      store = createFsBlobStore(folder);
    }
  });
  afterAll(async () => {
    await s3?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('adds a multi-MB stream under its UnixFS CID and reads it back whole', async () => {
    const bytes = pattern(12 * 1_048_576 + 17);
    const added = await store.add('media/', pieces(bytes));
    expect(added.size).toBe(bytes.byteLength);
    // More than one 256 KiB chunk: a dag-pb root (CIDv1, dag-pb 0x70 → "bafybei").
    expect(added.cid).toMatch(/^bafybei[a-z2-7]{52}$/);
    expect(await store.stat(`media/${added.cid}`)).toEqual({ size: bytes.byteLength });
    const back = await read(store, `media/${added.cid}`);
    expect(back?.byteLength).toBe(bytes.byteLength);
    expect(Buffer.compare(Buffer.from(back!), Buffer.from(bytes))).toBe(0);
  });

  it('adding the same bytes again gives the same CID; one byte different gives another', async () => {
    const bytes = pattern(300_000);
    const first = await store.add('media/', pieces(bytes));
    const again = await store.add('media/', pieces(bytes, 4096));
    expect(again).toEqual(first);
    const changed = pattern(300_000);
    changed[299_999] ^= 1;
    expect((await store.add('media/', pieces(changed))).cid).not.toBe(first.cid);
  });

  it('a small file is one raw block: its CID is the raw codec ("bafkrei")', async () => {
    const added = await store.add('media/', pieces(new TextEncoder().encode('hello world')));
    expect(added).toEqual({ cid: 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e', size: 11 });
    expect(new TextDecoder().decode((await read(store, `media/${added.cid}`))!)).toBe('hello world');
  });

  it('reads a byte range: exactly its bytes, anywhere in the blob', async () => {
    const bytes = pattern(5 * 1_048_576);
    const { cid } = await store.add('media/', pieces(bytes));
    const key = `media/${cid}`;
    for (const range of [{ start: 0, end: 1 }, { start: 3_000_000, end: 3_000_001 }, { start: 262_140, end: 262_200 }, { start: bytes.byteLength - 5, end: bytes.byteLength - 1 }]) {
      const part = await read(store, key, range);
      expect(Array.from(part!)).toEqual(Array.from(bytes.subarray(range.start, range.end + 1)));
    }
  });

  it('refuses a stream over maxBytes and keeps nothing of it', async () => {
    const bytes = pattern(2 * 1_048_576);
    await expect(store.add('media/', pieces(bytes), { maxBytes: 1_048_576 })).rejects.toBeInstanceOf(BlobTooLargeError);
    if (driver === 'fs') expect(await readdir(join(folder, '.tmp'))).toEqual([]);
  });

  it('writes under a key of its own, deletes, and answers null for what is not there', async () => {
    const thumb = pattern(40_000, 9);
    expect(await store.write('thumbnails/bafkreiexample', thumb)).toBe(40_000);
    expect(await store.stat('thumbnails/bafkreiexample')).toEqual({ size: 40_000 });
    expect(Array.from((await read(store, 'thumbnails/bafkreiexample'))!)).toEqual(Array.from(thumb));
    // Overwriting a key replaces its bytes.
    expect(await store.write('thumbnails/bafkreiexample', pieces(pattern(10, 3)))).toBe(10);
    expect(Array.from((await read(store, 'thumbnails/bafkreiexample'))!)).toEqual(Array.from(pattern(10, 3)));
    await store.delete('thumbnails/bafkreiexample');
    expect(await store.stat('thumbnails/bafkreiexample')).toBeNull();
    expect(await store.get('thumbnails/bafkreiexample')).toBeNull();
    await expect(store.delete('thumbnails/bafkreiexample')).resolves.toBeUndefined();
    expect(await store.get('media/bafkreinothere')).toBeNull();
  });

  it('refuses keys that would leave its folder or prefix', async () => {
    for (const key of ['../outside', '/absolute', 'media/../../x', 'media//x', '']) {
      await expect(store.write(key, new Uint8Array([1]))).rejects.toThrow('Invalid blob key');
      await expect(store.get(key)).rejects.toThrow('Invalid blob key');
    }
  });
});
