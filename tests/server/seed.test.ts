// The demo seed against a real in-process chain and PGlite: what a visitor of the demo will find.
import { and, eq, sql } from 'drizzle-orm';
import { createPublicClient, createWalletClient, custom, getAddress, type PublicClient } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInProcessChain } from '../../contracts/chain.js';
import { isCreator } from '../../contracts/creators.js';
import { deployMarketplaceContracts, type Deployments } from '../../contracts/deploy.js';
import { artistSortKey } from '../../domain/artist.js';
import { accounts, allOutSales, articles, artists, collections, holdings, offers, sales, tokens } from '../../server/db/schema.js';
import type { MediaStore } from '../../server/media/store.js';
import type { SeedWallet } from '../../scripts/seed/chain.js';
import { seedDemo, type SeedDemoResult } from '../../scripts/seed/demo.js';
import { TEST_SIZES } from '../../scripts/seed/media.js';
import { isDatabaseEmpty, isSeeded, resetDatabase, seedStatus } from '../../scripts/seed/state.js';
import { openTestDatabase, type TestDatabase, testMediaStore } from './databases.js';

let database: TestDatabase;
let mediaStore: MediaStore;
let deployments: Deployments;
let publicClient: PublicClient;
let wallets: SeedWallet[];
let result: SeedDemoResult;
let seededInMs = 0;

beforeAll(async () => {
  const { provider } = await connectInProcessChain();
  const transport = custom(provider);
  publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 10 }) as PublicClient;
  const addresses = ((await provider.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a));
  wallets = addresses.map((account) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 10 })) as SeedWallet[];
  deployments = await deployMarketplaceContracts({ walletClient: wallets[0]!, publicClient });
  database = await openTestDatabase('pglite');
  mediaStore = testMediaStore(database.db);
  const started = Date.now();
  result = await seedDemo({ db: database.db, mediaStore, publicClient, wallets, deployments, sizes: TEST_SIZES });
  seededInMs = Date.now() - started;
}, 240_000);

afterAll(async () => {
  await database?.close();
});

const lower = (n: number) => wallets[n]!.account.address.toLowerCase();

describe('demo seed', () => {
  it('default: at least 8 artists; accounts #1 and #2 create, #3 and #4 collect', async () => {
    const rows = await database.db.select().from(accounts);
    const creators = rows.filter((r) => r.isCreator);
    expect(creators.length).toBeGreaterThanOrEqual(8);
    expect(result.artists).toBe(creators.length);
    const byAddress = new Map(rows.map((r) => [r.address, r]));
    expect(byAddress.get(lower(1))?.isCreator).toBe(true);
    expect(byAddress.get(lower(2))?.isCreator).toBe(true);
    expect(byAddress.get(lower(3))?.isCreator).toBe(false);
    expect(byAddress.get(lower(4))?.isCreator).toBe(false);
    // The factory owner registered exactly the demo's creators on chain (the factory refuses anyone else).
    for (const row of rows) {
      expect(await isCreator(publicClient, deployments.collectionFactory, getAddress(row.address)), row.address).toBe(row.isCreator);
    }
    for (const creator of creators) {
      expect(creator.alias && creator.bio && creator.avatar).toBeTruthy();
      expect((await mediaStore.get(creator.avatar!))?.contentType).toBe('image/png');
    }
    console.log(`demo seed (test sizes) took ${seededInMs} ms`);
  });

  it('default: at least 10 published collections, every media type, minted on chain by their artist', async () => {
    const rows = await database.db.select().from(collections);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.mediaType))).toEqual(new Set(['image', 'gif', 'multipart/image', 'multipart/mixed', 'video', 'sound']));
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'published', chainId: 31337 });
      expect(row.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(await publicClient.getCode({ address: row.address as `0x${string}` })).not.toBe('0x');
      expect(row.cover).toBeTruthy();
    }
    const generative = rows.find((r) => r.mediaType === 'multipart/mixed')!;
    expect(generative.attributes).toMatchObject({ index: { entry: 'sketch.js', seedVariableName: 'tokenSeed' }, jsLibrary: 'p5' });
  });

  it('default: tokens carry stored media of the right content type', async () => {
    const rows = await database.db.select().from(tokens);
    expect(rows).toHaveLength(result.tokens);
    const expected: Record<string, string> = { image: 'image/png', gif: 'image/gif', 'multipart/image': 'image/png', 'multipart/mixed': 'text/javascript', video: 'video/webm', sound: 'audio/wav' };
    for (const mediaType of Object.keys(expected)) {
      const token = rows.find((t) => t.mediaType === mediaType)!;
      expect((await mediaStore.get(token.media!))?.contentType).toBe(expected[mediaType]);
      expect((await mediaStore.get(token.thumbnail!))?.contentType).toBe('image/png');
    }
    const sketch = rows.find((t) => t.mediaType === 'multipart/mixed')!;
    expect(new TextDecoder().decode(await (await mediaStore.get(sketch.media!))!.read())).toContain('tokenSeed');
    // Sound (the marketplace gaps review): a few seconds of synthesized PCM WAV, pictured by the collection's own cover.
    const sounds = rows.filter((t) => t.mediaType === 'sound');
    const [soundCollection] = await database.db.select().from(collections).where(eq(collections.mediaType, 'sound'));
    expect(sounds.length).toBeGreaterThanOrEqual(1);
    for (const sound of sounds) {
      const wav = await (await mediaStore.get(sound.media!))!.read();
      expect(new TextDecoder().decode(wav.subarray(0, 4)) + new TextDecoder().decode(wav.subarray(8, 12))).toBe('RIFFWAVE');
      const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
      const seconds = view.getUint32(40, true) / view.getUint32(28, true);
      expect(seconds).toBeGreaterThanOrEqual(2);
      expect(seconds).toBeLessThanOrEqual(10);
      expect(sound.thumbnail).toBe(soundCollection!.cover);
    }
    const flip = rows.find((t) => t.mediaType === 'multipart/image')!;
    expect(flip.attributes).toHaveProperty('back');
    expect(new Set(rows.map((t) => t.likesCount)).size).toBeGreaterThan(5);
  });

  it('default: listings, an all-out sale, purchases and offers are indexed', async () => {
    const allSales = await database.db.select().from(sales);
    expect(allSales.length).toBe(result.sales.length + 1); // + the collector's resale
    expect((await database.db.select().from(allOutSales)).length).toBeGreaterThanOrEqual(1);
    const sold = await database.db.select().from(tokens).where(eq(tokens.isSold, true));
    expect(sold.length).toBeGreaterThanOrEqual(5);
    const listed = await database.db.select().from(tokens).where(sql`${tokens.priceWei} IS NOT NULL`);
    expect(listed.length).toBeGreaterThan(20);
    const offerStates = (await database.db.select({ state: offers.state }).from(offers)).map((o) => o.state);
    expect(offerStates.filter((s) => s === 'made').length).toBeGreaterThanOrEqual(4);
    expect(offerStates).toContain('accepted');
    expect(offerStates).toContain('retracted');
    const collected = await database.db.select().from(holdings).where(eq(holdings.owner, lower(3)));
    expect(collected.length).toBeGreaterThanOrEqual(5);
    const theo = await database.db.select().from(holdings).where(and(eq(holdings.owner, lower(4))));
    expect(theo.length).toBeGreaterThanOrEqual(3);
  });

  it('default: every creator has a full artist profile for the artist pages: cover, socials, highlights, a portfolio, an article', async () => {
    const rows = await database.db.select().from(artists).innerJoin(accounts, eq(accounts.id, artists.accountId));
    const creators = await database.db.select().from(accounts).where(eq(accounts.isCreator, true));
    expect(rows.map((r) => r.accounts.address).sort()).toEqual(creators.map((c) => c.address).sort());
    for (const { artists: artist, accounts: account } of rows) {
      expect([account.address, account.web, account.twitter, account.instagram].every(Boolean), account.address).toBe(true);
      expect(artist.sortKey).toBe(artistSortKey({ firstName: account.firstName, lastName: account.lastName, alias: account.alias, address: account.address }));
      expect([artist.cover, artist.description, artist.about, artist.featuredTokenId, artist.featuredArtworkDescription].every((v) => v !== null), account.address).toBe(true);
      expect(artist.highlights.length).toBeGreaterThanOrEqual(1);
      expect(artist.portfolio.context).not.toBe('');
      expect(artist.portfolio.items.length).toBeGreaterThanOrEqual(1);
      for (const cid of [artist.cover!, ...artist.portfolio.items.map((item) => item.mediaUrl)]) expect((await mediaStore.get(cid))?.contentType).toBe('image/png');
      const [article] = await database.db.select().from(articles).where(eq(articles.artistId, artist.id)).orderBy(articles.id).limit(1);
      const body = await mediaStore.get(article!.ipfsHash);
      expect([body?.contentType, new TextDecoder().decode(await body!.read())]).toEqual(['text/html', expect.stringContaining('<p>')]);
    }
  });

  it('behavior: the seeded database is recognised, refuses a second seed, and resets to empty', async () => {
    expect(await isSeeded(database.db, deployments, publicClient)).toBe(true);
    await expect(seedDemo({ db: database.db, mediaStore, publicClient, wallets, deployments, sizes: TEST_SIZES })).rejects.toThrow(/not empty/);
    await resetDatabase(database.db);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    expect(await seedStatus(database.db, deployments, publicClient)).toEqual({ state: 'empty' });
  });
});
