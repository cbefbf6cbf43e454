/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response shapes are asserted by value below */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, holdings, likes, offers, sales } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, COLLECTOR, CREATOR_A, CREATOR_B, graphql, MARKETPLACE, seedMarketplace } from './fixtures.js';

const TOKEN_FIELDS = /* GraphQL */ `
  id _id tokenId name description mediaUrl thumbnailUrl attributes metadata likesCount price { amount currency }
  collection { _id name address chainId chainName description cover creator creatorInfo { address alias } publishedAt createdAt attributes }
  creatorInfo { address alias }
  ownerInfo { address alias }
  tokenHolding { id amount owner { address alias } salePrice { amount } bazaarSales { id saleId allOutSaleId seller amount soldAmount price { amount currency } wasCancelled marketplace token_id container_id } }
`;

type Body = { data?: Record<string, any> | null; errors?: { message: string; extensions?: { code?: string } }[] };

describe.each(DATABASE_KINDS)('browsing GraphQL on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let seeded: Awaited<ReturnType<typeof seedMarketplace>>;
  let holdingOf: Record<string, number>;
  let saleIds: number[];

  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const result = await graphql(server.app, query, variables);
    return result.body as Body;
  };
  const ok = async (query: string, variables: Record<string, unknown> = {}) => {
    const body = await run(query, variables);
    expect(body.errors).toBeUndefined();
    return body.data!;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    seeded = await seedMarketplace(database.db);
    server = await buildTestServer(database.db);
    const rows = await database.db.select().from(holdings);
    holdingOf = Object.fromEntries(rows.map((row) => [`${row.tokenId}:${row.owner}`, row.id]));
    const [t0] = seeded.tokens;
    const c = seeded.collectionIds.imageId;
    const inserted = await database.db
      .insert(sales)
      .values([
        { chainId: 31337, marketplace: MARKETPLACE, saleId: '1', tokenRef: t0!.id, collectionId: c, seller: COLLECTOR, amount: '2', priceWei: '5000000000000000000', currency: '0x0000000000000000000000000000000000000000' },
        { chainId: 31337, marketplace: MARKETPLACE, saleId: '2', allOutSaleId: '7', tokenRef: t0!.id, collectionId: c, seller: CREATOR_A, amount: '1', priceWei: '9', currency: '0x0000000000000000000000000000000000000000' },
        { chainId: 31337, marketplace: MARKETPLACE, saleId: '3', tokenRef: t0!.id, collectionId: c, seller: COLLECTOR, amount: '1', priceWei: '1', currency: '0x0000000000000000000000000000000000000000', wasCancelled: true },
        { chainId: 31337, marketplace: MARKETPLACE, saleId: '4', tokenRef: t0!.id, collectionId: c, seller: COLLECTOR, amount: '1', priceWei: '1', currency: '0x0000000000000000000000000000000000000000', soldAmount: '1' },
      ])
      .returning({ id: sales.id });
    saleIds = inserted.map((row) => row.id);
    await database.db.insert(offers).values([
      { chainId: 31337, saleRef: saleIds[0]!, tokenRef: t0!.id, buyer: CREATOR_B, amount: '1', priceWei: '4000000000000000000', currency: '0x0000000000000000000000000000000000000000' },
      { chainId: 31337, saleRef: saleIds[1]!, tokenRef: t0!.id, buyer: COLLECTOR, amount: '1', priceWei: '8', currency: '0x0000000000000000000000000000000000000000', state: 'retracted' },
    ]);
    const [carol] = await database.db.select().from(accounts).where(eq(accounts.address, COLLECTOR));
    // Carol likes tokens 3, 1 and 5 in that order: the favourites list shows 5, 1, 3.
    for (const index of [3, 1, 5]) await database.db.insert(likes).values({ tokenId: seeded.tokens[index]!.id, accountId: carol!.id });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('getTokenFromHolding shows the token with that holding, its active sales and the full collection', async () => {
    const t0 = seeded.tokens[0]!;
    const holdingId = holdingOf[`${t0.id}:${COLLECTOR}`]!;
    const data = await ok(`query ($id: ID!) { getTokenFromHolding(id: $id) { ${TOKEN_FIELDS} } }`, { id: String(holdingId) });
    const token = data.getTokenFromHolding;
    expect(token._id).toBe(String(t0.id));
    expect(token.ownerInfo).toEqual({ address: COLLECTOR, alias: 'carol' });
    expect(token.tokenHolding).toMatchObject({ id: String(holdingId), amount: '3', owner: { address: COLLECTOR } });
    expect(token.collection).toMatchObject({
      name: 'Images', chainName: 'Hardhat', description: 'desc', cover: '/ipfs/bafkreicover', creator: CREATOR_A,
      creatorInfo: { address: CREATOR_A, alias: 'alice' },
    });
    // Cancelled and sold-out sales are left out; the all-out one keeps its allOutSaleId.
    expect(token.tokenHolding.bazaarSales.map((sale: { saleId: string }) => sale.saleId)).toEqual(['1', '2']);
    expect(token.tokenHolding.bazaarSales[0]).toMatchObject({
      id: String(saleIds[0]), allOutSaleId: null, seller: COLLECTOR, amount: '2', soldAmount: '0',
      price: { amount: '5000000000000000000', currency: 'ETH' }, wasCancelled: false, marketplace: MARKETPLACE,
      token_id: String(t0.id), container_id: String(seeded.collectionIds.imageId),
    });
    expect(token.tokenHolding.bazaarSales[1].allOutSaleId).toBe('7');

    // The creator's own holding of the same token shows the creator as owner.
    const creatorHolding = holdingOf[`${t0.id}:${CREATOR_A}`]!;
    const mine = await ok(`query ($id: ID!) { getTokenFromHolding(id: $id) { ownerInfo { address } tokenHolding { amount } } }`, { id: String(creatorHolding) });
    expect(mine.getTokenFromHolding).toEqual({ ownerInfo: { address: CREATOR_A }, tokenHolding: { amount: '1' } });
  });

  it('getTokenFromHolding is null for an emptied or unknown holding, and rejects a bad id', async () => {
    const emptied = holdingOf[`${seeded.tokens[2]!.id}:${COLLECTOR}`]!;
    expect((await ok(`query ($id: ID!) { getTokenFromHolding(id: $id) { id } }`, { id: String(emptied) })).getTokenFromHolding).toBeNull();
    expect((await ok(`query { getTokenFromHolding(id: "999999") { id } }`)).getTokenFromHolding).toBeNull();
    const bad = await run(`query { getTokenFromHolding(id: "abc") { id } }`);
    expect(bad.errors?.[0]?.message).toMatch(/^Invalid id\./);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('getTokensByContainerId pages a collection in token order and can exclude the current token', async () => {
    const imageTokens = seeded.tokens.filter((t) => t.mediaType === 'image').map((t) => String(t.id));
    const q = `query ($c: ID!, $p: PaginationInput, $x: ID) { getTokensByContainerId(container_id: $c, pagination: $p, exclude: $x) {
      totalCount pageInfo { endCursor hasNextPage hasPreviousPage } edges { cursor node { _id collection { _id } } } } }`;
    const first = (await ok(q, { c: String(seeded.collectionIds.imageId), p: { perPage: 4 } })).getTokensByContainerId;
    expect(first.totalCount).toBe(10);
    expect(first.edges.map((e: any) => e.node._id)).toEqual(imageTokens.slice(0, 4));
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const page: any = (await ok(q, { c: String(seeded.collectionIds.imageId), p: { perPage: 3, after } })).getTokensByContainerId;
      ids.push(...page.edges.map((e: any) => e.node._id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(ids).toEqual(imageTokens);
    const siblings = (await ok(q, { c: String(seeded.collectionIds.imageId), p: { perPage: 4 }, x: imageTokens[0] })).getTokensByContainerId;
    expect(siblings.totalCount).toBe(9);
    expect(siblings.edges.map((e: any) => e.node._id)).toEqual(imageTokens.slice(1, 5));
    const bad = await run(q, { c: '1', p: { perPage: 101 } });
    expect(bad.errors?.[0]?.message).toContain('perPage must be between 1 and 100');
  });

  it('getLastToken returns the newest token of the collection, null for an unknown one', async () => {
    const videoTokens = seeded.tokens.filter((t) => t.mediaType === 'video');
    const q = `query ($c: ID!) { getLastToken(container_id: $c) { _id name } }`;
    expect((await ok(q, { c: String(seeded.collectionIds.videoId) })).getLastToken._id).toBe(String(videoTokens.at(-1)!.id));
    expect((await ok(q, { c: '424242' })).getLastToken).toBeNull();
  });

  it('getCollections finds the collection page by address (any case) + chain, by creator and by ids', async () => {
    const q = `query ($f: CollectionFilter, $p: PaginationInput) { getCollections(filters: $f, pagination: $p) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { _id name address chainId chainName description cover thumbnail creator creatorInfo { alias } publishedAt createdAt isFeatured state attributes } } } }`;
    const byAddress = (await ok(q, { f: { address: '0x00000000000000000000000000000000000000A1', chainId: 31337 } })).getCollections;
    expect(byAddress.totalCount).toBe(1);
    expect(byAddress.edges[0].node).toMatchObject({ name: 'Images', chainName: 'Hardhat', creatorInfo: { alias: 'alice' }, cover: '/ipfs/bafkreicover' });
    expect((await ok(q, { f: { address: '0x00000000000000000000000000000000000000a1', chainId: 1 } })).getCollections.totalCount).toBe(0);
    // Creator A: Images and Gifs; the hidden collection stays out, the building one is its signed-in creator's only
    // (tests/server/canvas.graphql.test.ts). Newest first.
    const byCreator = (await ok(q, { f: { creator: CREATOR_A }, p: { perPage: 1 } })).getCollections;
    expect(byCreator.totalCount).toBe(2);
    expect(byCreator.edges.map((e: any) => e.node.name)).toEqual(['Gifs']);
    const rest = (await ok(q, { f: { creator: CREATOR_A }, p: { perPage: 1, after: byCreator.pageInfo.endCursor } })).getCollections;
    expect(rest.edges.map((e: any) => e.node.name)).toEqual(['Images']);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const byIds = (await ok(q, { f: { ids: [String(seeded.collectionIds.videoId)] } })).getCollections;
    expect(byIds.edges.map((e: any) => e.node.name)).toEqual(['Videos']);
    const bad = await run(q, { f: { address: 'nope' } });
    expect(bad.errors?.[0]?.message).toContain('filters.address');
  });

  it('getLikedTokensByAccount lists the newest like first, by address or account id, paged', async () => {
    const q = `query ($a: String!, $p: PaginationInput) { getLikedTokensByAccount(account_id: $a, pagination: $p) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { _id likesCount } } } }`;
    const expected = [5, 1, 3].map((i) => String(seeded.tokens[i]!.id));
    const first = (await ok(q, { a: COLLECTOR.toUpperCase().replace('0X', '0x'), p: { perPage: 2 } })).getLikedTokensByAccount;
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((e: any) => e.node._id)).toEqual(expected.slice(0, 2));
    const second = (await ok(q, { a: COLLECTOR, p: { perPage: 2, after: first.pageInfo.endCursor } })).getLikedTokensByAccount;
    expect(second.edges.map((e: any) => e.node._id)).toEqual(expected.slice(2));
    expect(second.pageInfo.hasNextPage).toBe(false);
    const [carol] = await database.db.select().from(accounts).where(eq(accounts.address, COLLECTOR));
    expect((await ok(q, { a: String(carol!.id) })).getLikedTokensByAccount.totalCount).toBe(3);
    expect((await ok(q, { a: CREATOR_B })).getLikedTokensByAccount).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('getTokenHoldings filters by owner, token and collection and leaves emptied holdings out', async () => {
    const q = `query ($f: TokenHoldingFilter) { getTokenHoldings(filters: $f) { totalCount edges { node {
      id amount owner { address alias } bazaarSales { saleId } token { _id ownerInfo { address } tokenHolding { id } } } } } }`;
    const collector = (await ok(q, { f: { owner: COLLECTOR } })).getTokenHoldings;
    expect(collector.totalCount).toBe(1);
    const node = collector.edges[0].node;
    expect(node).toMatchObject({ amount: '3', owner: { address: COLLECTOR, alias: 'carol' }, token: { _id: String(seeded.tokens[0]!.id), ownerInfo: { address: COLLECTOR } } });
    expect(node.token.tokenHolding.id).toBe(node.id);
    expect(node.bazaarSales.map((s: any) => s.saleId)).toEqual(['1', '2']);
    const byToken = (await ok(q, { f: { token_id: String(seeded.tokens[0]!.id) } })).getTokenHoldings;
    expect(byToken.edges.map((e: any) => e.node.owner.address).sort()).toEqual([CREATOR_A, COLLECTOR].sort());
    const byCollection = (await ok(q, { f: { collection_id: String(seeded.collectionIds.videoId) } })).getTokenHoldings;
    expect(byCollection.edges.map((e: any) => e.node.owner.address)).toEqual([CREATOR_B]);
  });

  it('getOffersByToken lists offers newest first with buyer, sale and state; seller narrows them', async () => {
    const q = `query ($t: ID!, $s: String) { getOffersByToken(token: $t, seller: $s) { totalCount edges { node {
      id _id chainId saleId allOutSaleId tokenId token_id container_id buyer { address alias } seller amount price { amount currency } state createdAt } } } }`;
    const t0 = seeded.tokens[0]!;
    const all = (await ok(q, { t: String(t0.id) })).getOffersByToken;
    expect(all.totalCount).toBe(2);
    expect(all.edges.map((e: any) => [e.node.saleId, e.node.state])).toEqual([['2', 'retracted'], ['1', 'made']]);
    expect(all.edges[1].node).toMatchObject({
      chainId: 31337, tokenId: '1', token_id: String(t0.id), container_id: String(seeded.collectionIds.imageId),
      buyer: { address: CREATOR_B, alias: null }, seller: COLLECTOR, amount: '1', price: { amount: '4000000000000000000', currency: 'ETH' },
    });
    const bySeller = (await ok(q, { t: String(t0.id), s: CREATOR_A })).getOffersByToken;
    expect(bySeller.edges.map((e: any) => e.node.saleId)).toEqual(['2']);
    expect((await run(q, { t: String(t0.id), s: 'x' })).errors?.[0]?.message).toContain('seller');
  });

  it('a page of holdings asks for all their sales in one query', async () => {
    let salesQueries = 0;
    const counted = await openTestDatabase(kind, { logQuery: (query) => void (/from "sales"/i.test(query) && (salesQueries += 1)) });
    try {
      const s = await seedMarketplace(counted.db);
      for (const t of s.tokens.slice(0, 2)) {
        await counted.db.insert(sales).values({ chainId: 31337, marketplace: MARKETPLACE, saleId: String(t.id), tokenRef: t.id, collectionId: s.collectionIds.imageId, seller: CREATOR_A, amount: '1', priceWei: '1', currency: '0x0000000000000000000000000000000000000000' });
      }
      const other = await buildTestServer(counted.db);
      const result = await graphql(other.app, `{ getTokenHoldings { edges { node { bazaarSales { saleId } } } } }`);
      expect(result.body.errors).toBeUndefined();
      expect(salesQueries).toBe(1);
    } finally {
      await counted.close();
    }
  });
});
