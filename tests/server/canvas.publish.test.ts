// POST /canvas/{id}/publish: the factory call's parameters, the pinned metadata at /ipfs/<manifest>/<n>.json,
// PublishReady, and the indexer's CreatedCollection marking exactly this canvas published, on PGlite and PostgreSQL.
// A generative collection's publish may send each token's render ({ renders: { <tokenId>: render } }): it is kept at
// properties.render of that token's metadata; a malformed body is refused before anything is stored.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_URL_PREFIX, THUMBNAIL_URL_PREFIX } from '../../server/config.js';
import { collections, tokens } from '../../server/db/schema.js';
import { applyRange } from '../../server/indexer/apply.js';
import type { IndexedLog } from '../../server/indexer/logs.js';
import { readManifest } from '../../server/indexer/manifest.js';
import { ALICE } from './authFixtures.js';
import { DATABASE_KINDS } from './databases.js';
import { ALICE_ADDRESS, canvasWorld, errorOf, type CanvasWorld } from './canvasFixtures.js';
import { graphql } from './fixtures.js';

const COLLECTION_ADDRESS = '0x00000000000000000000000000000000000c0ffe';
const SHA = '0123456789abcdef'.repeat(4);
const INVALID_RENDERS = { status: 400, error: 'invalid_renders', message: 'Invalid renders: give each token id a render with a SHA-256 hex hash, size and frame, or the reason it is not verified.' };

describe.each(DATABASE_KINDS)('canvas publish on %s', (kind) => {
  let w: CanvasWorld;
  beforeAll(async () => {
    w = await canvasWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const publish = (id: string, key: Parameters<CanvasWorld['request']>[0] = w.keys.alice) => w.request(key, `/canvas/${id}/publish`, { method: 'POST' });
  /** A publish with a JSON body (a raw string is sent as it is). */
  const publishWith = (id: string, body: unknown) =>
    w.request(w.keys.alice, `/canvas/${id}/publish`, { method: 'POST', ...(typeof body === 'string' ? { body, headers: { 'Content-Type': 'application/json' } } : w.json(body)) });
  const finalized = async (names: string[], details = w.details({ royaltiesBasispoints: '750', supplyPerToken: '5' })) => {
    const canvas = await w.create(w.keys.alice, details);
    await w.addTokens(canvas.id, names);
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' })).status).toBe(200);
    return canvas;
  };

  /** A finalized generative canvas with a token per seed (named `Seed <seed>`), each with the sketch and a thumbnail. */
  const generative = async (seeds: string[]) => {
    const canvas = await w.create(w.keys.alice, { ...w.details({ mediaType: 'multipart/mixed' }), attributes: JSON.stringify({ index: { seedVariableName: 'seed' } }) });
    const script = await w.server.mediaStore.put(new TextEncoder().encode('function setup() { createCanvas(10, 10); }'), 'text/javascript');
    await w.db.update(collections).set({ attributes: { index: { seedVariableName: 'seed', entry: 'sketch.js' }, jsLibrary: 'p5', files: [{ name: 'sketch.js', cid: script, type: 'text/javascript' }] } }).where(eq(collections.id, Number(canvas.id)));
    const thumbnail = await w.server.mediaStore.put(w.images.png, 'image/png');
    for (const seed of seeds) {
      const created = await w.request(w.keys.alice, `/canvas/${canvas.id}/token`, { method: 'POST', ...w.json({ name: `Seed ${seed}`, seedValue: seed }) });
      expect(created.status).toBe(201);
      await w.db.update(tokens).set({ thumbnail }).where(eq(tokens.id, Number(((await created.json()) as { id: string }).id)));
    }
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' })).status).toBe(200);
    return { canvas, script, thumbnail };
  };

  /** What the indexer does with the factory's CreatedCollection for this base URI. */
  const indexCreatedCollection = async (baseUri: string, tokenCount: number, address = COLLECTION_ADDRESS) => {
    const log = {
      eventName: 'CreatedCollection',
      args: { collection: address, creator: ALICE.address, name: 'Harbour Lights', symbol: 'HBR', tokenCount: BigInt(tokenCount) },
      address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      blockNumber: 10n,
      logIndex: 0,
      transactionHash: `0x${'ab'.repeat(32)}`,
    } as unknown as IndexedLog;
    const facts = new Map([[address.toLowerCase(), { baseUri, supplyPerToken: 5, royaltiesBasispoints: 750, manifest: await readManifest(w.db, baseUri) }]]);
    return w.db.transaction((tx) => applyRange(tx, { chainId: 31337, marketplace: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512', facts, ipfs: { urlPrefix: MEDIA_URL_PREFIX, thumbnailUrlPrefix: THUMBNAIL_URL_PREFIX } }, [log], []));
  };

  it('answers the factory parameters, pins each token\'s metadata under the base URI and emits PublishReady once, to the creator\'s room', async () => {
    const canvas = await finalized(['Dawn', 'Noon', 'Dusk']);
    await w.request(w.keys.alice, `/canvas/${canvas.id}`, { method: 'GET' });
    w.live.length = 0;
    const response = await publish(canvas.id);
    expect(response.status).toBe(200);
    const parameters = (await response.json()) as Record<string, unknown>;
    expect(parameters).toEqual({
      factory: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      chainId: 31337,
      name: 'Harbour Lights',
      symbol: 'HBR',
      howManyTokens: 3,
      supplyPerToken: 5,
      baseURI: expect.stringMatching(/^ipfs:\/\/b[a-z2-7]+\/$/),
      royaltiesRecipient: ALICE.address,
      royaltiesBasispoints: 750,
    });
    const baseURI = String(parameters.baseURI);
    const row = await w.canvasRow(canvas.id);
    expect(row).toMatchObject({ baseUri: baseURI, state: 'finalized', address: null });

    // The contract's uri(id) is baseURI + id + ".json": each resolves at /ipfs/<manifest cid>/<id>.json.
    const cid = baseURI.slice('ipfs://'.length, -1);
    const [media] = await w.db.select({ media: tokens.media }).from(tokens).where(eq(tokens.collectionId, Number(canvas.id))).limit(1);
    for (const [n, name] of [[1, 'Dawn'], [2, 'Noon'], [3, 'Dusk']] as const) {
      const served = await w.server.app.request(`/ipfs/${cid}/${n}.json`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await served.json()).toEqual({
        name,
        description: '',
        image: `ipfs://${media!.media}`,
        properties: { asset_url: `ipfs://${media!.media}`, asset_preview_url: `ipfs://${media!.media}` },
        attributes: [],
      });
    }
    expect((await w.server.app.request(`/ipfs/${cid}/4.json`)).status).toBe(404);

    const doc = { _id: canvas.id, creator: ALICE_ADDRESS, address: null, name: 'Harbour Lights', tokenCount: 3, chainId: 31337, baseURI, state: 'finalized' };
    // Once, to the creator: no broadcast of a canvas that is not published (the indexer sends CreatedCollection later).
    expect(w.live).toEqual([{ to: ALICE_ADDRESS, event: 'PublishReady', doc }]);
    // Publishing again (a retried wallet step) gives the same base URI.
    expect(((await (await publish(canvas.id)).json()) as { baseURI: string }).baseURI).toBe(baseURI);
  });

  it('the indexer\'s CreatedCollection for that base URI marks exactly this canvas published; its tokens are public then', async () => {
    const twin = await finalized(['One', 'Two']);
    const canvas = await finalized(['One', 'Two']);
    const { baseURI } = (await (await publish(canvas.id)).json()) as { baseURI: string };
    const twinURI = ((await (await publish(twin.id)).json()) as { baseURI: string }).baseURI;
    // Same content, another canvas: another manifest, so the indexer cannot mix them up.
    expect(twinURI).not.toBe(baseURI);
    const anonymousTokens = async () => (await w.request(null, `/canvas/${canvas.id}/token/2`)).status;
    expect(await anonymousTokens()).toBe(404);
    await indexCreatedCollection(baseURI, 2);
    expect(await w.canvasRow(canvas.id)).toMatchObject({ state: 'published', address: COLLECTION_ADDRESS, baseUri: baseURI, tokenCount: 2 });
    expect(await w.canvasRow(twin.id)).toMatchObject({ state: 'finalized', address: null });
    expect(await w.tokenIds(canvas.id)).toEqual(['1:One', '2:Two']);
    expect(await anonymousTokens()).toBe(200);
    // Published: publish and every other write are refused.
    expect(await errorOf(await publish(canvas.id))).toEqual({ status: 409, error: 'canvas_published', message: 'This collection is published and can no longer be changed.' });
  });

  it('generative metadata: the thumbnail as image, the media as animation_url, the seed as an attribute', async () => {
    const canvas = await w.create(w.keys.alice, { ...w.details({ mediaType: 'multipart/mixed' }), attributes: JSON.stringify({ index: { seedVariableName: 'seed' } }) });
    const script = await w.server.mediaStore.put(new TextEncoder().encode('function setup() { createCanvas(10, 10); }'), 'text/javascript');
    await w.db.update(collections).set({ attributes: { index: { seedVariableName: 'seed', entry: 'sketch.js' }, jsLibrary: 'p5', files: [{ name: 'sketch.js', cid: script, type: 'text/javascript' }] } }).where(eq(collections.id, Number(canvas.id)));
    const created = (await (await w.request(w.keys.alice, `/canvas/${canvas.id}/token`, { method: 'POST', ...w.json({ name: 'Seed 7', seedValue: '7' }) })).json()) as { id: string };
    const thumbnail = await w.server.mediaStore.put(w.images.png, 'image/png');
    await w.db.update(tokens).set({ thumbnail, description: 'Seven.' }).where(eq(tokens.id, Number(created.id)));
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' })).status).toBe(200);
    const { baseURI } = (await (await publish(canvas.id)).json()) as { baseURI: string };
    const served = await w.server.app.request(`/ipfs/${baseURI.slice(7, -1)}/1.json`);
    expect(await served.json()).toEqual({
      name: 'Seed 7',
      description: 'Seven.',
      image: `ipfs://${thumbnail}`,
      animation_url: `ipfs://${script}`,
      properties: { asset_url: `ipfs://${script}`, asset_preview_url: `ipfs://${thumbnail}` },
      attributes: [{ trait_type: 'seed', value: '7' }],
    });
    const [row] = await w.db.select({ metadata: tokens.metadata }).from(tokens).where(eq(tokens.id, Number(created.id)));
    expect(row!.metadata).toMatchObject({ name: 'Seed 7', animation_url: `ipfs://${script}` });
  });

  it('generative renders: each token\'s render from the body is at properties.render of its <id>.json, the manifest, its row and GraphQL Token.metadata', async () => {
    const { canvas, script, thumbnail } = await generative(['7', '8', '9']);
    const pixels = { check: 'pixels', sha256: SHA, width: 480, height: 480, frame: 1 };
    const webgl = { check: 'none', reason: 'webgl' };
    // Keys in another order and a field a render does not have: what is kept is the parsed record, check first.
    const body = { renders: { 1: { frame: 1, height: 480, width: 480, sha256: SHA, check: 'pixels', note: 'not kept' }, 2: { reason: 'webgl', check: 'none' } } };
    const response = await publishWith(canvas.id, body);
    expect(response.status).toBe(200);
    const { baseURI } = (await response.json()) as { baseURI: string };
    const cid = baseURI.slice('ipfs://'.length, -1);
    const assets = { asset_url: `ipfs://${script}`, asset_preview_url: `ipfs://${thumbnail}` };

    // The <tokenId>.json documents the contract's uri(id) names; token 3 had no render sent: none is recorded.
    const served: Record<string, unknown>[] = [];
    for (const n of [1, 2, 3]) {
      const file = await w.server.app.request(`/ipfs/${cid}/${n}.json`);
      expect(file.status).toBe(200);
      served.push((await file.json()) as Record<string, unknown>);
    }
    expect(served.map((document) => document.properties)).toEqual([{ ...assets, render: pixels }, { ...assets, render: webgl }, assets]);
    const renderKeys = served.map((document) => Object.keys((document.properties as { render?: object }).render ?? {}));
    expect(renderKeys).toEqual([['check', 'sha256', 'width', 'height', 'frame'], ['check', 'reason'], []]);
    expect(served[0]).toMatchObject({ name: 'Seed 7', animation_url: `ipfs://${script}`, attributes: [{ trait_type: 'seed', value: '7' }] });

    // The manifest (collection.json: what the indexer copies to token rows it creates) and the canvas's token rows.
    const renderOf = (metadata: unknown) => (metadata as { properties: { render?: unknown } }).properties.render ?? null;
    const manifest = await readManifest(w.db, baseURI);
    expect(manifest!.tokens.map((token) => renderOf(token.metadata))).toEqual([pixels, webgl, null]);
    const rows = await w.db.select({ id: tokens.id, tokenId: tokens.tokenId, metadata: tokens.metadata }).from(tokens).where(eq(tokens.collectionId, Number(canvas.id))).orderBy(tokens.tokenId);
    expect(rows.map((row) => [row.tokenId, renderOf(row.metadata)])).toEqual([['1', pixels], ['2', webgl], ['3', null]]);

    // Deterministic: the same renders give the same directory.
    expect(((await (await publishWith(canvas.id, body)).json()) as { baseURI: string }).baseURI).toBe(baseURI);

    // Once on chain, GraphQL's Token.metadata is that document.
    await indexCreatedCollection(baseURI, 3, '0x0000000000000000000000000000000000000bee');
    const { status, body: answer } = await graphql(
      w.server.app,
      'query ($ids: [String!]) { getMarketplaceTokens(filters: { token_ids: $ids }, sort: { sortBy: "_id", sortDir: 1 }) { edges { node { tokenId metadata } } } }',
      { ids: rows.map((row) => String(row.id)) },
    );
    expect(status).toBe(200);
    expect(answer.errors).toBeUndefined();
    const nodes = answer.data!.getMarketplaceTokens!.edges.map((edge) => edge.node as unknown as { tokenId: string; metadata: unknown });
    expect(nodes.map((node) => [node.tokenId, renderOf(node.metadata)])).toEqual([['1', pixels], ['2', webgl], ['3', null]]);
  });

  it('refuses malformed renders with 400 invalid_renders, storing nothing', async () => {
    const { canvas } = await generative(['1', '2']);
    const pixels = { check: 'pixels', sha256: SHA, width: 480, height: 480, frame: 1 };
    const before = await w.snapshot();
    const bodies: unknown[] = [
      { renders: { 1: { ...pixels, sha256: 'not-a-hash' } } },
      { renders: { 1: { ...pixels, sha256: SHA.toUpperCase() } } },
      { renders: { 1: { ...pixels, width: 0 } } },
      { renders: { 1: { ...pixels, frame: -1 } } },
      { renders: { 1: { check: 'none', reason: 'gpu' } } },
      // Token ids this canvas does not have (and not the id's own spelling).
      { renders: { 3: pixels } },
      { renders: { '01': pixels } },
      { renders: { 1: pixels, 2: pixels, 3: pixels } },
      '{"renders":{"__proto__":{"check":"none","reason":"webgl"}}}',
      // A key besides renders.
      { renders: { 1: pixels }, extra: true },
      { render: { 1: pixels } },
      // Renders that are no object of token ids, and bodies that are no object.
      { renders: [pixels] },
      { renders: null },
      { renders: 'pixels' },
      [],
      null,
      'true',
    ];
    for (const body of bodies) {
      expect({ body, answer: await errorOf(await publishWith(canvas.id, body)) }).toEqual({ body, answer: INVALID_RENDERS });
    }
    // Malformed JSON is the usual 400.
    expect(await errorOf(await publishWith(canvas.id, '{"renders":'))).toEqual({ status: 400, error: 'invalid_json', message: 'The request body is not valid JSON.' });
    expect((await w.canvasRow(canvas.id))!.baseUri).toBeNull();
    expect(w.diff(before, await w.snapshot())).toEqual([]);
  });

  it('refuses renders for a collection that is not generative (400 renders_not_generative), storing nothing', async () => {
    const canvas = await finalized(['Dawn']);
    const before = await w.snapshot();
    expect(await errorOf(await publishWith(canvas.id, { renders: { 1: { check: 'none', reason: 'webgl' } } }))).toEqual({
      status: 400,
      error: 'renders_not_generative',
      message: 'Only a generative collection records renders.',
    });
    expect((await w.canvasRow(canvas.id))!.baseUri).toBeNull();
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    // No renders (an empty object, an empty body, a body without renders) is a publish without them, as before.
    const { baseURI } = (await (await publishWith(canvas.id, { renders: {} })).json()) as { baseURI: string };
    expect(baseURI).toMatch(/^ipfs:\/\/b[a-z2-7]+\/$/);
    for (const body of ['', '  ', {}]) {
      const response = await publishWith(canvas.id, body);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { baseURI: string }).baseURI).toBe(baseURI);
    }
    // A body that is not JSON is not read.
    const text = await w.request(w.keys.alice, `/canvas/${canvas.id}/publish`, { method: 'POST', body: 'renders', headers: { 'Content-Type': 'text/plain' } });
    expect(((await text.json()) as { baseURI: string }).baseURI).toBe(baseURI);
    expect(await w.canvasRow(canvas.id)).toMatchObject({ baseUri: baseURI });
  });

  it('refuses a building canvas, a token without its file, other accounts and anonymous callers, writing nothing', async () => {
    const building = await w.create(w.keys.alice);
    await w.addTokens(building.id, ['a']);
    const noMedia = await finalized(['b']);
    await w.db.update(tokens).set({ media: null }).where(eq(tokens.collectionId, Number(noMedia.id)));
    const ready = await finalized(['c']);
    w.live.length = 0;
    const before = await w.snapshot();
    expect(await errorOf(await publish(building.id))).toEqual({ status: 409, error: 'canvas_not_finalized', message: 'Finalize the collection before publishing it.' });
    expect(await errorOf(await publish(noMedia.id))).toEqual({ status: 409, error: 'token_without_media', message: 'Every token needs its uploaded file before the collection is published.' });
    expect(await errorOf(await publish(ready.id, w.keys.bob))).toEqual({ status: 403, error: 'forbidden', message: "Only the collection's creator can change it." });
    expect(await errorOf(await publish(ready.id, w.keys.carol))).toEqual({ status: 403, error: 'forbidden', message: "Only the collection's creator can change it." });
    expect((await publish(ready.id, null)).status).toBe(401);
    expect(await errorOf(await publish('0'))).toEqual({ status: 404, error: 'not_found', message: 'No studio collection with this id.' });
    expect(w.diff(before, await w.snapshot())).toEqual([]);
    expect(w.live).toEqual([]);
  });
});
