import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { COLLECTOR, CREATOR_A, CREATOR_B, MARKETPLACE, graphqlClient, seedDashboard, WEI, type Data, type DashboardSeed } from './dashboardFixtures.js';
import { buildTestServer } from './fixtures.js';

const tokenListing = /* GraphQL */ `query ($f: ListingFilter, $p: PaginationInput) { getTokenListing(filters: $f, pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node {
    id saleId allOutSaleId tokenHolding_id chainId marketplace listedDate owner ownerInfo { address alias } creatorInfo { address alias }
    sale_price { amount currency } amount token { _id name tokenHolding { id owner { address } } } collection { _id name chainName } } } } }`;

const collectionListing = /* GraphQL */ `query ($f: ListingFilter, $p: PaginationInput) { getCollectionListing(filters: $f, pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node {
    id allOutSaleId container_id chainId marketplace seller price { amount currency } collection { _id name cover creatorInfo { alias } }
    tokensListed createdAt updatedAt } } } }`;

describe.each(DATABASE_KINDS)('dashboard listings GraphQL on %s', (kind) => {
  let database: TestDatabase;
  let seed: DashboardSeed;
  let client: ReturnType<typeof graphqlClient>;
  const ids = (nodes: Data[]) => nodes.map((node) => Number(node.id));
  const nodes = (connection: Data) => connection.edges.map((edge: Data) => edge.node);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seed = await seedDashboard(database.db);
    client = graphqlClient((await buildTestServer(database.db)).app);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('getTokenListing: open per-token sales (all-out ones included), newest first; cancelled and sold-out ones left out', async () => {
    const { sale, token, holding } = seed;
    const all = (await client.ok(tokenListing)).getTokenListing;
    expect(all.totalCount).toBe(6);
    expect(ids(nodes(all))).toEqual([sale.noon1, sale.dawn2Carol, sale.other3, sale.ao1dawn5, sale.ao1dawn3, sale.dawn1]);
    const [, dawn2, other3, dawn5, , dawn1] = nodes(all);
    expect(dawn5).toMatchObject({
      saleId: '6', allOutSaleId: '1', chainId: 31337, marketplace: MARKETPLACE, owner: CREATOR_A, ownerInfo: { alias: 'alice' },
      creatorInfo: { address: CREATOR_A, alias: 'alice' }, sale_price: { amount: String(2n * WEI), currency: 'ETH' },
      // 2 listed, 1 sold: units still listed.
      amount: '1', tokenHolding_id: String(holding[`${token.dawn5}:${CREATOR_A}`]),
      collection: { _id: String(seed.collection.dawn), name: 'Dawn', chainName: 'Hardhat' }, token: { _id: String(token.dawn5), name: 'Dawn #5' },
    });
    expect(new Date(dawn5.listedDate).toISOString()).toBe(dawn5.listedDate);
    // Carol's resale: her holding; Bob has no account, so only his address.
    expect(dawn2).toMatchObject({ owner: COLLECTOR, ownerInfo: { alias: 'carol' }, amount: '2', tokenHolding_id: String(holding[`${token.dawn2}:${COLLECTOR}`]), allOutSaleId: null });
    expect(other3).toMatchObject({ owner: CREATOR_B, ownerInfo: { address: CREATOR_B, alias: null }, creatorInfo: { alias: null } });
    // Carol holds more of Dawn #1, but the listing shows the seller's holding.
    expect(dawn1.token.tokenHolding).toEqual({ id: String(holding[`${token.dawn1}:${CREATOR_A}`]), owner: { address: CREATOR_A } });
    expect(dawn1.tokenHolding_id).toBe(dawn1.token.tokenHolding.id);
  });

  it('getTokenListing filters by seller, chain, collection and token, and pages', async () => {
    const { sale, token, collection } = seed;
    const list = async (f: Record<string, unknown>) => ids(nodes((await client.ok(tokenListing, { f })).getTokenListing));
    expect(await list({ seller: CREATOR_A.toUpperCase().replace('0X', '0x') })).toEqual([sale.noon1, sale.ao1dawn5, sale.ao1dawn3, sale.dawn1]);
    expect(await list({ seller: CREATOR_A, chainId: 31337 })).toEqual([sale.ao1dawn5, sale.ao1dawn3, sale.dawn1]);
    expect(await list({ container_id: String(collection.dawn) })).toEqual([sale.dawn2Carol, sale.ao1dawn5, sale.ao1dawn3, sale.dawn1]);
    expect(await list({ token_id: String(token.dawn3) })).toEqual([sale.ao1dawn3]);
    expect(await list({ token_id: String(token.dawn4) })).toEqual([]);
    expect(await list({ container_id: String(collection.dusk) })).toEqual([]);
    const pages = await client.pages(tokenListing, 'getTokenListing', {}, 4);
    expect(pages.map(ids)).toEqual([[sale.noon1, sale.dawn2Carol, sale.other3, sale.ao1dawn5], [sale.ao1dawn3, sale.dawn1]]);
  });

  it('getCollectionListing: open all-out sales with their open token sales counted; cancelled and fully sold ones left out', async () => {
    const all = (await client.ok(collectionListing)).getCollectionListing;
    expect(all.totalCount).toBe(2);
    const [noon, dawn] = nodes(all);
    expect(noon).toMatchObject({ allOutSaleId: '1', chainId: 1, container_id: String(seed.collection.noon), tokensListed: 1, collection: { name: 'Noon' } });
    // Dawn's all-out sale 1 listed #3, #4 and #5; #4 sold out, so 2 remain listed.
    expect(dawn).toMatchObject({
      allOutSaleId: '1', chainId: 31337, marketplace: MARKETPLACE, seller: CREATOR_A, container_id: String(seed.collection.dawn),
      price: { amount: String(2n * WEI), currency: 'ETH' }, tokensListed: 2,
      collection: { _id: String(seed.collection.dawn), name: 'Dawn', cover: '/ipfs/bafkreidawn', creatorInfo: { alias: 'alice' } },
    });
    expect(Number.isNaN(Date.parse(dawn.createdAt))).toBe(false);
    expect(Number.isNaN(Date.parse(dawn.updatedAt))).toBe(false);
    const pages = await client.pages(collectionListing, 'getCollectionListing', {}, 1);
    expect(pages.map((page) => page.map((node) => node.collection.name))).toEqual([['Noon'], ['Dawn']]);
  });

  it('getCollectionListing filters by collection, seller, chain and a listed token', async () => {
    const names = async (f: Record<string, unknown>) => nodes((await client.ok(collectionListing, { f })).getCollectionListing).map((node: Data) => node.collection.name);
    expect(await names({ container_id: String(seed.collection.dawn) })).toEqual(['Dawn']);
    expect(await names({ chainId: 31337 })).toEqual(['Dawn']);
    expect(await names({ seller: CREATOR_A })).toEqual(['Noon', 'Dawn']);
    expect(await names({ seller: CREATOR_B })).toEqual([]);
    expect(await names({ container_id: String(seed.collection.other) })).toEqual([]);
    expect(await names({ token_id: String(seed.token.dawn5) })).toEqual(['Dawn']);
    expect(await names({ token_id: String(seed.token.dawn4) })).toEqual([]);
    expect((await client.ok(collectionListing, { f: { seller: CREATOR_B } })).getCollectionListing).toMatchObject({ totalCount: 0, edges: [] });
  });
});
