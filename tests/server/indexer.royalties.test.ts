// Royalty changes (the creator's royalties controls) through the indexer and the GraphQL API: the collection's RoyaltiesChanged
// (reduceRoyalties, transferRoyaltiesRecipient) updates the stored rate that lists and token pages read. A real
// in-process chain with the real contracts, on PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradableCollectionAbi } from '../../contracts/generated/index.js';
import { collections } from '../../server/db/schema.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import { createCollection, type Market, type SeedWallet } from '../../scripts/seed/chain.js';
import { graphqlClient, type Data } from './dashboardFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { deployTestMarket, TEST_IPFS } from './marketFixtures.js';

const lower = (a: string) => a.toLowerCase();
const collectionQuery = /* GraphQL */ `query ($f: CollectionFilter) { getCollections(filters: $f) { edges { node { _id address royaltiesBasispoints } } } }`;
const tokensQuery = /* GraphQL */ `query ($c: ID!) { getTokensByContainerId(container_id: $c) { edges { node { tokenId collection { royaltiesBasispoints } } } } }`;

describe.each(DATABASE_KINDS)('royalty changes indexed on %s', (kind) => {
  let database: TestDatabase;
  let market: Market;
  let wallets: SeedWallet[];
  let indexer: Indexer;

  beforeAll(async () => {
    const chain = await deployTestMarket({ creators: [1] });
    const { publicClient, deployments } = chain;
    ({ wallets, market } = chain);
    database = await openTestDatabase(kind);
    indexer = await startIndexer({ db: database.db, publicClient, deployments, ipfs: TEST_IPFS, io: { emit: () => undefined }, pollIntervalMs: 20 });
  }, 120_000);

  afterAll(async () => {
    await indexer?.stop();
    await database?.close();
  });

  async function creatorCalls(collection: Address, call: { functionName: 'reduceRoyalties'; args: [bigint] } | { functionName: 'transferRoyaltiesRecipient'; args: [Address] }) {
    const artist = wallets[1]!;
    const base = { account: artist.account, chain: hardhat, address: collection, abi: tradableCollectionAbi } as const;
    const hash = call.functionName === 'reduceRoyalties'
      ? await artist.writeContract({ ...base, functionName: 'reduceRoyalties', args: call.args })
      : await artist.writeContract({ ...base, functionName: 'transferRoyaltiesRecipient', args: call.args });
    expect((await market.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    await indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));
  }

  async function stored(collection: Address) {
    const [row] = await database.db
      .select({ id: collections.id, royaltiesBasispoints: collections.royaltiesBasispoints })
      .from(collections)
      .where(and(eq(collections.chainId, hardhat.id), eq(collections.address, lower(collection))));
    return row!;
  }

  async function viaGraphql(collection: Address, collectionId: number) {
    const client = graphqlClient((await buildTestServer(database.db)).app);
    const [node] = (await client.ok(collectionQuery, { f: { address: collection, chainId: hardhat.id } })).getCollections.edges.map((e: Data) => e.node);
    const tokens = (await client.ok(tokensQuery, { c: String(collectionId) })).getTokensByContainerId.edges.map((e: Data) => e.node);
    return { collection: node, tokens };
  }

  it('a lowered rate reaches the indexed row, the collection query and its tokens; a new recipient keeps the rate', async () => {
    const { address: collection } = await createCollection(market, wallets[1]!, { name: 'Lowered Tides', symbol: 'LTIDE', tokenCount: 2, baseUri: 'ipfs://lowered-tides/', royaltiesBasispoints: 500 });
    await indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));
    const created = await stored(collection);
    expect(created.royaltiesBasispoints).toBe(500);

    await creatorCalls(collection, { functionName: 'reduceRoyalties', args: [250n] });
    expect(await stored(collection)).toEqual({ id: created.id, royaltiesBasispoints: 250 });
    const lowered = await viaGraphql(collection, created.id);
    expect(lowered.collection).toEqual({ _id: String(created.id), address: lower(collection), royaltiesBasispoints: 250 });
    expect(lowered.tokens).toEqual([
      { tokenId: '1', collection: { royaltiesBasispoints: 250 } },
      { tokenId: '2', collection: { royaltiesBasispoints: 250 } },
    ]);

    // The recipient moves; RoyaltiesChanged repeats the (lowered) rate, which stays.
    await creatorCalls(collection, { functionName: 'transferRoyaltiesRecipient', args: [wallets[2]!.account.address] });
    const [recipient, rate] = await Promise.all([
      market.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltiesRecipient' }),
      market.publicClient.readContract({ address: collection, abi: tradableCollectionAbi, functionName: 'royaltiesBasispoints' }),
    ]);
    expect([lower(recipient as string), Number(rate)]).toEqual([lower(wallets[2]!.account.address), 250]);
    expect(await stored(collection)).toEqual({ id: created.id, royaltiesBasispoints: 250 });
    expect((await viaGraphql(collection, created.id)).collection.royaltiesBasispoints).toBe(250);

    // Lowering to zero is a change too (not mistaken for "no value").
    await creatorCalls(collection, { functionName: 'reduceRoyalties', args: [0n] });
    expect((await stored(collection)).royaltiesBasispoints).toBe(0);
    expect((await viaGraphql(collection, created.id)).collection.royaltiesBasispoints).toBe(0);
  });

  it('leaves other collections at their own rate', async () => {
    const { address: first } = await createCollection(market, wallets[1]!, { name: 'Steady Tides', symbol: 'STIDE', tokenCount: 1, baseUri: 'ipfs://steady-tides/', royaltiesBasispoints: 700 });
    const { address: second } = await createCollection(market, wallets[1]!, { name: 'Ebbing Tides', symbol: 'ETIDE', tokenCount: 1, baseUri: 'ipfs://ebbing-tides/', royaltiesBasispoints: 700 });
    // Indexed first: a collection indexed after the change would read the already lowered rate from the contract.
    await indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));
    expect([(await stored(first)).royaltiesBasispoints, (await stored(second)).royaltiesBasispoints]).toEqual([700, 700]);
    await creatorCalls(second, { functionName: 'reduceRoyalties', args: [100n] });
    expect((await stored(first)).royaltiesBasispoints).toBe(700);
    expect((await stored(second)).royaltiesBasispoints).toBe(100);
  });
});
