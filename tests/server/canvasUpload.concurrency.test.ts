// Concurrent tus PATCHes to one upload: the request writing keeps the upload and a second one
// meanwhile is answered 423 Locked, which tus clients retry; an upload another request has just finished answers 409
// to a PATCH and its finished HEAD — never the 404/410 a tus client reads as "upload gone" and restarts from zero. A
// third-party tus client with retries (tus-js-client, retryDelays) recovers from the collision and the token holds
// exactly the file. The app's own client keeps the seed's "no retries" (canvasUploadFixtures' tusUpload).
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Upload, type DetailedError } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { DATABASE_KINDS } from './databases.js';
import { canvasState, fakeMp4, makeCanvas, startUploadStack, tusMetadata, tusRequest, uploadFiles, type UploadStack } from './canvasUploadFixtures.js';

const SIZE = 3_000_000;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Resolves when `condition` holds, checked on every turn of the event loop (a signal, not a fixed sleep). */
async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(DATABASE_KINDS)('concurrent tus requests to one upload on %s', (kind) => {
  let stack: UploadStack;

  beforeAll(async () => {
    stack = await startUploadStack(kind);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  /** A video upload created with a raw POST; its path. */
  async function createUpload(canvasId: number, filename: string) {
    const response = await tusRequest(
      stack,
      `/api/v1/canvas/${canvasId}/upload/`,
      { method: 'POST', headers: { 'Upload-Length': String(SIZE), 'Upload-Metadata': tusMetadata({ filename }) } },
      stack.alice,
    );
    expect(response.status).toBe(201);
    return response.headers.get('location')!;
  }

  it('a PATCH while another is writing gets 423 with a JSON body; the writer keeps the upload and finishes', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const path = await createUpload(canvasId, 'slow.mp4');
    const video = fakeMp4(SIZE, 5);
    stack.received.length = 0;

    // The first PATCH (with its Content-Length, as tus clients send it) sends half its body and waits.
    const writer = request(`${stack.origin}${path}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(SIZE),
        Authorization: authorizationHeader(stack.alice),
        Nonce: requestNonce(),
      },
    });
    const writing = new Promise<IncomingMessage>((resolve, reject) => writer.on('response', resolve).on('error', reject));
    writer.write(video.subarray(0, SIZE / 2));
    // tus writes the first half to the upload's file: that request holds the upload.
    const file = join(stack.uploadsDir, path.split('/').pop()!);
    await until(() => (existsSync(file) ? statSync(file).size : 0) >= SIZE / 2, 'the first half written');

    // A second PATCH meanwhile (a small body: the server answers it without reading on).
    const second = await tusRequest(
      stack,
      path,
      { method: 'PATCH', headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: video.subarray(0, 1000) },
      stack.alice,
    );
    expect(second.status).toBe(423);
    expect(await second.json()).toEqual({ error: 'upload_locked', message: 'Another request is writing to this upload: try again in a moment.' });

    writer.end(video.subarray(SIZE / 2));
    const first = await writing;
    first.resume();
    expect(first.statusCode).toBe(204);
    expect(first.headers['token-id']).toBe('1');
    // The finished upload: a PATCH now is 409 (a tus client retries it and its HEAD finds the upload done).
    const late = await tusRequest(stack, path, { method: 'PATCH', headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: video.subarray(0, 1000) }, stack.alice);
    expect(late.status).toBe(409);
    const head = await tusRequest(stack, path, { method: 'HEAD' }, stack.alice);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('token-id')]).toEqual([200, String(SIZE), '1']);
    const { tokens } = await canvasState(stack.database.db, canvasId);
    expect(tokens).toHaveLength(1);
    const stored = new Uint8Array(await (await fetch(`${stack.origin}/ipfs/${tokens[0]!.media}`)).arrayBuffer());
    expect(sha(stored)).toBe(sha(video));
  });

  it('two tus-js-client uploads with retries writing the same upload at once both succeed, with one token holding the file', async () => {
    const canvasId = await makeCanvas(stack.database.db, 'video');
    const path = await createUpload(canvasId, 'twice.mp4');
    const video = fakeMp4(SIZE, 9);
    const statuses: Array<[string, number]> = [];

    /** A third-party client: small chunks and tus-js-client's retries, resuming the upload at `path`. */
    const client = () =>
      new Promise<{ ok: boolean; tokenId: string | null; error: DetailedError | null }>((resolve) => {
        const upload = new Upload(video, {
          endpoint: `${stack.origin}/api/v1/canvas/${canvasId}/upload/`,
          uploadUrl: `${stack.origin}${path}`,
          chunkSize: 250_000,
          retryDelays: [0, 20, 50, 100, 200, 400, 800, 1600],
          storeFingerprintForResuming: false,
          onBeforeRequest: (req) => {
            req.setHeader('Authorization', authorizationHeader(stack.alice));
            req.setHeader('Nonce', requestNonce());
          },
          onAfterResponse: (req, res) => {
            statuses.push([req.getMethod(), res.getStatus()]);
          },
          onSuccess: ({ lastResponse }) => resolve({ ok: true, tokenId: lastResponse.getHeader('token-id') ?? null, error: null }),
          onError: (error) => resolve({ ok: false, tokenId: null, error: error as DetailedError }),
        });
        upload.start();
      });

    const outcomes = await Promise.all([client(), client()]);
    expect(outcomes.map((outcome) => [outcome.ok, outcome.error?.message ?? null]), JSON.stringify(statuses)).toEqual([
      [true, null],
      [true, null],
    ]);
    // They collided (a 423 or a 409 retried), and nobody was told the upload was gone.
    expect(statuses.some(([, status]) => status === 423 || status === 409)).toBe(true);
    expect(statuses.filter(([, status]) => status === 404 || status === 410)).toEqual([]);
    expect(outcomes.map((outcome) => outcome.tokenId)).toEqual(['1', '1']);
    const { tokens, uploads } = await canvasState(stack.database.db, canvasId);
    expect(tokens).toHaveLength(1);
    expect(uploads).toHaveLength(1);
    const stored = new Uint8Array(await (await fetch(`${stack.origin}/ipfs/${tokens[0]!.media}`)).arrayBuffer());
    expect(sha(stored)).toBe(sha(video));
    expect((await uploadFiles(stack)).filter((name) => name.startsWith(path.split('/').pop()!))).toEqual([]);
  });
});
