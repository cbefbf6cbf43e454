// getCommentsByTokenId: newest-first keyset pages of 20 top-level comments, reply previews nested five levels (0–4), votes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../server/auth/apiKeys.js';
import { accounts, commentVotes, comments } from '../../server/db/schema.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, graphql, seedMarketplace, COLLECTOR, CREATOR_A } from './fixtures.js';

const QUERY = /* GraphQL */ `
  query ($token_id: ID!, $pagination: PaginationInput) {
    getCommentsByTokenId(token_id: $token_id, pagination: $pagination) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage endCursor }
      edges { cursor node { id text level deleted parent_id votes myVote createdAt updatedAt
        userInfo { address alias avatar firstName lastName }
        replies { totalCount nodes { id level replies { nodes { id level replies { nodes { id level replies { nodes { id level text replies { totalCount nodes { id level } } } } } } } } } } } }
    }
  }
`;

interface Node { id: string; text: string; level: number; deleted: boolean; votes: number; myVote: number | null; userInfo: Record<string, unknown>; replies: { totalCount?: number; nodes: Node[] } }
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
    // A chain six levels deep (0–5) under the newest comment (rows written directly may go deeper than the API
    // stores): five levels, 0–4, are shown.
    chain = [topIds.at(-1)!];
    for (let level = 1; level <= 5; level += 1) {
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

  const page = async (variables: Record<string, unknown>, authorization?: string) => {
    const response = await server.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
      body: JSON.stringify({ query: QUERY, variables: { token_id: String(tokenId), ...variables } }),
    });
    const body = (await response.json()) as { data?: { getCommentsByTokenId: Page }; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    return body.data!.getCommentsByTokenId;
  };
  const votesOf = (result: Page) => result.edges.map((e) => [e.node.votes, e.node.myVote]);

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

  it('nests replies with their level from 0, five levels deep (0–4)', async () => {
    const [newest] = (await page({ pagination: { perPage: 1 } })).edges;
    let node = newest!.node;
    const seen = [[Number(node.id), node.level]];
    while (node.replies?.nodes.length) {
      node = node.replies.nodes[0]!;
      seen.push([Number(node.id), node.level]);
    }
    expect(seen).toEqual(chain.slice(0, 5).map((id, index) => [id, index]));
    expect(seen.map(([, level]) => level)).toEqual([0, 1, 2, 3, 4]);
    expect(node.replies).toEqual({ totalCount: 0, nodes: [] }); // level 5 is not shown
  });

  it('sums votes; userInfo carries the author; anonymous readers get myVote null', async () => {
    const anonymous = await page({ pagination: { perPage: 2 } });
    expect(votesOf(anonymous)).toEqual([[0, null], [1, null]]);
    expect(anonymous.edges[0]!.node.userInfo).toEqual({ address: CREATOR_A, alias: 'alice', avatar: '/ipfs/thumbnail/bafkreiavatar', firstName: 'Alice', lastName: 'Artist' });
  });

  it('myVote is the signed-in viewer’s own vote only: another account’s address without its key shows nothing', async () => {
    const HOUR = 3_600_000;
    const { key } = await createApiKey(database.db, COLLECTOR, new Date(Date.now() + HOUR));
    const mixedCase = COLLECTOR.toUpperCase().replace('0X', '0x');
    // The old `viewer` argument is gone: naming an address is refused, not answered with that account's votes.
    const named = await graphql(server.app, 'query ($t: ID!, $v: String) { getCommentsByTokenId(token_id: $t, viewer: $v) { edges { node { myVote } } } }', {
      t: String(tokenId),
      v: COLLECTOR,
    });
    expect(named.body.data).toBeUndefined();
    expect(named.body.errors?.[0]?.message).toMatch(/Unknown argument "viewer"/);
    // Carol's address with a made-up key, an expired key, or no key at all: anonymous.
    expect(votesOf(await page({ pagination: { perPage: 2 } }, `Bearer ${mixedCase}:${'x'.repeat(43)}`))).toEqual([[0, null], [1, null]]);
    const expired = await createApiKey(database.db, COLLECTOR, new Date(Date.now() - 1000));
    expect(votesOf(await page({ pagination: { perPage: 2 } }, `Bearer ${COLLECTOR}:${expired.key}`))).toEqual([[0, null], [1, null]]);
    // Alice's key with Carol's address is not Carol either.
    const alice = await createApiKey(database.db, CREATOR_A, new Date(Date.now() + HOUR));
    expect(votesOf(await page({ pagination: { perPage: 2 } }, `Bearer ${COLLECTOR}:${alice.key}`))).toEqual([[0, null], [1, null]]);
    // Signed in (no Nonce needed for a read): each account sees its own votes.
    expect(votesOf(await page({ pagination: { perPage: 2 } }, `Bearer ${mixedCase}:${key}`))).toEqual([[0, -1], [1, 1]]);
    expect(votesOf(await page({ pagination: { perPage: 2 } }, `Bearer ${CREATOR_A}:${alice.key}`))).toEqual([[0, 1], [1, null]]);
  });

  it('rejects a malformed token id or cursor with a clear message', async () => {
    const bad = await graphql(server.app, QUERY, { token_id: 'abc' });
    expect(bad.body.errors?.[0]?.message).toMatch(/Invalid token_id/);
    const cursor = await graphql(server.app, QUERY, { token_id: String(tokenId), pagination: { after: 'nope' } });
    expect(cursor.body.errors?.[0]?.message).toMatch(/Invalid pagination.after/);
  });
});
