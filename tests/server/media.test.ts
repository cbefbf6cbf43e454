import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../server/db/schema.js';
import { metadataUrl } from '../../server/graphql/tokenNode.js';
import { readAll } from '../../server/media/blobStore/index.js';
import { MediaError } from '../../server/media/mediaError.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

// Independent CIDv1 computation: multibase 'b' + base32(0x01 version, 0x55 raw, 0x12 sha2-256, 0x20 length, digest).
function expectedCid(bytes: Uint8Array): string {
  const data = Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), createHash('sha256').update(bytes).digest()]);
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = 'b';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png().toBuffer();

describe.each(DATABASE_KINDS)('media store and /ipfs on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;

  const mediaRows = async () => (await database.db.select({ n: count() }).from(media))[0]!.n;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('known vector: "hello world" has the CID every IPFS implementation gives it', async () => {
    const cid = await server.mediaStore.put(new TextEncoder().encode('hello world'), 'text/plain');
    expect(cid).toBe('bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e');
  });

  it('stores an image under its CIDv1, serves it immutable with its type, and makes a 480px webp thumbnail', async () => {
    const bytes = new Uint8Array(await png(1200, 600));
    const cid = await server.mediaStore.put(bytes, 'image/png');
    expect(cid).toBe(expectedCid(bytes));
    // Idempotent: the same bytes give the same CID and no second row.
    const before = await mediaRows();
    expect(await server.mediaStore.put(bytes, 'IMAGE/PNG; charset=binary')).toBe(cid);
    expect(await mediaRows()).toBe(before);

    const response = await server.app.request(`/ipfs/${cid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBe(`"${cid}"`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);

    const thumb = await server.app.request(`/ipfs/thumbnail/${cid}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 240 });

    const head = await server.app.request(`/ipfs/${cid}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(await head.text()).toBe('');

    const notModified = await server.app.request(`/ipfs/${cid}`, { headers: { 'if-none-match': `"${cid}"` } });
    expect(notModified.status).toBe(304);
  });

  // The content origin for creators' scripts: a creator's script or HTML on the app's origin would be a same-origin script gadget.
  it.each([
    ['a generative sketch', 'text/javascript', 'window.gadget = true;'],
    ['an HTML page', 'text/html', '<script>window.gadget = true</script>'],
  ])('the app\'s origin answers %s only as a plain-text attachment', async (_, type, text) => {
    const bytes = new TextEncoder().encode(text);
    const cid = await server.mediaStore.put(bytes, type);
    for (const method of ['GET', 'HEAD']) {
      const response = await server.app.request(`/ipfs/${cid}`, { method });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${cid}.txt"`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toMatch(/^sandbox /);
      if (method === 'GET') expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    }
    const range = await server.app.request(`/ipfs/${cid}`, { headers: { range: 'bytes=0-5' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(range.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('the app\'s origin serves images, audio and JSON as they are, inline', async () => {
    const json = await server.mediaStore.put(new TextEncoder().encode('{"name":"x"}'), 'application/json');
    const response = await server.app.request(`/ipfs/${json}`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-disposition')).toBeNull();
    const audio = await server.mediaStore.put(new Uint8Array([73, 68, 51, 4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg');
    const sound = await server.app.request(`/ipfs/${audio}`);
    expect(sound.headers.get('content-type')).toBe('audio/mpeg');
    expect(sound.headers.get('content-disposition')).toBeNull();
  });

  it('small images are not enlarged; gifs get a thumbnail of their first frame', async () => {
    const small = new Uint8Array(await png(100, 50));
    const smallThumb = await server.mediaStore.thumbnail(await server.mediaStore.put(small, 'image/png'));
    expect(await sharp(await readAll(await smallThumb!.open())).metadata()).toMatchObject({ width: 100, format: 'webp' });
    const gif = new Uint8Array(await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0f0' } }).gif().toBuffer());
    const gifCid = await server.mediaStore.put(gif, 'image/gif');
    expect((await server.app.request(`/ipfs/${gifCid}`)).headers.get('content-type')).toBe('image/gif');
    expect(await sharp(await readAll(await (await server.mediaStore.thumbnail(gifCid))!.open())).metadata()).toMatchObject({ width: 480 });
  });

  it('video: served with byte ranges for seeking, no thumbnail', async () => {
    const video = new Uint8Array(1000).map((_, i) => i % 256);
    const cid = await server.mediaStore.put(video, 'video/mp4');
    const range = await server.app.request(`/ipfs/${cid}`, { headers: { range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(range.headers.get('content-type')).toBe('video/mp4');
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const suffix = await server.app.request(`/ipfs/${cid}`, { headers: { range: 'bytes=-5' } });
    expect(suffix.headers.get('content-range')).toBe('bytes 995-999/1000');
    const unsatisfiable = await server.app.request(`/ipfs/${cid}`, { headers: { range: 'bytes=5000-' } });
    expect(unsatisfiable.status).toBe(416);
    const thumb = await server.app.request(`/ipfs/thumbnail/${cid}`);
    expect(thumb.status).toBe(404);
    expect(await thumb.json()).toMatchObject({ error: 'not_found' });
  });

  it.each([
    ['unknown type', new Uint8Array([1, 2, 3]), 'application/x-msdownload', 415, 'unsupported_media_type'],
    ['svg', new TextEncoder().encode('<svg onload="alert(1)"/>'), 'image/svg+xml', 415, 'unsupported_media_type'],
    ['empty file', new Uint8Array(0), 'image/png', 400, 'empty'],
    ['image over 10 MB', new Uint8Array(10_485_761), 'image/png', 413, 'too_large'],
    ['bytes that are not the image they claim', new TextEncoder().encode('not a png'), 'image/png', 415, 'invalid_image'],
  ])('rejects %s and writes nothing', async (_, bytes, type, status, code) => {
    const before = await mediaRows();
    const error = await server.mediaStore.put(bytes, type).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ status, code });
    expect(await mediaRows()).toBe(before);
  });

  it('a jpeg sent as png is refused', async () => {
    const jpeg = new Uint8Array(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).jpeg().toBuffer());
    await expect(server.mediaStore.put(jpeg, 'image/png')).rejects.toMatchObject({ code: 'invalid_image' });
  });

  it('an invalid CID is a 400 JSON error; an unknown one is a 404 JSON error', async () => {
    for (const path of ['/ipfs/not-a-cid', '/ipfs/thumbnail/%3Cscript%3E']) {
      const response = await server.app.request(path);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_cid' });
    }
    const unknown = await server.app.request(`/ipfs/${expectedCid(new Uint8Array([9, 9, 9]))}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
  });

  it('token metadata: <manifest cid>/<token id>.json answers what the contract uri(id) names; anything else is a 404', async () => {
    const manifest = {
      name: 'Tides', symbol: 'TIDE', description: '', mediaType: 'image',
      tokens: [
        { tokenId: 1, name: 'Neap', description: 'Low water', metadata: { name: 'Neap', properties: { asset_url: '/ipfs/bafkreiasset' } } },
        { tokenId: 2, name: 'Ebb' },
      ],
    };
    const cid = await server.mediaStore.put(new TextEncoder().encode(JSON.stringify(manifest)), 'application/json');
    const first = await server.app.request(`/ipfs/${cid}/1.json`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await first.json()).toEqual({ name: 'Neap', description: 'Low water', properties: { asset_url: '/ipfs/bafkreiasset' } });
    expect(await (await server.app.request(`/ipfs/${cid}/2.json`)).json()).toEqual({ name: 'Ebb', description: '' });
    expect((await server.app.request(`/ipfs/${cid}/3.json`)).status).toBe(404);
    expect((await server.app.request(`/ipfs/${cid}/1`)).status).toBe(404);
    const revalidated = await server.app.request(`/ipfs/${cid}/1.json`, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(revalidated.status).toBe(304);
    // GraphQL's Token.metadataUrl names this path for a collection whose baseURI is ipfs://<cid>/, nothing otherwise.
    const ipfs = { urlPrefix: '/ipfs/', thumbnailUrlPrefix: '/ipfs/thumbnail/' };
    expect(metadataUrl(ipfs, `ipfs://${cid}/`, '1')).toBe(`/ipfs/${cid}/1.json`);
    expect(metadataUrl(ipfs, 'ipfs://e2e-not-a-cid/', '1')).toBeNull();
    expect(metadataUrl(ipfs, null, '1')).toBeNull();
    // A stored image is no manifest.
    const image = await server.mediaStore.put(new Uint8Array(await png(8, 8)), 'image/png');
    expect((await server.app.request(`/ipfs/${image}/1.json`)).status).toBe(404);
  });
});
