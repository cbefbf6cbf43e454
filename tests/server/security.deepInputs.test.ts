// Inputs that used to answer 500: a GraphQL document nested thousands deep overflowed graphql-js's recursive parser
// (RangeError, a stack trace logged per request), and a sign-in whose apiKey.expires lies past the last date a Date
// can hold reached the database as an Invalid Date. Both are 400s now, with nothing written and nothing logged.
import { getIntrospectionQuery } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nestingDepth } from '../../server/graphql/nesting.js';
import { DEFAULT_GRAPHQL_LIMITS } from '../../server/security/config.js';
import { ALICE, loginBody, postLogin, rowCounts, type TestServer } from './authFixtures.js';
import { exportedOperations } from './appGraphqlDocuments.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

const LIMIT = DEFAULT_GRAPHQL_LIMITS.maxNesting;

describe('nestingDepth (unit)', () => {
  it('counts { [ ( and ignores them inside strings, block strings and comments', () => {
    expect(nestingDepth('{ a }')).toBe(1);
    expect(nestingDepth('query ($x: [[Int]]) { a(b: { c: [1, [2]] }) { d } }')).toBe(5);
    expect(nestingDepth('{ a(s: "{{{[[[(((\\" {{{") }')).toBe(2);
    expect(nestingDepth('{ a(s: """ {{{ \\""" [[[ """) }')).toBe(2);
    expect(nestingDepth('# {{{{{{\n{ a }')).toBe(1);
    // An unterminated string ends at its line: brackets on the next line count again.
    expect(nestingDepth('{ a(s: "{{{\n{{ }')).toBe(4);
  });

  it("every document the app sends, and graphql's introspection query, nest well under the limit", () => {
    const operations = exportedOperations();
    expect(operations.length).toBeGreaterThan(10);
    for (const { file, name, query } of operations) expect(nestingDepth(query) * 2, `${file} ${name}`).toBeLessThan(LIMIT);
    expect(nestingDepth(getIntrospectionQuery()) * 2).toBeLessThan(LIMIT);
  });
});

describe.each(DATABASE_KINDS)('deep and extreme inputs on %s', (kind) => {
  let database: TestDatabase;
  let server: TestServer;
  const logged: unknown[][] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await buildTestServer(database.db);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Records what the server logs (yoga logs an unexpected error with its stack) without silencing the test. */
  const watchLogs = () => {
    for (const method of ['error', 'warn'] as const) {
      const original = console[method].bind(console);
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(args);
        original(...args);
      });
    }
  };

  /** `variables` as JSON text: JSON.stringify itself recurses, so deeply nested variables are written out by hand. */
  const post = async (query: string, variables = '{}') => {
    const body = `{"query":${JSON.stringify(query)},"variables":${variables}}`;
    const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] } };
  };

  it('a 9 KB anonymous document nested 3,000 deep is a 400 QUERY_NESTING_LIMIT, logged nowhere', async () => {
    watchLogs();
    const query = `${'{a'.repeat(3000)}${'}'.repeat(3000)}`;
    expect(query.length).toBeGreaterThan(8_900);
    const { status, body } = await post(query);
    expect(status).toBe(400);
    expect(body.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([[`Query nesting 3000 exceeds the limit of ${LIMIT}.`, 'QUERY_NESTING_LIMIT']]);
    expect(logged).toEqual([]);
  });

  it('a list argument nested 10,000 deep is the same 400; so is a deep input object', async () => {
    watchLogs();
    const list = await post(`{ getMarketplaceTokens(filters: { token_ids: ${'['.repeat(10_000)}${']'.repeat(10_000)} }) { totalCount } }`);
    expect([list.status, list.body.errors?.[0]?.extensions?.code]).toEqual([400, 'QUERY_NESTING_LIMIT']);
    const object = await post(`{ getMarketplaceTokens(filters: ${'{a:'.repeat(5_000)}1${'}'.repeat(5_000)}) { totalCount } }`);
    expect([object.status, object.body.errors?.[0]?.extensions?.code]).toEqual([400, 'QUERY_NESTING_LIMIT']);
    expect(logged).toEqual([]);
  });

  it('at the limit a document is parsed and judged by the other rules; brackets in strings do not count', async () => {
    const atLimit = await post(`{ getMarketplaceTokens(filters: { token_ids: ${'['.repeat(LIMIT - 3)}${']'.repeat(LIMIT - 3)} }) { totalCount } }`);
    // Parsed, then refused by validation (a list where a string goes), as any wrong value is.
    expect([atLimit.status, atLimit.body.errors?.[0]?.extensions?.code]).toEqual([200, 'GRAPHQL_VALIDATION_FAILED']);
    const quoted = await post(`{ getMarketplaceTokens(filters: { creator: "${'{'.repeat(5_000)}" }) { totalCount } }`);
    // Parsed and validated: the resolver's own input check answers (the string is no address).
    expect([quoted.status, quoted.body.errors?.[0]?.extensions?.code]).toEqual([200, 'BAD_USER_INPUT']);
  });

  it('deeply nested variables are refused as variables (400), not a crash', async () => {
    const deep = `{"ids":${'['.repeat(10_000)}"1"${']'.repeat(10_000)}}`;
    const { status, body } = await post('query ($ids: [String!]) { getMarketplaceTokens(filters: { token_ids: $ids }) { totalCount } }', deep);
    expect(status).toBe(400);
    expect(body.errors?.length).toBeGreaterThan(0);
  });

  it('a sign-in with apiKey.expires past 8.64e15 ms is a 400 invalid_input that writes nothing; 8.64e15 itself is capped', async () => {
    for (const expires of [8.64e15 + 1, 9_007_199_254_740_991]) {
      const before = await rowCounts(database.db);
      const response = await postLogin(server, await loginBody(server, ALICE, { apiKey: { expires } }));
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('invalid_input');
      expect(body.message).toContain('apiKey.expires');
      expect(body.message).toContain('must be a date');
      expect(await rowCounts(database.db)).toEqual(before);
    }
    const response = await postLogin(server, await loginBody(server, ALICE, { apiKey: { expires: 8.64e15 } }));
    expect(response.status).toBe(200);
    const { apiKey } = (await response.json()) as { apiKey: { expires: number } };
    expect(apiKey.expires).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60_000);
  });
});
