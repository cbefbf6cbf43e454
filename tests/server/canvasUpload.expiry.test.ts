// Leftover studio uploads (the creator studio): deleting a canvas removes its tus files and canvas_uploads rows in the same
// request (a refused delete touches nothing); an unfinished upload older than UPLOAD_EXPIRATION_MS answers 410 and
// is swept (row, then files) by the sweeper server/main.ts starts — at once and then periodically — while a younger
// upload and a finished upload's row are kept. Expiry is reached by dating an upload's tus info file back.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerConfig } from '../../server/config.js';
import { canvasUploads } from '../../server/db/schema.js';
import { startUploadSweeper } from '../../server/studio/uploadExpiry.js';
import { authorizationHeader, type ApiKeyCredentials } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { ALICE_ADDRESS, canvasState, makeCanvas, startUploadStack, tusMetadata, tusRequest, tusUpload, uploadFiles, type UploadStack } from './canvasUploadFixtures.js';
import { DATABASE_KINDS } from './databases.js';

const EXPIRATION = 60_000;

it('unfinished uploads expire after 24 hours unless UPLOAD_EXPIRATION_MS says otherwise', () => {
  expect(loadServerConfig({}).uploadExpirationMs).toBe(86_400_000);
  expect(loadServerConfig({ UPLOAD_EXPIRATION_MS: '90000' }).uploadExpirationMs).toBe(90_000);
  expect(() => loadServerConfig({ UPLOAD_EXPIRATION_MS: 'soon' })).toThrow(/UPLOAD_EXPIRATION_MS/);
});

describe.each(DATABASE_KINDS)('leftover studio uploads on %s', (kind) => {
  let stack: UploadStack;
  let png: Buffer;

  beforeAll(async () => {
    stack = await startUploadStack(kind, { UPLOAD_EXPIRATION_MS: String(EXPIRATION) });
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a37' } }).png().toBuffer();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  /** An unfinished upload of 1000 bytes with `sent` of them on the server. */
  const partialUpload = async (canvasId: number, filename: string, sent = 400) => {
    const created = await tusRequest(
      stack,
      `/api/v1/canvas/${canvasId}/upload/`,
      { method: 'POST', headers: { 'Upload-Length': '1000', 'Upload-Metadata': tusMetadata({ filename }) } },
      stack.alice,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patched = await tusRequest(
      stack,
      location,
      { method: 'PATCH', headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: new Uint8Array(sent) },
      stack.alice,
    );
    expect([patched.status, patched.headers.get('upload-offset')]).toEqual([204, String(sent)]);
    return { location, id: location.split('/').pop()! };
  };
  const filesOf = async (...ids: string[]) => (await uploadFiles(stack)).filter((name) => ids.includes(name.replace(/\.json$/, ''))).sort();
  const rowIds = async (canvasId: number) => (await canvasState(stack.database.db, canvasId)).uploads.map((row) => row.id).sort();
  const head = async (location: string) => (await tusRequest(stack, location, { method: 'HEAD' }, stack.alice)).status;
  /** Dates the upload's creation (tus's info file) `ms` back. */
  const dateBack = async (id: string, ms: number) => {
    const path = join(stack.uploadsDir, `${id}.json`);
    const info = JSON.parse(await readFile(path, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - ms).toISOString();
    await writeFile(path, JSON.stringify(info));
  };
  const deleteCanvas = (canvasId: number, key: ApiKeyCredentials) =>
    fetch(`${stack.origin}/api/v1/canvas/${canvasId}`, { method: 'DELETE', headers: { Authorization: authorizationHeader(key), Nonce: requestNonce() } });

  it('DELETE /api/v1/canvas/{id} removes its upload files and rows in the same request; a refused one removes nothing', async () => {
    const doomed = await makeCanvas(stack.database.db, 'image');
    const kept = await makeCanvas(stack.database.db, 'image');
    const finished = await tusUpload(stack, doomed, png, { filename: 'clip.png' });
    expect(finished).toMatchObject({ status: 'success', tokenId: '1' });
    const partial = await partialUpload(doomed, 'long.png');
    const other = await partialUpload(kept, 'other.png');
    const doomedRows = await rowIds(doomed);
    expect(doomedRows).toHaveLength(2);
    expect(await filesOf(partial.id, other.id)).toEqual([partial.id, `${partial.id}.json`, other.id, `${other.id}.json`].sort());

    // Another creator's delete is refused and leaves every row and file.
    expect((await deleteCanvas(doomed, stack.bob)).status).toBe(403);
    expect(await rowIds(doomed)).toEqual(doomedRows);
    expect(await filesOf(partial.id)).toEqual([partial.id, `${partial.id}.json`]);

    const response = await deleteCanvas(doomed, stack.alice);
    expect([response.status, await response.json()]).toEqual([200, { id: String(doomed), deleted: true }]);
    expect(await stack.database.db.select().from(canvasUploads).where(eq(canvasUploads.canvasId, doomed))).toEqual([]);
    expect(await filesOf(partial.id)).toEqual([]);
    expect(await head(partial.location)).toBe(404);
    // The other canvas's upload is untouched and continues.
    expect(await rowIds(kept)).toEqual([other.id]);
    expect(await filesOf(other.id)).toEqual([other.id, `${other.id}.json`]);
    expect(await head(other.location)).toBe(200);
  }, 120_000);

  it('an expired unfinished upload answers 410 and is swept at start and periodically; younger uploads and finished rows stay', async () => {
    expect(stack.server.config.uploadExpirationMs).toBe(EXPIRATION);
    const canvasId = await makeCanvas(stack.database.db, 'image');
    const finished = await tusUpload(stack, canvasId, png, { filename: 'done.png' });
    expect(finished.status).toBe('success');
    const finishedId = new URL(finished.url!).pathname.split('/').pop()!;
    const old = await partialUpload(canvasId, 'old.png');
    const young = await partialUpload(canvasId, 'young.png');
    await dateBack(old.id, EXPIRATION + 60_000);
    // A finished upload's row stays however old it is (its HEAD answers token-id to a resumed client).
    await stack.database.db.update(canvasUploads).set({ createdAt: new Date(Date.now() - 10 * EXPIRATION) }).where(eq(canvasUploads.id, finishedId));
    // An unfinished row whose file is already gone (lost with a disk), older than the expiration.
    const lostId = 'f'.repeat(32);
    await stack.database.db.insert(canvasUploads).values({
      id: lostId,
      canvasId,
      uploader: ALICE_ADDRESS,
      context: 'media',
      filename: 'lost.png',
      size: 1000,
      createdAt: new Date(Date.now() - 2 * EXPIRATION),
    });

    // tus refuses the expired upload from now on (410 Gone); the young one resumes.
    expect(await head(old.location)).toBe(410);
    expect(await head(young.location)).toBe(200);

    const sweeper = startUploadSweeper({ db: stack.database.db, dataDir: stack.dataDir, expirationMs: stack.server.config.uploadExpirationMs, intervalMs: 200 });
    try {
      // The sweep at start.
      expect(await sweeper.nextSweep()).toEqual([old.id, lostId].sort());
      expect(await rowIds(canvasId)).toEqual([finishedId, young.id].sort());
      expect(await filesOf(old.id, young.id)).toEqual([young.id, `${young.id}.json`].sort());
      expect(await head(old.location)).toBe(404);
      expect(await head(young.location)).toBe(200);

      // A later sweep takes the young upload once it is past the expiration too.
      await dateBack(young.id, EXPIRATION + 1_000);
      let swept: string[] = [];
      for (let sweeps = 0; swept.length === 0 && sweeps < 100; sweeps += 1) swept = await sweeper.nextSweep();
      expect(swept).toEqual([young.id]);
      expect(await rowIds(canvasId)).toEqual([finishedId]);
      expect(await filesOf(young.id)).toEqual([]);
    } finally {
      await sweeper.stop();
    }
    // What the finished upload made is untouched.
    expect((await canvasState(stack.database.db, canvasId)).tokens.map((token) => token.filename)).toEqual(['done.png']);
  }, 120_000);
});
