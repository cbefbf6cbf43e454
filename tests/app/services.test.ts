import { clear } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getOfflineStore } from '../../src/services/cache';
import { fetchConfig } from '../../src/services/api';
import { GraphqlError, HttpError, NetworkError, RegionBlockedError } from '../../src/services/errors';
import { graphqlOperation, graphqlRequest, responseCacheKey } from '../../src/services/graphql';
import { demoConfig } from './appHarness';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api.fetchConfig', () => {
  it('default: GET /api/v1/config resolves the config', async () => {
    const fetchMock = vi.fn(async (_url: string) => json(200, demoConfig));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchConfig()).resolves.toEqual(demoConfig);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/config');
  });

  it.each([451, 403])('behavior: HTTP %i rejects with kind "region"', async (status) => {
    vi.stubGlobal('fetch', vi.fn(async () => json(status, { error: 'region_blocked', message: 'Not available in your region' })));
    const error = await fetchConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegionBlockedError);
    expect(error).toMatchObject({ kind: 'region', message: 'Not available in your region' });
  });

  it('behavior: other failures reject with kind "general" and keep the server message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(500, { error: 'internal', message: 'Database unavailable' })));
    const error = await fetchConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'general', message: 'Database unavailable', status: 500, code: 'internal' });
  });

  it('behavior: no network and no earlier config rejects with kind "general"', async () => {
    await clear(getOfflineStore());
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await fetchConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'general' });
  });

  it('behavior: offline, the last config received is used so the app still starts', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, demoConfig)));
    await fetchConfig();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchConfig()).resolves.toEqual(demoConfig);
  });

  it('behavior: an abort is passed through, not turned into a config error', async () => {
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      init.signal?.throwIfAborted();
      return json(200, demoConfig);
    }));
    const controller = new AbortController();
    controller.abort();
    const error = await fetchConfig(controller.signal).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('graphql client', () => {
  const ping = graphqlOperation<{ ping: string }, { n: number; tag?: string }>('ping', 'query ping($n: Int) { ping(n: $n) }');

  it('default: POSTs operationName, query and variables; returns data', async () => {
    const fetchMock = vi.fn(async () => json(200, { data: { ping: 'pong' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(graphqlRequest(ping, { n: 1 })).resolves.toEqual({ ping: 'pong' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ operationName: 'ping', query: ping.query, variables: { n: 1 } });
  });

  it('behavior: offline, the last good answer for the same operation and variables is served', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { data: { ping: 'cached pong' } })));
    await graphqlRequest(ping, { n: 2, tag: 'a' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    // Same variables in another key order hit the same entry.
    await expect(graphqlRequest(ping, { tag: 'a', n: 2 })).resolves.toEqual({ ping: 'cached pong' });
    await expect(graphqlRequest(ping, { n: 3 })).rejects.toBeInstanceOf(NetworkError);
    expect(responseCacheKey('ping', { tag: 'a', n: 2 })).toBe(responseCacheKey('ping', { n: 2, tag: 'a' }));
  });

  it('behavior: GraphQL errors reject with GraphqlError and are not cached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { data: null, errors: [{ message: 'perPage must be at most 100' }] })));
    const error = await graphqlRequest(ping, { n: 4 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphqlError);
    expect((error as GraphqlError).message).toBe('perPage must be at most 100');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(graphqlRequest(ping, { n: 4 })).rejects.toBeInstanceOf(NetworkError);
  });

  it('behavior: honours AbortSignal', async () => {
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      init.signal?.throwIfAborted();
      return json(200, { data: { ping: 'late' } });
    }));
    const controller = new AbortController();
    controller.abort();
    const error = await graphqlRequest(ping, { n: 5 }, { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });
});
