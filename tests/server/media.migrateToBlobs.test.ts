// Migration 0014 (media in a blob store, out of the database): media bytes and thumbnails stored in the database before move to the blob store
// under their own (raw sha-256) CIDs, the columns are dropped and the table compacted; interrupted, it finishes on
// the next start; run again, it does nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, type BlobStore } from '../../server/media/blobStore/index.js';
import { moveMediaToBlobs } from '../../server/media/migrateToBlobs.js';
import { rowsOf } from '../../server/media/references.js';
import { DATABASE_KINDS, openTestDatabase, testMediaStore, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

// Literal CIDs: "hello world" (kubo's raw CIDv1 vector) and two arbitrary legacy keys.
const HELLO = 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e';
const VIDEO = 'bafkreiaxnnnb7qz2focittuqq3ya25q7rcv3bqynnczfzako47346wosmu';
const IMAGE = 'bafkreie7ohywtosou76tveusfgpvxtdkhmxtpxxlyyxorbj44tuqskeagi';

const video = new Uint8Array(700_000).map((_, i) => (i * 31) & 255);
const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const thumbnail = new Uint8Array([0x52, 0x49, 0x46, 0x46, 9, 9]);

describe.each(DATABASE_KINDS)('moving media out of the database on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    // As an older server left them: bytes in the row, an image's thumbnail beside them.
    await db.execute(sql`INSERT INTO media (cid, content_type, size, bytes) VALUES (${HELLO}, 'text/plain', 11, ${new TextEncoder().encode('hello world')})`);
    await db.execute(sql`INSERT INTO media (cid, content_type, size, bytes) VALUES (${VIDEO}, 'video/mp4', ${video.byteLength}, ${video})`);
    await db.execute(sql`INSERT INTO media (cid, content_type, size, bytes, thumbnail) VALUES (${IMAGE}, 'image/png', 7, ${image}, ${thumbnail})`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const columns = async () =>
    rowsOf<{ column_name: string }>(
      await database.db.execute(sql`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'media' ORDER BY column_name`),
    ).map((row) => row.column_name);

  it('an interrupted move keeps the rows it did not reach, and the next start finishes it', async () => {
    const blobs = testMediaStore(database.db).blobs;
    let writes = 0;
    const failing: BlobStore = {
      ...blobs,
      write: async (key, source) => {
        if (++writes > 1) throw new Error('disk full');
        return blobs.write(key, source);
      },
    };
    await expect(moveMediaToBlobs(database.db, failing)).rejects.toThrow('disk full');
    expect(await columns()).toContain('bytes');
    const left = rowsOf<{ n: number | string }>(await database.db.execute(sql`SELECT count(*) AS n FROM media WHERE bytes IS NOT NULL`));
    expect(Number(left[0]!.n)).toBe(2);

    expect(await moveMediaToBlobs(database.db, blobs)).toBe(2);
    expect(await columns()).toEqual(['cid', 'content_type', 'created_at', 'reused_at', 'size']);
    // Run again (every server start): nothing to do.
    expect(await moveMediaToBlobs(database.db, blobs)).toBe(0);
  });

  it('the moved media keep their CIDs and are served whole, in ranges, and with their thumbnails', async () => {
    const server = await buildTestServer(database.db);
    const hello = await server.app.request(`/ipfs/${HELLO}`);
    expect([hello.status, await hello.text()]).toEqual([200, 'hello world']);
    const range = await server.app.request(`/ipfs/${VIDEO}`, { headers: { range: 'bytes=600000-600001' } });
    expect([range.status, range.headers.get('content-range')]).toEqual([206, `bytes 600000-600001/${video.byteLength}`]);
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([...video.subarray(600_000, 600_002)]);
    const thumb = await server.mediaStore.thumbnail(IMAGE);
    expect([...(await readAll(await thumb!.open()))]).toEqual([...thumbnail]);
    expect([...(await (await server.mediaStore.get(IMAGE))!.read())]).toEqual([...image]);
    // New media are stored beside them as before.
    expect(await server.mediaStore.put(new TextEncoder().encode('hello world'), 'text/plain')).toBe(HELLO);
  });
});
