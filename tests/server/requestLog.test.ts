import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LOG_PATH, type LoggedRequest } from '../../server/http/requestLog.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { buildTestServer } from './fixtures.js';

// The request counter of the offline end-to-end tests (offline-first): only with E2E_REQUEST_LOG=1.
describe('request log (E2E_REQUEST_LOG)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('unset: the route does not exist (404) and nothing is counted', async () => {
    const server = await buildTestServer(database.db);
    expect(server.config.requestLog).toBe(false);
    await server.app.request('/api/v1/config');
    const response = await server.app.request(REQUEST_LOG_PATH);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe('not_found');
    expect((await server.app.request(REQUEST_LOG_PATH, { method: 'DELETE' })).status).toBe(404);
  });

  it('E2E_REQUEST_LOG=1: every request is counted (method, path, time) but reading the log; ?since= reads after a cursor', async () => {
    const server = await buildTestServer(database.db, { E2E_REQUEST_LOG: '1' });
    const read = async (since?: number) => {
      const response = await server.app.request(since === undefined ? REQUEST_LOG_PATH : `${REQUEST_LOG_PATH}?since=${since}`);
      expect(response.status).toBe(200);
      return (await response.json()) as { last: number; requests: LoggedRequest[] };
    };
    const before = Date.now();
    expect(await read()).toEqual({ last: 0, requests: [] });
    await server.app.request('/api/v1/config');
    await server.app.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    await server.app.request('/explore');
    await server.app.request('/api/v1/nothing-here');
    const all = await read();
    expect(all.last).toBe(4);
    expect(all.requests.map(({ seq, method, path }) => ({ seq, method, path }))).toEqual([
      { seq: 1, method: 'GET', path: '/api/v1/config' },
      { seq: 2, method: 'POST', path: '/graphql' },
      { seq: 3, method: 'GET', path: '/explore' },
      { seq: 4, method: 'GET', path: '/api/v1/nothing-here' },
    ]);
    for (const entry of all.requests) expect(entry.at).toBeGreaterThanOrEqual(before);
    // Reading the log twice counted nothing.
    expect((await read(4)).requests).toEqual([]);
    await server.app.request('/api/v1/health', { method: 'HEAD' });
    expect((await read(4)).requests.map(({ seq, method, path }) => ({ seq, method, path }))).toEqual([{ seq: 5, method: 'HEAD', path: '/api/v1/health' }]);
    // DELETE empties it; the sequence goes on, so an old cursor still reads only what is new.
    expect(await (await server.app.request(REQUEST_LOG_PATH, { method: 'DELETE' })).json()).toEqual({ last: 5 });
    expect(await read()).toEqual({ last: 5, requests: [] });
  });

  it('a separate server has its own count', async () => {
    const server = await buildTestServer(database.db, { E2E_REQUEST_LOG: '1' });
    expect(await (await server.app.request(REQUEST_LOG_PATH)).json()).toEqual({ last: 0, requests: [] });
  });
});
