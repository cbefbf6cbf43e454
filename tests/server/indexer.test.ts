// The chain indexer against a real in-process chain, the real contracts and a real PGlite database.
import { and, eq } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCreator, removeCreator } from '../../contracts/creators.js';
import type { Deployments } from '../../contracts/deploy.js';
import { accounts as accountRows, activity, allOutSales, collections, holdings, indexerState, offers, sales, tokens } from '../../server/db/schema.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import {
  approveMarketplace, cancelAllOutSale, cancelSale, createAllOutSale, createCollection, createSale, makeOffer, type Market, type SeedWallet,
} from '../../scripts/seed/chain.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase, testMediaStore } from './databases.js';
import { deployTestMarket, TEST_IPFS } from './marketFixtures.js';

let database: TestDatabase;
let market: Market;
let deployments: Deployments;
let wallets: SeedWallet[];
let accounts: Address[];
const emitted: { name: string; doc: Record<string, unknown> }[] = [];
const io = { emit: (name: string, doc: Record<string, unknown>) => emitted.push({ name, doc }) };

async function start(): Promise<Indexer> {
  return startIndexer({ db: database.db, publicClient: market.publicClient, deployments, ipfs: TEST_IPFS, io, pollIntervalMs: 20 });
}
async function caughtUp(indexer: Indexer) {
  await indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));
}
const lower = (a: string) => a.toLowerCase();

async function tokenOf(collectionAddress: string, tokenId: number) {
  const [row] = await database.db
    .select({ t: tokens })
    .from(tokens)
    .innerJoin(collections, eq(collections.id, tokens.collectionId))
    .where(and(eq(collections.address, lower(collectionAddress)), eq(tokens.tokenId, String(tokenId))));
  return row!.t;
}
async function holdingsOf(tokenRef: number) {
  const rows = await database.db.select({ owner: holdings.owner, amount: holdings.amount }).from(holdings).where(eq(holdings.tokenId, tokenRef));
  return Object.fromEntries(rows.map((r) => [r.owner, r.amount]));
}

describe.each(DATABASE_KINDS)('chain indexer on %s', (kind) => {
  beforeAll(async () => {
    // The factory is curated: the artists of these tests (#1, #2, #5) are registered by the owner (#0) at deployment.
    ({ accounts, wallets, deployments, market } = await deployTestMarket({ creators: [1, 2, 5] }));
    database = await openTestDatabase(kind);
    emitted.length = 0;
  });

  afterAll(async () => {
    await database?.close();
  });

  let first: Address;
  let second: Address;

  it('behavior: publishes a pre-written collection, follows listings, a purchase, an offer and a cancellation', async () => {
    const [artist, collector, other] = [wallets[1]!, wallets[3]!, wallets[4]!];
    // The studio/seed writes the collection before publishing; the indexer finds it by its base URI.
    const [draft] = await database.db
      .insert(collections)
      .values({ chainId: 31337, name: 'Tidal Studies', symbol: 'TIDE', mediaType: 'gif', creator: lower(artist.account.address), baseUri: 'ipfs://draft-one/', state: 'finalized' })
      .returning({ id: collections.id });
    await database.db.insert(tokens).values({ collectionId: draft!.id, chainId: 31337, tokenId: '1', name: 'First tide', mediaType: 'gif', creator: lower(artist.account.address) });

    const indexer = await start();
    first = (await createCollection(market, artist, { name: 'Tidal Studies', symbol: 'TIDE', tokenCount: 3, baseUri: 'ipfs://draft-one/' })).address;
    await approveMarketplace(market, artist, first);
    const sale1 = await createSale(market, artist, first, 1, parseEther('1'));
    const sale2 = await createSale(market, artist, first, 2, parseEther('2'));
    await createSale(market, artist, first, 3, parseEther('0.5'));
    await makeOffer(market, collector, sale1, 1, parseEther('1')); // at the price: a purchase
    await makeOffer(market, other, sale2, 2, parseEther('1.5')); // below: an escrowed offer
    await caughtUp(indexer);

    const [published] = await database.db.select().from(collections).where(eq(collections.id, draft!.id));
    expect(published).toMatchObject({ address: lower(first), state: 'published', mediaType: 'gif', tokenCount: 3, supplyPerToken: 1, royaltiesBasispoints: 500 });
    expect(await database.db.select().from(collections)).toHaveLength(1);

    const t1 = await tokenOf(first, 1);
    const t2 = await tokenOf(first, 2);
    expect(t1).toMatchObject({ name: 'First tide', isSold: true, priceWei: null });
    expect(t2).toMatchObject({ name: 'Tidal Studies #2', isSold: false, priceWei: parseEther('2').toString() });
    expect(t2.listedAt).not.toBeNull();
    // The sale sorts' columns: the purchase's unit price and block time; never sold is null.
    const [purchase] = await database.db.select().from(activity).where(and(eq(activity.tokenRef, t1.id), eq(activity.type, 'listing_sold')));
    expect(t1).toMatchObject({ lastSaleWei: parseEther('1').toString(), lastSoldAt: purchase!.blockTime });
    expect(t2).toMatchObject({ lastSaleWei: null, lastSoldAt: null });
    expect(await holdingsOf(t1.id)).toEqual({ [lower(collector.account.address)]: '1' });
    expect(await holdingsOf(t2.id)).toEqual({ [lower(artist.account.address)]: '1' });
    const [offer] = await database.db.select().from(offers).where(eq(offers.tokenRef, t2.id));
    expect(offer).toMatchObject({ buyer: lower(other.account.address), priceWei: parseEther('1.5').toString(), state: 'made' });

    const sold = emitted.find((e) => e.name === 'Sold');
    expect(sold?.doc).toMatchObject({ token_id: String(t1.id), sale_id: sale1.toString(), buyer: lower(collector.account.address), seller: lower(artist.account.address) });
    expect(emitted.filter((e) => e.name === 'CreatedSale')).toHaveLength(3);
    expect(emitted.find((e) => e.name === 'OfferMade')?.doc).toMatchObject({ token_id: String(t2.id), buyer: lower(other.account.address) });

    await cancelSale(market, artist, sale2);
    await caughtUp(indexer);
    expect(await tokenOf(first, 2)).toMatchObject({ priceWei: null, isSold: false, listedAt: null });
    const [invalidated] = await database.db.select().from(offers).where(eq(offers.tokenRef, t2.id));
    expect(invalidated!.state).toBe('invalidated');
    expect(emitted.find((e) => e.name === 'CancelledSale')?.doc).toMatchObject({ token_id: String(t2.id), sale_id: sale2.toString() });
    await indexer.stop();
  });

  it('behavior: a restart resumes from the stored block, losing and doubling nothing', async () => {
    const [artist, collector] = [wallets[2]!, wallets[3]!];
    const before = { sales: (await database.db.select().from(sales)).length, offers: (await database.db.select().from(offers)).length };

    // While the indexer is down: a collection nobody pre-wrote, an all-out sale and a partial purchase.
    second = (await createCollection(market, artist, { name: 'Night Grid', symbol: 'GRID', tokenCount: 2, supplyPerToken: 2, baseUri: 'ipfs://grid/' })).address;
    await approveMarketplace(market, artist, second);
    const { allOutSaleId, saleIds } = await createAllOutSale(market, artist, second, parseEther('0.3'));
    await makeOffer(market, collector, saleIds[0]!, 1, parseEther('0.3'));

    const indexer = await start();
    await caughtUp(indexer);
    const [created] = await database.db.select().from(collections).where(eq(collections.address, lower(second)));
    expect(created).toMatchObject({ name: 'Night Grid', symbol: 'GRID', mediaType: 'image', state: 'published', supplyPerToken: 2 });
    expect(await database.db.select().from(sales)).toHaveLength(before.sales + 2);
    expect(await database.db.select().from(offers)).toHaveLength(before.offers);
    const [aos] = await database.db.select().from(allOutSales);
    expect(aos).toMatchObject({ allOutSaleId: allOutSaleId.toString(), wasCancelled: false, priceWei: parseEther('0.3').toString() });
    const g1 = await tokenOf(second, 1);
    expect(g1).toMatchObject({ priceWei: parseEther('0.3').toString(), isSold: false });
    expect(await holdingsOf(g1.id)).toEqual({ [lower(artist.account.address)]: '1', [lower(collector.account.address)]: '1' });
    expect(await holdingsOf((await tokenOf(second, 2)).id)).toEqual({ [lower(artist.account.address)]: '2' });
    // The first collection's rows were not replayed.
    expect(await holdingsOf((await tokenOf(first, 1)).id)).toEqual({ [lower(collector.account.address)]: '1' });
    const soldRows = await database.db.select().from(sales).where(eq(sales.saleId, saleIds[0]!.toString()));
    expect(soldRows.map((s) => s.soldAmount)).toEqual(['1']);

    await cancelAllOutSale(market, artist, allOutSaleId);
    await caughtUp(indexer);
    expect((await database.db.select().from(allOutSales))[0]!.wasCancelled).toBe(true);
    // Rule: no active listing left and a unit was sold → sold; the untouched token is simply unlisted.
    expect(await tokenOf(second, 1)).toMatchObject({ priceWei: null, isSold: true });
    expect(await tokenOf(second, 2)).toMatchObject({ priceWei: null, isSold: false });
    expect(emitted.some((e) => e.name === 'CancelledAllOutSale')).toBe(true);
    await indexer.stop();

    const head = await market.publicClient.getBlockNumber({ cacheTime: 0 });
    const [state] = await database.db.select().from(indexerState);
    expect(BigInt(state!.lastBlock)).toBe(head);
    // A third start with no new blocks changes nothing.
    const counts = async () => [
      (await database.db.select().from(sales)).length, (await database.db.select().from(holdings)).length,
      (await database.db.select().from(tokens)).length, (await database.db.select().from(collections)).length,
    ];
    const snapshot = await counts();
    const again = await start();
    await caughtUp(again);
    await again.stop();
    expect(await counts()).toEqual(snapshot);
  });

  it('behavior: a collection nobody pre-wrote is described by the manifest its baseURI names', async () => {
    const artist = wallets[5]!;
    const manifest = {
      name: 'Harbour Lights', symbol: 'HRBR', description: 'From the manifest.', mediaType: 'video', cover: 'bafkreicover', thumbnail: 'bafkreithumb',
      attributes: { darkVibrantColor: '#112233' },
      tokens: [{ tokenId: 1, name: 'Pier at Dusk', media: 'bafkreimedia1', thumbnail: 'bafkreithumb1', filename: 'pier.webm' }],
    };
    const cid = await testMediaStore(database.db).put(new TextEncoder().encode(JSON.stringify(manifest)), 'application/json');
    // Named differently on chain: the manifest wins for a row the indexer creates itself.
    const { address } = await createCollection(market, artist, { name: 'On-chain name', symbol: 'OCN', tokenCount: 2, baseUri: `ipfs://${cid}/` });
    const indexer = await start();
    await caughtUp(indexer);
    await indexer.stop();
    const [row] = await database.db.select().from(collections).where(eq(collections.address, lower(address)));
    expect(row).toMatchObject({ name: 'Harbour Lights', symbol: 'HRBR', mediaType: 'video', cover: 'bafkreicover', description: 'From the manifest.', attributes: { darkVibrantColor: '#112233' } });
    expect(await tokenOf(address, 1)).toMatchObject({ name: 'Pier at Dusk', media: 'bafkreimedia1', thumbnail: 'bafkreithumb1', filename: 'pier.webm', mediaType: 'video' });
    expect(await tokenOf(address, 2)).toMatchObject({ name: 'Harbour Lights #2', media: null });
  });

  it('behavior: isCreator comes from CreatedCreator and RemovedCreator only, never from publishing', async () => {
    const owner = { walletClient: wallets[0]!, publicClient: market.publicClient, factory: market.collectionFactory };
    const flag = async (n: number) => {
      const [row] = await database.db.select({ isCreator: accountRows.isCreator }).from(accountRows).where(eq(accountRows.address, lower(accounts[n]!)));
      return row?.isCreator ?? null;
    };
    // Registered at deployment, indexed by the earlier tests.
    expect([await flag(1), await flag(2), await flag(5)]).toEqual([true, true, true]);
    // A collector who never was registered is known (holdings) but not a creator.
    expect(await flag(3)).not.toBe(true);

    // While the indexer is down: #7 is registered, publishes and is removed again. Replayed in chain order, the
    // collection is indexed and #7 ends up not a creator.
    await addCreator(owner, accounts[7]!);
    const { address } = await createCollection(market, wallets[7]!, { name: 'Last Light', symbol: 'LAST', tokenCount: 1, baseUri: 'ipfs://last-light/' });
    await removeCreator(owner, accounts[7]!);
    const indexer = await start();
    await caughtUp(indexer);
    const [published] = await database.db.select().from(collections).where(eq(collections.address, lower(address)));
    expect(published).toMatchObject({ name: 'Last Light', state: 'published', creator: lower(accounts[7]!) });
    expect(await flag(7)).toBe(false);

    // Live: each event flips the flag and is broadcast with the account.
    emitted.length = 0;
    await addCreator(owner, accounts[6]!);
    await caughtUp(indexer);
    expect(await flag(6)).toBe(true);
    await removeCreator(owner, accounts[6]!);
    await caughtUp(indexer);
    expect(await flag(6)).toBe(false);
    const doc = { creator: lower(accounts[6]!), account_id: lower(accounts[6]!), chainId: 31337, _id: expect.any(String) };
    expect(emitted.filter((e) => e.name.endsWith('Creator'))).toEqual([{ name: 'CreatedCreator', doc }, { name: 'RemovedCreator', doc }]);
    await indexer.stop();
  });
});
