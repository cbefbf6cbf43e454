// Live events of every indexed chain event, through the real live bus and socket.io to real socket.io clients,
// on a real in-process chain with the real contracts, on PGlite and PostgreSQL.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import type { Server as SocketServer } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCreator, removeCreator } from '../../contracts/creators.js';
import type { LiveEventName } from '../../domain/contracts/live.js';
import { parseLiveEvent } from '../../domain/contracts/liveEvents.js';
import type { Deployments } from '../../contracts/deploy.js';
import { accounts, collections, holdings, offers, tokens } from '../../server/db/schema.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import {
  approveMarketplace, cancelAllOutSale, cancelSale, createAllOutSale, createCollection, createSale, makeOffer, retractOffer, type Market, type SeedWallet,
} from '../../scripts/seed/chain.js';
import { ALICE, login } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, graphql } from './fixtures.js';
import { deployTestMarket } from './marketFixtures.js';
import { until } from './until.js';

const EVENTS: LiveEventName[] = [
  'CreatedCollection', 'CreatedOwner', 'CreatedCreator', 'RemovedCreator', 'CreatedAllOutSale', 'CancelledAllOutSale', 'CreatedSale', 'OfferMade',
  'CancelledSale', 'Sold', 'OfferRetracted', 'TransferSingle', 'PublishReady',
];
type Received = { name: LiveEventName; doc: Record<string, unknown> };
const lower = (a: string) => a.toLowerCase();

/** A connected client that said 'ready' (with an address or anonymously) and records every live event. */
async function listen(port: number, signedIn?: { address: string; key: string }) {
  const socket: Socket = connectSocket(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'] });
  const received: Received[] = [];
  for (const name of EVENTS) socket.on(name, (doc: Record<string, unknown>) => received.push({ name, doc }));
  const ack = (await socket.timeout(5000).emitWithAck('ready', signedIn ?? {})) as { signedIn: boolean };
  expect(ack.signedIn).toBe(!!signedIn);
  return { socket, received };
}

describe.each(DATABASE_KINDS)('indexer live events on %s', (kind) => {
  let database: TestDatabase;
  let market: Market;
  let deployments: Deployments;
  let wallets: SeedWallet[];
  let io: SocketServer;
  let httpServer: ReturnType<typeof serve>;
  let indexer: Indexer;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let artistClient: Awaited<ReturnType<typeof listen>>;
  let watcher: Awaited<ReturnType<typeof listen>>;
  let soldSeenInDb: Promise<boolean> | null = null;

  const named = (client: { received: Received[] }, name: string) => client.received.filter((e) => e.name === name).map((e) => e.doc);
  const caughtUp = async () => indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));
  async function tokenOf(collection: string, tokenId: number) {
    const [row] = await database.db
      .select({ t: tokens })
      .from(tokens)
      .innerJoin(collections, eq(collections.id, tokens.collectionId))
      .where(and(eq(collections.address, lower(collection)), eq(tokens.tokenId, String(tokenId))));
    return row!.t;
  }

  beforeAll(async () => {
    ({ wallets, deployments, market } = await deployTestMarket());
    database = await openTestDatabase(kind);

    server = await buildTestServer(database.db);
    httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => httpServer.once('listening', resolve));
    io = server.attach(httpServer as Parameters<typeof server.attach>[0]);
    const { port } = httpServer.address() as AddressInfo;
    // The artist is Hardhat account #1 (ALICE's key): signed in, its socket joins the account's room.
    expect(ALICE.address).toBe(wallets[1]!.account.address);
    artistClient = await listen(port, (await login(server, ALICE)).apiKey);
    watcher = await listen(port);
    // Checks "after commit": when Sold arrives, another connection already sees the sold token.
    watcher.socket.on('Sold', (doc: { token_id: string }) => {
      soldSeenInDb = database.db.select({ isSold: tokens.isSold }).from(tokens).where(eq(tokens.id, Number(doc.token_id))).then(([r]) => r!.isSold);
    });
    indexer = await startIndexer({ db: database.db, publicClient: market.publicClient, deployments, ipfs: server.config.public.ipfs, io: server.live, pollIntervalMs: 20 });
  });

  afterAll(async () => {
    await indexer?.stop();
    artistClient?.socket.close();
    watcher?.socket.close();
    await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
    await database?.close();
  });

  it('behavior: owner, creator and collection events reach every client; no PublishReady (it is /publish\'s, sent once)', async () => {
    const [deployer, artist] = [wallets[0]!, wallets[1]!];
    // The factory owner registers the artist (CreatedCreator), who then publishes.
    await addCreator({ walletClient: deployer, publicClient: market.publicClient, factory: market.collectionFactory }, artist.account.address);
    const { address } = await createCollection(market, artist, { name: 'Live Tides', symbol: 'LIVE', tokenCount: 2, supplyPerToken: 2, baseUri: 'ipfs://live-tides/' });
    await caughtUp();
    await until(() => named(watcher, 'CreatedCollection').length === 1 && named(artistClient, 'CreatedCollection').length === 1, 'collection events');

    expect(named(watcher, 'CreatedOwner')).toEqual([
      expect.objectContaining({ account_id: lower(deployer.account.address), owner: lower(deployer.account.address), chainId: 31337, _id: expect.any(String) }),
    ]);
    expect(named(watcher, 'CreatedCreator')).toEqual([
      expect.objectContaining({ creator: lower(artist.account.address), account_id: lower(artist.account.address), chainId: 31337 }),
    ]);
    const [row] = await database.db.select().from(collections).where(eq(collections.address, lower(address)));
    const collectionDoc = { _id: String(row!.id), creator: lower(artist.account.address), address: lower(address), name: 'Live Tides', tokenCount: 2, chainId: 31337 };
    expect(named(watcher, 'CreatedCollection')).toEqual([collectionDoc]);
    expect(named(artistClient, 'CreatedCollection')).toEqual([collectionDoc]);
    // Give a stray room event time to arrive before asserting it never did: the creator's studio had its PublishReady
    // from /publish before the wallet step; the indexer's CreatedCollection is what says the collection is on chain.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(named(artistClient, 'PublishReady')).toEqual([]);
    expect(named(watcher, 'PublishReady')).toEqual([]);
    // The mint is one TransferBatch: no per-token TransferSingle broadcast.
    expect(named(watcher, 'TransferSingle')).toEqual([]);
  });

  it('behavior: listings, offers, a cancellation and a purchase broadcast their documents after commit', async () => {
    const [artist, collector, other] = [wallets[1]!, wallets[3]!, wallets[4]!];
    const [{ address: collectionAddress }] = (await database.db.select({ address: collections.address }).from(collections)) as { address: Address }[];
    await approveMarketplace(market, artist, collectionAddress);
    const t1 = await tokenOf(collectionAddress, 1);
    const tokenId = String(t1.id);
    const artistAddress = lower(artist.account.address);

    const saleA = await createSale(market, artist, collectionAddress, 1, parseEther('1'));
    const saleB = await createSale(market, artist, collectionAddress, 1, parseEther('0.8'));
    await makeOffer(market, collector, saleA, 1, parseEther('0.5'));
    await makeOffer(market, other, saleB, 1, parseEther('0.1'));
    await retractOffer(market, other, saleB, 1);
    await cancelSale(market, artist, saleA);
    // The buyer has an alias and an avatar: the Sold document names them (ownerInfo) as a reload shows them.
    const avatar = 'bafkreiliveavatarjune';
    await database.db.insert(accounts).values({ address: lower(collector.account.address), alias: 'june', avatar })
      .onConflictDoUpdate({ target: accounts.address, set: { alias: 'june', avatar } });
    await makeOffer(market, collector, saleB, 1, parseEther('0.8')); // at the listed price: a purchase
    await caughtUp();
    await until(() => named(watcher, 'Sold').length === 1, 'Sold');

    // First listing: the token had no price ("on sale"); second: it had one ("price changed").
    expect(named(watcher, 'CreatedSale')).toEqual([
      expect.objectContaining({ token_id: tokenId, sale_id: saleA.toString(), seller: artistAddress, price: parseEther('1').toString(), amount: '1', previousPrice: null, tokenPrice: parseEther('1').toString(), chainId: 31337 }),
      expect.objectContaining({ token_id: tokenId, sale_id: saleB.toString(), previousPrice: parseEther('1').toString(), tokenPrice: parseEther('0.8').toString() }),
    ]);
    expect(named(watcher, 'OfferMade')).toEqual([
      expect.objectContaining({ token_id: tokenId, sale_id: saleA.toString(), buyer: lower(collector.account.address), seller: artistAddress, price: parseEther('0.5').toString() }),
      expect.objectContaining({ token_id: tokenId, sale_id: saleB.toString(), buyer: lower(other.account.address) }),
    ]);
    expect(named(watcher, 'OfferRetracted')).toEqual([
      expect.objectContaining({ token_id: tokenId, sale_id: saleB.toString(), buyer: lower(other.account.address), seller: artistAddress, _id: expect.any(String) }),
    ]);
    // Cancelling the dearer listing leaves the other one's price on the token.
    expect(named(watcher, 'CancelledSale')).toEqual([
      expect.objectContaining({ token_id: tokenId, sale_id: saleA.toString(), seller: artistAddress, tokenPrice: parseEther('0.8').toString(), isSold: false }),
    ]);
    const [invalidated] = await database.db.select().from(offers).where(eq(offers.buyer, lower(collector.account.address)));
    expect(invalidated!.state).toBe('invalidated');
    expect(named(watcher, 'Sold')).toEqual([
      expect.objectContaining({
        token_id: tokenId, sale_id: saleB.toString(), buyer: lower(collector.account.address), seller: artistAddress, owner: lower(collector.account.address),
        price: parseEther('0.8').toString(), amount: '1', isSold: true, tokenPrice: null, chainId: 31337,
        ownerInfo: { id: expect.any(String), address: lower(collector.account.address), alias: 'june', avatar: `/ipfs/thumbnail/${avatar}`, firstName: null, lastName: null },
      }),
    ]);
    // The same PersonInfo a GraphQL read of the buyer's holding gives.
    const [held] = await database.db.select({ id: holdings.id }).from(holdings)
      .where(and(eq(holdings.tokenId, t1.id), eq(holdings.owner, lower(collector.account.address))));
    const read = await graphql(server.app, 'query ($id: ID!) { getTokenFromHolding(id: $id) { ownerInfo { id address alias avatar firstName lastName } } }', { id: String(held!.id) });
    expect((read.body.data as unknown as { getTokenFromHolding: { ownerInfo: unknown } }).getTokenFromHolding.ownerInfo).toEqual(named(watcher, 'Sold')[0]!.ownerInfo);
    expect(await soldSeenInDb).toBe(true);
    expect(named(watcher, 'TransferSingle')).toEqual([
      expect.objectContaining({ token_id: tokenId, seller: artistAddress, buyer: lower(collector.account.address), owner: lower(collector.account.address), amount: '1' }),
    ]);
    // Every client got the public events, in chain order.
    expect(artistClient.received).toEqual(watcher.received);
  });

  it('behavior: an all-out sale and its cancellation broadcast the per-token sales and the collection sale', async () => {
    const artist = wallets[1]!;
    const [row] = await database.db.select().from(collections);
    const { allOutSaleId, saleIds } = await createAllOutSale(market, artist, row!.address as Address, parseEther('0.3'));
    await cancelAllOutSale(market, artist, allOutSaleId);
    await caughtUp();
    await until(() => named(watcher, 'CancelledAllOutSale').length === 1, 'CancelledAllOutSale');

    const aos = { all_out_sale_id: allOutSaleId.toString(), seller: lower(artist.account.address), collection_id: String(row!.id), chainId: 31337 };
    expect(named(watcher, 'CreatedAllOutSale')).toEqual([expect.objectContaining({ ...aos, price: parseEther('0.3').toString() })]);
    expect(named(watcher, 'CancelledAllOutSale')).toEqual([expect.objectContaining(aos)]);
    const perToken = (docs: Record<string, unknown>[]) => docs.filter((d) => saleIds.map(String).includes(d.sale_id as string)).map((d) => d.sale_id);
    expect(perToken(named(watcher, 'CreatedSale'))).toEqual(saleIds.map(String));
    expect(perToken(named(watcher, 'CancelledSale'))).toEqual(saleIds.map(String));
    expect(named(watcher, 'CreatedSale').at(-1)).toMatchObject({ all_out_sale_id: allOutSaleId.toString() });
  });

  it('behavior: registering and removing a creator broadcast CreatedCreator then RemovedCreator to every client', async () => {
    const owner = { walletClient: wallets[0]!, publicClient: market.publicClient, factory: market.collectionFactory };
    const applicant = wallets[6]!.account.address;
    await addCreator(owner, applicant);
    await removeCreator(owner, applicant);
    await caughtUp();
    await until(() => named(watcher, 'RemovedCreator').length === 1, 'RemovedCreator');
    const doc = expect.objectContaining({ creator: lower(applicant), account_id: lower(applicant), chainId: 31337, _id: expect.any(String) });
    expect(named(watcher, 'CreatedCreator').at(-1)).toEqual(doc);
    expect(named(watcher, 'RemovedCreator')).toEqual([doc]);
    expect(named(artistClient, 'RemovedCreator')).toEqual([doc]);
  });

  it('every payload the indexer broadcast reads as its event\'s contract (domain/contracts/liveEvents.ts), as the client parses it', () => {
    const events = [...watcher.received, ...artistClient.received];
    expect(new Set(events.map((event) => event.name)).size).toBeGreaterThanOrEqual(10);
    expect(events.flatMap(({ name, doc }) => {
      const read = parseLiveEvent(name, doc);
      return read.ok ? [] : [`${name}: ${read.issues}`];
    })).toEqual([]);
  });
});
