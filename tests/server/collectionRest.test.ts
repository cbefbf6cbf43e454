import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAnswer } from '../../domain/contracts/answers.js';
import { collectionDescription } from '../../machines/forms/validators.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { accounts, collections, likes, media } from '../../server/db/schema.js';
import { ALICE, BOB, login, signedRequest } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, CREATOR_A, seedMarketplace } from './fixtures.js';

const MESSAGE = 'Invalid input. Please use only alphanumeric characters and basic punctuation.';

describe.each(DATABASE_KINDS)('collection REST on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let seeded: Awaited<ReturnType<typeof seedMarketplace>>;
  let alice: ApiKeyCredentials;
  let bob: ApiKeyCredentials;
  let png: Uint8Array<ArrayBuffer>;

  const put = (key: ApiKeyCredentials, id: number, fields: Record<string, string | Blob>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return signedRequest(server, `/collection/${id}`, { method: 'PUT', body }, key);
  };
  const descriptionOf = async (id: number) => (await database.db.select().from(collections).where(eq(collections.id, id)))[0]!;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seeded = await seedMarketplace(database.db);
    server = await buildTestServer(database.db);
    alice = (await login(server, ALICE)).apiKey; // ALICE is CREATOR_A
    bob = (await login(server, BOB)).apiKey;
    png = new Uint8Array(await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } }).png().toBuffer());
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('the creator edits the description and cover in one request and gets the updated collection', async () => {
    const id = seeded.collectionIds.imageId;
    const response = await put(alice, id, { description: 'Crème brûlée: "layers" (2024), part_1 = 50 + more, ok.', cover: new File([png], 'c.png', { type: 'image/png' }) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ _id: String(id), description: 'Crème brûlée: "layers" (2024), part_1 = 50 + more, ok.', creator: CREATOR_A, chainName: 'Hardhat' });
    expect(body.cover).toMatch(/^\/ipfs\/b/);
    // What the editors read back (the answer's contract).
    expect(parseAnswer('collectionSaved', body)).toEqual({ ok: true, answer: { id: String(id), description: body.description, cover: body.cover } });
    const cid = String(body.cover).replace('/ipfs/', '');
    const served = await server.app.request(`/ipfs/${cid}`);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('a multi-MB cover sent through REST is a UnixFS dag-pb CID, read back whole and in a range from the blob store', async () => {
    const id = seeded.collectionIds.imageId;
    const big = new Uint8Array(
      await sharp({ create: { width: 1200, height: 1000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer(),
    );
    expect(big.byteLength).toBeGreaterThan(3_000_000);
    const response = await put(alice, id, { cover: new File([big], 'big.png', { type: 'image/png' }) });
    expect(response.status).toBe(200);
    const cid = String(((await response.json()) as { cover: string }).cover).replace('/ipfs/', '');
    expect(cid).toMatch(/^bafybei[a-z2-7]{52}$/);
    const whole = new Uint8Array(await (await server.app.request(`/ipfs/${cid}`)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(whole), Buffer.from(big))).toBe(0);
    const part = await server.app.request(`/ipfs/${cid}`, { headers: { range: 'bytes=2500000-2500001' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 2500000-2500001/${big.byteLength}`]);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...big.subarray(2_500_000, 2_500_002)]);
    const thumbnail = await server.app.request(`/ipfs/thumbnail/${cid}`);
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it('rejects another account (403), an unsigned request (401) and an unknown collection (404)', async () => {
    const id = seeded.collectionIds.imageId;
    const before = await descriptionOf(id);
    expect((await put(bob, id, { description: 'Mine now' })).status).toBe(403);
    const body = new FormData();
    body.set('description', 'Anonymous');
    expect((await server.app.request(`/api/v1/collection/${id}`, { method: 'PUT', body })).status).toBe(401);
    expect((await put(alice, 999999, { description: 'Nothing' })).status).toBe(404);
    expect((await descriptionOf(id)).description).toBe(before.description);
  });

  it.each([['Sale #1 & more'], ['emoji 🎨'], ['<script>'], ['50%']])('description %j is refused with the seed message and nothing written', async (text) => {
    const id = seeded.collectionIds.gifId;
    const before = await descriptionOf(id);
    const mediaBefore = (await database.db.select().from(media)).length;
    const response = await put(alice, id, { description: text, cover: new File([png], 'c.png', { type: 'image/png' }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_input', message: MESSAGE });
    expect(await descriptionOf(id)).toEqual(before);
    expect((await database.db.select().from(media)).length).toBe(mediaBefore);
  });

  // One rule (domain/collection.ts) on both sides: the route answers every description exactly as the editor's validator does.
  it('description: the route accepts and refuses the same texts as the editor, with its message', async () => {
    const id = seeded.collectionIds.imageId;
    const texts = [
      'Études (2024): "light", shade_1, a=b+c - d.', "L'été\tsecond part", 'ĀāŁłŒœ ɏ', '  trimmed  ', 'a'.repeat(2000),
      '', '  ', 'a;b', 'what?', '×', 'Ωmega', 'tilde~', 'a/b', '[x]', 'a'.repeat(2001),
    ];
    for (const text of texts) {
      const expected = collectionDescription(text, {});
      const response = await put(alice, id, { description: text });
      const answer = response.status === 200 ? null : ((await response.json()) as { message: string }).message;
      expect({ text: text.slice(0, 40), status: response.status, answer }).toEqual({ text: text.slice(0, 40), status: expected === null ? 200 : 400, answer: expected });
      if (expected === null) expect((await descriptionOf(id)).description).toBe(text.trim());
    }
    expect(collectionDescription('   ', {})).toBe('Required Field');
  });

  it('refuses an empty description, an empty form, a non-image and an oversized cover', async () => {
    const id = seeded.collectionIds.gifId;
    const blank = await put(alice, id, { description: '   ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: 'invalid_input', message: 'Required Field' });
    expect((await put(alice, id, {})).status).toBe(400);
    expect((await put(alice, id, { cover: new File([new TextEncoder().encode('not an image')], 'x.png', { type: 'image/png' }) })).status).toBe(415);
    const huge = new Uint8Array(server.config.public.maxFileSize + 1);
    expect((await put(alice, id, { cover: new File([huge], 'big.png', { type: 'image/png' }) })).status).toBe(413);
  });

  it('featured lists flagged visible collections newest first; trending ranks by recent likes', async () => {
    const { imageId, videoId, gifId, hiddenId } = seeded.collectionIds;
    await database.db.update(collections).set({ isFeatured: true }).where(eq(collections.id, imageId));
    await database.db.update(collections).set({ isFeatured: true }).where(eq(collections.id, gifId));
    await database.db.update(collections).set({ isFeatured: true }).where(eq(collections.id, hiddenId));
    const featured = (await (await server.app.request('/api/v1/collection/featured')).json()) as { collections: { _id: string; name: string; creatorInfo: { address: string } }[] };
    expect(featured.collections.map((c) => c._id)).toEqual([String(gifId), String(imageId)]);
    expect(featured.collections[1]!.creatorInfo.address).toBe(CREATOR_A);

    const [carol] = await database.db.select().from(accounts).limit(1);
    const videoTokens = seeded.tokens.filter((t) => t.mediaType === 'video');
    // Two recent likes on the video collection, one old like (10 days ago) on a gif token.
    await database.db.insert(likes).values([
      { tokenId: videoTokens[0]!.id, accountId: carol!.id },
      { tokenId: videoTokens[1]!.id, accountId: carol!.id },
      { tokenId: seeded.tokens.find((t) => t.mediaType === 'gif')!.id, accountId: carol!.id, createdAt: new Date(Date.now() - 10 * 86_400_000) },
    ]);
    const trending = (await (await server.app.request('/api/v1/collection/trending')).json()) as { collections: { _id: string }[] };
    expect(trending.collections[0]!._id).toBe(String(videoId));
    expect(trending.collections.map((c) => c._id)).not.toContain(String(hiddenId));
  });
});
