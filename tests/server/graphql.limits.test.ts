// GraphQL cost, alias and depth limits and introspection (server/graphql/limits.ts), through the real server,
// and every document the app sends measured with the variables the app sends it with.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildSchema, getIntrospectionQuery, parse, print, type GraphQLNamedType, type GraphQLObjectType, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '../../machines/lists/constants';
import { serverSdl } from '../../scripts/graphql-codegen.js';
import { createGraphqlSchema } from '../../server/graphql/index.js';
import { DEFAULT_LIST_ESTIMATE, LIST_ESTIMATES, limitViolations, measureOperations } from '../../server/graphql/limits.js';
import { DEFAULT_GRAPHQL_LIMITS } from '../../server/security/config.js';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from './databases.js';
import { exportedOperations, sendEveryAppRequest, sourceFiles, withoutTypenames, type SentRequest } from './appGraphqlDocuments.js';
import * as commentsService from '../../src/services/comments';
import { buildTestServer, graphql, seedMarketplace } from './fixtures.js';

const schema = createGraphqlSchema();
const LIMITS = DEFAULT_GRAPHQL_LIMITS;
const ROOT = join(import.meta.dirname, '../..');
const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** A fixture over half the cost limit (and over the limit itself) with perPage 100; cheap with perPage 12. */
const OVER_COST = /* GraphQL */ `
  query overCost($pagination: PaginationInput) {
    getMyTokensWithOffers(filters: { seller: "${ADDRESS}" }, pagination: $pagination) {
      edges { node { id offers { id } token { tokenHolding { bazaarSales { id } } } } }
    }
  }`;

/** Why a document (with its variables) may not ship: over half the cost limit, or over the alias or depth limit. */
function documentProblems(query: string, variables: Record<string, unknown> = {}): string[] {
  return measureOperations(schema, parse(query), variables).flatMap((measure) => [
    ...limitViolations(measure, LIMITS).filter((violation) => violation.code !== 'QUERY_COST_LIMIT').map((violation) => violation.message),
    ...(measure.cost * 2 >= LIMITS.maxCost ? [`${measure.name}: cost ${measure.cost} is not under half the limit (${LIMITS.maxCost / 2})`] : []),
  ]);
}

const costOf = (query: string, variables: Record<string, unknown> = {}) => measureOperations(schema, parse(query), variables)[0]!.cost;

// ---- Every document the app sends (collected in appGraphqlDocuments.ts) ----

describe('the app’s GraphQL documents', () => {
  let sent: SentRequest[];
  beforeAll(async () => {
    sent = await sendEveryAppRequest(schema);
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('collects every document: each graphql(`query ...`) in src/ is exported by a service module and sent above', () => {
    const operations = exportedOperations();
    // Call sites in the source, the helper's own definition left out: none may escape the list above. A document is
    // written in place, or a constant of domain/firstReads/: any but a fragment's (…_FIELDS) counts as a query.
    const callSites = sourceFiles(join(ROOT, 'src')).flatMap((path) => {
      const source = readFileSync(path, 'utf8');
      const calls = source.match(/\bgraphql\(\s*(?:`\s*query\b|(?![A-Z0-9_]*_FIELDS\b)[A-Z][A-Z0-9_]*\b)/g) ?? [];
      return calls.map(() => relative(ROOT, path));
    });
    expect(operations.map((operation) => operation.file).sort()).toEqual(callSites.sort());
    // No other way to reach /graphql: only the graphql service posts there.
    const posting = sourceFiles(join(ROOT, 'src')).filter((path) => /GRAPHQL_ENDPOINT|['"`]\/graphql['"`]/.test(readFileSync(path, 'utf8')));
    expect(posting.map((path) => relative(ROOT, path)).sort()).toEqual(['src/services/graphql.ts', 'src/swConfig.ts']);
    const sentQueries = new Set(sent.map((request) => withoutTypenames(request.query)));
    for (const operation of operations) expect(sentQueries.has(operation.query), `${operation.file} ${operation.name} is never sent`).toBe(true);
  });

  it('every document, with the variables the app sends, costs under half the limit and passes the alias and depth limits', () => {
    const measured = sent.map((request) => {
      const [measure] = measureOperations(schema, parse(request.query), request.variables);
      return { ...measure!, name: request.operationName, problems: documentProblems(request.query, request.variables) };
    });
    expect(measured.filter((entry) => entry.problems.length > 0)).toEqual([]);
    // As sent (fragments appended, __typename added by the client), each document is valid for the server.
    const serverSchema = buildSchema(serverSdl());
    expect(sent.flatMap((request) => validate(serverSchema, parse(request.query)).map((error) => `${request.operationName}: ${error.message}`))).toEqual([]);
    expect(measured.length).toBeGreaterThanOrEqual(exportedOperations().length);
    // The dearest ones, for the record (see DEFAULT_GRAPHQL_LIMITS).
    const cost = (name: string) => Math.max(...measured.filter((entry) => entry.name === name).map((entry) => entry.cost));
    expect(cost('getCommentsByTokenId')).toBe(20 * (1 + 2 + 4 + 8 + 16));
    expect(cost('getCommentReplies')).toBe(20 * (1 + 2 + 4 + 8));
    // A page of the largest list size: the artist filter searches artists now (it read a page of 100 collections).
    expect(cost('getMarketplaceCollections')).toBe(perPageMax());
    expect(cost('getMyTokensWithOffers')).toBe(perPageMax() * (1 + LIST_ESTIMATES['TokenWithOffers.offers']!));
    expect(Math.max(...measured.map((entry) => entry.depth))).toBe(13); // the comment thread: replies { nodes } four levels deep
  });

  it('the check fails for a document that is over: a fixture refused with its variables, passed with small ones', () => {
    // A page of 100 tokens with offers (10 estimated each) and the holding's sales (5 estimated each).
    expect(costOf(OVER_COST, { pagination: { perPage: 100 } })).toBe(100 + 100 * 10 + 100 * 5);
    expect(documentProblems(OVER_COST, { pagination: { perPage: 100 } })).toEqual([`overCost: cost 1600 is not under half the limit (${LIMITS.maxCost / 2})`]);
    expect(documentProblems(OVER_COST, { pagination: { perPage: 12 } })).toEqual([]);
    const tooDeep = `{ getCommentsByTokenId(token_id: "1", pagination: { perPage: 1 }) { edges { node { ${repliesDeep(6)} } } } }`;
    expect(documentProblems(tooDeep)).toContain(`Query depth 16 exceeds the limit of ${LIMITS.maxDepth}.`);
  });

  it('every list field of the schema is paginated, a connection’s edges, or has a documented estimate', () => {
    const unestimated: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const listed = String(field.type).includes('[');
        const paginated = field.args.some((arg) => arg.name === 'pagination');
        if (!listed || paginated || (field.name === 'edges' && type.name.endsWith('Connection'))) continue;
        if (LIST_ESTIMATES[`${type.name}.${field.name}`] === undefined) unestimated.push(`${type.name}.${field.name}`);
      }
    }
    expect(unestimated).toEqual([]);
    expect(DEFAULT_LIST_ESTIMATE).toBe(20);
  });
});

// By tag, not instanceof: the schema is built by yoga's copy of graphql, this file may import another.
const isObjectType = (type: GraphQLNamedType): type is GraphQLObjectType => Object.prototype.toString.call(type) === '[object GraphQLObjectType]';

function perPageMax() {
  return Math.max(...Object.values(PAGE_SIZE));
}

// ---- Measuring ----

const tokenPage = (alias: string, perPage: number) => `${alias}: getMarketplaceTokens(pagination: { perPage: ${perPage} }) { edges { node { id name } } }`;
const ALIASES_200 = `{ ${Array.from({ length: 200 }, (_, i) => tokenPage(`t${i}`, 100)).join('\n')} }`;
const repliesDeep = (levels: number): string => (levels === 0 ? 'id' : `id replies { nodes { ${repliesDeep(levels - 1)} } }`);

describe('measureOperations', () => {
  it('counts perPage literal or variable, the default 20, nested lists multiplied, aliases and fragments', () => {
    expect(costOf('{ getMarketplaceTokens { edges { node { id } } } }')).toBe(20);
    expect(costOf('query ($p: PaginationInput) { getMarketplaceTokens(pagination: $p) { totalCount } }', { p: { perPage: 7 } })).toBe(7);
    expect(costOf('query ($n: Int) { getMarketplaceTokens(pagination: { perPage: $n }) { totalCount } }', { n: 9 })).toBe(9);
    expect(costOf('query ($n: Int = 30) { getMarketplaceTokens(pagination: { perPage: $n }) { totalCount } }')).toBe(30);
    expect(costOf('query ($p: PaginationInput) { getMarketplaceTokens(pagination: $p) { totalCount } }', { p: null })).toBe(20);
    expect(costOf('{ getTokenFromHolding(id: "1") { tokenHolding { bazaarSales { id } } } }')).toBe(1 + 5);
    expect(costOf(ALIASES_200)).toBe(20_000);
    expect(costOf('{ getCommentsByTokenId(token_id: "1", pagination: { perPage: 10 }) { edges { node { replies { nodes { replies { nodes { id } } } } } } } }')).toBe(10 + 20 + 40);
  });

  it('a malformed perPage counts as huge, never as zero', () => {
    for (const perPage of ['-5', '0', '"20"', '2.5', '1000000000']) {
      expect(costOf(`{ getMarketplaceTokens(pagination: { perPage: ${perPage} }) { totalCount } }`), perPage).toBe(1_000_000);
    }
    expect(costOf('query ($p: PaginationInput) { getMarketplaceTokens(pagination: $p) { totalCount } }', { p: { perPage: -1 } })).toBe(1_000_000);
    expect(costOf('query ($p: PaginationInput) { getMarketplaceTokens(pagination: $p) { totalCount } }', { p: 'many' })).toBe(1_000_000);
  });

  it('fragments cost what they expand to, however they are nested or repeated', () => {
    const inline =
      '{ getCommentsByTokenId(token_id: "1", pagination: { perPage: 100 }) { edges { node { replies { nodes { replies { nodes { replies { nodes { replies { nodes { id } } } } } } } } } } } }';
    const hidden = /* GraphQL */ `
      query { ...Thread }
      fragment Thread on Query { getCommentsByTokenId(token_id: "1", pagination: { perPage: 100 }) { edges { node { ...Replies } } } }
      fragment Replies on Comment { replies { nodes { ... on Comment { replies { nodes { ...Deeper } } } } } }
      fragment Deeper on Comment { replies { nodes { replies { nodes { id } } } } }`;
    expect(measureOperations(schema, parse(hidden))[0]).toMatchObject({ cost: costOf(inline), depth: 12 });
    expect(costOf(inline)).toBe(100 * (1 + 2 + 4 + 8 + 16));
    // Root lookups count 1 each, spread or not.
    const lookups = 'a: getTokenFromHolding(id: "1") { id } b: getTokenFromHolding(id: "2") { id }';
    expect(costOf(`{ ...L } fragment L on Query { ${lookups} }`)).toBe(costOf(`{ ${lookups} }`));
    expect(costOf(`{ ${lookups} }`)).toBe(2);
    // A chain of fragments each spreading the next twice: 2^20 expansions, measured in linear time.
    const chain = Array.from({ length: 20 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join('\n');
    const bomb = `{ ...F0 }\n${chain}\nfragment F20 on Query { getMarketplaceTokens(pagination: { perPage: 1 }) { totalCount } }`;
    expect(costOf(bomb)).toBe(2 ** 20);
  });
});

// ---- Through the server ----

interface ErrorBody {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
}

const messagesOf = (body: ErrorBody) => (body.errors ?? []).map((error) => error.message);

describe.each(DATABASE_KINDS)('GraphQL limits on %s', (kind) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof buildTestServer>>;

  const serverWith = (env: Record<string, string>) => buildTestServer(database.db, env);
  const send = async (app: typeof server.app, query: string, variables: Record<string, unknown> = {}) => {
    const result = await graphql(app, query, variables);
    return { status: result.status, body: result.body as ErrorBody };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedMarketplace(database.db);
    server = await buildTestServer(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  it('uses the configured defaults', () => {
    expect(server.config.security.graphql).toEqual({ ...DEFAULT_GRAPHQL_LIMITS, introspection: true });
  });

  it('refuses 200 aliased pages of 100: the alias limit, and the cost limit when aliases are allowed', async () => {
    const refused = await send(server.app, ALIASES_200);
    expect(refused.status).toBe(400);
    expect(refused.body.data).toBeUndefined();
    expect(messagesOf(refused.body)).toContain(`Query uses 200 aliases, more than the limit of ${LIMITS.maxAliases}.`);
    expect(messagesOf(refused.body)).toContain(`Query cost 20000 exceeds the limit of ${LIMITS.maxCost}.`);

    const manyAliases = await serverWith({ GRAPHQL_MAX_ALIASES: '1000' });
    const costly = await send(manyAliases.app, ALIASES_200);
    expect(costly.status).toBe(400);
    expect(messagesOf(costly.body)).toEqual([`Query cost 20000 exceeds the limit of ${LIMITS.maxCost}.`]);

    // Within every limit the same shape answers.
    const small = await send(server.app, `{ ${[tokenPage('a', 5), tokenPage('b', 5)].join(' ')} }`);
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
    expect((small.body.data as { a: { edges: unknown[] } }).a.edges).toHaveLength(5);
  });

  it('refuses a query deeper than the limit', async () => {
    const deep = `{ getCommentsByTokenId(token_id: "1", pagination: { perPage: 1 }) { edges { node { ${repliesDeep(7)} } } } }`;
    const unbounded = await serverWith({ GRAPHQL_MAX_COST: '1000000000' });
    const refused = await send(unbounded.app, deep);
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.body)).toEqual([`Query depth 18 exceeds the limit of ${LIMITS.maxDepth}.`]);
    const deeper = await serverWith({ GRAPHQL_MAX_COST: '1000000000', GRAPHQL_MAX_DEPTH: '18' });
    const allowed = await send(deeper.app, deep);
    expect(allowed.status).toBe(200);
    expect(allowed.body.errors).toBeUndefined();
  });

  it('refuses cost hidden in fragments and a malformed perPage', async () => {
    const hidden = await send(
      server.app,
      /* GraphQL */ `
        query ($p: PaginationInput) { ...Lists }
        fragment Lists on Query {
          a: getMarketplaceTokens(pagination: $p) { ...Edges }
          b: getMarketplaceTokens(pagination: $p) { ...Edges }
          c: getMarketplaceTokens(pagination: $p) { ...Edges }
        }
        fragment Edges on TokenConnection { edges { node { id tokenHolding { bazaarSales { id } } } } }`,
      { p: { perPage: 100 } },
    );
    expect(hidden.status).toBe(400);
    // Three pages of 100, each token with its sales (5 estimated): 3 × (100 + 100 × 5), none of it in the operation itself.
    expect(messagesOf(hidden.body)).toEqual([`Query cost 1800 exceeds the limit of ${LIMITS.maxCost}.`]);

    for (const perPage of [-5, 0]) {
      const malformed = await send(server.app, 'query ($p: PaginationInput) { getMarketplaceTokens(pagination: $p) { totalCount } }', { p: { perPage } });
      expect(malformed.status).toBe(400);
      expect(messagesOf(malformed.body)).toEqual([
        `Query cost 1000000 exceeds the limit of ${LIMITS.maxCost}. A pagination.perPage that is not a positive integer counts as 1000000.`,
      ]);
    }
  });

  it('the app’s own dearest document passes the server with its real variables', async () => {
    const result = await send(server.app, print(commentsService.GET_COMMENTS_BY_TOKEN_ID), { token_id: '1', pagination: { after: null, perPage: 20 } });
    expect(result.status).toBe(200);
    expect(result.body.errors).toBeUndefined();
  });

  it('the deliberately over-cost fixture document is refused by the server too', async () => {
    const refused = await send(server.app, OVER_COST, { pagination: { perPage: 100 } });
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.body)).toEqual([`Query cost 1600 exceeds the limit of ${LIMITS.maxCost}.`]);
  });

  it('introspection works by default and is refused with NODE_ENV=production', async () => {
    const full = await send(server.app, getIntrospectionQuery());
    expect(full.status).toBe(200);
    expect((full.body.data as { __schema: { queryType: { name: string } } }).__schema.queryType.name).toBe('Query');

    const production = await serverWith({ NODE_ENV: 'production' });
    expect(production.config.security.graphql.introspection).toBe(false);
    for (const query of [getIntrospectionQuery(), '{ __type(name: "Token") { name } }']) {
      const refused = await send(production.app, query);
      expect(refused.status).toBe(400);
      expect(messagesOf(refused.body)[0]).toMatch(/introspection has been disabled/);
    }
    // Ordinary queries (and __typename) still answer in production.
    const ordinary = await send(production.app, '{ getMarketplaceTokens(pagination: { perPage: 1 }) { __typename totalCount } }');
    expect(ordinary.status).toBe(200);
    expect(ordinary.body.errors).toBeUndefined();
  });
});
