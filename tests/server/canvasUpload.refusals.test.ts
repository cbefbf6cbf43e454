// Every refused studio upload (the creator studio "Every bad input gets a 4xx with a clear message and writes nothing"): before
// any byte — file name, type, size, number of files, account, canvas state, signed request — and when the last byte
// arrives — magic bytes, UTF-8 scripts, undecodable images. Each leaves no canvas_uploads row, no tus file, no token
// and no media.
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, media } from '../../server/db/schema.js';
import { authorizationHeader } from '../../src/services/authFetch.js';
import { DATABASE_KINDS } from './databases.js';
import {
  canvasState,
  fakeMp4,
  makeCanvas,
  refusalOf,
  startUploadStack,
  tusMetadata,
  tusRequest,
  tusUpload,
  uploadFiles,
  type UploadStack,
} from './canvasUploadFixtures.js';

describe.each(DATABASE_KINDS)('refused studio uploads on %s', (kind) => {
  let stack: UploadStack;
  let png: Buffer;
  let gif: Buffer;

  beforeAll(async () => {
    stack = await startUploadStack(kind);
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#58c' } }).png().toBuffer();
    gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c85' } }).gif().toBuffer();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const mediaCount = async () => (await stack.database.db.select({ n: count() }).from(media))[0]!.n;

  /** Nothing of the refused upload anywhere: no row, no token, no tus file, no new media. */
  async function expectNothingWritten(canvasId: number, mediaBefore: number, tokensBefore = 0) {
    const { uploads, tokens } = await canvasState(stack.database.db, canvasId);
    expect(uploads.filter((row) => row.completedAt === null)).toEqual([]);
    expect(tokens).toHaveLength(tokensBefore);
    expect(await uploadFiles(stack)).toEqual([]);
    expect(await mediaCount()).toBe(mediaBefore);
  }

  /** A raw creation request: only headers, as tus-js-client sends it. */
  const create = (canvasId: number, headers: Record<string, string>, key = stack.alice as typeof stack.alice | null) =>
    tusRequest(stack, `/api/v1/canvas/${canvasId}/upload/`, { method: 'POST', headers: { 'Upload-Length': '1000', ...headers } }, key);

  it.each([
    ['a file name with special characters', 'image', 'my#photo.png', {}, 400, 'invalid_file_name', 'File Upload Failed. Remove special characters from filename'],
    ['a name that is only an extension', 'image', '.png', {}, 400, 'invalid_file_name', 'File Upload Failed. Remove special characters from filename'],
    ['a gif on an image canvas', 'image', 'anim.gif', {}, 415, 'unsupported_file_type', 'This file type is not accepted here. Accepted: .jpg, .jpeg, .png.'],
    ['a png on a gif canvas', 'gif', 'still.png', {}, 415, 'unsupported_file_type', 'This file type is not accepted here. Accepted: .gif.'],
    ['a type that contradicts the name', 'image', 'page.png', { type: 'text/html' }, 415, 'unsupported_file_type', "The file's type text/html does not match its .png name."],
    ['an image on a video canvas', 'video', 'poster.jpg', {}, 415, 'unsupported_file_type', 'This file type is not accepted here. Accepted: .mp4, .webm, .mov.'],
    ['a token upload on a generative canvas', 'multipart/mixed', 'sketch.js', { category: 'token' }, 400, 'invalid_context', 'Generative tokens are created from the script: upload the script and its assets as collection files.'],
    ['a collection file on an image canvas', 'image', 'extra.png', { category: 'collection' }, 400, 'invalid_context', 'This collection takes no collection files: only generative art has a script and assets.'],
    ['a malformed properties text', 'image', 'ok.png', { properties: '{not json' }, 400, 'invalid_metadata', 'The upload metadata "properties" must be JSON text.'],
  ] as const)('%s is refused before any byte', async (_case, mediaType, filename, extra, status, code, message) => {
    const canvasId = await makeCanvas(stack.database.db, mediaType);
    const mediaBefore = await mediaCount();
    const bytes = filename.endsWith('.js') ? Buffer.from('let x = 1;\n') : filename.endsWith('.gif') ? gif : png;
    const patchesBefore = stack.received.length;
    const outcome = await tusUpload(stack, canvasId, bytes, { filename, metadata: { ...extra } });
    expect(outcome.status).toBe('error');
    expect(refusalOf(outcome)).toEqual({ status, body: { error: code, message } });
    expect(stack.received.length).toBe(patchesBefore);
    await expectNothingWritten(canvasId, mediaBefore);
  });

  it.each([
    ['an image over maxFileSize', 'image', 'big.png', 10_485_761, 'The file is larger than the 10 MB limit.'],
    ['a video over maxVideoSize', 'video', 'big.mp4', 104_857_601, 'The file is larger than the 100 MB limit.'],
  ] as const)('%s is refused with 413 before any byte', async (_case, mediaType, filename, size, message) => {
    const canvasId = await makeCanvas(stack.database.db, mediaType);
    const mediaBefore = await mediaCount();
    const response = await create(canvasId, { 'Upload-Length': String(size), 'Upload-Metadata': tusMetadata({ filename }) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'too_large', message });
    await expectNothingWritten(canvasId, mediaBefore);
  });

  it('a deferred or missing length, an empty file and a thumbnail for a missing token are refused', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const mediaBefore = await mediaCount();
    const metadata = tusMetadata({ filename: 'clip.mp4' });
    const deferred = await tusRequest(stack, `/api/v1/canvas/${canvasId}/upload/`, { method: 'POST', headers: { 'Upload-Defer-Length': '1', 'Upload-Metadata': metadata } }, stack.alice);
    expect(deferred.status).toBe(400);
    expect(await deferred.json()).toEqual({ error: 'invalid_length', message: 'Send the file size in Upload-Length (deferred lengths are not accepted).' });
    const empty = await create(canvasId, { 'Upload-Length': '0', 'Upload-Metadata': metadata });
    expect(await empty.json()).toEqual({ error: 'empty', message: 'The file is empty.' });
    const thumbnail = await create(canvasId, { 'upload-context': 'thumbnail', 'Upload-Metadata': tusMetadata({ filename: 'frame.png', token: '7' }) });
    expect(thumbnail.status).toBe(404);
    expect(await thumbnail.json()).toEqual({ error: 'token_not_found', message: 'This collection has no token 7.' });
    const context = await create(canvasId, { 'upload-context': 'avatar', 'Upload-Metadata': metadata });
    expect(await context.json()).toEqual({ error: 'invalid_context', message: 'The upload-context header must be one of cover, media, collection, thumbnail.' });
    const otherCanvas = await create(canvasId, { container_id: String(canvasId + 1000), 'Upload-Metadata': metadata });
    expect(await otherCanvas.json()).toEqual({ error: 'invalid_input', message: 'The container_id header names another collection than the upload URL.' });
    await expectNothingWritten(canvasId, mediaBefore);
  });

  it('a gif canvas takes exactly one file: the second is refused (409) before any byte', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'gif');
    expect(await tusUpload(stack, canvasId, gif, { filename: 'first.gif' })).toMatchObject({ status: 'success', tokenId: '1' });
    const mediaBefore = await mediaCount();
    const second = await tusUpload(stack, canvasId, gif, { filename: 'second.gif' });
    expect(refusalOf(second)).toEqual({ status: 409, body: { error: 'too_many_files', message: 'This collection takes exactly one file, and it has it already.' } });
    await expectNothingWritten(canvasId, mediaBefore, 1);
  });

  it('another account, a finalized canvas, an unknown canvas and unsigned or replayed requests are refused', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'image');
    const finalized = await makeCanvas(stack.database.db, 'image', { state: 'finalized' });
    const mediaBefore = await mediaCount();
    const metadata = tusMetadata({ filename: 'photo.png' });

    const bob = await create(canvasId, { 'Upload-Metadata': metadata }, stack.bob);
    expect([bob.status, await bob.json()]).toEqual([403, { error: 'forbidden', message: "Only the collection's creator can change it." }]);
    const closed = await create(finalized, { 'Upload-Metadata': metadata });
    expect([closed.status, await closed.json()]).toEqual([409, { error: 'canvas_finalized', message: 'This collection is finalized and can no longer be edited.' }]);
    const unknown = await create(999_999, { 'Upload-Metadata': metadata });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'not_found', message: 'No studio collection with this id.' }]);
    const anonymous = await create(canvasId, { 'Upload-Metadata': metadata }, null);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: 'unauthorized', message: 'Sign in with your wallet first.' }]);

    const nonce = `${Date.now()}-0123456789abcdef01234567`;
    const signed = { Authorization: authorizationHeader(stack.alice), Nonce: nonce, 'Upload-Metadata': metadata };
    expect((await create(canvasId, signed, null)).status).toBe(201);
    const replayed = await create(canvasId, signed, null);
    expect([replayed.status, await replayed.json()]).toEqual([401, { error: 'reused_nonce', message: 'The request nonce was already used.' }]);
    // The one accepted creation is still waiting for its bytes; cancel it so the folder is empty again.
    const [pending] = (await canvasState(stack.database.db, canvasId)).uploads;
    expect((await tusRequest(stack, `/api/v1/canvas/${canvasId}/upload/${pending!.id}`, { method: 'DELETE' }, stack.alice)).status).toBe(204);

    await expectNothingWritten(canvasId, mediaBefore);
    await expectNothingWritten(finalized, mediaBefore);
  });

  it.each([
    ['bytes that are not a png', 'image', 'fake.png', () => Buffer.from('<svg onload="alert(1)"></svg>'.repeat(10)), "The file's content is not a .png file."],
    ['a png header over broken data', 'image', 'broken.png', () => Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]), 'The file is not a valid image/png image.'],
    ['a video without its box header', 'video', 'noise.mp4', () => Buffer.alloc(5000, 1), "The file's content is not a .mp4 file."],
    ['a script that is not UTF-8', 'multipart/mixed', 'sketch.js', () => Buffer.from([0x6c, 0x65, 0x74, 0x20, 0xc3, 0x28, 0xff, 0x0a]), 'The script is not valid UTF-8 text.'],
  ] as const)('%s is refused when the last byte arrives (415): its file and row are removed', async (_case, mediaType, filename, bytes, message) => {
    const canvasId = await makeCanvas(stack.database.db, mediaType);
    const mediaBefore = await mediaCount();
    const outcome = await tusUpload(stack, canvasId, bytes(), { filename, context: mediaType === 'multipart/mixed' ? 'collection' : 'media' });
    const refusal = refusalOf(outcome);
    expect(refusal.status).toBe(415);
    expect(refusal.body.message).toBe(message);
    await expectNothingWritten(canvasId, mediaBefore);
    expect((await canvasState(stack.database.db, canvasId)).uploads).toEqual([]);
  });

  it('a PATCH after the canvas was finalized is refused (409) and stores nothing', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const video = fakeMp4(6_000_000, 3);
    const stopped = await tusUpload(stack, canvasId, video, { filename: 'late.mp4', abortAfterPatches: 1 });
    await stack.database.db.update(collections).set({ state: 'finalized' }).where(eq(collections.id, canvasId));
    const resumed = await tusUpload(stack, canvasId, video, { filename: 'late.mp4', uploadUrl: stopped.url! });
    expect(refusalOf(resumed)).toEqual({ status: 409, body: { error: 'canvas_finalized', message: 'This collection is finalized and can no longer be edited.' } });
    expect((await canvasState(stack.database.db, canvasId)).tokens).toEqual([]);
  });
});
