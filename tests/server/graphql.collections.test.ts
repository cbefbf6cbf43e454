import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, CREATOR_A, CREATOR_B, graphql, seedMarketplace, type ConnectionResult, type ListNode } from './fixtures.js';

const COLLECTIONS = /* GraphQL */ `
  query ($filters: MarketplaceFilter, $sort: SortInput, $pagination: PaginationInput) {
    getMarketplaceCollections(filters: $filters, sort: $sort, pagination: $pagination) {
      totalCount
      pageInfo { startCursor endCursor hasNextPage hasPreviousPage }
      edges {
        cursor
        node {
          id _id name symbol description chainId cover thumbnail address mediaType tokenCount soldOut likesCount floorPrice { amount currency } createdAt attributes
          creatorInfo { id address alias }
        }
      }
    }
  }
`;

describe.each(DATABASE_KINDS)('getMarketplaceCollections on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let ids: Awaited<ReturnType<typeof seedMarketplace>>['collectionIds'];
  let seededTokens: Awaited<ReturnType<typeof seedMarketplace>>['tokens'];

  const query = async (variables: Record<string, unknown>) => {
    const result = await graphql(server.app, COLLECTIONS, variables);
    expect(result.body.errors).toBeUndefined();
    return result.body.data!.getMarketplaceCollections! as unknown as ConnectionResult<ListNode & Record<string, unknown>>;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ collectionIds: ids, tokens: seededTokens } = await seedMarketplace(database.db));
    server = await buildTestServer(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lists published, visible collections newest first with creator info and media URLs', async () => {
    const page = await query({});
    expect(page.totalCount).toBe(3);
    expect(page.edges.map((edge) => edge.node._id)).toEqual([ids.gifId, ids.videoId, ids.imageId].map(String));
    const images = page.edges[2]!.node;
    expect(images).toMatchObject({
      name: 'Images',
      symbol: 'SYM',
      chainId: 31337,
      mediaType: 'image',
      tokenCount: 10,
      soldOut: false,
      cover: '/ipfs/bafkreicover',
      thumbnail: '/ipfs/thumbnail/bafkreicover',
      address: '0x00000000000000000000000000000000000000a1',
      creatorInfo: { address: CREATOR_A, alias: 'alice' },
    });
    expect(new Date(images.createdAt as string).getTime()).not.toBeNaN();
  });

  it('pages oldest first with cursors, without duplicates or gaps', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const page: ConnectionResult<ListNode> = await query({ sort: { sortBy: '_id', sortDir: 1 }, pagination: { perPage: 1, after } });
      seen.push(...page.edges.map((edge) => edge.node._id));
      expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([ids.imageId, ids.videoId, ids.gifId].map(String));
  });

  it('carries the likes sum and floor price of its tokens, and sorts by them with the _id tie-break', async () => {
    // Aggregates computed in JS from the seeded tokens (the collection of token i is i % 3).
    const collectionOf = [ids.imageId, ids.videoId, ids.gifId];
    const expected = collectionOf.map((id, k) => {
      const own = seededTokens.filter((_, i) => i % 3 === k);
      const prices = own.map((token) => token.priceWei).filter((price): price is string => price !== null).map(BigInt);
      const floor = prices.length ? prices.reduce((a, b) => (a < b ? a : b)).toString() : null;
      return { id: String(id), likes: own.reduce((sum, token) => sum + token.likesCount, 0), floor };
    });
    const all = await query({ sort: { sortBy: '_id', sortDir: 1 } });
    for (const e of expected) {
      const node = all.edges.find((edge) => edge.node._id === e.id)!.node;
      expect(node.likesCount).toBe(e.likes);
      expect(node.floorPrice).toEqual(e.floor === null ? null : { amount: e.floor, currency: 'ETH' });
    }
    const byId = (dir: number) => (a: { id: string }, b: { id: string }) => (Number(a.id) - Number(b.id)) * dir;
    for (const sortDir of [1, -1]) {
      const likes = [...expected].sort((a, b) => (a.likes - b.likes) * sortDir || byId(sortDir)(a, b)).map((e) => e.id);
      const price = [...expected]
        .sort((a, b) => {
          if (a.floor === null || b.floor === null) return a.floor === b.floor ? byId(sortDir)(a, b) : a.floor === null ? 1 : -1;
          const diff = BigInt(a.floor) - BigInt(b.floor);
          return diff === 0n ? byId(sortDir)(a, b) : (diff > 0n ? 1 : -1) * sortDir;
        })
        .map((e) => e.id);
      for (const [sortBy, order] of [['likesCount', likes], ['price', price]] as const) {
        const seen: string[] = [];
        let after: string | null = null;
        do {
          const page: ConnectionResult<ListNode> = await query({ sort: { sortBy, sortDir }, pagination: { perPage: 1, after } });
          seen.push(...page.edges.map((edge) => edge.node._id));
          after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
        } while (after);
        expect(seen, `${sortBy} ${sortDir}`).toEqual(order);
      }
    }
  });

  it('filters by media type, chain and creator', async () => {
    expect((await query({ filters: { mediaTypes: ['video'] } })).edges.map((edge) => edge.node.name)).toEqual(['Videos']);
    expect((await query({ filters: { chainIds: [1] } })).edges.map((edge) => edge.node.name)).toEqual(['Gifs']);
    const byCreator = await query({ filters: { creator: CREATOR_A } });
    expect(byCreator.edges.map((edge) => edge.node.name)).toEqual(['Gifs', 'Images']);
    expect(byCreator.totalCount).toBe(2);
    // The seed's creatorsIds: any of several artists (with creator, either).
    const both = await query({ filters: { creatorsIds: [CREATOR_A, CREATOR_B.toUpperCase().replace('0X', '0x')] } });
    expect(both.edges.map((edge) => edge.node.name)).toEqual(['Gifs', 'Videos', 'Images']);
    expect(both.totalCount).toBe(3);
    expect((await query({ filters: { creator: CREATOR_B, creatorsIds: [CREATOR_B] } })).totalCount).toBe(1);
  });

  it.each([
    [{ sort: { sortBy: 'views', sortDir: -1 } }, 'sortBy must be one of _id, likesCount, price'],
    [{ filters: { token_ids: ['1'] } }, 'Invalid filters.token_ids: it filters tokens, not collections.'],
    [{ pagination: { perPage: 1000 } }, 'perPage must be between 1 and 100'],
    [{ filters: { creatorsIds: ['lumen'] } }, 'creatorsIds must be 0x-prefixed wallet addresses'],
    [{ filters: { creatorsIds: Array.from({ length: 21 }, (_, i) => `0x${String(i).padStart(40, '0')}`) } }, 'creatorsIds takes at most 20 addresses'],
    [{ pagination: { after: Buffer.from('["_id",-1,null,0]').toString('base64url') } }, 'not a cursor returned by this API'],
  ])('rejects %j', async (variables, message) => {
    const result = await graphql(server.app, COLLECTIONS, variables);
    expect(result.body.errors?.[0]?.message).toContain(message);
    expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
