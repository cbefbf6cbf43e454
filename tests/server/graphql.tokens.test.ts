import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, offers, sales, tokens } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import {
  buildTestServer,
  COLLECTOR,
  CREATOR_A,
  CREATOR_B,
  graphql,
  MARKETPLACE,
  seedMarketplace,
  type ConnectionResult,
  type SeededToken,
} from './fixtures.js';

const TOKENS = /* GraphQL */ `
  query ($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
    getMarketplaceTokens(filters: $filters, sort: $sort, pagination: $pagination) {
      totalCount
      pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
      edges {
        cursor
        node {
          id _id tokenId name mediaType likesCount isSold chainId createdAt mediaUrl thumbnailUrl attributes
          collection { id _id name address chainId }
          creatorInfo { id address alias avatar firstName lastName }
          ownerInfo { address alias }
          tokenHolding { id chainId salePrice { amount currency } owner { address alias } createdAt }
        }
      }
    }
  }
`;

type Sort = { sortBy: string; sortDir: 1 | -1 };

// The reference order for each sort, computed in JS from the seeded rows: the sorts of a nullable column put the rows
// without a value last, by id in the sort's direction.
const NULLABLE: Record<string, (token: SeededToken) => bigint | null> = {
  price: (token) => (token.priceWei === null ? null : BigInt(token.priceWei)),
  listedAt: (token) => (token.listedAt === null ? null : BigInt(token.listedAt.getTime())),
  lastSoldAt: (token) => (token.lastSoldAt === null ? null : BigInt(token.lastSoldAt.getTime())),
  lastSale: (token) => (token.lastSaleWei === null ? null : BigInt(token.lastSaleWei)),
};

function expectedOrder(tokens: SeededToken[], sort: Sort): number[] {
  const byId = (a: SeededToken, b: SeededToken) => (a.id - b.id) * sort.sortDir;
  const valueOf = NULLABLE[sort.sortBy];
  const sorted = [...tokens].sort((a, b) => {
    if (sort.sortBy === 'likesCount') return (a.likesCount - b.likesCount) * sort.sortDir || byId(a, b);
    if (valueOf) {
      const [x, y] = [valueOf(a), valueOf(b)];
      if (x === null || y === null) return x === y ? byId(a, b) : x === null ? 1 : -1; // no value last
      return x === y ? byId(a, b) : (x > y ? 1 : -1) * sort.sortDir;
    }
    return byId(a, b);
  });
  return sorted.map((token) => token.id);
}

describe.each(DATABASE_KINDS)('getMarketplaceTokens on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let seeded: Awaited<ReturnType<typeof seedMarketplace>>;

  const query = async (variables: Record<string, unknown>) => {
    const result = await graphql(server.app, TOKENS, variables);
    expect(result.body.errors).toBeUndefined();
    return result.body.data!.getMarketplaceTokens!;
  };

  const pageThrough = async (variables: Record<string, unknown>, perPage: number) => {
    const ids: string[] = [];
    const pages: ConnectionResult[] = [];
    let after: string | null = null;
    do {
      const page: ConnectionResult = await query({ ...variables, pagination: { perPage, after } });
      pages.push(page);
      ids.push(...page.edges.map((edge) => edge.node.id));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after && pages.length < 100);
    return { ids, pages };
  };

  let queryCount = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { logQuery: () => void (queryCount += 1) });
    seeded = await seedMarketplace(database.db);
    server = await buildTestServer(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('default: newest first (_id descending), 20 per page, hidden and unpublished collections left out', async () => {
    const page = await query({});
    expect(page.totalCount).toBe(30);
    expect(page.edges).toHaveLength(20);
    expect(page.edges.map((edge) => Number(edge.node.id))).toEqual(expectedOrder(seeded.tokens, { sortBy: '_id', sortDir: -1 }).slice(0, 20));
    expect(page.edges.some((edge) => edge.node.name.startsWith('Invisible'))).toBe(false);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(page.pageInfo.startCursor).toBe(page.edges[0]!.cursor);
    expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)!.cursor);
  });

  const sorts: [string, Sort][] = [
    ['newest', { sortBy: '_id', sortDir: -1 }],
    ['oldest', { sortBy: '_id', sortDir: 1 }],
    ['most_liked', { sortBy: 'likesCount', sortDir: -1 }],
    ['least liked', { sortBy: 'likesCount', sortDir: 1 }],
    ['highest_price', { sortBy: 'price', sortDir: -1 }],
    ['lowest_price', { sortBy: 'price', sortDir: 1 }],
    ['recently_listed', { sortBy: 'listedAt', sortDir: -1 }],
    ['first listed', { sortBy: 'listedAt', sortDir: 1 }],
    ['recently_sold', { sortBy: 'lastSoldAt', sortDir: -1 }],
    ['first sold', { sortBy: 'lastSoldAt', sortDir: 1 }],
    ['highest_last_sale', { sortBy: 'lastSale', sortDir: -1 }],
    ['lowest last sale', { sortBy: 'lastSale', sortDir: 1 }],
  ];
  it.each(sorts)('sort %s: paging by 7 visits every token once, in order with the _id tie-break', async (_, sort) => {
    const { ids, pages } = await pageThrough({ sort }, 7);
    expect(ids.map(Number)).toEqual(expectedOrder(seeded.tokens, sort));
    expect(new Set(ids).size).toBe(30);
    expect(pages).toHaveLength(5);
    expect(pages.every((page) => page.totalCount === 30)).toBe(true);
    expect(pages.slice(1).every((page) => page.pageInfo.hasPreviousPage)).toBe(true);
    expect(pages.at(-1)!.pageInfo.hasNextPage).toBe(false);
  });

  it('price sorts put unlisted tokens last in both directions', async () => {
    for (const sortDir of [1, -1]) {
      const { pages } = await pageThrough({ sort: { sortBy: 'price', sortDir } }, 30);
      const prices = pages[0]!.edges.map((edge) => edge.node.tokenHolding?.salePrice ?? null);
      const unlisted = seeded.tokens.filter((token) => token.priceWei === null).length;
      expect(unlisted).toBeGreaterThan(0);
      expect(pages[0]!.edges.slice(-unlisted).every((edge) => seeded.tokens.find((t) => t.id === Number(edge.node.id))!.priceWei === null)).toBe(true);
      expect(prices).toHaveLength(30);
    }
  });

  it('filters by media type, chain, creator and token ids, with matching totals', async () => {
    const videos = await query({ filters: { mediaTypes: ['video'] } });
    expect(videos.totalCount).toBe(10);
    expect(videos.edges.every((edge) => edge.node.mediaType === 'video')).toBe(true);

    const two = await query({ filters: { mediaTypes: ['video', 'gif'] }, pagination: { perPage: 100 } });
    expect(two.totalCount).toBe(20);
    expect(new Set(two.edges.map((edge) => edge.node.mediaType))).toEqual(new Set(['video', 'gif']));

    const chain1 = await query({ filters: { chainIds: [1] } });
    expect(chain1.totalCount).toBe(10);
    expect(chain1.edges.every((edge) => edge.node.chainId === 1)).toBe(true);

    // Creator addresses match case-insensitively.
    const byB = await query({ filters: { creator: CREATOR_B.toUpperCase().replace('0X', '0x') } });
    expect(byB.totalCount).toBe(10);
    expect(byB.edges.every((edge) => edge.node.creatorInfo.address === CREATOR_B)).toBe(true);
    // The seed's creatorsIds: any of several artists, the total from the count groups matching the rows.
    const byBoth = await query({ filters: { creatorsIds: [CREATOR_A, CREATOR_B] }, pagination: { perPage: 100 } });
    expect(byBoth.totalCount).toBe(seeded.tokens.filter((token) => [CREATOR_A, CREATOR_B].includes(token.creator.toLowerCase())).length);
    expect(byBoth.edges).toHaveLength(Math.min(100, byBoth.totalCount));
    expect(new Set(byBoth.edges.map((edge) => edge.node.creatorInfo.address))).toEqual(new Set([CREATOR_A, CREATOR_B]));
    const withBuyNow = await query({ filters: { creatorsIds: [CREATOR_B], status: ['buy_now'] } });
    expect(withBuyNow.totalCount).toBe(seeded.tokens.filter((token) => token.creator.toLowerCase() === CREATOR_B && token.priceWei !== null).length);

    const picked = seeded.tokens.slice(3, 6).map((token) => String(token.id));
    const byIds = await query({ filters: { token_ids: picked } });
    expect(byIds.totalCount).toBe(3);
    expect(byIds.edges.map((edge) => edge.node.id).sort()).toEqual([...picked].sort());

    const combined = await query({ filters: { mediaTypes: ['image'], chainIds: [1] } });
    expect(combined.totalCount).toBe(0);
    expect(combined.edges).toEqual([]);
    expect(combined.pageInfo).toEqual({ startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false });
  });

  it('pages through a filtered price sort without duplicates or gaps', async () => {
    const sort = { sortBy: 'price', sortDir: -1 };
    const { ids } = await pageThrough({ sort, filters: { mediaTypes: ['image'] } }, 3);
    const images = seeded.tokens.filter((token) => token.mediaType === 'image');
    expect(ids.map(Number)).toEqual(expectedOrder(images, { sortBy: 'price', sortDir: -1 }));
  });

  it('a price range (wei, both ends included) keeps listed tokens in it, counts its total and pages under every sort', async () => {
    const listed = seeded.tokens.filter((token) => token.priceWei !== null).map((token) => BigInt(token.priceWei!));
    const sorted = [...new Set(listed)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(sorted.length).toBeGreaterThanOrEqual(3);
    // The ends are prices that tokens have, so 'both ends included' is checked on both sides; the cheapest are out.
    const [low, high] = [sorted[1]!, sorted.at(-1)!];
    const inRange = seeded.tokens.filter((token) => token.priceWei !== null && BigInt(token.priceWei) >= low && BigInt(token.priceWei) <= high);
    expect(inRange.length).toBeLessThan(listed.length);
    const filters = { minPrice: String(low), maxPrice: String(high) };
    for (const [, sort] of sorts) {
      const { ids, pages } = await pageThrough({ filters, sort }, 4);
      expect(ids.map(Number)).toEqual(expectedOrder(inRange, sort));
      expect(pages.every((page) => page.totalCount === inRange.length)).toBe(true);
    }
    // One end only; a range nobody is listed in; the range with another filter.
    expect((await query({ filters: { minPrice: String(high) } })).totalCount).toBe(seeded.tokens.filter((t) => t.priceWei !== null && BigInt(t.priceWei) >= high).length);
    expect((await query({ filters: { maxPrice: String(low) } })).totalCount).toBe(seeded.tokens.filter((t) => t.priceWei !== null && BigInt(t.priceWei) <= low).length);
    const none = await query({ filters: { minPrice: String(sorted.at(-1)! + 1n) } });
    expect(none).toMatchObject({ totalCount: 0, edges: [] });
    const videos = await query({ filters: { ...filters, mediaTypes: ['video'] }, pagination: { perPage: 100 } });
    expect(videos.edges.map((edge) => Number(edge.node.id)).sort((a, b) => a - b)).toEqual(
      inRange.filter((token) => token.mediaType === 'video').map((token) => token.id).sort((a, b) => a - b),
    );
    expect(videos.totalCount).toBe(videos.edges.length);
  });

  it('status: buy_now keeps listed tokens, has_offers those with an open offer, both both; totals match', async () => {
    const native = '0x0000000000000000000000000000000000000000';
    const [a, b, c] = [seeded.tokens[1]!, seeded.tokens[4]!, seeded.tokens[5]!];
    expect([a.priceWei, b.priceWei, c.priceWei]).toEqual([expect.any(String), expect.any(String), null]);
    const saleRows = await database.db
      .insert(sales)
      .values([a, b].map((token, i) => ({ chainId: 31337, marketplace: MARKETPLACE, saleId: String(900 + i), tokenRef: token.id, collectionId: seeded.collectionIds.videoId, seller: CREATOR_B, amount: '1', priceWei: token.priceWei!, currency: native })))
      .returning({ id: sales.id });
    // An open offer on a and c (c is no longer listed), a retracted one on b.
    await database.db.insert(offers).values([
      { chainId: 31337, saleRef: saleRows[0]!.id, tokenRef: a.id, buyer: COLLECTOR, amount: '1', priceWei: '1', currency: native },
      { chainId: 31337, saleRef: saleRows[1]!.id, tokenRef: c.id, buyer: COLLECTOR, amount: '1', priceWei: '1', currency: native },
      { chainId: 31337, saleRef: saleRows[1]!.id, tokenRef: b.id, buyer: COLLECTOR, amount: '1', priceWei: '1', currency: native, state: 'retracted' },
    ]);
    const ids = (page: ConnectionResult) => page.edges.map((edge) => Number(edge.node.id)).sort((x, y) => x - y);
    const sortedIds = (list: SeededToken[]) => list.map((token) => token.id).sort((x, y) => x - y);

    const listed = seeded.tokens.filter((token) => token.priceWei !== null);
    const buyNow = await query({ filters: { status: ['buy_now'] }, pagination: { perPage: 100 } });
    expect(ids(buyNow)).toEqual(sortedIds(listed));
    expect(buyNow.totalCount).toBe(listed.length);

    const withOffers = await query({ filters: { status: ['has_offers'] }, pagination: { perPage: 100 } });
    expect(ids(withOffers)).toEqual(sortedIds([a, c]));
    expect(withOffers.totalCount).toBe(2);

    const both = await query({ filters: { status: ['buy_now', 'has_offers'] } });
    expect(ids(both)).toEqual([a.id]);
    expect(both.totalCount).toBe(1);
    // Paged under a price sort, with another filter.
    const { ids: paged } = await pageThrough({ filters: { status: ['buy_now'], mediaTypes: ['video'] }, sort: { sortBy: 'price', sortDir: 1 } }, 2);
    expect(paged.map(Number)).toEqual(expectedOrder(listed.filter((token) => token.mediaType === 'video'), { sortBy: 'price', sortDir: 1 }));
    // Under the listing-time sort, both ways: the listed tokens only (its page reads no unlisted segment).
    for (const sortDir of [-1, 1] as const) {
      const { ids: byListing } = await pageThrough({ filters: { status: ['buy_now'] }, sort: { sortBy: 'listedAt', sortDir } }, 4);
      expect(byListing.map(Number)).toEqual(expectedOrder(listed, { sortBy: 'listedAt', sortDir }));
    }
  });

  // Buy now alone sums the listed count groups (token_count_groups.listed, kept by the triggers of migration 0022)
  // instead of counting every listed token: its total must equal that count through whatever moves a token.
  it('buy now alone: the total from the listed groups equals the count through listing, cancelling, a sale, a move and hiding', async () => {
    const counted = async (extra: SQL = sql`true`) => {
      const result = (await database.db.execute(sql`
        select count(*)::int as n from ${tokens} t join ${collections} c on c.id = t.collection_id
        where c.state = 'published' and not c.is_hidden and t.price_wei is not null and ${extra}`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    const expectTotals = async () => {
      const total = async (filters: Record<string, unknown>) => (await query({ filters, pagination: { perPage: 1 } })).totalCount;
      expect(await total({ status: ['buy_now'] })).toBe(await counted());
      expect(await total({ status: ['buy_now'], mediaTypes: ['video', 'gif'] })).toBe(await counted(sql`t.media_type in ('video', 'gif')`));
      expect(await total({ status: ['buy_now'], chainIds: [1] })).toBe(await counted(sql`t.chain_id = 1`));
      return total({ status: ['buy_now'] });
    };
    const [unlisted, listedA, listedB, listedC] = [seeded.tokens[0]!, seeded.tokens[1]!, seeded.tokens[2]!, seeded.tokens[3]!];
    expect([unlisted.priceWei, listedA.priceWei, listedB.priceWei, listedC.priceWei]).toEqual([null, expect.any(String), expect.any(String), expect.any(String)]);
    const setToken = (token: SeededToken, values: Partial<typeof tokens.$inferInsert>) => database.db.update(tokens).set(values).where(eq(tokens.id, token.id));

    const start = await expectTotals();
    expect(start).toBe(seeded.tokens.filter((token) => token.priceWei !== null).length);
    await setToken(unlisted, { priceWei: '5' }); // listed
    expect(await expectTotals()).toBe(start + 1);
    await setToken(listedA, { priceWei: null }); // cancelled
    expect(await expectTotals()).toBe(start);
    await setToken(listedB, { priceWei: null, isSold: true }); // sold: the listing ends
    expect(await expectTotals()).toBe(start - 1);
    await setToken(listedC, { collectionId: seeded.collectionIds.hiddenId, tokenId: '999' }); // into a hidden collection
    expect(await expectTotals()).toBe(start - 2);
    await database.db.update(collections).set({ isHidden: true }).where(eq(collections.id, seeded.collectionIds.gifId));
    expect(await expectTotals()).toBe(await counted());

    // Back as seeded, for the tests after this one.
    await database.db.update(collections).set({ isHidden: false }).where(eq(collections.id, seeded.collectionIds.gifId));
    await setToken(unlisted, { priceWei: null });
    await setToken(listedA, { priceWei: listedA.priceWei });
    await setToken(listedB, { priceWei: listedB.priceWei, isSold: false });
    await setToken(listedC, { collectionId: seeded.collectionIds.imageId, tokenId: '2' });
    expect(await expectTotals()).toBe(start);
  });

  it('resolves collection, creator, owner and holding with the sale price', async () => {
    const first = seeded.tokens[0]!;
    const page = await query({ filters: { token_ids: [String(first.id), String(seeded.tokens[2]!.id)] }, sort: { sortBy: '_id', sortDir: 1 } });
    const [token, unheld] = page.edges.map((edge) => edge.node);
    expect(token).toMatchObject({
      _id: String(first.id),
      tokenId: '1',
      name: 'Token 0',
      mediaUrl: '/ipfs/bafkreimedia0',
      thumbnailUrl: '/ipfs/thumbnail/bafkreimedia0',
      attributes: { index: 0 },
      collection: { _id: String(seeded.collectionIds.imageId), name: 'Images', chainId: 31337 },
      creatorInfo: { address: CREATOR_A, alias: 'alice', firstName: 'Alice', lastName: 'Artist', avatar: '/ipfs/thumbnail/bafkreiavatar' },
      ownerInfo: { address: COLLECTOR, alias: 'carol' },
    });
    expect(token!.creatorInfo.id).not.toBeNull();
    expect(token!.tokenHolding).toMatchObject({ chainId: 31337, salePrice: null, owner: { address: COLLECTOR } });
    // A token nobody holds has no holding (cards do not link to it).
    expect(unheld!.tokenHolding).toBeNull();
    expect(unheld!.ownerInfo).toBeNull();

    const listed = await query({ filters: { token_ids: [String(seeded.tokens[1]!.id)] } });
    expect(listed.edges[0]!.node.tokenHolding!.salePrice).toEqual({ amount: seeded.tokens[1]!.priceWei, currency: 'ETH' });
    // Unknown accounts still get a PersonInfo with the address.
    expect(listed.edges[0]!.node.creatorInfo).toMatchObject({ id: null, address: CREATOR_B, alias: null });
  });

  it('a page costs the same few queries whatever its size (no N+1 for collection, people, holdings)', async () => {
    const countQueries = async (perPage: number) => {
      queryCount = 0;
      const page = await query({ sort: { sortBy: 'likesCount', sortDir: -1 }, pagination: { perPage } });
      expect(page.edges).toHaveLength(perPage);
      return queryCount;
    };
    const small = await countQueries(2);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThanOrEqual(5); // page, count, collections, holdings, accounts
    expect(await countQueries(30)).toBe(small);
  });

  it.each([
    [{ pagination: { perPage: 101 } }, 'pagination.perPage: perPage must be between 1 and 100'],
    [{ pagination: { after: 'not-a-cursor' } }, 'Invalid pagination.after: not a cursor returned by this API.'],
    [{ pagination: { page: 2 } }, 'pages after the first are reached with pagination.after'],
    [{ sort: { sortBy: 'views', sortDir: -1 } }, 'sortBy must be one of _id, likesCount, price'],
    [{ sort: { sortBy: '_id', sortDir: 0 } }, 'sortDir must be 1 or -1'],
    [{ filters: { mediaTypes: ['painting'] } }, 'filters.mediaTypes.0'],
    [{ filters: { chainIds: [-1] } }, 'filters.chainIds.0'],
    [{ filters: { creator: 'alice' } }, 'creator must be a 0x-prefixed wallet address'],
    [{ filters: { token_ids: ['1 OR 1=1'] } }, 'token_ids must be token _id values'],
    [{ filters: { status: ['on_auction'] } }, 'status must be buy_now or has_offers (this marketplace has no auctions or bids)'],
    [{ filters: { minPrice: '0.5' } }, 'filters.minPrice: minPrice must be an amount in wei'],
    [{ filters: { maxPrice: '-1' } }, 'filters.maxPrice: maxPrice must be an amount in wei'],
    // Digits outside ASCII fail the amount's own check, and the range check does not run on them (it was a masked crash).
    [{ filters: { minPrice: '𝟙𝟚𝟛', maxPrice: '1' } }, 'filters.minPrice: minPrice must be an amount in wei'],
    [{ filters: { minPrice: '2000', maxPrice: '1000' } }, 'minPrice must not be above maxPrice'],
  ])('rejects bad input %j with a clear error', async (variables, message) => {
    const result = await graphql(server.app, TOKENS, variables);
    expect(result.body.data ?? null).toBeNull();
    expect(result.body.errors?.[0]?.message).toContain(message);
    expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('the sale sorts: a node gives its last sale; a time cursor that is not a time is refused, not a crash', async () => {
    const page = await query({ sort: { sortBy: 'lastSale', sortDir: -1 }, pagination: { perPage: 1 } });
    const top = seeded.tokens.find((token) => token.id === Number(page.edges[0]!.node.id))!;
    const node = (await graphql(server.app, `{ getMarketplaceTokens(sort: { sortBy: "lastSale", sortDir: -1 }, pagination: { perPage: 1 }) { edges { node { lastSale { amount currency } lastSoldAt } } } }`)).body.data!
      .getMarketplaceTokens as unknown as { edges: { node: { lastSale: { amount: string; currency: string }; lastSoldAt: string } }[] };
    expect(node.edges[0]!.node).toEqual({ lastSale: { amount: top.lastSaleWei, currency: 'ETH' }, lastSoldAt: top.lastSoldAt!.toISOString() });
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(['listedAt', -1, value, 5])).toString('base64url');
    for (const value of ['1700000000000', 9e15]) {
      const result = await graphql(server.app, TOKENS, { sort: { sortBy: 'listedAt', sortDir: -1 }, pagination: { after: cursor(value) } });
      expect(result.body.errors?.[0]?.message).toBe('Invalid pagination.after: not a cursor returned by this API.');
      expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const collections = await graphql(server.app, `{ getMarketplaceCollections(sort: { sortBy: "lastSoldAt", sortDir: -1 }) { totalCount } }`);
    expect(collections.body.errors?.[0]?.message).toBe('Invalid sort.sortBy: this list sorts by _id, likesCount, price only.');
  });

  it('rejects a cursor from another sort', async () => {
    const page = await query({ sort: { sortBy: 'likesCount', sortDir: -1 }, pagination: { perPage: 2 } });
    const result = await graphql(server.app, TOKENS, { sort: { sortBy: 'price', sortDir: -1 }, pagination: { after: page.pageInfo.endCursor } });
    expect(result.body.errors?.[0]?.message).toContain('the cursor belongs to a different sort');
  });

  it('refuses a perPage that is not a positive integer before running: it counts as huge in the query cost', async () => {
    for (const perPage of [0, -1, 'ten']) {
      const result = await graphql(server.app, TOKENS, { pagination: { perPage } });
      expect(result.status).toBe(400);
      expect(result.body.errors?.[0]?.message).toContain('Query cost 1000000 exceeds the limit');
      expect(result.body.errors?.[0]?.extensions?.code).toBe('QUERY_COST_LIMIT');
    }
  });

  it('rejects wrongly typed variables and unknown fields before running', async () => {
    const typed = await graphql(server.app, TOKENS, { sort: { sortBy: '_id', sortDir: 'down' } });
    expect(typed.body.errors?.[0]?.message).toMatch(/Int cannot represent/);
    const unknown = await graphql(server.app, '{ getMarketplaceTokens { nope } }');
    expect(unknown.body.errors?.[0]?.message).toContain('Cannot query field "nope"');
  });
});
