import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { COLLECTOR, CREATOR_A, CREATOR_B, MARKETPLACE, graphqlClient, seedDashboard, WEI, type Data, type DashboardSeed } from './dashboardFixtures.js';
import { buildTestServer } from './fixtures.js';

const OFFER_FIELDS = /* GraphQL */ `id _id chainId saleId allOutSaleId marketplace tokenId token_id container_id seller amount state createdAt
  price { amount currency } buyer { address alias } sellerInfo { address alias } saleActive
  token { _id name tokenHolding { id amount owner { address } } ownerInfo { address } collection { _id name } }`;

describe.each(DATABASE_KINDS)('dashboard offers GraphQL on %s', (kind) => {
  let database: TestDatabase;
  let seed: DashboardSeed;
  let client: ReturnType<typeof graphqlClient>;
  const ids = (nodes: Data[]) => nodes.map((node) => Number(node.id));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seed = await seedDashboard(database.db);
    client = graphqlClient((await buildTestServer(database.db)).app);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  const sent = `query ($a: String!, $p: PaginationInput) { getMyBazaarOffers(address: $a, pagination: $p) {
    totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { ${OFFER_FIELDS} } } } }`;

  it('getMyBazaarOffers: the buyer\'s offers still holding funds, newest first, with token, seller and saleActive', async () => {
    const data = (await client.ok(sent, { a: COLLECTOR.toUpperCase().replace('0X', '0x') })).getMyBazaarOffers;
    const { offer, token, holding } = seed;
    // The retracted offer is left out; the one on the cancelled sale (invalidated) stays, with saleActive false.
    expect(data.totalCount).toBe(4);
    expect(ids(data.edges.map((edge: Data) => edge.node))).toEqual([offer.carolOnNoon, offer.carolOnOther3, offer.carolOnDawn3Cancelled, offer.carolOnDawn1]);
    expect(data.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    const [noon, other3, cancelled, dawn1] = data.edges.map((edge: Data) => edge.node);
    expect(cancelled).toMatchObject({ state: 'invalidated', saleActive: false, saleId: '2', seller: CREATOR_A, token: { _id: String(token.dawn3) } });
    expect(noon).toMatchObject({ chainId: 1, saleId: '1', allOutSaleId: '1', saleActive: true, state: 'made', token: { name: 'Noon #1' } });
    expect(other3).toMatchObject({
      saleActive: true, seller: CREATOR_B, sellerInfo: { address: CREATOR_B, alias: null }, buyer: { address: COLLECTOR, alias: 'carol' },
      price: { amount: String(6n * WEI), currency: 'ETH' }, marketplace: MARKETPLACE, tokenId: '3',
      token_id: String(token.other3), container_id: String(seed.collection.other),
    });
    // Carol holds more of Dawn #1 than Alice, but the offer's token shows the seller's (Alice's) holding.
    expect(dawn1).toMatchObject({ sellerInfo: { alias: 'alice' }, saleActive: true, saleId: '1' });
    expect(dawn1.token.tokenHolding).toEqual({ id: String(holding[`${token.dawn1}:${CREATOR_A}`]), amount: '1', owner: { address: CREATOR_A } });
    expect(dawn1.token.ownerInfo.address).toBe(CREATOR_A);
  });

  it('getMyBazaarOffers pages with the cursor and is empty for an address without offers', async () => {
    const pages = await client.pages(sent, 'getMyBazaarOffers', { a: COLLECTOR }, 3);
    expect(pages.map(ids)).toEqual([
      [seed.offer.carolOnNoon, seed.offer.carolOnOther3, seed.offer.carolOnDawn3Cancelled],
      [seed.offer.carolOnDawn1],
    ]);
    const second = (await client.ok(sent, { a: COLLECTOR, p: { perPage: 3, after: (await client.ok(sent, { a: COLLECTOR, p: { perPage: 3 } })).getMyBazaarOffers.pageInfo.endCursor } })).getMyBazaarOffers;
    expect(second.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(second.totalCount).toBe(4);
    const none = (await client.ok(sent, { a: '0x00000000000000000000000000000000000000ff' })).getMyBazaarOffers;
    expect(none).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('Offer fields resolve on getOffersByToken too: saleActive false once the sale was cancelled', async () => {
    const q = `query ($t: ID!) { getOffersByToken(token: $t) { edges { node { id state saleActive sellerInfo { alias } token { _id tokenHolding { owner { address } } } } } } }`;
    const dawn3 = (await client.ok(q, { t: String(seed.token.dawn3) })).getOffersByToken.edges.map((edge: Data) => edge.node);
    expect(dawn3).toEqual([
      { id: String(seed.offer.carolOnDawn3Cancelled), state: 'invalidated', saleActive: false, sellerInfo: { alias: 'alice' }, token: { _id: String(seed.token.dawn3), tokenHolding: { owner: { address: CREATOR_A } } } },
    ]);
    const dawn1 = (await client.ok(q, { t: String(seed.token.dawn1) })).getOffersByToken.edges.map((edge: Data) => edge.node);
    expect(dawn1.map((node: Data) => [Number(node.id), node.state, node.saleActive])).toEqual([
      [seed.offer.bobOnDawn1, 'made', true],
      [seed.offer.carolOnDawn1, 'made', true],
      [seed.offer.carolOnDawn1Retracted, 'retracted', true],
    ]);
    // Every offer shows the seller's holding, not Carol's larger one.
    expect(dawn1.every((node: Data) => node.token.tokenHolding.owner.address === CREATOR_A)).toBe(true);
    // The sold-out listing of Dawn #4: its accepted offer's sale is no longer active.
    const dawn4 = (await client.ok(q, { t: String(seed.token.dawn4) })).getOffersByToken.edges.map((edge: Data) => edge.node);
    expect(dawn4.map((node: Data) => [node.state, node.saleActive])).toEqual([['accepted', false]]);
  });

  const received = `query ($f: TokensWithOffersFilter!, $p: PaginationInput) { getMyTokensWithOffers(filters: $f, pagination: $p) {
    totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { id token { _id name tokenHolding { id owner { address } } }
    offers { id state saleActive buyer { address alias } sellerInfo { alias } price { amount } token { _id tokenHolding { id } } } } } } }`;

  it('getMyTokensWithOffers: tokens with made offers on the seller\'s open sales, newest offer first', async () => {
    const { token, offer, holding } = seed;
    const data = (await client.ok(received, { f: { seller: CREATOR_A } })).getMyTokensWithOffers;
    // Noon (newest offer), Dawn #5 (inside the open all-out sale), Dawn #1; the cancelled sale's and the sold-out sale's offers are out.
    expect(data.totalCount).toBe(3);
    const nodes = data.edges.map((edge: Data) => edge.node);
    expect(nodes.map((node: Data) => Number(node.id))).toEqual([token.noon1, token.dawn5, token.dawn1]);
    const dawn1 = nodes[2];
    expect(dawn1.token.tokenHolding).toEqual({ id: String(holding[`${token.dawn1}:${CREATOR_A}`]), owner: { address: CREATOR_A } });
    expect(dawn1.offers.map((o: Data) => Number(o.id))).toEqual([offer.bobOnDawn1, offer.carolOnDawn1]);
    expect(dawn1.offers[1]).toMatchObject({
      state: 'made', saleActive: true, buyer: { address: COLLECTOR, alias: 'carol' }, sellerInfo: { alias: 'alice' },
      price: { amount: String(WEI / 2n) }, token: { _id: String(token.dawn1), tokenHolding: { id: String(holding[`${token.dawn1}:${CREATOR_A}`]) } },
    });
    const byCollection = (await client.ok(received, { f: { seller: CREATOR_A, container_id: String(seed.collection.dawn) } })).getMyTokensWithOffers;
    expect(byCollection.edges.map((edge: Data) => Number(edge.node.id))).toEqual([token.dawn5, token.dawn1]);
    expect(byCollection.totalCount).toBe(2);
    const pages = await client.pages(received, 'getMyTokensWithOffers', { f: { seller: CREATOR_A } }, 2);
    expect(pages.map(ids)).toEqual([[token.noon1, token.dawn5], [token.dawn1]]);
  });

  it('getMyTokensWithOffers for other sellers; empty for a seller without open offers', async () => {
    const carol = (await client.ok(received, { f: { seller: COLLECTOR } })).getMyTokensWithOffers;
    expect(carol.edges.map((edge: Data) => [Number(edge.node.id), edge.node.token.tokenHolding.owner.address])).toEqual([[seed.token.dawn2, COLLECTOR]]);
    const bob = (await client.ok(received, { f: { seller: CREATOR_B } })).getMyTokensWithOffers;
    expect(bob.edges.map((edge: Data) => edge.node.offers.map((o: Data) => o.buyer.alias))).toEqual([['carol']]);
    const none = (await client.ok(received, { f: { seller: CREATOR_A, container_id: String(seed.collection.other) } })).getMyTokensWithOffers;
    expect(none).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false } });
  });

  it('getSale by database id and by on-chain saleId + chainId; null when unknown', async () => {
    const q = `query ($id: ID, $s: String, $c: Int) { getSale(id: $id, saleId: $s, chainId: $c) {
      id saleId allOutSaleId chainId marketplace seller amount soldAmount price { amount currency } wasCancelled token_id container_id createdAt } }`;
    const byId = (await client.ok(q, { id: String(seed.sale.ao1dawn5) })).getSale;
    expect(byId).toMatchObject({
      id: String(seed.sale.ao1dawn5), saleId: '6', allOutSaleId: '1', chainId: 31337, marketplace: MARKETPLACE, seller: CREATOR_A,
      amount: '2', soldAmount: '1', price: { amount: String(2n * WEI), currency: 'ETH' }, wasCancelled: false,
      token_id: String(seed.token.dawn5), container_id: String(seed.collection.dawn),
    });
    // Sale id 1 exists on chain 31337 twice (configured and older marketplace) and on chain 1.
    expect((await client.ok(q, { s: '1', c: 31337 })).getSale).toMatchObject({ id: String(seed.sale.dawn1), marketplace: MARKETPLACE });
    expect((await client.ok(q, { s: '1', c: 1 })).getSale).toMatchObject({ id: String(seed.sale.noon1), chainId: 1 });
    expect((await client.ok(q, { s: '2', c: 31337 })).getSale).toMatchObject({ id: String(seed.sale.dawn3Cancelled), wasCancelled: true });
    expect((await client.ok(q, { id: '99999999' })).getSale).toBeNull();
    expect((await client.ok(q, { s: '424242', c: 31337 })).getSale).toBeNull();
  });
});
