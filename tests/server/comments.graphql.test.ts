// getCommentsByTokenId: newest-first keyset pages of 20 top-level comments, replies nested to level 5, votes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, commentVotes, comments } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, graphql, seedMarketplace, COLLECTOR, CREATOR_A } from './fixtures.js';

const QUERY = /* GraphQL */ `
  query ($token_id: ID!, $pagination: PaginationInput, $viewer: String) {
    getCommentsByTokenId(token_id: $token_id, pagination: $pagination, viewer: $viewer) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage endCursor }
      edges { cursor node { id text level deleted parent_id votes myVote createdAt updatedAt
        userInfo { address alias avatar firstName lastName }
        replies { id level replies { id level replies { id level replies { id level text replies { id level } } } } } } }
    }
  }
`;

interface Node { id: string; text: string; level: number; deleted: boolean; votes: number; myVote: number | null; userInfo: Record<string, unknown>; replies: Node[] }
interface Page { totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string }; edges: { node: Node }[] }

describe.each(DATABASE_KINDS)('getCommentsByTokenId on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let tokenId: number;
  let chain: number[];
  let topIds: number[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
    const { tokens } = await seedMarketplace(database.db);
    tokenId = tokens[0]!.id;
    const people = await database.db.select().from(accounts);
    const alice = people.find((p) => p.address === CREATOR_A)!;
    const carol = people.find((p) => p.address === COLLECTOR)!;
    topIds = [];
    for (let i = 0; i < 25; i += 1) {
      const [row] = await database.db.insert(comments).values({ tokenId, accountId: i % 2 ? carol.id : alice.id, text: `top ${i}` }).returning();
      topIds.push(row!.id);
    }
    // A chain six deep under the newest comment (older data may be deeper than the API writes): five are shown.
    chain = [topIds.at(-1)!];
    for (let level = 2; level <= 6; level += 1) {
      const [row] = await database.db.insert(comments).values({ tokenId, accountId: alice.id, parentId: chain.at(-1)!, text: `level ${level}` }).returning();
      chain.push(row!.id);
    }
    await database.db.insert(comments).values({ tokenId: tokens[1]!.id, accountId: alice.id, text: 'other token' });
    await database.db.insert(commentVotes).values([
      { commentId: topIds.at(-1)!, accountId: alice.id, value: 1 },
      { commentId: topIds.at(-1)!, accountId: carol.id, value: -1 },
      { commentId: topIds.at(-2)!, accountId: carol.id, value: 1 },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  const page = async (variables: Record<string, unknown>) => {
    const result = await graphql(server.app, QUERY, { token_id: String(tokenId), ...variables });
    expect(result.body.errors).toBeUndefined();
    return (result.body.data as unknown as { getCommentsByTokenId: Page }).getCommentsByTokenId;
  };

  it('pages top-level comments newest first, 20 per page by default, then the rest after the cursor', async () => {
    const first = await page({});
    expect(first.totalCount).toBe(25);
    expect(first.edges.map((e) => Number(e.node.id))).toEqual(topIds.slice(5).reverse());
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await page({ pagination: { after: first.pageInfo.endCursor } });
    expect(second.edges.map((e) => Number(e.node.id))).toEqual(topIds.slice(0, 5).reverse());
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect((await page({ pagination: { perPage: 3 } })).edges).toHaveLength(3);
  });

  it('nests replies with their level, five levels deep', async () => {
    const [newest] = (await page({ pagination: { perPage: 1 } })).edges;
    let node = newest!.node;
    const seen = [[Number(node.id), node.level]];
    while (node.replies?.length) {
      node = node.replies[0]!;
      seen.push([Number(node.id), node.level]);
    }
    expect(seen).toEqual(chain.slice(0, 5).map((id, index) => [id, index + 1]));
    expect(node.replies).toEqual([]); // level 6 is not shown
  });

  it('sums votes and returns the viewer’s own vote; userInfo carries the author', async () => {
    const anonymous = await page({ pagination: { perPage: 2 } });
    expect(anonymous.edges.map((e) => [e.node.votes, e.node.myVote])).toEqual([[0, null], [1, null]]);
    const carol = await page({ pagination: { perPage: 2 }, viewer: COLLECTOR.toUpperCase().replace('0X', '0x') });
    expect(carol.edges.map((e) => [e.node.votes, e.node.myVote])).toEqual([[0, -1], [1, 1]]);
    expect(anonymous.edges[0]!.node.userInfo).toEqual({ address: CREATOR_A, alias: 'alice', avatar: '/ipfs/thumbnail/bafkreiavatar', firstName: 'Alice', lastName: 'Artist' });
  });

  it('rejects a malformed token id, viewer or cursor with a clear message', async () => {
    const bad = await graphql(server.app, QUERY, { token_id: 'abc' });
    expect(bad.body.errors?.[0]?.message).toMatch(/Invalid token_id/);
    const viewer = await graphql(server.app, QUERY, { token_id: String(tokenId), viewer: 'me' });
    expect(viewer.body.errors?.[0]?.message).toMatch(/Invalid viewer/);
    const cursor = await graphql(server.app, QUERY, { token_id: String(tokenId), pagination: { after: 'nope' } });
    expect(cursor.body.errors?.[0]?.message).toMatch(/Invalid pagination.after/);
  });
});
