// Optional pinning (server/media/pinning.ts) against a local fake of the IPFS Pinning Service API: a studio canvas is
// published through POST /canvas/{id}/publish and the factory on a real in-process chain, the real indexer marks it
// published, and its metadata, media and thumbnail CIDs reach the service named after the collection; 500s are
// retried then recorded failed, a refused token is recorded with its reason, and without the settings nothing is sent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deployments } from '../../contracts/deploy.js';
import { loadServerConfig } from '../../server/config.js';
import { tokens } from '../../server/db/schema.js';
import { pinRequests } from '../../server/db/schema/pinning.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import { createPinner, metadataCidOf, type Pinner } from '../../server/media/pinning.js';
import { createCollection, type Market, type SeedWallet } from '../../scripts/seed/chain.js';
import { canvasWorld, type CanvasWorld } from './canvasFixtures.js';
import { makeDeploymentsFile } from './fixtures.js';
import { deployTestMarket, TEST_IPFS } from './marketFixtures.js';
import { startPinningServiceFake, type PinningServiceFake } from './pinningServiceFake.js';

const TOKEN = 'fake-pinning-token';
const FAST = { retryDelaysMs: [5, 10], statusDelaysMs: [5, 5, 5] };

describe('pinning settings', () => {
  const load = async (env: Record<string, string>) => loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(), ...env });

  it('parameters: the URL and the token go together, the URL must be http(s)', async () => {
    await expect(load({ PINNING_SERVICE_URL: 'https://pins.example/psa' })).rejects.toThrow(
      'Invalid server environment:\nPINNING_SERVICE_TOKEN: set it too, or neither (PINNING_SERVICE_URL and PINNING_SERVICE_TOKEN go together)',
    );
    await expect(load({ PINNING_SERVICE_TOKEN: TOKEN })).rejects.toThrow(
      'Invalid server environment:\nPINNING_SERVICE_URL: set it too, or neither (PINNING_SERVICE_URL and PINNING_SERVICE_TOKEN go together)',
    );
    await expect(load({ PINNING_SERVICE_URL: 'ftp://pins.example', PINNING_SERVICE_TOKEN: TOKEN })).rejects.toThrow(
      'Invalid server environment:\n✖ must be the http(s) URL of an IPFS Pinning Service API endpoint (its /pins is appended)\n  → at PINNING_SERVICE_URL',
    );
    expect((await load({})).pinning).toBeNull();
    expect((await load({ PINNING_SERVICE_URL: 'https://pins.example/psa', PINNING_SERVICE_TOKEN: TOKEN })).pinning).toEqual({ url: 'https://pins.example/psa', token: TOKEN });
  });

  it('parameters: the metadata CID is whatever the base URI names', () => {
    const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
    expect(metadataCidOf(`ipfs://${cid}/`)).toBe(cid);
    expect(metadataCidOf(`ipfs://${cid}`)).toBe(cid);
    // A CIDv0 is pinned as its v1 (the pair from the IPFS docs' `ipfs cid format` example).
    expect(metadataCidOf('ipfs://QmbWqxBEKC3P8tqsKc98xmWNzrzDtRLMiMPL8wBuTGsMnR/')).toBe(cid);
    expect(metadataCidOf('https://example.com/meta/')).toBeNull();
    expect(metadataCidOf('ipfs://live-tides/')).toBeNull();
    expect(metadataCidOf(null)).toBeNull();
  });
});

describe('pinning a collection published on chain', () => {
  let w: CanvasWorld;
  let market: Market;
  let artist: SeedWallet;
  let deployments: Deployments;
  let indexer: Indexer;
  let fake: PinningServiceFake;
  let pinner: Pinner;
  const indexerErrors: unknown[] = [];
  const logged: string[] = [];

  /** A pinner built from the server's configuration, as main.ts builds it. */
  const pinnerFrom = async (env: Record<string, string>, delays: Partial<typeof FAST> = {}) => {
    const config = loadServerConfig({ DEPLOYMENTS_FILE: await makeDeploymentsFile(), ...env });
    return createPinner({ db: w.db, settings: config.pinning, log: (line) => logged.push(line), ...FAST, ...delays });
  };
  const configured = (token = TOKEN, delays: Partial<typeof FAST> = {}) => pinnerFrom({ PINNING_SERVICE_URL: `${fake.url}/`, PINNING_SERVICE_TOKEN: token }, delays);

  beforeAll(async () => {
    let wallets: SeedWallet[];
    ({ market, wallets, deployments } = await deployTestMarket({ creators: [1] }));
    artist = wallets[1]!;
    w = await canvasWorld('pglite');
    fake = await startPinningServiceFake({ token: TOKEN });
    indexer = await startIndexer({
      db: w.db, publicClient: market.publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 20,
      onCollectionsPublished: (ids) => pinner.collectionsPublished(ids),
      onError: (error) => indexerErrors.push(error),
    });
  }, 120_000);
  afterAll(async () => {
    await indexer?.stop();
    await pinner?.stop();
    await fake?.close();
    await w?.database.close();
  });

  /**
   * A finalized canvas of two tokens (their own media, the first with a thumbnail), published as the studio does:
   * POST /publish, then CreateTradableCollection from the creator's wallet with its answer; resolves once indexed.
   */
  async function publishOnChain(name: string) {
    const canvas = await w.create(w.keys.alice, w.details({ name }));
    const [first, second] = await w.addTokens(canvas.id, ['Dawn', 'Dusk']);
    const media = { png: await w.server.mediaStore.put(w.images.png, 'image/png'), jpeg: await w.server.mediaStore.put(w.images.jpeg, 'image/jpeg') };
    const thumbnail = await w.server.mediaStore.put(w.images.webp, 'image/webp');
    await w.db.update(tokens).set({ thumbnail }).where(eq(tokens.id, first!.id));
    await w.db.update(tokens).set({ media: media.jpeg }).where(eq(tokens.id, second!.id));
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' })).status).toBe(200);
    const publish = await w.request(w.keys.alice, `/canvas/${canvas.id}/publish`, { method: 'POST' });
    expect(publish.status).toBe(200);
    const parameters = (await publish.json()) as { name: string; symbol: string; howManyTokens: number; supplyPerToken: number; baseURI: string; royaltiesBasispoints: number };
    const { address, blockNumber } = await createCollection(market, artist, {
      name: parameters.name, symbol: parameters.symbol, tokenCount: parameters.howManyTokens, supplyPerToken: parameters.supplyPerToken,
      baseUri: parameters.baseURI, royaltiesBasispoints: parameters.royaltiesBasispoints,
    });
    await indexer.waitForBlock(blockNumber);
    expect(await w.canvasRow(canvas.id)).toMatchObject({ state: 'published', address: address.toLowerCase() });
    const metadata = parameters.baseURI.slice('ipfs://'.length, -1);
    const expected = [
      { cid: metadata, name: `${name} (metadata)` },
      { cid: media.png, name: `${name} #1` },
      { cid: thumbnail, name: `${name} #1 (thumbnail)` },
      { cid: media.jpeg, name: `${name} #2` },
    ];
    return { collectionId: Number(canvas.id), address: address.toLowerCase(), expected };
  }

  const recorded = (collectionId: number) =>
    w.db
      .select({ cid: pinRequests.cid, name: pinRequests.name, requestId: pinRequests.requestId, status: pinRequests.status, reason: pinRequests.reason, attempts: pinRequests.attempts })
      .from(pinRequests)
      .where(eq(pinRequests.collectionId, collectionId))
      .orderBy(pinRequests.id);
  const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));

  it('default: a publish that never reaches the chain pins nothing', async () => {
    pinner = await configured();
    fake.requests.length = 0;
    const canvas = await w.create(w.keys.alice, w.details({ name: 'Unsent' }));
    await w.addTokens(canvas.id, ['Only']);
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/finalize`, { method: 'POST' })).status).toBe(200);
    expect((await w.request(w.keys.alice, `/canvas/${canvas.id}/publish`, { method: 'POST' })).status).toBe(200);
    await indexer.synced();
    await pinner.idle();
    expect(fake.requests).toEqual([]);
    expect(await recorded(Number(canvas.id))).toEqual([]);
  });

  it('default: the metadata, media and thumbnail CIDs are pinned named after the collection, and pinned is recorded', async () => {
    pinner = await configured();
    fake.requests.length = 0;
    logged.length = 0;
    const { collectionId, address, expected } = await publishOnChain('Harbour Lights');
    await pinner.idle();

    const adds = fake.requests.filter((request) => request.method === 'POST');
    expect(adds.map((request) => request.path)).toEqual(['/pins', '/pins', '/pins', '/pins']);
    expect(new Set(fake.requests.map((request) => request.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]));
    // origins unset: the service finds the content on the network; meta names the collection on chain.
    expect(byName(adds.map((request) => request.body as { name: string }))).toEqual(byName(expected.map((pin) => ({ ...pin, meta: { chainId: '31337', collection: address } }))));
    expect(adds[0]!.body).toMatchObject({ name: 'Harbour Lights (metadata)' });
    // Queued when added; the status read found them pinned.
    expect(fake.requests.filter((request) => request.method === 'GET').map((request) => request.path).sort()).toEqual([...fake.pins.keys()].map((id) => `/pins/${id}`).sort());
    expect(byName(await recorded(collectionId))).toEqual(byName(expected.map((pin) => ({ ...pin, requestId: expect.stringMatching(/^req-\d+$/), status: 'pinned', reason: null, attempts: 1 }))));
    expect([...fake.pins.values()].every((pin) => pin.status === 'pinned')).toBe(true);
    expect(logged).toEqual([]);
    expect(indexerErrors).toEqual([]);
  });

  it('behavior: a failing service (500) is retried with backoff, then recorded failed and logged once; indexing goes on', async () => {
    pinner = await configured();
    fake.failWith(500);
    fake.requests.length = 0;
    logged.length = 0;
    const { collectionId, expected } = await publishOnChain('Night Ferries');
    await pinner.idle();
    // Three attempts per CID (the first and two retries), nothing else.
    expect(fake.requests.length).toBe(expected.length * 3);
    for (const { cid } of expected) expect(fake.requests.filter((request) => (request.body as { cid: string }).cid === cid).length).toBe(3);
    const reason = '500 INTERNAL_SERVER_ERROR: The fake pinning service fails on purpose';
    expect(byName(await recorded(collectionId))).toEqual(byName(expected.map((pin) => ({ ...pin, requestId: null, status: 'failed', reason, attempts: 3 }))));
    expect(logged).toEqual([`Pinning service ${fake.url}/: 4 of 4 pins of the collection "Night Ferries" failed: ${reason}`]);

    // The indexer never waited for the service: the next collection is indexed (and pinned, the service healthy again).
    fake.failWith(null);
    const next = await publishOnChain('Morning Ferries');
    await pinner.idle();
    expect((await recorded(next.collectionId)).map((row) => row.status)).toEqual(['pinned', 'pinned', 'pinned', 'pinned']);
    expect(indexerErrors).toEqual([]);
  });

  it('behavior: a refused token (401) is recorded with the service\'s reason; the other pins are not sent', async () => {
    pinner = await configured('not-the-token');
    fake.requests.length = 0;
    logged.length = 0;
    const { collectionId, expected } = await publishOnChain('Quiet Docks');
    await pinner.idle();
    expect(fake.requests).toEqual([{ method: 'POST', path: '/pins', authorization: 'Bearer not-the-token', body: expect.objectContaining({ name: 'Quiet Docks (metadata)' }) }]);
    const reason = '401 UNAUTHORIZED: Access token is missing or invalid';
    expect(byName(await recorded(collectionId))).toEqual(byName(expected.map((pin, i) => ({ ...pin, requestId: null, status: 'failed', reason, attempts: i === 0 ? 1 : 0 }))));
    expect(logged).toEqual([`Pinning service ${fake.url}/: 4 of 4 pins of the collection "Quiet Docks" failed: ${reason}`]);
    expect(indexerErrors).toEqual([]);
  });

  it('behavior: a pin left unfinished by a stop is taken up by the next process\'s resume', async () => {
    pinner = await configured(TOKEN, { retryDelaysMs: [600_000] });
    fake.failWith(500);
    fake.requests.length = 0;
    logged.length = 0;
    const { collectionId } = await publishOnChain('Low Tide');
    // The first add failed and waits ten minutes to be sent again; a stop ends the wait, leaving it queued.
    await expect.poll(() => fake.requests.length).toBe(1);
    await pinner.stop();
    expect((await recorded(collectionId)).map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    fake.failWith(null);
    pinner = await configured();
    pinner.resume();
    await pinner.idle();
    expect((await recorded(collectionId)).map((row) => row.status)).toEqual(['pinned', 'pinned', 'pinned', 'pinned']);
    expect(logged).toEqual([]);
  });

  it('without PINNING_SERVICE_URL and _TOKEN nothing is sent and nothing recorded', async () => {
    pinner = await pinnerFrom({});
    fake.requests.length = 0;
    const { collectionId } = await publishOnChain('Still Water');
    pinner.resume();
    await pinner.idle();
    expect(fake.requests.length).toBe(0);
    expect(await recorded(collectionId)).toEqual([]);
    expect(indexerErrors).toEqual([]);
  });
});
