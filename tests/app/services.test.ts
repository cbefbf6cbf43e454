import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchConfig } from '../../src/services/api';
import { GraphqlError, HttpError, NetworkError, RegionBlockedError } from '../../src/services/errors';
import { parse, print } from 'graphql';
import { graphql } from '../../src/graphql/graphql';
import { graphqlRequest, resetGraphqlClient, responseCacheKey } from '../../src/services/graphql';
import { STORED_ANSWER_HEADER } from '../../src/offline/protocol';
import { onAnswer, type AnswerReport } from '../../src/services/offline/answerSource';
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

  it('behavior: no network (and no worker to answer from its stored copy) rejects with kind "general"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await fetchConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'general' });
  });

  it('behavior: the page keeps no copy of its own: offline, a second read fails unless the worker answers', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, demoConfig)));
    await fetchConfig();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchConfig()).rejects.toBeInstanceOf(NetworkError);
  });

  it('behavior: a config the worker answered from its stored copy is used and reported as stored', async () => {
    const reports: AnswerReport[] = [];
    const stop = onAnswer((report) => reports.push(report));
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(demoConfig), { status: 200, headers: { 'Content-Type': 'application/json', [STORED_ANSWER_HEADER]: '1700000000000' } })));
    await expect(fetchConfig()).resolves.toEqual(demoConfig);
    vi.stubGlobal('fetch', vi.fn(async () => json(200, demoConfig)));
    await fetchConfig();
    stop();
    expect(reports).toEqual([{ key: '/api/v1/config', storedAt: 1700000000000 }, { key: '/api/v1/config', storedAt: null }]);
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

describe('graphql client (urql)', () => {
  const ping = graphql(`query ping($token: ID!, $seller: String) { getOffersByToken(token: $token, seller: $seller) { totalCount } }`);
  const answer = (totalCount: number) => json(200, { data: { getOffersByToken: { __typename: 'OfferConnection', totalCount } } });

  afterEach(() => {
    resetGraphqlClient();
  });

  it('default: POSTs operationName, query and variables as JSON; returns data', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(1));
    vi.stubGlobal('fetch', fetchMock);
    const data = await graphqlRequest(ping, { token: '1' });
    expect(data.getOffersByToken.totalCount).toBe(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
    const body = JSON.parse(init.body as string) as { operationName: string; query: string; variables: unknown };
    expect(body.operationName).toBe('ping');
    expect(body.variables).toEqual({ token: '1' });
    // The document as written, plus the __typename fields urql's document cache reads.
    const sent = print(parse(body.query));
    expect(sent.replace(/\s+__typename/g, '')).toBe(print(ping));
    expect(sent).toContain('__typename');
  });

  it('behavior: network-only by default, so a refetch (after a live event) asks the server again', async () => {
    let count = 0;
    const fetchMock = vi.fn(async () => answer(++count));
    vi.stubGlobal('fetch', fetchMock);
    expect((await graphqlRequest(ping, { token: '2' })).getOffersByToken.totalCount).toBe(1);
    expect((await graphqlRequest(ping, { token: '2' })).getOffersByToken.totalCount).toBe(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('behavior: a network-only read while an equal one is in flight is sent again after it, never given the earlier answer', async () => {
    let count = 0;
    const answers: Array<() => void> = [];
    const fetchMock = vi.fn(() => {
      const n = ++count;
      return new Promise<Response>((resolve) => answers.push(() => resolve(answer(n))));
    });
    vi.stubGlobal('fetch', fetchMock);
    const first = graphqlRequest(ping, { token: '11' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // A live event: the page asks again while the first answer is still on its way.
    const second = graphqlRequest(ping, { token: '11' });
    answers[0]!();
    expect((await first).getOffersByToken.totalCount).toBe(1);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    answers[1]!();
    expect((await second).getOffersByToken.totalCount).toBe(2);
  });

  it('behavior: cache-first answers a repeated read from the document cache, without a request', async () => {
    const fetchMock = vi.fn(async () => answer(7));
    vi.stubGlobal('fetch', fetchMock);
    expect((await graphqlRequest(ping, { token: '3' }, { requestPolicy: 'cache-first' })).getOffersByToken.totalCount).toBe(7);
    expect((await graphqlRequest(ping, { token: '3' }, { requestPolicy: 'cache-first' })).getOffersByToken.totalCount).toBe(7);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Other variables are another document.
    await graphqlRequest(ping, { token: '4' }, { requestPolicy: 'cache-first' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('behavior: the page keeps no offline copy: a failed network read rejects with NetworkError (the worker answers offline)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(42)));
    await graphqlRequest(ping, { token: '5', seller: 'a' });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(graphqlRequest(ping, { seller: 'a', token: '5' })).rejects.toBeInstanceOf(NetworkError);
    expect(responseCacheKey('ping', { seller: 'a', token: '5' })).toBe(responseCacheKey('ping', { token: '5', seller: 'a' }));
  });

  it('behavior: every fetched read reports its source: the stored copy by its X-Artbazaar-Stored time, else null', async () => {
    const reports: AnswerReport[] = [];
    const stop = onAnswer((report) => reports.push(report));
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ data: { getOffersByToken: { totalCount: 4 } } }), { status: 200, headers: { 'Content-Type': 'application/json', [STORED_ANSWER_HEADER]: '1700000000000' } })));
    await expect(graphqlRequest(ping, { token: '11', seller: 'b' })).resolves.toMatchObject({ getOffersByToken: { totalCount: 4 } });
    vi.stubGlobal('fetch', vi.fn(async () => answer(5)));
    await graphqlRequest(ping, { seller: 'b', token: '11' });
    // A document-cache hit fetched nothing: nothing new to report.
    await graphqlRequest(ping, { seller: 'b', token: '11' }, { requestPolicy: 'cache-first' });
    stop();
    expect(reports).toEqual([
      { key: 'ping:{"seller":"b","token":"11"}', storedAt: 1700000000000 },
      { key: 'ping:{"seller":"b","token":"11"}', storedAt: null },
    ]);
  });

  it('behavior: GraphQL errors reject with GraphqlError and are not cached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { data: null, errors: [{ message: 'perPage must be at most 100', path: ['getOffersByToken'] }] })));
    const error = await graphqlRequest(ping, { token: '7' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphqlError);
    expect((error as GraphqlError).message).toBe('perPage must be at most 100');
    expect((error as GraphqlError).errors).toEqual([{ message: 'perPage must be at most 100', path: ['getOffersByToken'] }]);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(graphqlRequest(ping, { token: '7' })).rejects.toBeInstanceOf(NetworkError);
  });

  it('behavior: an answer without JSON, or without data, rejects with HttpError and its status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } })));
    await expect(graphqlRequest(ping, { token: '8' })).rejects.toMatchObject({ name: 'HttpError', status: 502 });
    vi.stubGlobal('fetch', vi.fn(async () => json(503, { data: null })));
    await expect(graphqlRequest(ping, { token: '8' })).rejects.toMatchObject({ name: 'HttpError', status: 503 });
  });

  it('behavior: honours AbortSignal, before and during the request', async () => {
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      init.signal?.throwIfAborted();
      return answer(0);
    }));
    const controller = new AbortController();
    controller.abort();
    const error = await graphqlRequest(ping, { token: '9' }, { signal: controller.signal }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');

    let requestSignal: AbortSignal | undefined;
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => {
      requestSignal = init.signal ?? undefined;
      return new Promise<Response>(() => {});
    }));
    const during = new AbortController();
    const pending = graphqlRequest(ping, { token: '10' }, { signal: during.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(requestSignal).toBeDefined());
    during.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
    expect(requestSignal!.aborted).toBe(true);
  });
});
