// POST, GET, PUT and DELETE /api/v1/canvas: who may, what is refused (with which message) and that a refusal
// writes nothing, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, canvasUploads, collections, media, tokens } from '../../server/db/schema.js';
import { DATABASE_KINDS } from './databases.js';
import { ALICE_ADDRESS, BOB_ADDRESS, canvasWorld, errorOf, type CanvasWorld } from './canvasFixtures.js';

describe.each(DATABASE_KINDS)('canvas REST on %s', (kind) => {
  let w: CanvasWorld;

  beforeAll(async () => {
    w = await canvasWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  it('a creator creates an image canvas from a multipart form with a cover: 201, building, share token, stored cover', async () => {
    const response = await w.request(w.keys.alice, '/canvas/', { method: 'POST', body: w.form({ ...w.details(), cover: new File([w.images.png], 'cover.png', { type: 'image/png' }) }) });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Harbour Lights', symbol: 'HBR', description: 'Night photographs of the old harbour.', mediaType: 'image', state: 'building',
      supplyPerToken: 1, royaltiesBasispoints: 500, attributes: null, tokenCount: 0, address: null, chainId: 31337, creator: ALICE_ADDRESS,
    });
    expect(body.id).toMatch(/^\d+$/);
    expect(body.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.cover).toMatch(/^\/ipfs\/b[a-z0-9]+$/);
    const served = await w.server.app.request(String(body.cover));
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    const row = await w.canvasRow(String(body.id));
    expect(row).toMatchObject({ creator: ALICE_ADDRESS, state: 'building', chainId: 31337, shareToken: body.shareToken, tokenCount: 0 });
  });

  it('creates from JSON too; a JPEG cover is accepted; each canvas gets its own share token', async () => {
    const first = await w.request(w.keys.alice, '/canvas/', { method: 'POST', ...w.json({ ...w.details(), royaltiesBasispoints: 0, supplyPerToken: 3 }) });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ royaltiesBasispoints: 0, supplyPerToken: 3, cover: null });
    const second = await w.create(w.keys.alice, { ...w.details({ name: 'Second' }), cover: new File([w.images.jpeg], 'c.jpg', { type: 'image/jpeg' }) });
    const third = await w.create(w.keys.alice, w.details({ name: 'Third' }));
    expect(second.shareToken).not.toBe(third.shareToken);
    expect(String(second.cover)).toMatch(/^\/ipfs\//);
  });

  it('generative: the seed identifier is stored under index with p5; flipcard: the grid defaults to 1 × 2', async () => {
    const generative = await w.create(w.keys.alice, { ...w.details({ mediaType: 'multipart/mixed' }), attributes: JSON.stringify({ index: { seedVariableName: 'seed' }, jsLibrary: 'p5' }) });
    expect(generative.attributes).toEqual({ index: { seedVariableName: 'seed' }, jsLibrary: 'p5' });
    const flipcard = await w.create(w.keys.alice, w.details({ mediaType: 'multipart/image' }));
    expect(flipcard.attributes).toEqual({ display: { layout: 'interactive grid', action: 'click', transition: 'flip', rows: 1, columns: 2 } });
    const grid = await w.create(w.keys.alice, { ...w.details({ mediaType: 'multipart/image' }), attributes: JSON.stringify({ display: { rows: 3, columns: 4 } }) });
    expect(grid.attributes).toEqual({ display: { layout: 'interactive grid', action: 'click', transition: 'flip', rows: 3, columns: 4 } });
  });

  it('refuses anonymous (401) and a non-creator (403), writing nothing', async () => {
    const before = await w.snapshot();
    expect((await w.request(null, '/canvas/', { method: 'POST', body: w.form(w.details()) })).status).toBe(401);
    expect(await errorOf(await w.request(w.keys.carol, '/canvas/', { method: 'POST', body: w.form(w.details()) }))).toEqual({
      status: 403, error: 'not_creator', message: 'Only registered creators can use the studio.',
    });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  const badCreates: [string, Record<string, string>, string][] = [
    ['an empty name', { name: '  ' }, 'name: Required Field'],
    ['a long name', { name: 'n'.repeat(51) }, 'name: Maximum 50 characters'],
    ['no symbol', { symbol: '' }, 'symbol: Required Field'],
    ['a long symbol', { symbol: 'S'.repeat(11) }, 'symbol: Maximum 10 characters'],
    ['an empty description', { description: '' }, 'description: Required Field'],
    ['a description with <', { description: 'bad <b>' }, 'description: Invalid input. Please use only alphanumeric characters and basic punctuation.'],
    ['empty royalties', { royaltiesBasispoints: '' }, 'royaltiesBasispoints: Minimum value is 0'],
    ['fractional royalties', { royaltiesBasispoints: '2.5' }, 'royaltiesBasispoints: Please enter an integer value'],
    ['negative royalties', { royaltiesBasispoints: '-1' }, 'royaltiesBasispoints: Minimum value is 0'],
    ['royalties over 100%', { royaltiesBasispoints: '10001' }, 'royaltiesBasispoints: Maximum value is 10000'],
    ['a zero supply', { supplyPerToken: '0' }, 'supplyPerToken: Invalid input'],
    ['an unknown media type', { mediaType: 'sound' }, 'mediaType: Required Field'],
    ['a NUL in the name', { name: 'a\u0000b' }, 'name: text cannot contain a NUL character.'],
    ['attributes on an image canvas', { attributes: '{"display":{"rows":1,"columns":1}}' }, 'Only generative and flipcard collections take attributes.'],
    ['attributes that are not JSON', { mediaType: 'multipart/image', attributes: '{rows' }, 'attributes must be a JSON object.'],
    ['a generative canvas without a seed identifier', { mediaType: 'multipart/mixed' }, 'attributes.index.seedVariableName: Required Field'],
    ['a seed identifier over 50', { mediaType: 'multipart/mixed', attributes: JSON.stringify({ index: { seedVariableName: 's'.repeat(51) } }) }, 'attributes.index.seedVariableName: Maximum 50 characters'],
    ['a seed identifier that is not a name', { mediaType: 'multipart/mixed', attributes: JSON.stringify({ index: { seedVariableName: '1x; alert(1)' } }) }, 'attributes.index.seedVariableName: Use letters, digits, _ or $, not starting with a digit'],
    ['another library', { mediaType: 'multipart/mixed', attributes: JSON.stringify({ index: { seedVariableName: 'seed' }, jsLibrary: 'three' }) }, 'The generative library must be p5.'],
    ['a zero flipcard grid', { mediaType: 'multipart/image', attributes: JSON.stringify({ display: { rows: 0, columns: 2 } }) }, 'attributes.display.rows: Invalid input'],
    ['a fractional flipcard grid', { mediaType: 'multipart/image', attributes: JSON.stringify({ display: { rows: 1, columns: 1.5 } }) }, 'attributes.display.columns: Invalid input'],
    ['another flipcard action', { mediaType: 'multipart/image', attributes: JSON.stringify({ display: { rows: 1, columns: 2, action: 'hover' } }) }, 'attributes.display.action: must be "click".'],
    ['an unknown field', { price: '1' }, 'Unknown field "price".'],
  ];
  it.each(badCreates)('refuses %s with a 400 and its message, writing nothing', async (_what, over, message) => {
    const before = await w.snapshot();
    const response = await w.request(w.keys.alice, '/canvas/', { method: 'POST', body: w.form({ ...w.details(), ...over }) });
    expect(await errorOf(response)).toEqual({ status: 400, error: 'invalid_input', message });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('refuses a cover that is not a JPG or PNG by its bytes (webp, text named .png, truncated png), an empty and an oversized one', async () => {
    const before = await w.snapshot();
    const send = (file: File) => w.request(w.keys.alice, '/canvas/', { method: 'POST', body: w.form({ ...w.details(), cover: file }) });
    const refusal = { status: 415, error: 'invalid_image', message: 'The cover must be a JPG or PNG image.' };
    expect(await errorOf(await send(new File([w.images.webp], 'c.png', { type: 'image/png' })))).toEqual(refusal);
    expect(await errorOf(await send(new File(['<svg onload=alert(1)>'], 'c.png', { type: 'image/png' })))).toEqual(refusal);
    expect(await errorOf(await send(new File([w.images.png.slice(0, 60)], 'c.png', { type: 'image/png' })))).toEqual(refusal);
    expect(await errorOf(await send(new File([], 'c.png', { type: 'image/png' })))).toEqual({ status: 400, error: 'empty_file', message: 'The cover file is empty.' });
    expect((await send(new File([new Uint8Array(w.config.public.maxFileSize + 1)], 'c.png'))).status).toBe(413);
    expect(await errorOf(await w.request(w.keys.alice, '/canvas/', { method: 'POST', body: w.form({ ...w.details(), cover: 'not a file' }) }))).toEqual({
      status: 400, error: 'invalid_input', message: 'cover: must be an image file.',
    });
    expect(await errorOf(await w.request(w.keys.alice, '/canvas/', { method: 'POST', body: 'name=x', headers: { 'Content-Type': 'text/plain' } }))).toEqual({
      status: 415, error: 'unsupported_media_type', message: 'Send the request body as multipart/form-data (with the cover) or JSON.',
    });
    expect(await errorOf(await w.request(w.keys.alice, '/canvas/', { method: 'POST', body: '{', headers: { 'Content-Type': 'application/json' } }))).toEqual({
      status: 400, error: 'invalid_json', message: 'The request body is not valid JSON.',
    });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('GET: the creator sees everything with the share token; the link holder sees it without; others get the same 404 as an unknown id', async () => {
    const canvas = await w.create(w.keys.alice);
    const own = await w.request(w.keys.alice, `/canvas/${canvas.id}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ id: canvas.id, shareToken: canvas.shareToken, state: 'building' });
    const shared = await w.request(null, `/canvas/${canvas.id}?share=${encodeURIComponent(canvas.shareToken)}`);
    expect(shared.status).toBe(200);
    const sharedBody = (await shared.json()) as Record<string, unknown>;
    expect(sharedBody).toMatchObject({ id: canvas.id, name: 'Harbour Lights' });
    expect(sharedBody).not.toHaveProperty('shareToken');
    const notFound = { status: 404, error: 'not_found', message: 'No studio collection with this id.' };
    expect(await errorOf(await w.request(null, `/canvas/${canvas.id}`))).toEqual(notFound);
    expect(await errorOf(await w.request(w.keys.bob, `/canvas/${canvas.id}`))).toEqual(notFound);
    expect(await errorOf(await w.request(null, `/canvas/${canvas.id}?share=${canvas.shareToken.slice(1)}x`))).toEqual(notFound);
    expect(await errorOf(await w.request(null, `/canvas/${canvas.id}?share=`))).toEqual(notFound);
    expect(await errorOf(await w.request(w.keys.alice, '/canvas/99999999'))).toEqual(notFound);
    expect(await errorOf(await w.request(w.keys.alice, '/canvas/abc'))).toEqual(notFound);
    // Published: anyone reads it; the share token is still the creator's only.
    await w.setState(canvas.id, 'published');
    const published = (await (await w.request(w.keys.bob, `/canvas/${canvas.id}`)).json()) as Record<string, unknown>;
    expect(published).toMatchObject({ id: canvas.id, state: 'published' });
    expect(published).not.toHaveProperty('shareToken');
  });

  it('PUT: the creator edits the details and the cover; the media type may not change; attributes merge with the uploads', async () => {
    const canvas = await w.create(w.keys.alice, { ...w.details({ mediaType: 'multipart/mixed' }), attributes: JSON.stringify({ index: { seedVariableName: 'seed' } }) });
    // What an upload of the script leaves in the attributes.
    await w.db.update(collections).set({ attributes: { index: { seedVariableName: 'seed', entry: 'sketch.js' }, jsLibrary: 'p5', files: [{ name: 'sketch.js', cid: 'bafkreiscript', type: 'text/javascript' }] } }).where(eq(collections.id, Number(canvas.id)));
    const response = await w.request(w.keys.alice, `/canvas/${canvas.id}`, {
      method: 'PUT',
      body: w.form({ ...w.details({ name: 'Renamed', mediaType: 'multipart/mixed', royaltiesBasispoints: '750' }), attributes: JSON.stringify({ index: { seedVariableName: 'hash' }, jsLibrary: 'p5' }), cover: new File([w.images.png], 'c.png') }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: 'Renamed', royaltiesBasispoints: 750, mediaType: 'multipart/mixed', shareToken: canvas.shareToken,
      attributes: { index: { seedVariableName: 'hash', entry: 'sketch.js' }, jsLibrary: 'p5', files: [{ name: 'sketch.js', cid: 'bafkreiscript', type: 'text/javascript' }] },
    });
    expect((await w.canvasRow(canvas.id))!.cover).toMatch(/^b/);
    // Without a media type the canvas's is kept; another one is refused with nothing written.
    const kept = await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'PUT', ...w.json({ ...w.details({ name: 'Kept' }), mediaType: undefined }) });
    expect(await kept.json()).toMatchObject({ name: 'Kept', mediaType: 'multipart/mixed', attributes: { index: { seedVariableName: 'hash' } } });
    const before = await w.snapshot();
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'PUT', body: w.form(w.details({ mediaType: 'video' })) }))).toEqual({
      status: 400, error: 'invalid_input', message: 'The media type cannot change once the collection exists',
    });
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'PUT', body: w.form(w.details({ mediaType: 'multipart/mixed', symbol: '' })) }))).toEqual({
      status: 400, error: 'invalid_input', message: 'symbol: Required Field',
    });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('PUT and DELETE refuse anonymous (401), another creator (403), a non-creator (403) and an unknown id (404), writing nothing', async () => {
    const canvas = await w.create(w.keys.alice);
    const before = await w.snapshot();
    const put = (key: Parameters<CanvasWorld['request']>[0], id = canvas.id) => w.request(key, `/canvas/${id}`, { method: 'PUT', body: w.form(w.details({ name: 'Taken' })) });
    const del = (key: Parameters<CanvasWorld['request']>[0], id = canvas.id) => w.request(key, `/canvas/${id}`, { method: 'DELETE' });
    const notYours = { status: 403, error: 'forbidden', message: "Only the collection's creator can change it." };
    const unknown = { status: 404, error: 'not_found', message: 'No studio collection with this id.' };
    for (const send of [put, del]) {
      expect((await send(null)).status).toBe(401);
      expect(await errorOf(await send(w.keys.bob))).toEqual(notYours);
      expect(await errorOf(await send(w.keys.carol))).toEqual(notYours);
      expect(await errorOf(await send(w.keys.alice, '424242424'))).toEqual(unknown);
      expect(await errorOf(await send(w.keys.alice, '-1'))).toEqual(unknown);
      expect(await errorOf(await send(w.keys.alice, '1e3'))).toEqual(unknown);
    }
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('a creator whose flag was removed can no longer change their canvas (403)', async () => {
    const canvas = await w.create(w.keys.bob, w.details({ name: 'Bob' }));
    await w.db.update(accounts).set({ isCreator: false }).where(eq(accounts.address, BOB_ADDRESS));
    const before = await w.snapshot();
    expect(await errorOf(await w.request(w.keys.bob, `/canvas/${canvas.id}`, { method: 'DELETE' }))).toEqual({
      status: 403, error: 'not_creator', message: 'Only registered creators can use the studio.',
    });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    await w.db.update(accounts).set({ isCreator: true }).where(eq(accounts.address, BOB_ADDRESS));
  });

  it('DELETE removes the canvas with its tokens and upload records; a published canvas refuses it (409)', async () => {
    const canvas = await w.create(w.keys.alice);
    const [token] = await w.addTokens(canvas.id, ['one', 'two']);
    await w.db.insert(canvasUploads).values({ id: `up-${canvas.id}`, canvasId: Number(canvas.id), uploader: ALICE_ADDRESS, context: 'media', filename: 'one.png', size: 10, tokenRef: token!.id });
    const mediaBefore = (await w.db.select().from(media)).length;
    const response = await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'DELETE' });
    expect([response.status, await response.json()]).toEqual([200, { id: canvas.id, deleted: true }]);
    expect(await w.canvasRow(canvas.id)).toBeUndefined();
    expect(await w.db.select().from(tokens).where(eq(tokens.collectionId, Number(canvas.id)))).toEqual([]);
    expect(await w.db.select().from(canvasUploads).where(eq(canvasUploads.canvasId, Number(canvas.id)))).toEqual([]);
    expect((await w.db.select().from(media)).length).toBe(mediaBefore);

    const published = await w.create(w.keys.alice);
    await w.setState(published.id, 'published');
    const before = await w.snapshot();
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${published.id}`, { method: 'DELETE' }))).toEqual({
      status: 409, error: 'canvas_published', message: 'This collection is published and can no longer be changed.',
    });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    // A finalized canvas may still be deleted.
    const finalized = await w.create(w.keys.alice);
    await w.setState(finalized.id, 'finalized');
    expect((await w.request(w.keys.alice, `/canvas/${finalized.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('PUT is refused on a finalized (409) and a published (409) canvas, with nothing written', async () => {
    const canvas = await w.create(w.keys.alice);
    for (const [state, error, message] of [
      ['finalized', 'canvas_finalized', 'This collection is finalized and can no longer be edited.'],
      ['published', 'canvas_published', 'This collection is published and can no longer be changed.'],
    ] as const) {
      await w.setState(canvas.id, state);
      const before = await w.snapshot();
      expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'PUT', body: w.form(w.details({ name: 'Late' })) }))).toEqual({ status: 409, error, message });
      expect(w.diff(before, await w.snapshot())).toEqual([]);
    }
  });
});
