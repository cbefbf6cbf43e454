// Token-currency offers (the marketplace gaps review (item 7), docs/requirements.md#trading-offers) through the indexer and the GraphQL API: a real in-process
// chain with the real contracts (the demo WETH allow-listed), on PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDemoCurrency } from '../../contracts/currency.js';
import type { Deployments } from '../../contracts/deploy.js';
import { demoWETHAbi, marketplaceAbi } from '../../contracts/generated/index.js';
import { collections, holdings, offers, tokens } from '../../server/db/schema.js';
import { startIndexer, type Indexer } from '../../server/indexer/index.js';
import { approveMarketplace, createCollection, createSale, type Market, type SeedWallet } from '../../scripts/seed/chain.js';
import { graphqlClient, type Data } from './dashboardFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';
import { deployTestMarket, TEST_IPFS } from './marketFixtures.js';

const lower = (a: string) => a.toLowerCase();

describe.each(DATABASE_KINDS)('token-currency offers indexed on %s', (kind) => {
  let database: TestDatabase;
  let market: Market;
  let deployments: Deployments;
  let wallets: SeedWallet[];
  let weth: Address;
  let indexer: Indexer;

  beforeAll(async () => {
    const chain = await deployTestMarket({ creators: [1] });
    const { publicClient, accounts } = chain;
    ({ wallets, deployments, market } = chain);
    ({ address: weth } = await deployDemoCurrency({ walletClient: wallets[0]!, publicClient, marketplace: deployments.marketplace, fund: [accounts[3]!] }));
    database = await openTestDatabase(kind);
    indexer = await startIndexer({ db: database.db, publicClient, deployments, ipfs: TEST_IPFS, io: { emit: () => undefined }, pollIntervalMs: 20 });
  }, 120_000);

  afterAll(async () => {
    await indexer?.stop();
    await database?.close();
  });

  async function mined(hash: `0x${string}`) {
    const receipt = await market.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
  }

  it('stores the offer with its token currency, shows it in GraphQL, and the accepted offer moves the token', async () => {
    const [artist, collector] = [wallets[1]!, wallets[3]!];
    const { address: collection } = await createCollection(market, artist, { name: 'Wrapped Tides', symbol: 'WTIDE', tokenCount: 1, baseUri: 'ipfs://wrapped-tides/' });
    await approveMarketplace(market, artist, collection);
    const saleId = await createSale(market, artist, collection, 1, parseEther('1'));
    const price = parseEther('0.25');
    // Approval first, then the offer (docs/requirements.md#trading-offers: a token offer is approved, then escrowed).
    await mined(await collector.writeContract({ account: collector.account, chain: hardhat, address: weth, abi: demoWETHAbi, functionName: 'approve', args: [market.marketplace, price] }));
    await mined(await collector.writeContract({ account: collector.account, chain: hardhat, address: market.marketplace, abi: marketplaceAbi, functionName: 'makeOfferWithToken', args: [saleId, 1n, 1n, price, weth] }));
    await indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));

    const [token] = await database.db
      .select({ id: tokens.id })
      .from(tokens)
      .innerJoin(collections, eq(collections.id, tokens.collectionId))
      .where(and(eq(collections.address, lower(collection)), eq(tokens.tokenId, '1')));
    const [offer] = await database.db.select().from(offers).where(eq(offers.tokenRef, token!.id));
    expect(offer).toMatchObject({ buyer: lower(collector.account.address), priceWei: '250000000000000000', currency: lower(weth), state: 'made' });

    const client = graphqlClient((await buildTestServer(database.db)).app);
    const q = `query ($t: ID!) { getOffersByToken(token: $t) { edges { node { state price { amount currency } buyer { address } } } } }`;
    const nodes = (await client.ok(q, { t: String(token!.id) })).getOffersByToken.edges.map((edge: Data) => edge.node);
    expect(nodes).toEqual([{ state: 'made', price: { amount: '250000000000000000', currency: lower(weth) }, buyer: { address: lower(collector.account.address) } }]);

    await mined(await artist.writeContract({ account: artist.account, chain: hardhat, address: market.marketplace, abi: marketplaceAbi, functionName: 'acceptOffer', args: [saleId, collector.account.address, 1n, price, weth] }));
    await indexer.waitForBlock(await market.publicClient.getBlockNumber({ cacheTime: 0 }));
    const [accepted] = await database.db.select().from(offers).where(eq(offers.id, offer!.id));
    expect(accepted!.state).toBe('accepted');
    const owners = await database.db.select({ owner: holdings.owner, amount: holdings.amount }).from(holdings).where(eq(holdings.tokenId, token!.id));
    expect(owners).toEqual([{ owner: lower(collector.account.address), amount: '1' }]);
  });
});
