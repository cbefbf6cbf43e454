// The canvas token routes, the generative token and finalize: permissions, state rules and refusals that write
// nothing, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '../../server/db/schema.js';
import { DATABASE_KINDS } from './databases.js';
import { canvasWorld, errorOf, type CanvasWorld } from './canvasFixtures.js';

describe.each(DATABASE_KINDS)('canvas tokens and finalize on %s', (kind) => {
  let w: CanvasWorld;
  beforeAll(async () => {
    w = await canvasWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const tokenPath = (id: string, tokenId: string) => `/canvas/${id}/token/${tokenId}`;
  const notFoundToken = { status: 404, error: 'not_found', message: 'No token with this id in the collection.' };

  it('GET a token: the creator, the share link and (once published) anyone; others get the canvas 404', async () => {
    const canvas = await w.create(w.keys.alice);
    await w.addTokens(canvas.id, ['Dawn']);
    const own = await w.request(w.keys.alice, tokenPath(canvas.id, '1'));
    expect(own.status).toBe(200);
    const body = (await own.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ tokenId: '1', name: 'Dawn', description: null, mediaType: 'image', filename: 'Dawn.png', attributes: null });
    expect(body.mediaUrl).toMatch(/^\/ipfs\/b/);
    expect(body.thumbnailUrl).toMatch(/^\/ipfs\/thumbnail\/b/);
    expect((await w.request(null, `${tokenPath(canvas.id, '1')}?share=${encodeURIComponent(canvas.shareToken)}`)).status).toBe(200);
    expect(await errorOf(await w.request(w.keys.bob, tokenPath(canvas.id, '1')))).toEqual({ status: 404, error: 'not_found', message: 'No studio collection with this id.' });
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, '2')))).toEqual(notFoundToken);
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, '01')))).toEqual(notFoundToken);
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, 'x')))).toEqual(notFoundToken);
  });

  it('PUT renames and describes a token (form or JSON); an empty description clears it', async () => {
    const canvas = await w.create(w.keys.alice);
    await w.addTokens(canvas.id, ['Dawn']);
    const body = new FormData();
    body.set('name', '  Morning  ');
    body.set('description', 'First light, 5:40 (June).');
    const put = await w.request(w.keys.alice, tokenPath(canvas.id, '1'), { method: 'PUT', body });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ tokenId: '1', name: 'Morning', description: 'First light, 5:40 (June).' });
    const cleared = await w.request(w.keys.alice, tokenPath(canvas.id, '1'), { method: 'PUT', ...w.json({ name: 'Morning', description: '' }) });
    expect(await cleared.json()).toMatchObject({ name: 'Morning', description: null });
  });

  it('PUT and DELETE refuse bad input, other accounts and unknown tokens, writing nothing', async () => {
    const canvas = await w.create(w.keys.alice);
    await w.addTokens(canvas.id, ['Dawn']);
    const before = await w.snapshot();
    const put = (key: Parameters<CanvasWorld['request']>[0], fields: unknown, tokenId = '1') => w.request(key, tokenPath(canvas.id, tokenId), { method: 'PUT', ...w.json(fields) });
    const invalid = (message: string) => ({ status: 400, error: 'invalid_input', message });
    expect(await errorOf(await put(w.keys.alice, { name: '', description: '' }))).toEqual(invalid('name: Required Field'));
    expect(await errorOf(await put(w.keys.alice, { name: 'n'.repeat(51) }))).toEqual(invalid('name: Maximum 50 characters'));
    expect(await errorOf(await put(w.keys.alice, { name: 'Ok', description: 'no <b>tags</b>' }))).toEqual(invalid('description: Invalid input. Please use only alphanumeric characters and basic punctuation.'));
    expect(await errorOf(await put(w.keys.alice, { name: 'a\u0000b' }))).toEqual(invalid('name: text cannot contain a NUL character.'));
    expect(await errorOf(await put(w.keys.alice, { name: 'Ok', price: 1 }))).toEqual(invalid('Unknown field "price".'));
    expect(await errorOf(await put(w.keys.alice, [1, 2]))).toEqual(invalid('The request body must be an object of fields.'));
    expect(await errorOf(await put(w.keys.alice, { name: 'Ok' }, '7'))).toEqual(notFoundToken);
    expect((await put(null, { name: 'Ok' })).status).toBe(401);
    const notYours = { status: 403, error: 'forbidden', message: "Only the collection's creator can change it." };
    expect(await errorOf(await put(w.keys.bob, { name: 'Mine' }))).toEqual(notYours);
    expect(await errorOf(await put(w.keys.carol, { name: 'Mine' }))).toEqual(notYours);
    expect(await errorOf(await w.request(w.keys.bob, tokenPath(canvas.id, '1'), { method: 'DELETE' }))).toEqual(notYours);
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, '9'), { method: 'DELETE' }))).toEqual(notFoundToken);
    expect((await w.request(null, tokenPath(canvas.id, '1'), { method: 'DELETE' })).status).toBe(401);
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('DELETE removes one token; the next token gets the next number', async () => {
    const canvas = await w.create(w.keys.alice);
    await w.addTokens(canvas.id, ['a', 'b', 'c']);
    const response = await w.request(w.keys.alice, tokenPath(canvas.id, '2'), { method: 'DELETE' });
    expect([response.status, await response.json()]).toEqual([200, { tokenId: '2', name: 'b', deleted: true }]);
    await w.addTokens(canvas.id, ['d']);
    expect(await w.tokenIds(canvas.id)).toEqual(['1:a', '3:c', '4:d']);
  });

  it('generative: POST /token makes a token of the canvas script with the seed; refused before a script, on other media types, with bad input', async () => {
    const canvas = await w.create(w.keys.alice, { ...w.details({ mediaType: 'multipart/mixed' }), attributes: JSON.stringify({ index: { seedVariableName: 'seed' } }) });
    const post = (key: Parameters<CanvasWorld['request']>[0], fields: unknown, id = canvas.id) => w.request(key, `/canvas/${id}/token`, { method: 'POST', ...w.json(fields) });
    let before = await w.snapshot();
    expect(await errorOf(await post(w.keys.alice, { name: 'First', seedValue: '42' }))).toEqual({ status: 409, error: 'script_needed', message: 'Please add a script file (.js)' });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    await w.db.update(collections).set({ attributes: { index: { seedVariableName: 'seed', entry: 'sketch.js' }, jsLibrary: 'p5', files: [{ name: 'sketch.js', cid: 'bafkreisketch', type: 'text/javascript' }] } }).where(eq(collections.id, Number(canvas.id)));
    const created = await post(w.keys.alice, { name: 'First', seedValue: '42' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ tokenId: '1', name: 'First', mediaType: 'multipart/mixed', media: 'bafkreisketch', filename: 'sketch.js', attributes: { seedValue: '42', seed: '42' } });
    expect((await (await post(w.keys.alice, { name: 'Second', seedValue: 'abc' })).json()) as object).toMatchObject({ tokenId: '2' });

    const image = await w.create(w.keys.alice);
    before = await w.snapshot();
    const invalid = (message: string) => ({ status: 400, error: 'invalid_input', message });
    expect(await errorOf(await post(w.keys.alice, { name: 'x', seedValue: '' }))).toEqual(invalid('seedValue: Required Field'));
    expect(await errorOf(await post(w.keys.alice, { name: 'x', seedValue: 's'.repeat(51) }))).toEqual(invalid('seedValue: Maximum 50 characters'));
    expect(await errorOf(await post(w.keys.alice, { name: '', seedValue: '1' }))).toEqual(invalid('name: Required Field'));
    expect(await errorOf(await post(w.keys.alice, { name: 'x', seedValue: '1', media: 'bafy' }))).toEqual(invalid('Unknown field "media".'));
    expect((await post(null, { name: 'x', seedValue: '1' })).status).toBe(401);
    expect((await post(w.keys.bob, { name: 'x', seedValue: '1' })).status).toBe(403);
    expect(await errorOf(await post(w.keys.alice, { name: 'x', seedValue: '1' }, image.id))).toEqual({ status: 409, error: 'not_generative', message: 'Only a generative collection creates tokens from a seed value.' });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('finalize: refused without tokens; renumbers 1..n in order; then token edits, uploads of details and a second finalize are refused (409)', async () => {
    const canvas = await w.create(w.keys.alice);
    const finalize = (key: Parameters<CanvasWorld['request']>[0] = w.keys.alice) => w.request(key, `/canvas/${canvas.id}/finalize`, { method: 'POST' });
    let before = await w.snapshot();
    expect(await errorOf(await finalize())).toEqual({ status: 409, error: 'no_tokens', message: 'Add at least one token before finalizing the collection.' });
    expect((await finalize(null)).status).toBe(401);
    expect((await finalize(w.keys.bob)).status).toBe(403);
    expect(w.diff(before, await w.snapshot())).toEqual([]);

    await w.addTokens(canvas.id, ['a', 'b', 'c', 'd', 'e']);
    await w.request(w.keys.alice, tokenPath(canvas.id, '1'), { method: 'DELETE' });
    await w.request(w.keys.alice, tokenPath(canvas.id, '3'), { method: 'DELETE' });
    expect(await w.tokenIds(canvas.id)).toEqual(['2:b', '4:d', '5:e']);
    const response = await finalize();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: canvas.id, state: 'finalized', tokenCount: 3 });
    expect(await w.tokenIds(canvas.id)).toEqual(['1:b', '2:d', '3:e']);
    expect((await w.canvasRow(canvas.id))!.tokenCount).toBe(3);

    before = await w.snapshot();
    const finalized = { status: 409, error: 'canvas_finalized', message: 'This collection is finalized and can no longer be edited.' };
    expect(await errorOf(await finalize())).toEqual(finalized);
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, '1'), { method: 'PUT', ...w.json({ name: 'Late' }) }))).toEqual(finalized);
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, '1'), { method: 'DELETE' }))).toEqual(finalized);
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'PUT', body: w.form(w.details()) }))).toEqual(finalized);
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    // Reads still answer.
    expect((await w.request(w.keys.alice, tokenPath(canvas.id, '3'))).status).toBe(200);
  });

  it('a published canvas refuses every write but answers reads', async () => {
    const canvas = await w.create(w.keys.alice, { ...w.details({ mediaType: 'multipart/mixed' }), attributes: JSON.stringify({ index: { seedVariableName: 'seed' } }) });
    await w.addTokens(canvas.id, ['a'], 'multipart/mixed');
    await w.setState(canvas.id, 'published');
    const before = await w.snapshot();
    const published = { status: 409, error: 'canvas_published', message: 'This collection is published and can no longer be changed.' };
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' }))).toEqual(published);
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}/publish`, { method: 'POST' }))).toEqual(published);
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}/token`, { method: 'POST', ...w.json({ name: 'x', seedValue: '1' }) }))).toEqual(published);
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, '1'), { method: 'PUT', ...w.json({ name: 'x' }) }))).toEqual(published);
    expect(await errorOf(await w.request(w.keys.alice, tokenPath(canvas.id, '1'), { method: 'DELETE' }))).toEqual(published);
    expect(await errorOf(await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'DELETE' }))).toEqual(published);
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    expect((await w.request(null, tokenPath(canvas.id, '1'))).status).toBe(200);
    expect((await w.request(null, `/canvas/${canvas.id}`)).status).toBe(200);
  });
});
