import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationHeader } from '../../src/services/authFetch.js';
import { ALICE, login, type TestServer } from './authFixtures.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { COLLECTOR, CREATOR_A, CREATOR_B, graphqlClient, seedDashboard, type Data, type DashboardSeed } from './dashboardFixtures.js';
import { buildTestServer } from './fixtures.js';

const created = /* GraphQL */ `query ($f: CreatedCollectionFilter!, $p: PaginationInput) { getCreatedCollections(filters: $f, pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { node { id _id name chainId soldOut creator creatorInfo { alias } cover tokenCount state } } } }`;
const bought = /* GraphQL */ `query ($f: BoughtTokenFilter!, $p: PaginationInput) { getBoughtTokens(filters: $f, pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { node { id _id name creatorInfo { address } ownerInfo { address alias }
  tokenHolding { id amount owner { address } } collection { _id name } } } } }`;
const collectionTokens = /* GraphQL */ `query ($c: ID!, $o: String!, $p: PaginationInput) { getDashboardCollectionTokens(container_id: $c, owner: $o, pagination: $p) {
  totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { node { id _id name tokenHolding { id amount owner { address } } } } } }`;

describe.each(DATABASE_KINDS)('dashboard token grids GraphQL on %s', (kind) => {
  let database: TestDatabase;
  let seed: DashboardSeed;
  let client: ReturnType<typeof graphqlClient>;
  let server: TestServer;
  const ids = (nodes: Data[]) => nodes.map((node) => Number(node.id));
  const nodes = (connection: Data) => connection.edges.map((edge: Data) => edge.node);
  const held = (token: number, owner: string) => String(seed.holding[`${token}:${owner}`]);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seed = await seedDashboard(database.db);
    server = await buildTestServer(database.db);
    client = graphqlClient(server.app);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('getCreatedCollections: the creator\'s collections newest first, chain filter, pages; the hidden one only for the signed-in creator', async () => {
    const { collection } = seed;
    // Signed in as CREATOR_A (Alice): her hidden Dusk too (the second security review: a hidden collection exists only for its creator).
    const { apiKey } = await login(server, ALICE);
    const response = await server.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: authorizationHeader(apiKey) },
      body: JSON.stringify({ query: created, variables: { f: { creator: CREATOR_A } } }),
    });
    const own = ((await response.json()) as { data: Data }).data.getCreatedCollections;
    expect(own.totalCount).toBe(3);
    expect(ids(nodes(own))).toEqual([collection.noon, collection.dusk, collection.dawn]);
    const all = (await client.ok(created, { f: { creator: CREATOR_A } })).getCreatedCollections;
    expect(all.totalCount).toBe(2);
    expect(ids(nodes(all))).toEqual([collection.noon, collection.dawn]);
    expect(nodes(all)[0]).toMatchObject({ name: 'Noon', chainId: 1, soldOut: true, creator: CREATOR_A, creatorInfo: { alias: 'alice' } });
    expect(nodes(all)[1]).toMatchObject({ name: 'Dawn', soldOut: false, cover: '/ipfs/bafkreidawn', tokenCount: 5, state: 'published' });
    expect(ids(nodes((await client.ok(created, { f: { creator: CREATOR_A, chainId: 1 } })).getCreatedCollections))).toEqual([collection.noon]);
    const pages = await client.pages(created, 'getCreatedCollections', { f: { creator: CREATOR_A.toUpperCase().replace('0X', '0x') } }, 1);
    expect(pages.map(ids)).toEqual([[collection.noon], [collection.dawn]]);
    expect((await client.ok(created, { f: { creator: '0x00000000000000000000000000000000000000ff' } })).getCreatedCollections).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('getBoughtTokens: tokens the owner holds and did not create, newest acquisition first, with the owner\'s holding', async () => {
    const { token } = seed;
    const all = (await client.ok(bought, { f: { owner: COLLECTOR } })).getBoughtTokens;
    // Mine #1 (her own creation) and Other #3 (sold on, amount 0) are left out.
    expect(all.totalCount).toBe(4);
    expect(ids(nodes(all))).toEqual([token.other2, token.dawn2, token.other1, token.dawn1]);
    for (const node of nodes(all)) {
      expect(node.tokenHolding.owner.address).toBe(COLLECTOR);
      expect(node.tokenHolding.id).toBe(held(Number(node.id), COLLECTOR));
      expect(node.ownerInfo).toEqual({ address: COLLECTOR, alias: 'carol' });
    }
    expect(nodes(all)[1]).toMatchObject({ name: 'Dawn #2', tokenHolding: { amount: '2' }, creatorInfo: { address: CREATOR_A }, collection: { name: 'Dawn' } });
    const pages = await client.pages(bought, 'getBoughtTokens', { f: { owner: COLLECTOR } }, 3);
    expect(pages.map(ids)).toEqual([[token.other2, token.dawn2, token.other1], [token.dawn1]]);
    const inOther = (await client.ok(bought, { f: { owner: COLLECTOR, container_id: String(seed.collection.other) } })).getBoughtTokens;
    expect(inOther.totalCount).toBe(2);
    expect(ids(nodes(inOther))).toEqual([token.other2, token.other1]);
    // Creators who bought nothing: empty.
    expect((await client.ok(bought, { f: { owner: CREATOR_A } })).getBoughtTokens).toMatchObject({ totalCount: 0, edges: [] });
    expect((await client.ok(bought, { f: { owner: CREATOR_B } })).getBoughtTokens).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('getDashboardCollectionTokens: token order, the owner\'s holding where it holds units, else the main holder\'s', async () => {
    const { token } = seed;
    const dawn = [token.dawn1, token.dawn2, token.dawn3, token.dawn4, token.dawn5];
    const forAlice = (await client.ok(collectionTokens, { c: String(seed.collection.dawn), o: CREATOR_A })).getDashboardCollectionTokens;
    expect(forAlice.totalCount).toBe(5);
    expect(ids(nodes(forAlice))).toEqual(dawn);
    expect(nodes(forAlice).map((node: Data) => node.tokenHolding.id)).toEqual([
      held(token.dawn1, CREATOR_A), // Carol holds more, Alice's own holding is shown
      held(token.dawn2, COLLECTOR), // Alice sold both units: the current holder's
      held(token.dawn3, CREATOR_A),
      held(token.dawn4, CREATOR_A),
      held(token.dawn5, CREATOR_A),
    ]);
    const forCarol = (await client.ok(collectionTokens, { c: String(seed.collection.dawn), o: COLLECTOR })).getDashboardCollectionTokens;
    expect(nodes(forCarol).map((node: Data) => node.tokenHolding.owner.address)).toEqual([COLLECTOR, COLLECTOR, CREATOR_A, CREATOR_A, CREATOR_A]);
    const pages = await client.pages(collectionTokens, 'getDashboardCollectionTokens', { c: String(seed.collection.dawn), o: CREATOR_A }, 2);
    expect(pages.map(ids)).toEqual([dawn.slice(0, 2), dawn.slice(2, 4), dawn.slice(4)]);
    expect((await client.ok(collectionTokens, { c: '987654321', o: CREATOR_A })).getDashboardCollectionTokens).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('rejects bad ids, addresses, chain ids, sale ids, page sizes and foreign cursors with a clear GraphQL error', async () => {
    const fails = async (query: string, variables: Record<string, unknown>, message: RegExp) => {
      const body = await client.run(query, variables);
      // Non-null fields null the whole data; the nullable getSale is null itself.
      expect(Object.values(body.data ?? {}).every((value) => value === null)).toBe(true);
      expect(body.errors?.[0]?.message).toMatch(message);
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    };
    const sale = `query ($id: ID, $s: String, $c: Int) { getSale(id: $id, saleId: $s, chainId: $c) { id } }`;
    await fails(sale, {}, /^Invalid getSale arguments: give id, or saleId with chainId\./);
    await fails(sale, { id: 'abc' }, /^Invalid id\./);
    await fails(sale, { id: '1', s: '1', c: 1 }, /not both/);
    await fails(sale, { s: '1' }, /saleId needs its chainId/);
    await fails(sale, { s: '-1', c: 1 }, /^Invalid saleId/);
    await fails(sale, { s: '1', c: 0 }, /^Invalid chainId/);
    await fails(`query ($a: String!) { getMyBazaarOffers(address: $a) { totalCount } }`, { a: 'alice' }, /^Invalid address\..*0x-prefixed wallet address/);
    await fails(`query ($f: TokensWithOffersFilter!) { getMyTokensWithOffers(filters: $f) { totalCount } }`, { f: { seller: CREATOR_A, container_id: '0' } }, /^Invalid filters\.container_id/);
    await fails(`query ($f: ListingFilter) { getTokenListing(filters: $f) { totalCount } }`, { f: { seller: '0x12' } }, /^Invalid filters\.seller/);
    await fails(`query ($f: ListingFilter) { getCollectionListing(filters: $f) { totalCount } }`, { f: { chainId: -5 } }, /^Invalid filters\.chainId/);
    await fails(`query ($f: ListingFilter) { getCollectionListing(filters: $f) { totalCount } }`, { f: { token_id: 'x' } }, /^Invalid filters\.token_id/);
    await fails(created, { f: { creator: 'nobody' } }, /^Invalid filters\.creator/);
    await fails(bought, { f: { owner: COLLECTOR }, p: { perPage: 101 } }, /perPage must be between 1 and 100/);
    await fails(bought, { f: { owner: COLLECTOR }, p: { after: 'not-a-cursor' } }, /^Invalid pagination\.after/);
    await fails(collectionTokens, { c: 'dawn', o: CREATOR_A }, /^Invalid container_id\./);
    await fails(collectionTokens, { c: String(seed.collection.dawn), o: CREATOR_A, p: { page: 2 } }, /^Invalid pagination\.page/);
    // A cursor of an oldest-first list (collection tokens) cannot continue a newest-first one (bought tokens).
    const tokensPage = (await client.ok(collectionTokens, { c: String(seed.collection.dawn), o: CREATOR_A, p: { perPage: 1 } })).getDashboardCollectionTokens;
    await fails(bought, { f: { owner: COLLECTOR }, p: { after: tokensPage.pageInfo.endCursor } }, /cursor belongs to a different list/);
  });

  it('a page costs the same few statements whatever its size (token, seller and sale lookups batched)', async () => {
    let statements = 0;
    const counted = await openTestDatabase(kind, { logQuery: () => void (statements += 1) });
    try {
      await seedDashboard(counted.db);
      const other = graphqlClient((await buildTestServer(counted.db)).app);
      const cost = async (query: string, variables: Record<string, unknown>) => {
        statements = 0;
        await other.ok(query, variables);
        return statements;
      };
      const sent = `query ($p: PaginationInput) { getMyBazaarOffers(address: "${COLLECTOR}", pagination: $p) { edges { node { saleActive sellerInfo { alias } token { name tokenHolding { bazaarSales { saleId } } } } } } }`;
      const byToken = `query ($p: PaginationInput) { getOffersByToken(token: "${seed.token.dawn1}", pagination: $p) { edges { node { saleActive sellerInfo { alias } token { name } } } } }`;
      const queries: [string, Record<string, unknown>][] = [
        [sent, {}],
        [byToken, {}],
        [`query ($p: PaginationInput) { getMyTokensWithOffers(filters: { seller: "${CREATOR_A}" }, pagination: $p) { edges { node { token { name } offers { buyer { alias } sellerInfo { alias } saleActive token { name } } } } } }`, {}],
        [`query ($p: PaginationInput) { getTokenListing(pagination: $p) { edges { node { ownerInfo { alias } token { name } } } } }`, {}],
        [`query ($p: PaginationInput) { getCollectionListing(pagination: $p) { edges { node { tokensListed collection { name } } } } }`, {}],
        [bought, { f: { owner: COLLECTOR } }],
        [collectionTokens, { c: String(seed.collection.dawn), o: CREATOR_A }],
      ];
      for (const [query, variables] of queries) {
        const one = await cost(query, { ...variables, p: { perPage: 1 } });
        const many = await cost(query, { ...variables, p: { perPage: 100 } });
        expect(many, query).toBe(one);
        expect(many, query).toBeLessThanOrEqual(6);
      }
    } finally {
      await counted.close();
    }
  });
});
