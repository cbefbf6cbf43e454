// Fuzz suite (run by tests/server/fuzz.pglite.test.ts and fuzz.postgres.test.ts): thousands of generated bad requests (fast-check, fixed seeds) against every REST route and every
// GraphQL Query field, in-process. Asserts no 5xx, one REST error shape, no masked GraphQL crash, and that a
// rejected request leaves every table (row count and checksum) as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../../../server/db/client.js';
import { RATE_LIMIT_NAMES, envNameOf } from '../../../server/security/config.js';
import { maskDataExceptions } from '../../../server/graphql/index.js';
import { DATA_EXCEPTION_MESSAGE } from '../../../server/http/errors.js';
import { signedRequest, type TestServer } from '../authFixtures.js';
import { openTestDatabase, type TestDatabase } from '../databases.js';
import { buildTestServer, graphql } from '../fixtures.js';
import { buildFuzzContext, type FuzzContext } from './context.js';
import { INTROSPECTION, describeGraphql, graphqlArbitrary, schemaInfo, type SchemaInfo } from './graphql.js';
import { describeRequest, FuzzHarness } from './harness.js';
import { ROUTES, requestArbitrary, uncoveredRoutes } from './routes.js';
import { createSnapshotter, snapshotDiff } from './snapshot.js';

const SEED = 20_240_611;
/** Requests per fast-check run: one database comparison covers a batch of this many. */
const BATCH = 8;
/** Runs per unit of route weight (ROUTES[].weight) and per GraphQL Query field, at scale 1. */
const REST_RUNS_PER_WEIGHT = 26;
const GRAPHQL_RUNS_PER_FIELD = 17;

/**
 * PGlite gets the full count: at least 10,000 requests, about 75 s on 2 idle cores. PostgreSQL runs the same
 * generators at a quarter of the count (some 5,000 requests): the handlers are the same code; what differs between the
 * two (error codes of overflows and encodings, a pool of connections) shows up within a few thousand requests. (At half
 * the count it took 160 s of CI's 66 minutes, beside the end-to-end suite.)
 * FUZZ_SCALE multiplies both (e.g. FUZZ_SCALE=10 for a long local run).
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const PLAN: Record<DatabaseKind, { scale: number; minRequests: number }> = {
  pglite: { scale: SCALE, minRequests: Math.floor(10_000 * SCALE) },
  postgres: { scale: SCALE / 4, minRequests: Math.floor(2_500 * SCALE) },
};

// Rate limits out of the way: the fuzz sends thousands of signed requests a minute from one client.
const UNLIMITED = Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [envNameOf(name), '100000000/60']));

/** A stable per-name seed, so adding a route or a Query field does not change the inputs of the others. */
function seedOf(name: string): number {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (SEED ^ hash) | 0;
}

/** The whole fuzz suite on one database kind (one test file per kind, so the two run on separate workers). */
export function fuzzSuite(kind: DatabaseKind): void {
  describe(`fuzz on ${kind}`, () => {
    const plan = PLAN[kind];
    let database: TestDatabase;
    let server: TestServer;
    let ctx: FuzzContext;
    let harness: FuzzHarness;
    let snapshots: Awaited<ReturnType<typeof createSnapshotter>>;
    let schema: SchemaInfo | undefined;
    let schemaError = '';

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      server = await buildTestServer(database.db, UNLIMITED);
      ctx = await buildFuzzContext(server, database.db);
      harness = new FuzzHarness(ctx);
      snapshots = await createSnapshotter(database.db);
      const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ query: INTROSPECTION }) });
      // Read from the running server, so a new Query field is fuzzed without an edit here. A failure is kept for the
      // GraphQL test to report, so the REST fuzz still runs.
      const text = await response.text();
      try {
        schema = schemaInfo((JSON.parse(text) as { data: Parameters<typeof schemaInfo>[0] }).data);
      } catch {
        schemaError = `introspection failed (${response.status}): ${text.slice(0, 500)}`;
      }
    });
    afterAll(async () => {
      if (harness) console.info(`fuzz on ${kind}: ${harness.summary()}`);
      await database?.close();
    });

    const expectSchema = (): SchemaInfo => {
      if (!schema) throw new Error(schemaError);
      return schema;
    };

    it('has a fuzz entry for every route the server registers', () => {
      expect(uncoveredRoutes(server.app.routes)).toEqual([]);
    });

    // Former 500s the fuzz found, pinned down one by one.
    it('a NUL character in a comment is a 400 invalid_input that writes nothing (was a PostgreSQL 22021 → 500)', async () => {
      const before = await snapshots.take();
      const post = await signedRequest(server, '/comments', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token_id: ctx.ids.tokens[0], text: 'a\u0000b' }) }, ctx.keys.alice);
      expect(post.status).toBe(400);
      expect(await post.json()).toEqual({ error: 'invalid_input', message: DATA_EXCEPTION_MESSAGE });
      const put = await signedRequest(server, `/comments/${ctx.ids.comments.own}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: 'a\u0000b' }) }, ctx.keys.alice);
      expect(put.status).toBe(400);
      expect(snapshotDiff(before, await snapshots.take())).toEqual([]);
    });

    it('a likesCount cursor beyond int4 is BAD_USER_INPUT, not a masked "Unexpected error." (was a 22003 in the keyset query)', async () => {
      for (const value of [2147483648, '99999999999']) {
        const after = Buffer.from(JSON.stringify(['likesCount', -1, value, 1])).toString('base64url');
        for (const field of ['getMarketplaceTokens', 'getMarketplaceCollections']) {
          const { status, body } = await graphql(server.app, `query ($after: String) { ${field}(sort: { sortBy: "likesCount" }, pagination: { after: $after }) { totalCount } }`, { after });
          expect(status).toBe(200);
          expect(body.errors?.map((error) => [error.message, error.extensions?.code])).toEqual([['Invalid pagination.after: not a cursor returned by this API.', 'BAD_USER_INPUT']]);
        }
      }
    });

    it('any PostgreSQL data exception under a resolver is BAD_USER_INPUT; other errors stay masked', () => {
      const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      const wrapped = Object.assign(new Error('resolver failed'), { originalError: Object.assign(new Error('Failed query'), { cause: nul }), path: ['getCommentsByTokenId'] });
      const masked = maskDataExceptions(wrapped, 'Unexpected error.') as Error & { extensions?: { code?: string }; path?: unknown };
      expect([masked.message, masked.extensions?.code, masked.path]).toEqual([DATA_EXCEPTION_MESSAGE, 'BAD_USER_INPUT', ['getCommentsByTokenId']]);
      const crash = maskDataExceptions(new TypeError('x is undefined'), 'Unexpected error.') as Error & { extensions?: { code?: string } };
      expect([crash.message, crash.extensions?.code]).toEqual(['Unexpected error.', 'INTERNAL_SERVER_ERROR']);
    });

    it('POST /graphql takes JSON only: a form with malformed variables is a 415, not a 500 from yoga\'s form parser', async () => {
      for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
        const response = await server.app.request('/graphql', { method: 'POST', headers: { 'Content-Type': contentType }, body: 'query=%7B__typename%7D&variables=%7Bnot-json' });
        expect(response.status).toBe(415);
        expect(await response.json()).toEqual({ error: 'unsupported_media_type', message: 'Send GraphQL queries as application/json.' });
      }
      const { status, body } = await graphql(server.app, '{ __typename }');
      expect([status, body.data]).toEqual([200, { __typename: 'Query' }]);
    });

    it('REST, media and sandbox routes: no 5xx, every error { error, message }, a rejected request writes nothing', { timeout: 600_000 }, async () => {
      for (const route of ROUTES) {
        const runs = Math.max(2, Math.round(REST_RUNS_PER_WEIGHT * (route.weight ?? 1) * plan.scale));
        let before = await snapshots.take();
        await fc.assert(
          fc.asyncProperty(fc.array(requestArbitrary(ctx, route), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
            let wrote = false;
            for (const request of batch) wrote = (await harness.rest(request)).wrote || wrote;
            const after = await snapshots.take();
            harness.compare(route.route, before, after, wrote, batch.map(describeRequest));
            before = after;
          }),
          { seed: seedOf(route.route), numRuns: runs, endOnFailure: true },
        );
      }
      expect(harness.report()).toBe('');
    });

    it('GraphQL: every Query field with bad arguments: no 5xx, no masked crash, nothing written', { timeout: 600_000 }, async () => {
      expect(schemaError).toBe('');
      const schema = expectSchema();
      const runs = Math.max(2, Math.round(GRAPHQL_RUNS_PER_FIELD * plan.scale));
      for (const field of schema.queryFields) {
        let before = await snapshots.take();
        await fc.assert(
          fc.asyncProperty(fc.array(graphqlArbitrary(schema, ctx, field), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
            for (const request of batch) await harness.graphql(field.name, request.body, describeGraphql(request), request.authorization);
            const after = await snapshots.take();
            harness.compare(`graphql ${field.name}`, before, after, false, batch.map(describeGraphql));
            before = after;
          }),
          { seed: seedOf(`graphql ${field.name}`), numRuns: runs, endOnFailure: true },
        );
        expect(harness.sent.get(`graphql ${field.name}`)).toBe(runs * BATCH);
      }
      expect(harness.report()).toBe('');
    });

    it(`sent at least ${plan.minRequests} bad inputs, to every route and Query field, and compared the database after most`, () => {
      const counts = Object.fromEntries(harness.sent);
      for (const route of ROUTES) expect(counts[route.route], route.route).toBeGreaterThanOrEqual(BATCH * 2);
      for (const field of expectSchema().queryFields) expect(counts[`graphql ${field.name}`], field.name).toBeGreaterThanOrEqual(BATCH * 2);
      expect(harness.total).toBeGreaterThanOrEqual(plan.minRequests);
      // Most batches are all rejections, so the no-write check really ran.
      expect(harness.comparedBatches).toBeGreaterThan(harness.batches * 0.5);
    });
  });
}
