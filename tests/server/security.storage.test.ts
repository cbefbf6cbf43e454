// Storage cannot be filled (storage quotas): upload quotas — a canvas's open uploads plus its files within its
// media type's file count, at most 4 open uploads and 200 MiB declared per account, counted one creation after the
// other — and the media collection: a replaced or removed avatar, a deleted token's file and media nothing names go,
// while media a published token or a published collection's manifest names stays. Real server (listening, tus),
// real database, both drivers.
import { count, eq, sum } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, articles, artists, collections, exhibitions, homeSlides, media, mediaPins, tokens } from '../../server/db/schema.js';
import { collectUnreferencedMedia } from '../../server/media/collect.js';
import { referencedCids } from '../../server/media/references.js';
import { startUploadSweeper } from '../../server/studio/uploadExpiry.js';
import type { ApiKeyCredentials } from '../../src/services/authFetch.js';
import { ALICE_ADDRESS, canvasState, fakeMp4, makeCanvas, startUploadStack, tusMetadata, tusRequest, tusUpload, uploadFiles, type UploadStack } from './canvasUploadFixtures.js';
import { signedRequest } from './authFixtures.js';
import { DATABASE_KINDS } from './databases.js';

const MB = 1_048_576;
const GRACE_MS = 600_000;

const png = async (seed: number, size = 64) =>
  new Uint8Array(await sharp({ create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } }).png().toBuffer());

describe.each(DATABASE_KINDS)('storage quotas and media collection on %s', (kind) => {
  let stack: UploadStack;

  beforeAll(async () => {
    stack = await startUploadStack(kind);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  const db = () => stack.database.db;
  const mediaRows = async () => (await db().select({ n: count() }).from(media))[0]!.n;
  const mediaBytes = async () => Number((await db().select({ n: sum(media.size) }).from(media))[0]!.n ?? 0);
  const status = async (cid: string) => (await fetch(`${stack.origin}/ipfs/${cid}`)).status;

  /** A raw tus creation (headers only, as tus-js-client sends it); 201 with the upload's path, or the refusal. */
  async function create(canvasId: number, filename: string, length: number, key: ApiKeyCredentials = stack.alice) {
    const response = await tusRequest(
      stack,
      `/api/v1/canvas/${canvasId}/upload/`,
      { method: 'POST', headers: { 'Upload-Length': String(length), 'Upload-Metadata': tusMetadata({ filename }), 'upload-context': 'media' } },
      key,
    );
    const body = response.status === 201 ? null : ((await response.json()) as { error: string; message: string });
    return { status: response.status, location: response.headers.get('location'), body };
  }
  const cancel = async (location: string | null) => {
    const response = await tusRequest(stack, location!, { method: 'DELETE' }, stack.alice);
    expect(response.status).toBe(204);
  };

  it('a video canvas takes one upload at a time: a second creation is refused before any byte, and allowed once the first is cancelled', async () => {
    const canvasId = await makeCanvas(db(), 'video');
    const first = await create(canvasId, 'take one.mp4', 100 * MB);
    expect(first.status).toBe(201);
    const second = await create(canvasId, 'take two.mp4', 100 * MB);
    expect(second).toMatchObject({
      status: 409,
      body: { error: 'too_many_files', message: 'This collection takes exactly one file, and an upload of it is already in progress: finish or cancel that one.' },
    });
    const { uploads } = await canvasState(db(), canvasId);
    expect(uploads).toHaveLength(1);
    await cancel(first.location);
    const again = await create(canvasId, 'take two.mp4', 100 * MB);
    expect(again.status).toBe(201);
    await cancel(again.location);
    expect(await uploadFiles(stack)).toEqual([]);
  });

  it('an account has at most 4 open uploads, even when 8 creations arrive at once', async () => {
    const canvasId = await makeCanvas(db(), 'image');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => create(canvasId, `photo ${i}.png`, 1000)));
    const accepted = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status !== 201);
    expect(accepted).toHaveLength(4);
    expect(refused.map((result) => [result.status, result.body])).toEqual(
      Array.from({ length: 4 }, () => [409, { error: 'too_many_uploads', message: 'You have 4 unfinished uploads, the most at a time: finish or cancel one before starting another.' }]),
    );
    // Nothing of the refused ones: 4 rows, 4 tus files (data and info each).
    expect((await canvasState(db(), canvasId)).uploads).toHaveLength(4);
    expect(await uploadFiles(stack)).toHaveLength(8);
    // Another canvas of the same account is refused too; one cancelled makes room.
    const other = await makeCanvas(db(), 'gif');
    expect((await create(other, 'loop.gif', 1000)).status).toBe(409);
    await cancel(accepted[0]!.location);
    const next = await create(other, 'loop.gif', 1000);
    expect(next.status).toBe(201);
    for (const upload of [...accepted.slice(1), next]) await cancel(upload.location);
  });

  it('declared bytes count against the account until the upload finishes: a third 100 MB video is refused, a finished one frees its bytes', async () => {
    const [a, b, c] = [await makeCanvas(db(), 'video'), await makeCanvas(db(), 'video'), await makeCanvas(db(), 'video')];
    const first = await create(a, 'a.mp4', 100 * MB);
    const second = await create(b, 'b.mp4', 100 * MB);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await create(c, 'c.mp4', 100 * MB)).toMatchObject({
      status: 409,
      body: { error: 'upload_quota', message: 'Your unfinished uploads would come to 300 MB, more than the 200 MB allowed at a time: finish or cancel one first.' },
    });
    // A small video still fits only if it stays under the cap: 200 MB are declared already.
    expect((await create(c, 'c.mp4', 1000)).status).toBe(409);
    await cancel(second.location);
    // A finished upload's bytes no longer count (a small video through tus-js-client to its end).
    const small = await tusUpload(stack, b, fakeMp4(64_000, 3), { filename: 'short.mp4' });
    expect(small.status).toBe('success');
    const third = await create(c, 'c.mp4', 100 * MB);
    expect(third.status).toBe(201);
    for (const upload of [first, third]) await cancel(upload.location);
  });

  /** PUT /account (the profile form) with a new avatar, or removing it. */
  const putAvatar = (avatar: Uint8Array | null) => {
    const form = new FormData();
    form.set('alias', 'Alice');
    form.set('email', 'alice@example.org');
    form.set('avatarChanged', 'true');
    if (avatar) form.set('avatar', new File([avatar as Uint8Array<ArrayBuffer>], 'me.png', { type: 'image/png' }));
    return signedRequest(stack.server, `/account/${ALICE_ADDRESS}`, { method: 'PUT', body: form }, stack.alice);
  };

  it('a replaced avatar answers 404 at once, a removed one too, and the media rows do not grow with avatar changes', async () => {
      const avatarOf = async (response: Response) => {
      expect(response.status).toBe(200);
      return String(((await response.json()) as { avatar: string }).avatar).replace('/ipfs/', '');
    };
    const first = await avatarOf(await putAvatar(await png(1, 256)));
    expect(await status(first)).toBe(200);
    const rows = await mediaRows();
    const bytes = await mediaBytes();

    const seen = [first];
    for (let i = 2; i <= 6; i += 1) seen.push(await avatarOf(await putAvatar(await png(i, 256))));
    // Five changes later: one avatar stored, the same number of rows, every replaced one gone.
    expect(await mediaRows()).toBe(rows);
    expect(Math.abs((await mediaBytes()) - bytes)).toBeLessThan(50_000);
    for (const old of seen.slice(0, -1)) expect(await status(old)).toBe(404);
    const current = seen.at(-1)!;
    expect(await status(current)).toBe(200);

    expect((await putAvatar(null)).status).toBe(200);
    expect(await status(current)).toBe(404);
    expect(await mediaRows()).toBe(rows - 1);
  });

  it('an avatar another request has just stored again is kept when replaced, and collected once the grace period is over', async () => {
    const shared = await png(7, 128);
    const cid = String(((await (await putAvatar(shared)).json()) as { avatar: string }).avatar).replace('/ipfs/', '');
    // Another request stores the same bytes (about to name them in its own row) while Alice replaces her avatar.
    expect(await stack.server.mediaStore.put(shared, 'image/png')).toBe(cid);
    expect((await putAvatar(await png(8, 128))).status).toBe(200);
    expect(await status(cid)).toBe(200);
    // That request never named them: the collection takes them once the grace period has passed.
    expect(await collectUnreferencedMedia(db(), { graceMs: GRACE_MS, now: Date.now() + GRACE_MS + 1000 })).toContain(cid);
    expect(await status(cid)).toBe(404);
  });

  it('every column that names media counts as a reference (references.ts), malformed JSON lists included', async () => {
    const cid = (n: number) => `bafkreitest${String(n).padStart(48, '0')}`;
    const [account] = await db().insert(accounts).values({ address: '0x00000000000000000000000000000000000000b1', avatar: cid(1) }).returning({ id: accounts.id });
    const [canvas] = await db()
      .insert(collections)
      .values({ chainId: 31337, name: 'Refs', symbol: 'REF', mediaType: 'multipart/mixed', creator: ALICE_ADDRESS, cover: cid(2), thumbnail: cid(3), baseUri: `ipfs://${cid(4)}/`, attributes: { files: [{ name: 'a.js', cid: cid(5) }, 'junk'] } })
      .returning({ id: collections.id });
    await db().insert(collections).values({ chainId: 31337, name: 'Odd', symbol: 'ODD', mediaType: 'image', creator: ALICE_ADDRESS, attributes: { files: 'not a list' } });
    await db().insert(tokens).values({ collectionId: canvas!.id, chainId: 31337, tokenId: '1', name: 'T', media: cid(6), thumbnail: cid(7), mediaType: 'multipart/mixed', creator: ALICE_ADDRESS });
    const [artist] = await db()
      .insert(artists)
      .values({ accountId: account!.id, sortKey: 'refs', cover: cid(8), portfolio: { context: '', items: [{ mediaUrl: cid(9), description: 'x' }] } })
      .returning({ id: artists.id });
    await db().insert(exhibitions).values({ title: 'E', cover: cid(10), startDate: new Date(), endDate: new Date() });
    await db().insert(articles).values({ type: 'news', title: 'A', cover: cid(11), ipfsHash: cid(12), artistId: artist!.id });
    await db().insert(homeSlides).values({ position: 1, title: 'S', text: 't', image: cid(13), alt: 'a', linkPath: '/explore' });
    await db().insert(mediaPins).values({ cid: cid(14), collectionId: canvas!.id });
    const named = Array.from({ length: 14 }, (_, i) => cid(i + 1));
    expect(await referencedCids(db(), [...named, cid(15)])).toEqual(new Set(named));
  });

  it("a deleted token's file is collected; media a published token or a published collection's manifest names is never collected", async () => {
    // A building canvas's token from a real upload, then deleted.
    const canvasId = await makeCanvas(db(), 'image');
    const photo = Buffer.from(await png(40));
    const uploaded = await tusUpload(stack, canvasId, photo, { filename: 'gone.png' });
    expect(uploaded.status).toBe('success');
    const [token] = (await canvasState(db(), canvasId)).tokens;
    expect(await status(token!.media!)).toBe(200);
    const deleted = await signedRequest(stack.server, `/canvas/${canvasId}/token/${token!.tokenId}`, { method: 'DELETE' }, stack.alice);
    expect(deleted.status).toBe(200);
    expect(await status(token!.media!)).toBe(404);

    // A published collection (as the indexer leaves it): its token's media, its cover and its manifest.
    const store = stack.server.mediaStore;
    const artwork = await store.put(await png(41), 'image/png');
    const cover = await store.put(await png(42), 'image/png');
    const manifest = await store.put(new TextEncoder().encode(JSON.stringify({ cover, tokens: [{ media: artwork }] })), 'application/json');
    const [published] = await db()
      .insert(collections)
      .values({ chainId: 31337, name: 'Published', symbol: 'PUB', mediaType: 'image', creator: ALICE_ADDRESS, state: 'published', cover, baseUri: `ipfs://${manifest}/`, address: '0x00000000000000000000000000000000000000aa' })
      .returning({ id: collections.id });
    await db().insert(tokens).values({ collectionId: published!.id, chainId: 31337, tokenId: '1', name: 'Kept', media: artwork, thumbnail: artwork, mediaType: 'image', creator: ALICE_ADDRESS });
    const orphan = await store.put(await png(43), 'image/png');

    // The creator replaces the published collection's cover: its manifest still names the old one.
    const form = new FormData();
    form.set('cover', new File([(await png(44)) as Uint8Array<ArrayBuffer>], 'new.png', { type: 'image/png' }));
    const edited = await signedRequest(stack.server, `/collection/${published!.id}`, { method: 'PUT', body: form }, stack.alice);
    expect(edited.status).toBe(200);
    // The avatar set to the artwork's bytes and removed again: the token still names them.
    expect((await putAvatar(await (await store.get(artwork))!.read())).status).toBe(200);
    expect((await putAvatar(null)).status).toBe(200);

    expect(await referencedCids(db(), [artwork, cover, manifest, orphan])).toEqual(new Set([artwork, cover, manifest]));
    // Within the grace period nothing new is collected (a request may be about to name it) …
    expect(await collectUnreferencedMedia(db(), { graceMs: GRACE_MS })).not.toContain(orphan);
    expect(await status(orphan)).toBe(200);
    // … after it, the periodic sweep collects what nothing names, and only that.
    const rows = await mediaRows();
    const sweeper = startUploadSweeper({ db: db(), dataDir: stack.dataDir, expirationMs: 86_400_000, mediaGraceMs: 0 });
    await sweeper.nextSweep();
    await sweeper.stop();
    expect(await status(orphan)).toBe(404);
    expect(await mediaRows()).toBeLessThan(rows);
    for (const cid of [artwork, cover, manifest]) expect(await status(cid)).toBe(200);
    const [row] = await db().select({ media: tokens.media }).from(tokens).where(eq(tokens.collectionId, published!.id));
    expect(await status(row!.media!)).toBe(200);
  });
});
