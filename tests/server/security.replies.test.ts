// Replies are bounded: after a flood of 600 replies to one comment, the app's thread read still answers 20
// top-level comments with at most 2 replies per comment at each level (each list with its totalCount and cursor),
// within the cost limit and priced at its real size, and 'More replies' (getCommentReplies, 20 a page) walks every
// reply exactly once.
import { parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLIES_PREVIEW } from '../../domain/comments.js';
import { accounts, comments } from '../../server/db/schema.js';
import { createGraphqlSchema } from '../../server/graphql/index.js';
import { measureOperations } from '../../server/graphql/limits.js';
import { DEFAULT_GRAPHQL_LIMITS } from '../../server/security/config.js';
import { GET_COMMENTS_BY_TOKEN_ID, GET_COMMENT_REPLIES } from '../../src/services/comments';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer, seedMarketplace, COLLECTOR, CREATOR_A } from './fixtures.js';

const FLOOD = 600;
const TOP_LEVEL_COMMENTS = 21;
const THREAD = print(GET_COMMENTS_BY_TOKEN_ID);
const REPLIES = print(GET_COMMENT_REPLIES);
const schema = createGraphqlSchema();

interface Replies { totalCount: number; pageInfo: { endCursor: string | null; hasNextPage: boolean }; nodes: Comment[] }
interface Comment { id: string; level: number; parent_id: string | null; replies?: Replies }
interface Page { totalCount: number; pageInfo: { endCursor: string | null; hasNextPage: boolean }; edges: { cursor: string; node: Comment }[] }
interface Answer { status: number; bytes: number; body: { data?: Record<string, Page>; errors?: { message: string; extensions?: { code?: string } }[] } }

/** Every comment in an answer, at any level. */
const everyComment = (nodes: Comment[]): Comment[] => nodes.flatMap((node) => [node, ...everyComment(node.replies?.nodes ?? [])]);

describe.each(DATABASE_KINDS)('a reply flood on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;
  let tokenId: number;
  let flooded: number;
  let flood: number[];
  // Under the flood's first reply, a chain with 5 replies at each level (1 to 4) and one at level 5.
  let chain: number[];
  // Every statement the server runs, to count the reply reads.
  const statements: string[] = [];
  const previewReads = () => statements.filter((statement) => statement.includes('LEFT JOIN LATERAL')).length;

  const send = async (query: string, variables: Record<string, unknown>): Promise<Answer> => {
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    const text = await response.text();
    return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as Answer['body'] };
  };
  const costOf = (query: string, variables: Record<string, unknown>) => measureOperations(schema, parse(query), variables)[0]!.cost;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { logQuery: (query) => void statements.push(query) });
    server = await buildTestServer(database.db);
    tokenId = (await seedMarketplace(database.db)).tokens[0]!.id;
    const people = await database.db.select().from(accounts);
    const alice = people.find((p) => p.address === CREATOR_A)!.id;
    const carol = people.find((p) => p.address === COLLECTOR)!.id;
    const top = await database.db
      .insert(comments)
      .values(Array.from({ length: TOP_LEVEL_COMMENTS }, (_, i) => ({ tokenId, accountId: alice, text: `top ${i}` })))
      .returning({ id: comments.id });
    flooded = top.at(-1)!.id; // the newest: first on the thread's first page
    // The flood: one client's 600 replies to one comment, in one statement.
    const rows = await database.db
      .insert(comments)
      .values(Array.from({ length: FLOOD }, (_, i) => ({ tokenId, accountId: carol, parentId: flooded, text: `flood ${i}` })))
      .returning({ id: comments.id });
    flood = rows.map((row) => row.id).sort((a, b) => a - b);
    chain = [flood[0]!];
    for (let level = 2; level <= 5; level += 1) {
      const replies = await database.db
        .insert(comments)
        .values(Array.from({ length: level === 5 ? 1 : 5 }, (_, i) => ({ tokenId, accountId: alice, parentId: chain.at(-1)!, text: `level ${level} #${i}` })))
        .returning({ id: comments.id });
      chain.push(Math.min(...replies.map((row) => row.id)));
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it('the thread read answers 20 top-level comments and at most 2 replies per comment at each level, each list with its totalCount and cursor', async () => {
    const variables = { token_id: String(tokenId), pagination: { after: null, perPage: 20 } };
    const answer = await send(THREAD, variables);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    const page = answer.body.data!.getCommentsByTokenId!;
    expect(page.totalCount).toBe(TOP_LEVEL_COMMENTS);
    expect(page.edges).toHaveLength(20);
    expect(page.pageInfo).toMatchObject({ hasNextPage: true, endCursor: expect.any(String) });

    const top = page.edges[0]!.node;
    expect(Number(top.id)).toBe(flooded);
    expect(top.replies!.totalCount).toBe(FLOOD);
    expect(top.replies!.nodes.map((node) => Number(node.id))).toEqual(flood.slice(0, REPLIES_PREVIEW));
    expect(top.replies!.pageInfo).toEqual({ endCursor: expect.any(String), hasNextPage: true });
    // Down the chain: 5 replies at each level, 2 shown with the count and a cursor; level 4 shows no replies.
    let node = top.replies!.nodes[0]!;
    for (let level = 1; level <= 3; level += 1) {
      expect([Number(node.id), node.level]).toEqual([chain[level - 1], level]);
      expect(node.replies!.totalCount).toBe(5);
      expect(node.replies!.nodes).toHaveLength(REPLIES_PREVIEW);
      expect(node.replies!.pageInfo.hasNextPage).toBe(true);
      node = node.replies!.nodes[0]!;
    }
    expect([Number(node.id), node.level, node.replies]).toEqual([chain[3], 4, undefined]); // the document asks no deeper

    // Every list at every level holds at most 2; the whole answer is far from the flood's size.
    const all = everyComment(page.edges.map((edge) => edge.node));
    for (const comment of all) if (comment.replies) expect(comment.replies.nodes.length).toBeLessThanOrEqual(REPLIES_PREVIEW);
    expect(all.length).toBe(20 + 4 * REPLIES_PREVIEW); // levels 1 to 4 under the flooded comment; level 5 is never shown
    expect(answer.bytes).toBeLessThan(32 * 1024);
    // Priced at its real size: the cost counts at least every comment it can answer, and stays under half the limit.
    const cost = costOf(THREAD, variables);
    expect(cost).toBe(20 * (1 + 2 + 4 + 8 + 16));
    expect(all.length).toBeLessThanOrEqual(cost);
    expect(cost * 2).toBeLessThan(DEFAULT_GRAPHQL_LIMITS.maxCost);
  });

  it('replies are read one batch per level, and only as deep as the query selects them', async () => {
    statements.length = 0;
    await send(THREAD, { token_id: String(tokenId), pagination: { after: null, perPage: 20 } });
    expect(previewReads()).toBe(4); // levels 1 to 4, each for every comment of the level above at once
    statements.length = 0;
    const flat = await send('query ($t: ID!) { getCommentsByTokenId(token_id: $t) { edges { node { id } } } }', { t: String(tokenId) });
    expect(flat.body.data!.getCommentsByTokenId!.edges).toHaveLength(20);
    expect(previewReads()).toBe(0);
  });

  it("'More replies' pages one comment's replies 20 at a time from the thread's cursor: every reply exactly once, in order", async () => {
    const thread = await send(THREAD, { token_id: String(tokenId), pagination: { after: null, perPage: 20 } });
    const preview = thread.body.data!.getCommentsByTokenId!.edges[0]!.node.replies!;
    const seen = preview.nodes.map((node) => Number(node.id));
    let after = preview.pageInfo.endCursor;
    let pages = 0;
    for (;;) {
      const variables = { comment_id: String(flooded), pagination: { after, perPage: 20 } };
      const answer = await send(REPLIES, variables);
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      const page = answer.body.data!.getCommentReplies!;
      pages += 1;
      expect(page.totalCount).toBe(FLOOD);
      expect(page.edges.length).toBeLessThanOrEqual(20);
      const all = everyComment(page.edges.map((edge) => edge.node));
      expect(all.length).toBeLessThanOrEqual(costOf(REPLIES, variables));
      expect(page.edges.every((edge) => edge.node.level === 1 && Number(edge.node.parent_id) === flooded)).toBe(true);
      seen.push(...page.edges.map((edge) => Number(edge.node.id)));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(Math.ceil((FLOOD - REPLIES_PREVIEW) / 20));
    expect(seen).toEqual(flood);
    expect(costOf(REPLIES, { comment_id: '1', pagination: { after: null, perPage: 20 } })).toBe(20 * (1 + 2 + 4 + 8));
  });

  it("a reply's own replies page the same way, and nothing is shown below level 4", async () => {
    const level2 = await send(REPLIES, { comment_id: String(chain[0]), pagination: { after: null, perPage: 20 } });
    const page = level2.body.data!.getCommentReplies!;
    expect([page.totalCount, page.edges.length, page.pageInfo.hasNextPage]).toEqual([5, 5, false]);
    expect(page.edges[0]!.node).toMatchObject({ level: 2, replies: { totalCount: 5, pageInfo: { hasNextPage: true } } });
    expect(page.edges[0]!.node.replies!.nodes).toHaveLength(REPLIES_PREVIEW);
    // A level-4 comment's replies (only a row written directly can be there) are not shown.
    const deepest = await send(REPLIES, { comment_id: String(chain[3]), pagination: { after: null, perPage: 20 } });
    expect(deepest.body.data!.getCommentReplies).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('asking for more at once is priced at its real size and refused over the cost limit', async () => {
    // A page of 100 replies, each with its replies 4 levels deep: 100 × (1 + 2 + 4 + 8 + 16).
    const deep = `query ($id: ID!) { getCommentReplies(comment_id: $id, pagination: { perPage: 100 }) { edges { node { id
      replies { nodes { id replies { nodes { id replies { nodes { id replies { nodes { id } } } } } } } } } } } }`;
    const refused = await send(deep, { id: String(flooded) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([
      [`Query cost 3100 exceeds the limit of ${DEFAULT_GRAPHQL_LIMITS.maxCost}.`, 'QUERY_COST_LIMIT'],
    ]);
    // 100 flat replies are within the limit, and 100 is what comes back.
    const flat = await send('query ($id: ID!) { getCommentReplies(comment_id: $id, pagination: { perPage: 100 }) { totalCount edges { node { id } } } }', { id: String(flooded) });
    expect(flat.status).toBe(200);
    expect(flat.body.data!.getCommentReplies!.edges).toHaveLength(100);
  });

  it('bad input is a 4xx-style GraphQL error with a clear message; an unknown comment is an empty page', async () => {
    const malformed = await send(REPLIES, { comment_id: 'abc' });
    expect(malformed.body.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([
      ['Invalid comment_id: a comment _id (positive integer).', 'BAD_USER_INPUT'],
    ]);
    // A top-level page's cursor (newest first) is not a replies cursor (oldest first).
    const thread = await send(THREAD, { token_id: String(tokenId), pagination: { after: null, perPage: 20 } });
    const foreign = await send(REPLIES, { comment_id: String(flooded), pagination: { after: thread.body.data!.getCommentsByTokenId!.pageInfo.endCursor } });
    expect(foreign.body.errors?.[0]?.message).toBe('Invalid pagination.after: the cursor belongs to a different sort; start again from the first page.');
    const unknown = await send(REPLIES, { comment_id: '999999999' });
    expect(unknown.body.data!.getCommentReplies).toMatchObject({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false } });
  });
});
