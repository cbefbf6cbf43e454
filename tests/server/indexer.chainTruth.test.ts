// Fault tests of the indexer following the chain's truth, on a real in-process chain (Hardhat EDR),
// the real contracts and a real database of each kind: a backfill of a database indexed before block data was kept,
// a reorganization of the last blocks (evm_snapshot, evm_revert, different transactions), a chain reset under a
// running indexer (a fresh chain behind the same connection) and a new genesis found on start. Afterwards the stored
// logs are exactly the chain's (nothing doubled, nothing missing), the chain-derived rows are what a fresh indexer
// makes of the same chain on an empty database, and the off-chain rows are intact: hidden while their tokens are off
// chain, visible again when the same collection address comes back.
import { asc, eq, sql } from 'drizzle-orm';
import {
  createPublicClient, createWalletClient, custom, getAddress, parseEther, parseEventLogs, type Address, type PublicClient,
} from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectInProcessChain } from '../../contracts/chain.js';
import { deployMarketplaceContracts, type Deployments } from '../../contracts/deploy.js';
import { collectionFactoryAbi, marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated/index.js';
import type { Db } from '../../server/db/client.js';
import {
  accounts as accountRows, apiKeys, articles, chainEvents, collections, comments, indexerState, likes, sales, tokens,
} from '../../server/db/schema.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import { findVisibleToken } from '../../server/studio/visibility.js';
import {
  approveMarketplace, cancelSale, createCollection, createSale, makeOffer, type Market, type SeedWallet,
} from '../../scripts/seed/chain.js';
import { resetDatabase } from '../../scripts/seed/state.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { TEST_IPFS } from './marketFixtures.js';

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> };

// One connection whose chain can be swapped under it: the indexer's client sees a reset as a real server would.
let chain: { provider: Provider; close(): Promise<void> };
const transport = custom({ request: (args: { method: string; params?: unknown }) => chain.provider.request(args) });
const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 10 }) as PublicClient;
const rpc = (method: string, params: unknown[] = []) => chain.provider.request({ method, params });

let wallets: SeedWallet[];
let deployments: Deployments;
let market: Market;

let chainsMade = 0;

/**
 * A fresh chain with the marketplace deployed by the same transactions: same addresses, same deployment block. Each
 * starts at another genesis time, so its genesis and every block differ from the previous one's (a restarted chain).
 */
async function freshChain(): Promise<Deployments> {
  await chain?.close();
  chain = await connectInProcessChain({ initialDate: new Date(Date.UTC(2030, 0, 1 + chainsMade++)) });
  const addresses = ((await rpc('eth_accounts')) as string[]).map((a) => getAddress(a));
  wallets = addresses.map((account) => createWalletClient({ account, chain: hardhat, transport, pollingInterval: 10 })) as SeedWallet[];
  const deployed = await deployMarketplaceContracts({ walletClient: wallets[0]!, publicClient, creators: [addresses[1]!] });
  market = { publicClient, marketplace: deployed.marketplace, collectionFactory: deployed.collectionFactory };
  return deployed;
}

// The events the indexer follows (server/indexer/logs.ts), named here so the oracle does not reuse its reader.
const FOLLOWED = new Set([
  'CreatedCollection', 'CreatedCreator', 'RemovedCreator', 'CreatedOwner', 'TransferSingle', 'TransferBatch', 'RoyaltiesChanged', 'CreatedSale',
  'CreatedAllOutSale', 'CancelledSale', 'CancelledAllOutSale', 'OfferMade', 'OfferRetracted', 'OfferAccepted', 'Sold',
]);

/** Every followed log the chain has now, from the deployment block: `block:logIndex:blockHash:tx:event`, sorted. */
async function chainLogs(): Promise<string[]> {
  const range = { fromBlock: BigInt(deployments.blockNumber), toBlock: await publicClient.getBlockNumber({ cacheTime: 0 }) };
  const abi = [...collectionFactoryAbi, ...marketplaceAbi, ...tradableCollectionAbi];
  const own = parseEventLogs({ abi, logs: await publicClient.getLogs({ address: [market.collectionFactory, market.marketplace], ...range }) });
  const created = own.filter((l) => l.eventName === 'CreatedCollection').map((l) => (l.args as { collection: Address }).collection);
  const minted = created.length === 0 ? [] : parseEventLogs({ abi, logs: await publicClient.getLogs({ address: created, ...range }) });
  return [...own, ...minted]
    .filter((l) => FOLLOWED.has(l.eventName))
    .map((l) => `${l.blockNumber}:${l.logIndex}:${l.blockHash}:${l.transactionHash}:${l.eventName}`)
    .sort();
}

async function storedLogs(db: Db): Promise<string[]> {
  const rows = await db.select().from(chainEvents);
  return rows.map((r) => `${r.blockNumber}:${r.logIndex}:${r.blockHash}:${r.transactionHash}:${r.eventName}`).sort();
}

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** What the indexer derives from the chain, keyed by chain identifiers (row ids differ between databases). */
async function chainDerived(db: Db) {
  const published = sql`c.state = 'published'`;
  return {
    collections: await rowsOf(db, sql`SELECT c.address, c.token_count, c.royalties_basispoints, c.sold_out, c.published_at FROM collections c WHERE ${published} ORDER BY 1`),
    tokens: await rowsOf(db, sql`SELECT c.address, t.token_id, t.price_wei, t.is_sold, t.listed_at FROM tokens t JOIN collections c ON c.id = t.collection_id WHERE ${published} ORDER BY 1, 2`),
    holdings: await rowsOf(db, sql`SELECT c.address, t.token_id, h.owner, h.amount FROM holdings h JOIN tokens t ON t.id = h.token_id JOIN collections c ON c.id = t.collection_id ORDER BY 1, 2, 3`),
    sales: await rowsOf(db, sql`SELECT s.sale_id, c.address, t.token_id, s.seller, s.amount, s.price_wei, s.was_cancelled, s.sold_amount, s.created_at FROM sales s JOIN tokens t ON t.id = s.token_ref JOIN collections c ON c.id = s.collection_id ORDER BY 1`),
    offers: await rowsOf(db, sql`SELECT s.sale_id, o.buyer, o.amount, o.price_wei, o.state, o.created_at FROM offers o JOIN sales s ON s.id = o.sale_ref ORDER BY 1, 2, 6`),
    creators: await rowsOf(db, sql`SELECT address FROM accounts WHERE is_creator ORDER BY 1`),
  };
}

/** The same chain indexed from scratch into `oracle`, emptied first (a database of the same kind). */
async function freshIndex(oracle: Db) {
  await resetDatabase(oracle);
  const indexer = await startIndexer({ db: oracle, publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 20, log: () => {} });
  await indexer.synced();
  await indexer.stop();
  return chainDerived(oracle);
}

/** The off-chain rows the chain never touches: they must come out of every fault as they went in. */
async function offChain(db: Db) {
  return {
    comments: await db.select().from(comments).orderBy(asc(comments.id)),
    likes: await db.select().from(likes).orderBy(asc(likes.id)),
    apiKeys: await db.select().from(apiKeys).orderBy(asc(apiKeys.id)),
    articles: await db.select().from(articles).orderBy(asc(articles.id)),
    profiles: await db.select({ address: accountRows.address, alias: accountRows.alias, bio: accountRows.bio }).from(accountRows).orderBy(asc(accountRows.id)),
    drafts: await db.select({ id: collections.id, name: collections.name, state: collections.state }).from(collections).where(eq(collections.state, 'building')),
  };
}

const lower = (a: string) => a.toLowerCase();
/** Each test drives a real chain and two databases; on a loaded machine that takes longer than the default. */
const SLOW = 180_000;

describe.each(DATABASE_KINDS)('the indexer follows the chain on %s', (kind) => {
  let database: TestDatabase;
  /** Where the same chain is indexed from scratch, to compare with. */
  let oracle: TestDatabase;
  let indexer: Indexer;
  const messages: string[] = [];
  const start = () =>
    startIndexer({ db: database.db, publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 20, log: (m) => messages.push(m), onError: () => {} });

  let artist: SeedWallet;
  let collector: SeedWallet;
  let tide: Address;
  let grid: Address;
  let tideRow: number;
  let gridRow: number;
  let tokenRef: (collection: number, tokenId: number) => Promise<number>;

  beforeAll(async () => {
    deployments = await freshChain();
    [artist, collector] = [wallets[1]!, wallets[3]!];
    database = await openTestDatabase(kind);
    tokenRef = async (collection, tokenId) =>
      (await database.db.select({ id: tokens.id }).from(tokens).where(sql`${tokens.collectionId} = ${collection} AND ${tokens.tokenId} = ${String(tokenId)}`))[0]!.id;
  }, 240_000);
  beforeAll(async () => {
    oracle = await openTestDatabase(kind);
  }, 240_000);

  afterAll(async () => {
    await indexer?.stop().catch(() => {});
    await database?.close();
    await oracle?.close();
    await chain?.close();
  });

  it('backfills a database indexed before block data was kept, once', async () => {
    indexer = await start();
    tide = (await createCollection(market, artist, { name: 'Tide', symbol: 'TIDE', tokenCount: 3, baseUri: 'ipfs://tide/' })).address;
    await approveMarketplace(market, artist, tide);
    const first = await createSale(market, artist, tide, 1, parseEther('1'));
    await createSale(market, artist, tide, 2, parseEther('2'));
    await makeOffer(market, collector, first, 1, parseEther('1')); // at the price: a purchase
    await indexer.synced();
    await indexer.stop();
    // What a database of the previous indexer looks like: no logs, no hashes, sales dated when they were indexed.
    await database.db.delete(chainEvents);
    await database.db.update(indexerState).set({ blockHash: null, genesisHash: null });
    await database.db.update(sales).set({ createdAt: new Date('2020-01-01T00:00:00Z') });

    indexer = await start();
    await indexer.synced();
    expect(messages).toEqual([`this database was indexed before block data was kept: reading the chain's logs again from block ${deployments.blockNumber}.`]);
    expect(await storedLogs(database.db)).toEqual(await chainLogs());
    // A sale's createdAt is its block's time.
    const saleRows = await database.db.select({ saleId: sales.saleId, createdAt: sales.createdAt }).from(sales);
    expect(saleRows).toHaveLength(2);
    const created = parseEventLogs({ abi: marketplaceAbi, eventName: 'CreatedSale', logs: await publicClient.getLogs({ address: market.marketplace, fromBlock: 0n }) });
    for (const log of created) {
      const block = await publicClient.getBlock({ blockNumber: log.blockNumber });
      expect(saleRows.find((r) => r.saleId === log.args.saleId.toString())?.createdAt).toEqual(new Date(Number(block.timestamp) * 1000));
    }

    await indexer.stop();
    indexer = await start();
    await indexer.synced();
    expect(messages).toHaveLength(1); // nothing to backfill the second time
    expect(await storedLogs(database.db)).toEqual(await chainLogs());
    [tideRow] = (await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(tide)))).map((r) => r.id);
  }, SLOW);

  it('rolls back a reorganization of the last blocks and indexes the chain that replaced them', async () => {
    const [collectorAccount] = await database.db.insert(accountRows).values({ address: lower(collector.account.address), alias: 'Collector', bio: 'Keeps tides' })
      .onConflictDoUpdate({ target: accountRows.address, set: { alias: 'Collector', bio: 'Keeps tides' } }).returning({ id: accountRows.id });
    const tide2 = await tokenRef(tideRow, 2);
    await database.db.insert(comments).values({ tokenId: tide2, accountId: collectorAccount!.id, text: 'Lovely tide' });
    await database.db.insert(likes).values({ tokenId: tide2, accountId: collectorAccount!.id });
    await database.db.insert(apiKeys).values({ address: lower(collector.account.address), keyHash: 'hash-of-a-key', expiresAt: new Date('2030-01-01T00:00:00Z') });
    await database.db.insert(articles).values({ type: 'news', title: 'On tides', ipfsHash: 'bafy-article' });
    await database.db.insert(collections).values({ chainId: 31337, name: 'Unfinished', symbol: 'UNF', mediaType: 'image', creator: lower(artist.account.address) });

    const snapshot = await rpc('evm_snapshot');
    const forkBlock = await publicClient.getBlockNumber({ cacheTime: 0 });
    // The blocks that will be replaced: a new collection with a listing, and a purchase of tide #2.
    grid = (await createCollection(market, artist, { name: 'Grid', symbol: 'GRID', tokenCount: 2, baseUri: 'ipfs://grid/' })).address;
    await approveMarketplace(market, artist, grid);
    await createSale(market, artist, grid, 1, parseEther('0.5'));
    const [saleOfTide2] = (await database.db.select({ saleId: sales.saleId }).from(sales).where(eq(sales.tokenRef, tide2))).map((r) => BigInt(r.saleId));
    await makeOffer(market, collector, saleOfTide2!, 2, parseEther('2'));
    await indexer.synced();
    const replacedHead = await publicClient.getBlockNumber({ cacheTime: 0 });
    [gridRow] = (await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(grid)))).map((r) => r.id);
    const grid1 = await tokenRef(gridRow, 1);
    await database.db.insert(comments).values({ tokenId: grid1, accountId: collectorAccount!.id, text: 'Sharp grid' });
    await database.db.insert(likes).values({ tokenId: grid1, accountId: collectorAccount!.id });
    expect(await database.db.select({ isSold: tokens.isSold }).from(tokens).where(eq(tokens.id, tide2))).toEqual([{ isSold: true }]);
    const kept = await offChain(database.db);

    // The reorganization: the chain goes back to the snapshot and mines other transactions.
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    await cancelSale(market, artist, saleOfTide2!);
    await indexer.synced();

    expect(messages.at(-1)).toBe(`blocks ${forkBlock + 1n} to ${replacedHead} were replaced (a reorganization): rolled back to block ${forkBlock} and indexing again.`);
    expect(await storedLogs(database.db)).toEqual(await chainLogs());
    expect(await chainDerived(database.db)).toEqual(await freshIndex(oracle.db));
    expect(await database.db.select({ isSold: tokens.isSold, priceWei: tokens.priceWei }).from(tokens).where(eq(tokens.id, tide2))).toEqual([{ isSold: false, priceWei: null }]);
    // The grid is no longer on chain: its row and its comment and like stay, hidden from everyone but its creator.
    expect(await offChain(database.db)).toEqual(kept);
    expect(await database.db.select({ state: collections.state }).from(collections).where(eq(collections.id, gridRow))).toEqual([{ state: 'finalized' }]);
    expect(await findVisibleToken(database.db, grid1, null)).toBeNull();
    expect(await findVisibleToken(database.db, tide2, null)).toMatchObject({ id: tide2, isPublic: true });

    // The same collection comes back at the same address: the same rows, with their comment and like, are public again.
    const again = await createCollection(market, artist, { name: 'Grid', symbol: 'GRID', tokenCount: 2, baseUri: 'ipfs://grid/' });
    expect(again.address).toBe(grid);
    await indexer.synced();
    expect(await database.db.select({ id: collections.id, state: collections.state }).from(collections).where(eq(collections.address, lower(grid)))).toEqual([{ id: gridRow, state: 'published' }]);
    expect(await findVisibleToken(database.db, grid1, null)).toMatchObject({ id: grid1, isPublic: true });
    expect(await offChain(database.db)).toEqual(kept);
    expect(await storedLogs(database.db)).toEqual(await chainLogs());
  }, SLOW);

  it('a chain reset under the running indexer keeps every off-chain row and hides what is no longer on chain', async () => {
    const kept = await offChain(database.db);
    const before = deployments;
    deployments = await freshChain();
    expect(deployments).toEqual(before); // the same transactions on the new chain: same addresses, same blocks
    // Only the first collection is made again (the factory's first address), with a different listing.
    expect((await createCollection(market, artist, { name: 'Tide', symbol: 'TIDE', tokenCount: 3, baseUri: 'ipfs://tide/' })).address).toBe(tide);
    await approveMarketplace(market, artist, tide);
    await createSale(market, artist, tide, 3, parseEther('3'));
    await indexer.synced();

    expect(messages.at(-1)).toMatch(/^the chain was reset \(.+\): rolled back to block \d+ and indexing again\. Comments, likes, profiles and drafts are kept; those of tokens no longer on chain are hidden until the same tokens come back\.$/);
    expect(await storedLogs(database.db)).toEqual(await chainLogs());
    expect(await chainDerived(database.db)).toEqual(await freshIndex(oracle.db));
    expect(await offChain(database.db)).toEqual(kept);
    expect(await database.db.select({ id: collections.id, state: collections.state }).from(collections).where(eq(collections.address, lower(tide)))).toEqual([{ id: tideRow, state: 'published' }]);
    expect(await findVisibleToken(database.db, await tokenRef(tideRow, 2), null)).toMatchObject({ isPublic: true });
    expect(await findVisibleToken(database.db, await tokenRef(gridRow, 1), null)).toBeNull();
  }, SLOW);

  it('a new genesis found on start is a reset', async () => {
    await indexer.stop();
    const kept = await offChain(database.db);
    deployments = await freshChain();
    indexer = await start();
    await indexer.synced();
    expect(messages.at(-1)).toBe(
      `the chain was reset (its genesis block changed): rolled back to block ${deployments.blockNumber - 1} and indexing again. Comments, likes, profiles and drafts are kept; those of tokens no longer on chain are hidden until the same tokens come back.`,
    );
    expect(await storedLogs(database.db)).toEqual(await chainLogs());
    expect(await database.db.select().from(sales)).toEqual([]);
    expect(await database.db.select({ state: collections.state }).from(collections).where(eq(collections.id, tideRow))).toEqual([{ state: 'finalized' }]);
    expect(await offChain(database.db)).toEqual(kept);
  }, SLOW);

  it('applies a block only once it has the configured confirmations on top', async () => {
    await resetDatabase(oracle.db);
    const confirmed = await startIndexer({ db: oracle.db, publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 20, confirmations: 2, log: () => {} });
    try {
      const collection = await createCollection(market, artist, { name: 'Late', symbol: 'LATE', tokenCount: 1, baseUri: 'ipfs://late/' });
      await confirmed.synced();
      expect(confirmed.lastBlock()).toBe(collection.blockNumber - 2n);
      expect(await oracle.db.select().from(collections)).toEqual([]);
      await rpc('hardhat_mine', ['0x2']);
      await confirmed.synced();
      expect(confirmed.lastBlock()).toBe(collection.blockNumber);
      expect(await oracle.db.select({ address: collections.address }).from(collections)).toEqual([{ address: lower(collection.address) }]);
    } finally {
      await confirmed.stop();
    }
  }, SLOW);
});
