// Studio uploads into an S3 blob store (durable data and media (items 1 and 5)): tus keeps its own file store in the data folder
// (s3rver lacks ListParts and AbortMultipartUpload, which @tus/s3-store needs), and a finished upload streams into
// the bucket in one read that computes its CID. A server restart mid-upload resumes from the offset; the video is
// read back whole and in a range, from the bucket.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../../server/media/blobStore/index.js';
import { CHUNK, canvasState, fakeMp4, makeCanvas, startUploadStack, tusUpload, uploadFiles, type UploadStack } from './canvasUploadFixtures.js';
import { startTestS3, type TestS3 } from './s3Server.js';

const SIZE = 12_000_000;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('studio uploads into an S3 blob store (PGlite)', () => {
  let s3: TestS3;
  let stack: UploadStack;

  beforeAll(async () => {
    s3 = await startTestS3();
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = s3.settings;
    stack = await startUploadStack('pglite', {
      BLOB_S3_BUCKET: bucket,
      BLOB_S3_ENDPOINT: endpoint!,
      BLOB_S3_REGION: region,
      BLOB_S3_ACCESS_KEY_ID: accessKeyId!,
      BLOB_S3_SECRET_ACCESS_KEY: secretAccessKey!,
      BLOB_S3_PREFIX: 'media-test/',
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await s3?.close();
  });

  it('a 12 MB video interrupted by a restart resumes from its offset and is served from the bucket, whole and in a range', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const video = fakeMp4(SIZE, 17);
    const stopped = await tusUpload(stack, canvasId, video, { filename: 's3.mp4', abortAfterPatches: 1 });
    expect(stopped.status).toBe('aborted');
    await stack.restart();
    stack.received.length = 0;
    const resumed = await tusUpload(stack, canvasId, video, { filename: 's3.mp4', uploadUrl: stopped.url! });
    expect(resumed).toMatchObject({ status: 'success', tokenId: '1', headOffsets: [CHUNK] });
    expect(stack.received.map((patch) => patch.offset)).toEqual([CHUNK, 2 * CHUNK]);
    expect(await uploadFiles(stack)).toEqual([]);

    const cid = (await canvasState(stack.database.db, canvasId)).tokens[0]!.media!;
    expect(cid).toMatch(/^bafybei[a-z2-7]{52}$/);
    // The object is in the bucket under the configured prefix, with the file's size.
    expect(await createS3BlobStore({ ...s3.settings, prefix: 'media-test/' }).stat(`media/${cid}`)).toEqual({ size: SIZE });
    const whole = await fetch(`${stack.origin}/ipfs/${cid}`);
    expect(sha(new Uint8Array(await whole.arrayBuffer()))).toBe(sha(video));
    const part = await fetch(`${stack.origin}/ipfs/${cid}`, { headers: { Range: 'bytes=11999998-' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 11999998-11999999/${SIZE}`]);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...video.subarray(11_999_998)]);
  }, 180_000);
});
