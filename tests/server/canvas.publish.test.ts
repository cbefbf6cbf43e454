// POST /canvas/{id}/publish: the factory call's parameters, the pinned metadata at /ipfs/<manifest>/<n>.json,
// PublishReady, and the indexer's CreatedCollection marking exactly this canvas published, on PGlite and PostgreSQL.
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

const COLLECTION_ADDRESS = '0x00000000000000000000000000000000000c0ffe';

describe.each(DATABASE_KINDS)('canvas publish on %s', (kind) => {
  let w: CanvasWorld;
  beforeAll(async () => {
    w = await canvasWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const publish = (id: string, key: Parameters<CanvasWorld['request']>[0] = w.keys.alice) => w.request(key, `/canvas/${id}/publish`, { method: 'POST' });
  const finalized = async (names: string[], details = w.details({ royaltiesBasispoints: '750', supplyPerToken: '5' })) => {
    const canvas = await w.create(w.keys.alice, details);
    await w.addTokens(canvas.id, names);
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' })).status).toBe(200);
    return canvas;
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
