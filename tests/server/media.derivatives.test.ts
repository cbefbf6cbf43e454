// Image derivatives (the phone-performance work (item 1)): /ipfs/<cid>?w=<width> answers a webp of a still image at one of the fixed
// widths, never wider than the original, made once from the stored blob and then read; on both blob drivers.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { media } from '../../server/db/schema.js';
import { cidFor, derivativeKey, DERIVATIVE_WIDTHS } from '../../server/media/store.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { startTestS3, type TestS3 } from './s3Server.js';

// A distinct picture per call (the colour), so each test starts with no derivative stored.
let shade = 0;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10 + (shade++ % 240), g: 60, b: 140 } } }).png().toBuffer();

describe.each(['fs', 's3'] as const)('image derivatives with the %s blob driver', (driver) => {
  let database: TestDatabase;
  let s3: TestS3 | null = null;
  let server: Awaited<ReturnType<typeof buildTestServer>>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const env: Record<string, string> = {};
    if (driver === 's3') {
      s3 = await startTestS3();
      const { bucket, endpoint, region, accessKeyId, secretAccessKey } = s3.settings;
      Object.assign(env, { BLOB_S3_BUCKET: bucket, BLOB_S3_ENDPOINT: endpoint!, BLOB_S3_REGION: region, BLOB_S3_ACCESS_KEY_ID: accessKeyId!, BLOB_S3_SECRET_ACCESS_KEY: secretAccessKey! });
    }
    server = await buildTestServer(database.db, env);
    expect(server.mediaStore.blobs.kind).toBe(driver);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await s3?.close();
  });

  const store = (bytes: Buffer, type = 'image/png') => server.mediaStore.put(new Uint8Array(bytes), type);
  const widthOf = async (response: Response) => sharp(Buffer.from(await response.arrayBuffer())).metadata();

  it('answers every width as an immutable webp of that width, keeping the aspect ratio', async () => {
    const cid = await store(await png(2400, 1200));
    for (const width of DERIVATIVE_WIDTHS) {
      const response = await server.app.request(`/ipfs/${cid}?w=${width}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('etag')).toBe(`"${cid}-w${width}"`);
      const size = Number(response.headers.get('content-length'));
      // 2048 is narrower than the original here, so each width is what was asked.
      expect(await widthOf(response)).toMatchObject({ format: 'webp', width, height: width / 2, size });
    }
    const again = await server.app.request(`/ipfs/${cid}?w=640`, { headers: { 'If-None-Match': `"${cid}-w640"` } });
    expect(again.status).toBe(304);
    // The original is still the original.
    expect((await server.app.request(`/ipfs/${cid}`)).headers.get('content-type')).toBe('image/png');
  });

  it('is never wider than the original', async () => {
    const cid = await store(await png(700, 350));
    expect(await widthOf(await server.app.request(`/ipfs/${cid}?w=2048`))).toMatchObject({ format: 'webp', width: 700, height: 350 });
    expect(await widthOf(await server.app.request(`/ipfs/${cid}?w=320`))).toMatchObject({ width: 320, height: 160 });
  });

  it('is made once: the first request stores it in the blob store, the next only reads it', async () => {
    const cid = await store(await png(1600, 900));
    const write = vi.spyOn(server.mediaStore.blobs, 'write');
    try {
      expect(await server.mediaStore.blobs.stat(derivativeKey(cid, 960))).toBeNull();
      const first = await server.app.request(`/ipfs/${cid}?w=960`);
      const firstBytes = Buffer.from(await first.arrayBuffer());
      expect(write.mock.calls.map(([key]) => key)).toEqual([derivativeKey(cid, 960)]);
      expect(await server.mediaStore.blobs.stat(derivativeKey(cid, 960))).toEqual({ size: firstBytes.byteLength });
      const second = await server.app.request(`/ipfs/${cid}?w=960`);
      expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
      expect(write).toHaveBeenCalledTimes(1);
    } finally {
      write.mockRestore();
    }
  });

  it('concurrent first requests make it once and all get it', async () => {
    const cid = await store(await png(2000, 2000));
    const write = vi.spyOn(server.mediaStore.blobs, 'write');
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => server.app.request(`/ipfs/${cid}?w=1440`)));
      const bodies = await Promise.all(answers.map(async (response) => Buffer.from(await response.arrayBuffer())));
      expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(bodies.every((body) => body.equals(bodies[0]!))).toBe(true);
      expect(await sharp(bodies[0]!).metadata()).toMatchObject({ format: 'webp', width: 1440 });
      expect(write).toHaveBeenCalledTimes(1);
    } finally {
      write.mockRestore();
    }
  });

  it('the media collection deletes the derivatives with the file', async () => {
    const cid = await store(await png(900, 600));
    expect((await server.app.request(`/ipfs/${cid}?w=320`)).status).toBe(200);
    expect((await server.app.request(`/ipfs/${cid}?w=640`)).status).toBe(200);
    expect(await server.mediaStore.blobs.stat(derivativeKey(cid, 640))).not.toBeNull();
    await database.db.delete(media).where(eq(media.cid, cid));
    await server.mediaStore.forget([cid]);
    expect(await server.mediaStore.blobs.stat(derivativeKey(cid, 320))).toBeNull();
    expect(await server.mediaStore.blobs.stat(derivativeKey(cid, 640))).toBeNull();
  });

  it('a gif keeps its original; what is not an image, a width off the list and an unknown CID are refused', async () => {
    const gif = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0f0' } }).gif().toBuffer();
    const gifCid = await store(gif, 'image/gif');
    const gifAnswer = await server.app.request(`/ipfs/${gifCid}?w=320`);
    expect([gifAnswer.status, gifAnswer.headers.get('content-type')]).toEqual([200, 'image/gif']);
    expect(Buffer.from(await gifAnswer.arrayBuffer()).equals(gif)).toBe(true);
    expect(await server.mediaStore.blobs.stat(derivativeKey(gifCid, 320))).toBeNull();

    const textCid = await server.mediaStore.put(new TextEncoder().encode('not a picture'), 'text/plain');
    const text = await server.app.request(`/ipfs/${textCid}?w=640`);
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ error: 'not_an_image', message: `${textCid} is not an image: only images have resized copies.` });

    const cid = await store(await png(800, 800));
    for (const width of ['', '0', '100', '641', '4096', 'abc', '640.0', '-320']) {
      const response = await server.app.request(`/ipfs/${cid}?w=${width}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid_width', message: 'The width must be one of 320, 640, 960, 1440, 2048.' });
    }
    const unknown = await server.app.request(`/ipfs/${await cidFor(new Uint8Array([4, 0, 4]))}?w=640`);
    expect([unknown.status, (await unknown.json() as { error: string }).error]).toEqual([404, 'not_found']);
  });
});
