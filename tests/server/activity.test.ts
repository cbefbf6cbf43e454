// A token's history (getActivity), and the price histories and collection statistics read from it, against a real
// in-process chain, the real contracts and the indexer, on PGlite and PostgreSQL: every row is one of the chain's logs (checked against the logs the chain returns), typed with the
// seed's activity names plus mint and transfer; a sale's own transfer is the sale's row; the scopes, paging and the
// rebuild of a database indexed before activity was kept.
import { eq } from 'drizzle-orm';
import { parseEther, parseEventLogs, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceAbi, tradableCollectionAbi } from '../../contracts/generated/index.js';
import type { Deployments } from '../../contracts/deploy.js';
import { activity, collections, holdings, indexerState, tokens } from '../../server/db/schema.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import {
  acceptOffer, approveMarketplace, cancelSale, createCollection, createSale, makeOffer, retractOffer, type Market, type SeedWallet,
} from '../../scripts/seed/chain.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, graphql } from './fixtures.js';
import { deployTestMarket, TEST_IPFS } from './marketFixtures.js';

const ACTIVITY = `
  query getActivity($filter: ActivityFilter!, $pagination: PaginationInput) {
    getActivity(filter: $filter, pagination: $pagination) {
      totalCount
      pageInfo { endCursor hasNextPage }
      edges { node {
        id type chainId amount transactionHash blockNumber createdAt
        price { amount currency }
        from { address alias } to { address }
        token { _id tokenId name container_id collectionAddress collectionName holdingId }
      } }
    }
  }`;

const PRICES = `query getPriceHistory($filter: PriceHistoryFilter!) {
  getPriceHistory(filter: $filter) { points { type time price { amount currency } amount } listing { amount currency } }
}`;
const STATS = `query getCollectionStats($collection: ID!) {
  getCollectionStats(collection: $collection) { floorPrice { amount currency } volume { amount currency } sales owners listed tokens }
}`;

interface Row {
  id: string;
  type: string;
  amount: string;
  transactionHash: string;
  blockNumber: number;
  createdAt: string;
  price: { amount: string; currency: string } | null;
  from: { address: string } | null;
  to: { address: string } | null;
  token: { _id: string; tokenId: string; name: string; container_id: string; collectionAddress: string; collectionName: string; holdingId: string | null };
}

let database: TestDatabase;
let market: Market;
let deployments: Deployments;
let wallets: SeedWallet[];
let server: Awaited<ReturnType<typeof buildTestServer>>;
const lower = (a: string) => a.toLowerCase();
const ZERO = '0x0000000000000000000000000000000000000000';

async function start(): Promise<Indexer> {
  return startIndexer({ db: database.db, publicClient: market.publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 20, log: () => undefined });
}
async function caughtUp(indexer: Indexer) {
  await indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));
}
async function read(filter: Record<string, unknown>, pagination?: Record<string, unknown>) {
  const { body } = await graphql(server.app, ACTIVITY, { filter, pagination });
  expect(body.errors).toBeUndefined();
  return (body.data as unknown as { getActivity: { totalCount: number; pageInfo: { endCursor: string | null; hasNextPage: boolean }; edges: { node: Row }[] } }).getActivity;
}
const nodes = async (filter: Record<string, unknown>) => (await read(filter, { perPage: 100 })).edges.map((edge) => edge.node);

/**
 * What the chain's logs say happened, newest first, derived here from the logs themselves (not from the database): the
 * marketplace's and the collection's, in chain order.
 */
async function historyFromLogs(collection: Address, fromBlock: bigint) {
  const client = market.publicClient;
  const logs = [
    ...(await client.getLogs({ address: market.marketplace as Address, fromBlock })),
    ...(await client.getLogs({ address: collection, fromBlock })),
  ].sort((a, b) => Number(a.blockNumber! - b.blockNumber!) || a.logIndex! - b.logIndex!);
  const parsed = parseEventLogs({ abi: [...marketplaceAbi, ...tradableCollectionAbi], logs });
  const sales = new Map<bigint, { tokenId: bigint; seller: string; price: bigint; amount: bigint }>();
  const accepted = new Set<string>();
  const soldMoves = new Set<string>();
  const rows: { type: string; tokenId: string; from: string | null; to: string | null; price: string | null; amount: string; tx: Hash }[] = [];
  for (const log of parsed) {
    const tx = log.transactionHash;
    const a = log.args as unknown as Record<string, never>;
    switch (log.eventName) {
      case 'CreatedSale':
        sales.set(a.saleId, { tokenId: a.tokenId, seller: lower(a.seller), price: a.price, amount: a.amount });
        rows.push({ type: 'listing_created', tokenId: String(a.tokenId), from: lower(a.seller), to: null, price: String(a.price), amount: String(a.amount), tx });
        break;
      case 'CancelledSale': {
        const sale = sales.get(a.saleId)!;
        rows.push({ type: 'listing_cancelled', tokenId: String(sale.tokenId), from: sale.seller, to: null, price: String(sale.price), amount: String(sale.amount), tx });
        break;
      }
      case 'OfferMade':
        rows.push({ type: 'offer_created', tokenId: String(a.tokenId), from: lower(a.buyer), to: sales.get(a.saleId)!.seller, price: String(a.price), amount: String(a.amount), tx });
        break;
      case 'OfferRetracted':
        rows.push({ type: 'offer_cancelled', tokenId: String(a.tokenId), from: lower(a.buyer), to: sales.get(a.saleId)!.seller, price: null, amount: '1', tx });
        break;
      case 'OfferAccepted':
        accepted.add(`${tx}:${a.saleId}`);
        break;
      case 'Sold':
        soldMoves.add(`${tx}:${a.tokenId}`);
        rows.push({
          type: accepted.has(`${tx}:${a.saleId}`) ? 'offer_sold' : 'listing_sold', tokenId: String(a.tokenId), from: lower(a.seller), to: lower(a.buyer),
          price: String(a.price), amount: String(a.amount), tx,
        });
        break;
      case 'TransferSingle':
        if (soldMoves.has(`${tx}:${a.id}`)) break;
        rows.push({ type: a.from === ZERO ? 'mint' : 'transfer', tokenId: String(a.id), from: a.from === ZERO ? null : lower(a.from), to: lower(a.to), price: null, amount: String(a.value), tx });
        break;
      case 'TransferBatch':
        (a.ids as bigint[]).forEach((tokenId, i) =>
          rows.push({ type: a.from === ZERO ? 'mint' : 'transfer', tokenId: String(tokenId), from: a.from === ZERO ? null : lower(a.from), to: lower(a.to), price: null, amount: String((a.values as bigint[])[i]), tx }),
        );
        break;
      default:
        break;
    }
  }
  return rows.reverse();
}

describe.each(DATABASE_KINDS)('activity on %s', (kind) => {
  let artist: SeedWallet;
  let collector: SeedWallet;
  let other: SeedWallet;
  let collection: Address;
  let fromBlock: bigint;
  let indexer: Indexer;

  beforeAll(async () => {
    // The artist (#1) is registered by the owner (#0) at deployment.
    ({ wallets, deployments, market } = await deployTestMarket({ creators: [1] }));
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    [artist, collector, other] = [wallets[1]!, wallets[3]!, wallets[4]!];

    indexer = await start();
    fromBlock = (await market.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;
    // Minted (3 tokens), listed, bought at the price, an offer made and retracted, another accepted, a listing
    // cancelled, and a token given away.
    collection = (await createCollection(market, artist, { name: 'Salt Flats', symbol: 'SALT', tokenCount: 3, baseUri: 'ipfs://salt-flats/' })).address;
    await approveMarketplace(market, artist, collection);
    const sale1 = await createSale(market, artist, collection, 1, parseEther('1'));
    const sale2 = await createSale(market, artist, collection, 2, parseEther('2'));
    const sale3 = await createSale(market, artist, collection, 3, parseEther('0.5'));
    await makeOffer(market, collector, sale1, 1, parseEther('1'));
    await makeOffer(market, other, sale2, 2, parseEther('1.5'));
    await retractOffer(market, other, sale2, 2);
    await makeOffer(market, other, sale2, 2, parseEther('1.2'));
    await acceptOffer(market, artist, sale2, other.account.address, 2, parseEther('1.2'));
    await cancelSale(market, artist, sale3);
    const gift = await collector.writeContract({
      address: collection, abi: tradableCollectionAbi, functionName: 'safeTransferFrom',
      args: [collector.account.address, other.account.address, 1n, 1n, '0x'], account: collector.account, chain: collector.chain,
    });
    await market.publicClient.waitForTransactionReceipt({ hash: gift });
    await caughtUp(indexer);
  });

  afterAll(async () => {
    await indexer?.stop();
    await database?.close();
  });

  const tokenRef = async (tokenId: number) => {
    const rows = await database.db
      .select({ id: tokens.id, tokenId: tokens.tokenId })
      .from(tokens)
      .innerJoin(collections, eq(collections.id, tokens.collectionId))
      .where(eq(collections.address, lower(collection)));
    return rows.find((r) => r.tokenId === String(tokenId))!.id;
  };

  it("a collection's activity is its chain logs, newest first, one row each, typed as collectors read them", async () => {
    const [row] = await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(collection)));
    const shown = await nodes({ collection: row!.id });
    const expected = await historyFromLogs(collection, fromBlock);
    expect(
      shown.map((node) => ({
        type: node.type, tokenId: node.token.tokenId, from: node.from?.address ?? null, to: node.to?.address ?? null,
        price: node.type === 'offer_cancelled' ? null : (node.price?.amount ?? null), amount: node.amount, tx: node.transactionHash,
      })),
    ).toEqual(expected);
    // The sequence as a collector would tell it (newest first).
    expect(shown.map((node) => `${node.type} #${node.token.tokenId}`)).toEqual([
      'transfer #1', 'listing_cancelled #3', 'offer_sold #2', 'offer_created #2', 'offer_cancelled #2', 'offer_created #2', 'listing_sold #1',
      'listing_created #3', 'listing_created #2', 'listing_created #1', 'mint #3', 'mint #2', 'mint #1',
    ]);
    // Every row names its transaction, block and time; prices are in the native currency ('ETH' on the wire).
    for (const node of shown) {
      const receipt = await market.publicClient.getTransactionReceipt({ hash: node.transactionHash as Hash });
      expect(node.blockNumber).toBe(Number(receipt.blockNumber));
      const block = await market.publicClient.getBlock({ blockNumber: receipt.blockNumber });
      expect(new Date(node.createdAt).getTime()).toBe(Number(block.timestamp) * 1000);
      expect(node.token).toMatchObject({ collectionAddress: lower(collection), collectionName: 'Salt Flats', container_id: String(row!.id) });
    }
    expect(shown.find((node) => node.type === 'offer_sold')!.price).toEqual({ amount: parseEther('1.2').toString(), currency: 'ETH' });
    expect(shown.find((node) => node.type === 'offer_cancelled')!.price).toEqual({ amount: parseEther('1.5').toString(), currency: 'ETH' });
    expect(shown.find((node) => node.type === 'mint')!.price).toBeNull();
  });

  it("the sale sorts' columns are each token's newest sale in the logs: a bought listing, an accepted offer, none", async () => {
    const [row] = await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(collection)));
    const sold = (await nodes({ collection: row!.id })).filter((node) => node.type === 'listing_sold' || node.type === 'offer_sold');
    const saleOf = (tokenId: string) => sold.find((node) => node.token.tokenId === tokenId) ?? null;
    for (const tokenId of [1, 2, 3]) {
      const [token] = await database.db
        .select({ lastSaleWei: tokens.lastSaleWei, lastSoldAt: tokens.lastSoldAt })
        .from(tokens)
        .where(eq(tokens.id, await tokenRef(tokenId)));
      const sale = saleOf(String(tokenId));
      expect(token).toEqual({ lastSaleWei: sale?.price?.amount ?? null, lastSoldAt: sale ? new Date(sale.createdAt) : null });
    }
    expect(saleOf('2')!.price!.amount).toBe(parseEther('1.2').toString());
    expect(saleOf('3')).toBeNull();
  });

  it('scopes: a token, an artist, an account (what it sold, bought, offered and was given)', async () => {
    const two = await nodes({ token: String(await tokenRef(2)) });
    expect(two.map((node) => node.type)).toEqual(['offer_sold', 'offer_created', 'offer_cancelled', 'offer_created', 'listing_created', 'mint']);
    // Each row links to the token's page: its holding with units today (the buyer's, after the accepted offer).
    const held = await database.db.select({ id: holdings.id, owner: holdings.owner, amount: holdings.amount }).from(holdings).where(eq(holdings.tokenId, await tokenRef(2)));
    const live = held.filter((holding) => BigInt(holding.amount) > 0n);
    expect(live.map((holding) => holding.owner)).toEqual([lower(other.account.address)]);
    expect(new Set(two.map((node) => node.token.holdingId))).toEqual(new Set([String(live[0]!.id)]));
    expect((await nodes({ artist: artist.account.address })).length).toBe(13);
    const others = await nodes({ account: other.account.address.toUpperCase().replace('0X', '0x') });
    expect(others.map((node) => `${node.type} #${node.token.tokenId}`)).toEqual(['transfer #1', 'offer_sold #2', 'offer_created #2', 'offer_cancelled #2', 'offer_created #2']);
    expect(await nodes({ account: wallets[7]!.account.address })).toEqual([]);
  });

  it('pages newest first by endCursor, with the total; a bad filter is refused with a clear message', async () => {
    const [row] = await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(collection)));
    const all = await nodes({ collection: row!.id });
    const first = await read({ collection: row!.id }, { perPage: 5 });
    expect(first.totalCount).toBe(13);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await read({ collection: row!.id }, { perPage: 5, after: first.pageInfo.endCursor });
    const third = await read({ collection: row!.id }, { perPage: 5, after: second.pageInfo.endCursor });
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect([...first.edges, ...second.edges, ...third.edges].map((edge) => edge.node.id)).toEqual(all.map((node) => node.id));

    for (const filter of [{}, { token: '1', artist: artist.account.address }, { account: 'not an address' }]) {
      const { body } = await graphql(server.app, ACTIVITY, { filter });
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const { body } = await graphql(server.app, ACTIVITY, { filter: {} });
    expect(body.errors?.[0]?.message).toBe('Invalid filter: give exactly one of token, collection, artist and account.');
  });

  it('a hidden collection has no public activity', async () => {
    const [row] = await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(collection)));
    await database.db.update(collections).set({ isHidden: true }).where(eq(collections.id, row!.id));
    try {
      expect((await read({ collection: row!.id })).totalCount).toBe(0);
      expect(await nodes({ account: other.account.address })).toEqual([]);
    } finally {
      await database.db.update(collections).set({ isHidden: false }).where(eq(collections.id, row!.id));
    }
  });

  it('a database indexed before activity was kept gets it from its stored logs at the next start, the same rows', async () => {
    const [row] = await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(collection)));
    const before = (await nodes({ collection: row!.id })).map(({ id: _id, ...node }) => node);
    await indexer.stop();
    await database.db.delete(activity);
    await database.db.update(indexerState).set({ derivedVersion: 0 });
    const notices: string[] = [];
    indexer = await startIndexer({ db: database.db, publicClient: market.publicClient, deployments, ipfs: TEST_IPFS, pollIntervalMs: 20, log: (message) => notices.push(message) });
    await caughtUp(indexer);
    // The same rows, and the same token links: the replay keeps each holding's id (the token page's address).
    expect((await nodes({ collection: row!.id })).map(({ id: _id, ...node }) => node)).toEqual(before);
    expect(notices.some((notice) => notice.includes('indexed before its activity was kept'))).toBe(true);
    const [state] = await database.db.select({ derivedVersion: indexerState.derivedVersion }).from(indexerState);
    expect(state!.derivedVersion).toBe(1);
  });

  it("price histories and a collection's statistics: the listings and sales the chain's logs hold, the floor, volume, owners and listed share", async () => {
    const [row] = await database.db.select({ id: collections.id }).from(collections).where(eq(collections.address, lower(collection)));
    const id = String(row!.id);
    const history = async (filter: Record<string, unknown>) => {
      const { body } = await graphql(server.app, PRICES, { filter });
      expect(body.errors).toBeUndefined();
      return (body.data as unknown as { getPriceHistory: { points: { type: string; time: string; price: { amount: string; currency: string }; amount: string }[]; listing: { amount: string } | null } }).getPriceHistory;
    };
    const stats = async () => {
      const { body } = await graphql(server.app, STATS, { collection: id });
      expect(body.errors).toBeUndefined();
      return (body.data as unknown as { getCollectionStats: Record<string, unknown> | null }).getCollectionStats;
    };
    // The collection's listings and sales, oldest first, as the chain's own logs tell them (per-unit prices).
    const fromLogs = (await historyFromLogs(collection, fromBlock)).filter((entry) => ['listing_created', 'listing_sold', 'offer_sold'].includes(entry.type)).reverse();
    const shown = await history({ collection: id });
    expect(shown.points.map((point) => ({ type: point.type, price: point.price.amount, amount: point.amount }))).toEqual(
      fromLogs.map((entry) => ({ type: entry.type, price: entry.price, amount: entry.amount })),
    );
    expect(shown.points.map((point) => point.time)).toEqual([...shown.points.map((point) => point.time)].sort());
    expect(shown.listing).toBeNull();
    const two = await history({ token: String(await tokenRef(2)) });
    expect(two.points.map((point) => `${point.type} ${point.price.amount}`)).toEqual([`listing_created ${parseEther('2')}`, `offer_sold ${parseEther('1.2')}`]);
    // Sold at 1 and by an accepted offer at 1.2; #1 and #2 now with the other account, #3 with the artist; none listed.
    expect(await stats()).toEqual({ floorPrice: null, volume: [{ amount: parseEther('2.2').toString(), currency: 'ETH' }], sales: 2, owners: 2, listed: 0, tokens: 3 });

    // Listed again by its new owner: the floor, the listed share and the token's asking price follow.
    await approveMarketplace(market, other, collection);
    await createSale(market, other, collection, 2, parseEther('3'));
    await caughtUp(indexer);
    expect(await stats()).toMatchObject({ floorPrice: { amount: parseEther('3').toString(), currency: 'ETH' }, listed: 1, sales: 2 });
    const listed = await history({ token: String(await tokenRef(2)) });
    expect(listed.listing).toEqual({ amount: parseEther('3').toString(), currency: 'ETH' });
    expect(listed.points.at(-1)).toMatchObject({ type: 'listing_created', price: { amount: parseEther('3').toString() } });

    // Hidden, the collection has no figures for the public; a filter with no scope is refused.
    await database.db.update(collections).set({ isHidden: true }).where(eq(collections.id, row!.id));
    try {
      expect(await stats()).toBeNull();
      expect((await history({ collection: id })).points).toEqual([]);
    } finally {
      await database.db.update(collections).set({ isHidden: false }).where(eq(collections.id, row!.id));
    }
    const { body } = await graphql(server.app, PRICES, { filter: {} });
    expect(body.errors?.[0]?.message).toBe('Invalid filter: give exactly one of token and collection.');
  });
});
