// Studio uploads through tus-js-client against the real listening server (the creator studio, docs/requirements.md#studio-upload): a media upload
// makes a token and answers token-id (also on the HEAD of the finished upload), thumbnails, covers and generative
// files land where they belong, and the tus file is gone once the bytes are in the media store.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from './databases.js';
import {
  ALICE_ADDRESS,
  canvasState,
  fakeMp4,
  makeCanvas,
  startUploadStack,
  tusRequest,
  tusUpload,
  uploadFiles,
  type UploadStack,
} from './canvasUploadFixtures.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(DATABASE_KINDS)('studio uploads on %s', (kind) => {
  let stack: UploadStack;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    stack = await startUploadStack(kind);
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } }).png().toBuffer();
    jpeg = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#a37' } }).jpeg().toBuffer();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('an image upload creates the next token and answers its token-id; the tus file is removed', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'image');
    const first = await tusUpload(stack, canvasId, png, {
      filename: 'Sunset over sea_1.png',
      metadata: { type: 'image/png', category: 'token', attributes: '{"mood":"calm"}', properties: '{"edition":"first"}' },
    });
    expect(first).toMatchObject({ status: 'success', tokenId: '1' });
    const second = await tusUpload(stack, canvasId, jpeg, { filename: 'second.jpg' });
    expect(second).toMatchObject({ status: 'success', tokenId: '2' });

    const { tokens, uploads } = await canvasState(stack.database.db, canvasId);
    expect(tokens.map((t) => [t.tokenId, t.name, t.filename, t.mediaType, t.creator, t.chainId])).toEqual([
      ['1', 'Sunset over sea_1', 'Sunset over sea_1.png', 'image', ALICE_ADDRESS, 31337],
      ['2', 'second', 'second.jpg', 'image', ALICE_ADDRESS, 31337],
    ]);
    expect(tokens[0]!.attributes).toEqual({ mood: 'calm' });
    expect(tokens[0]!.metadata).toEqual({ properties: { edition: 'first' } });
    expect(uploads.every((row) => row.completedAt !== null && row.cid !== null)).toBe(true);
    expect(await uploadFiles(stack)).toEqual([]);

    // The media is the uploaded file; its thumbnail is a grid-size webp made by sharp on the server.
    const media = await fetch(`${stack.origin}/ipfs/${tokens[0]!.media}`);
    expect(sha(new Uint8Array(await media.arrayBuffer()))).toBe(sha(png));
    expect(tokens[0]!.thumbnail).toBe(tokens[0]!.media);
    const thumbnail = await fetch(`${stack.origin}/ipfs/thumbnail/${tokens[0]!.thumbnail}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const size = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([size.width, size.height]).toEqual([480, 320]);
  });

  it('the HEAD of a finished upload answers the whole length and token-id, so a resumed client still learns its token', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'image');
    const done = await tusUpload(stack, canvasId, png, { filename: 'once.png' });
    expect(done.status).toBe('success');
    const path = new URL(done.url!).pathname;
    const head = await tusRequest(stack, path, { method: 'HEAD' }, stack.alice);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(png.byteLength));
    expect(head.headers.get('upload-length')).toBe(String(png.byteLength));
    expect(head.headers.get('token-id')).toBe('1');
    expect(head.headers.get('access-control-expose-headers')).toContain('token-id');

    // tus-js-client resuming the finished upload: its last response is that HEAD.
    const again = await tusUpload(stack, canvasId, png, { filename: 'once.png', uploadUrl: done.url! });
    expect(again).toMatchObject({ status: 'success', tokenId: '1', headOffsets: [png.byteLength] });
    expect((await canvasState(stack.database.db, canvasId)).tokens).toHaveLength(1);
  });

  it('creation responses expose token-id to the browser (CORS exposedHeaders)', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'image');
    const preflight = await fetch(`${stack.origin}/api/v1/canvas/${canvasId}/upload/`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:8787', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/nonce/i);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/upload-context/i);
    expect(preflight.headers.get('access-control-expose-headers')).toContain('token-id');
  });

  it('a video token gets its thumbnail from a thumbnail upload naming the token', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const video = fakeMp4(300_000);
    const media = await tusUpload(stack, canvasId, video, { filename: 'clip.mp4', metadata: { type: 'video/mp4' } });
    expect(media).toMatchObject({ status: 'success', tokenId: '1' });
    expect((await canvasState(stack.database.db, canvasId)).tokens[0]!.thumbnail).toBeNull();

    const thumb = await tusUpload(stack, canvasId, png, { filename: 'frame.png', context: 'thumbnail', metadata: { token: '1' } });
    expect(thumb).toMatchObject({ status: 'success', tokenId: '1' });
    const { tokens } = await canvasState(stack.database.db, canvasId);
    expect(tokens).toHaveLength(1);
    const served = await fetch(`${stack.origin}/ipfs/${tokens[0]!.thumbnail}`);
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(png));
    expect(await uploadFiles(stack)).toEqual([]);
  });

  it('a cover upload sets the canvas cover and makes no token', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'gif');
    const cover = await tusUpload(stack, canvasId, jpeg, { filename: 'cover.jpeg', context: 'cover' });
    expect(cover).toMatchObject({ status: 'success', tokenId: null });
    const { canvas, tokens } = await canvasState(stack.database.db, canvasId);
    expect(tokens).toEqual([]);
    const served = await fetch(`${stack.origin}/ipfs/${canvas.cover}`);
    expect(sha(new Uint8Array(await served.arrayBuffer()))).toBe(sha(jpeg));
  });

  it('generative files go to attributes.files; the script becomes index.entry and a re-upload replaces its entry', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'multipart/mixed');
    const script = Buffer.from('function setup() { createCanvas(400, 400); } // “p5” ✓\n');
    expect((await tusUpload(stack, canvasId, script, { filename: 'sketch.js', context: 'collection', metadata: { category: 'collection', type: 'text/javascript' } })).status).toBe('success');
    expect((await tusUpload(stack, canvasId, png, { filename: 'texture.png', context: 'collection' })).status).toBe('success');
    const edited = Buffer.from('function setup() { createCanvas(200, 200); }\n');
    expect((await tusUpload(stack, canvasId, edited, { filename: 'sketch.js', metadata: { category: 'collection' } })).status).toBe('success');

    const { canvas, tokens } = await canvasState(stack.database.db, canvasId);
    expect(tokens).toEqual([]);
    const attributes = canvas.attributes as { files: { name: string; cid: string; type: string }[]; index: { entry: string } };
    expect(attributes.index.entry).toBe('sketch.js');
    expect(attributes.files.map((file) => [file.name, file.type])).toEqual([
      ['texture.png', 'image/png'],
      ['sketch.js', 'text/javascript'],
    ]);
    const served = await fetch(`${stack.origin}/ipfs/${attributes.files[1]!.cid}`);
    expect(await served.text()).toBe(edited.toString());
  });

  it('the owner may cancel an unfinished upload: its row and file are gone', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const created = await tusRequest(
      stack,
      `/api/v1/canvas/${canvasId}/upload/`,
      { method: 'POST', headers: { 'Upload-Length': '1000', 'Upload-Metadata': 'filename Y2FuY2VsLm1wNA==' } },
      stack.alice,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/api/v1/canvas/${canvasId}/upload/[0-9a-f]{32}$`));
    expect((await canvasState(stack.database.db, canvasId)).uploads).toHaveLength(1);
    const removed = await tusRequest(stack, location, { method: 'DELETE' }, stack.alice);
    expect(removed.status).toBe(204);
    expect((await canvasState(stack.database.db, canvasId)).uploads).toEqual([]);
    expect(await uploadFiles(stack)).toEqual([]);
  });
});
