// Resumable studio uploads (the creator studio: "an interrupted upload continues from the server's offset"): a 12 MB video in
// 5,000,000-byte chunks stopped after its first PATCH resumes from the HEAD's offset, the server receiving each byte
// once; a server restart between chunks loses nothing (the file store's info files), and the finished token holds
// exactly the uploaded bytes.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './databases.js';
import {
  CHUNK,
  canvasState,
  fakeMp4,
  makeCanvas,
  memoryUrlStorage,
  startUploadStack,
  tusRequest,
  tusUpload,
  uploadFiles,
  type UploadStack,
} from './canvasUploadFixtures.js';

const SIZE = 12_000_000;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(DATABASE_KINDS)('resumed studio uploads on %s', (kind) => {
  let stack: UploadStack;

  beforeAll(async () => {
    stack = await startUploadStack(kind);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const storedMedia = async (canvasId: number) => {
    const { tokens } = await canvasState(stack.database.db, canvasId);
    expect(tokens).toHaveLength(1);
    const response = await fetch(`${stack.origin}/ipfs/${tokens[0]!.media}`);
    return new Uint8Array(await response.arrayBuffer());
  };

  it('stopped after the first PATCH, the upload continues from the server offset and every byte is received once', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const video = fakeMp4(SIZE, 7);
    const urlStorage = memoryUrlStorage();
    stack.received.length = 0;

    const stopped = await tusUpload(stack, canvasId, video, { filename: 'long take.mp4', urlStorage, abortAfterPatches: 1 });
    expect(stopped.status).toBe('aborted');
    expect(stack.received).toEqual([{ offset: 0, bytes: CHUNK }]);
    expect((await canvasState(stack.database.db, canvasId)).tokens).toEqual([]);
    // What the server has, as a HEAD reports it.
    const head = await tusRequest(stack, new URL(stopped.url!).pathname, { method: 'HEAD' }, stack.alice);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('token-id')]).toEqual([200, String(CHUNK), null]);

    // The studio's resume: the previous upload found under the file's fingerprint.
    const resumed = await tusUpload(stack, canvasId, video, { filename: 'long take.mp4', urlStorage, resume: true });
    expect(resumed).toMatchObject({ status: 'success', tokenId: '1', url: stopped.url, headOffsets: [CHUNK] });
    expect(stack.received).toEqual([
      { offset: 0, bytes: CHUNK },
      { offset: CHUNK, bytes: CHUNK },
      { offset: 2 * CHUNK, bytes: SIZE - 2 * CHUNK },
    ]);
    expect(stack.received.reduce((sum, patch) => sum + patch.bytes, 0)).toBe(SIZE);
    expect(sha(await storedMedia(canvasId))).toBe(sha(video));
    expect(await uploadFiles(stack)).toEqual([]);
    // Finished: the fingerprint is forgotten, as removeFingerprintOnSuccess says.
    expect(await urlStorage.findAllUploads()).toEqual([]);
  }, 120_000);

  it('a server restart between chunks resumes from the offset the file store kept', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const video = fakeMp4(SIZE, 11);
    stack.received.length = 0;

    const stopped = await tusUpload(stack, canvasId, video, { filename: 'restart.mp4', abortAfterPatches: 2 });
    expect(stopped.status).toBe('aborted');
    expect((await uploadFiles(stack)).sort()).toEqual([`${new URL(stopped.url!).pathname.split('/').pop()}`, `${new URL(stopped.url!).pathname.split('/').pop()}.json`].sort());

    await stack.restart();

    const resumed = await tusUpload(stack, canvasId, video, { filename: 'restart.mp4', uploadUrl: stopped.url! });
    expect(resumed).toMatchObject({ status: 'success', tokenId: '1', headOffsets: [2 * CHUNK] });
    expect(stack.received.map((patch) => patch.offset)).toEqual([0, CHUNK, 2 * CHUNK]);
    expect(stack.received.reduce((sum, patch) => sum + patch.bytes, 0)).toBe(SIZE);
    expect(sha(await storedMedia(canvasId))).toBe(sha(video));
    expect(await uploadFiles(stack)).toEqual([]);
    // Durable data and media: a UnixFS CIDv1 (12 MB is many 256 KiB chunks: a dag-pb root), served in ranges from the blob store.
    const cid = (await canvasState(stack.database.db, canvasId)).tokens[0]!.media!;
    expect(cid).toMatch(/^bafybei[a-z2-7]{52}$/);
    const part = await fetch(`${stack.origin}/ipfs/${cid}`, { headers: { Range: 'bytes=9000000-9000001' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 9000000-9000001/${SIZE}`]);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...video.subarray(9_000_000, 9_000_002)]);
  }, 120_000);

  it('another account can neither read nor continue the upload (404), and the owner still can', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const video = fakeMp4(SIZE, 13);
    const stopped = await tusUpload(stack, canvasId, video, { filename: 'mine.mp4', abortAfterPatches: 1 });
    const path = new URL(stopped.url!).pathname;
    stack.received.length = 0;

    const head = await tusRequest(stack, path, { method: 'HEAD' }, stack.bob);
    expect(head.status).toBe(404);
    const patch = await tusRequest(
      stack,
      path,
      { method: 'PATCH', headers: { 'Upload-Offset': String(CHUNK), 'Content-Type': 'application/offset+octet-stream' }, body: video.subarray(CHUNK, CHUNK + 1000) },
      stack.bob,
    );
    expect(patch.status).toBe(404);
    expect(await patch.json()).toEqual({ error: 'upload_not_found', message: 'No upload with this id.' });
    const cancel = await tusRequest(stack, path, { method: 'DELETE' }, stack.bob);
    expect(cancel.status).toBe(404);
    const anonymous = await tusRequest(stack, path, { method: 'HEAD' }, null);
    expect(anonymous.status).toBe(401);

    const own = await tusRequest(stack, path, { method: 'HEAD' }, stack.alice);
    expect(own.headers.get('upload-offset')).toBe(String(CHUNK));
    const resumed = await tusUpload(stack, canvasId, video, { filename: 'mine.mp4', uploadUrl: stopped.url! });
    expect(resumed).toMatchObject({ status: 'success', tokenId: '1' });
    expect(sha(await storedMedia(canvasId))).toBe(sha(video));
  }, 120_000);
});
