import { afterEach, describe, expect, it, vi } from 'vitest';
import { authFetch, authorizationHeader } from '../../src/services/authFetch.js';
import { requestNonce } from '../../src/services/requestNonce.js';
import { parseAuthorization } from '../../server/auth/requireAccount.js';
import { parseRequestNonce } from '../../server/auth/nonces.js';

const KEY = { address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', key: 'k'.repeat(43) };

describe('authFetch (unit, fetch mocked)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('adds Authorization and Nonce under /api/v1 and keeps the caller\'s init', async () => {
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const body = new FormData();
    body.set('alias', 'Alice');
    const response = await authFetch('/account/x', { method: 'PUT', body, headers: { 'X-Extra': '1' } }, KEY);
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/account/x');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(body);
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${KEY.address}:${KEY.key}`);
    expect(headers.get('X-Extra')).toBe('1');
    expect(headers.get('Accept')).toBe('application/json');
    // FormData needs the browser's multipart boundary, so no Content-Type is forced.
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('Nonce')).toMatch(/^\d{13}-[0-9a-f]{24}$/);
  });

  it('uses a fresh nonce on every request, even within one millisecond', async () => {
    const seen = new Set<string>();
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      seen.add(new Headers(init?.headers).get('Nonce')!);
      return new Response(null, { status: 204 });
    });
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    await Promise.all(Array.from({ length: 500 }, () => authFetch('/x', {}, KEY, { fetch: fetchMock })));
    expect(fetchMock).toHaveBeenCalledTimes(500);
    expect(seen.size).toBe(500);
    for (const nonce of seen) expect(nonce.startsWith('1700000000000-')).toBe(true);
  });

  it('replaces a stale Authorization or Nonce the caller passed, and honours a custom base', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    await authFetch('/p', { headers: { Authorization: 'Bearer old', Nonce: 'old', Accept: 'text/plain' } }, KEY, { fetch: fetchMock, base: 'http://h/api' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://h/api/p');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe(authorizationHeader(KEY));
    expect(headers.get('Nonce')).not.toBe('old');
    expect(headers.get('Accept')).toBe('text/plain');
  });

  it('produces exactly what the server parses', () => {
    expect(parseAuthorization(authorizationHeader(KEY))).toEqual(KEY);
    expect(parseAuthorization(authorizationHeader({ ...KEY, address: KEY.address.toUpperCase().replace('0X', '0x') }))).toEqual(KEY);
    expect(parseRequestNonce(requestNonce(1_700_000_000_123))).toEqual({ timestamp: 1_700_000_000_123 });
    expect(parseAuthorization('Bearer nope')).toBeNull();
    expect(parseRequestNonce('123')).toBeNull();
  });
});
