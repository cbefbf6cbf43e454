import { describe, expect, it } from 'vitest';
import { createMediaCache, type MediaBackend } from '../../src/offline/mediaCache';
import type { MediaEntry } from '../../src/offline/mediaPolicy';
import { PIN_HEADER, PIN_RESULT_HEADER } from '../../src/offline/protocol';

const ORIGIN = 'http://app.test';

function memoryBackend(options: { failWrites?: number } = {}) {
  const entries = new Map<string, MediaEntry>();
  const bodies = new Map<string, { bytes: ArrayBuffer; headers: Headers }>();
  let failWrites = options.failWrites ?? 0;
  const backend: MediaBackend = {
    entries: async () => [...entries.values()],
    get: async (key) => entries.get(key),
    put: async (entry) => void entries.set(entry.key, entry),
    readBody: async (key) => {
      const body = bodies.get(key);
      return body ? new Response(body.bytes.slice(0), { headers: body.headers }) : undefined;
    },
    writeBody: async (key, response) => {
      if (failWrites > 0) {
        failWrites -= 1;
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      }
      bodies.set(key, { bytes: await response.arrayBuffer(), headers: response.headers });
    },
    delete: async (keys) => {
      for (const key of keys) {
        entries.delete(key);
        bodies.delete(key);
      }
    },
  };
  return { backend, entries, bodies };
}

function fakeServer(files: Record<string, { type: string; bytes: number }>) {
  const requests: Request[] = [];
  let online = true;
  const fetch = async (request: Request) => {
    requests.push(request);
    if (!online) throw new TypeError('Failed to fetch');
    const url = new URL(request.url);
    const file = files[url.pathname + url.search] ?? files[url.pathname];
    if (!file) return new Response('missing', { status: 404 });
    return new Response(new Uint8Array(file.bytes).fill(7), { status: 200, headers: { 'Content-Type': file.type } });
  };
  return { fetch, requests, goOffline: () => (online = false) };
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('media cache (worker side, on memory)', () => {
  it('behavior: an image viewed once is served from the cache with no network', async () => {
    const { backend, entries } = memoryBackend();
    const server = fakeServer({ '/ipfs/img1': { type: 'image/png', bytes: 10 } });
    let clock = 1_000;
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => clock });
    expect((await cache.handle(get('/ipfs/img1'))).status).toBe(200);
    await settle();
    expect(entries.get('/ipfs/img1')).toMatchObject({ bytes: 10, usedAt: 1_000, pins: [] });
    server.goOffline();
    clock = 2_000;
    const again = await cache.handle(get('/ipfs/img1'));
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBe(10);
    expect(server.requests).toHaveLength(1);
    await settle();
    expect(entries.get('/ipfs/img1')?.usedAt).toBe(2_000);
  });

  it('derivatives: each width is an entry of its own; offline, a width not kept shows another kept copy of the same image', async () => {
    const { backend, entries } = memoryBackend();
    const server = fakeServer({
      '/ipfs/art?w=640': { type: 'image/webp', bytes: 64 },
      '/ipfs/art?w=1440': { type: 'image/webp', bytes: 144 },
      '/ipfs/thumbnail/art': { type: 'image/webp', bytes: 48 },
      '/ipfs/art': { type: 'image/png', bytes: 1000 },
      '/ipfs/tune': { type: 'audio/mpeg', bytes: 30 },
    });
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => 5 });
    expect((await (await cache.handle(get('/ipfs/art?w=640'))).arrayBuffer()).byteLength).toBe(64);
    await settle();
    // The derivative is kept under its own key, not the original's.
    expect([...entries.keys()]).toEqual(['/ipfs/art?w=640']);
    expect((await (await cache.handle(get('/ipfs/art?w=640'))).arrayBuffer()).byteLength).toBe(64);
    expect(server.requests).toHaveLength(1);
    // Online, another width is asked of the network, not stood in for.
    expect((await (await cache.handle(get('/ipfs/art?w=1440'))).arrayBuffer()).byteLength).toBe(144);
    expect(server.requests).toHaveLength(2);
    await cache.handle(get('/ipfs/tune'));
    await settle();
    await backend.delete(['/ipfs/art?w=1440']);

    server.goOffline();
    for (const path of ['/ipfs/art?w=320', '/ipfs/art?w=2048', '/ipfs/art', '/ipfs/thumbnail/art']) {
      const answer = await cache.handle(get(path));
      expect([answer.status, answer.headers.get('Content-Type'), (await answer.arrayBuffer()).byteLength]).toEqual([200, 'image/webp', 64]);
    }
    // Only images of the same CID stand in: another CID (or sound) has nothing kept, so the failure stays.
    await expect(cache.handle(get('/ipfs/other?w=640'))).rejects.toThrow('Failed to fetch');
    await expect(cache.handle(get('/ipfs/tune?w=640'))).rejects.toThrow('Failed to fetch');
  });

  it('behavior: a video viewed is not stored; a pinned one is stored whole and plays offline by ranges', async () => {
    const { backend, entries } = memoryBackend();
    const server = fakeServer({ '/ipfs/vid': { type: 'video/mp4', bytes: 100 } });
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => 1 });
    await cache.handle(get('/ipfs/vid'));
    await settle();
    expect(entries.has('/ipfs/vid')).toBe(false);
    const saved = await cache.handle(get('/ipfs/vid', { [PIN_HEADER]: 'exhibition:9' }));
    expect(saved.headers.get(PIN_RESULT_HEADER)).toBe('stored');
    expect(entries.get('/ipfs/vid')?.pins).toEqual(['exhibition:9']);
    server.goOffline();
    const part = await cache.handle(get('/ipfs/vid', { Range: 'bytes=10-19' }));
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe('bytes 10-19/100');
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    expect((await cache.handle(get('/ipfs/vid', { Range: 'bytes=200-' }))).status).toBe(416);
  });

  it('behavior: sound a player streams by ranges is fetched whole beside it, then plays offline', async () => {
    const { backend, entries } = memoryBackend();
    const requests: Request[] = [];
    const fetch = async (request: Request) => {
      requests.push(request);
      const bytes = new Uint8Array(50).fill(3);
      const range = request.headers.get('Range');
      if (range) return new Response(bytes.slice(0, 10), { status: 206, headers: { 'Content-Type': 'audio/mpeg', 'Content-Range': 'bytes 0-9/50' } });
      return new Response(bytes, { status: 200, headers: { 'Content-Type': 'audio/mpeg' } });
    };
    const cache = createMediaCache({ backend, fetch, now: () => 1 });
    expect((await cache.handle(get('/ipfs/song', { Range: 'bytes=0-9' }))).status).toBe(206);
    await settle();
    await settle();
    expect(requests.map((request) => request.headers.get('Range'))).toEqual(['bytes=0-9', null]);
    expect(entries.get('/ipfs/song')).toMatchObject({ bytes: 50, pins: [] });
    const part = await cache.handle(get('/ipfs/song', { Range: 'bytes=40-' }));
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe('bytes 40-49/50');
    expect(requests).toHaveLength(2);
  });

  it('budget: storing past it evicts the least recently used unpinned media, never a pinned file', async () => {
    const { backend, entries } = memoryBackend();
    const server = fakeServer({
      '/ipfs/a': { type: 'image/png', bytes: 40 },
      '/ipfs/b': { type: 'image/png', bytes: 40 },
      '/ipfs/c': { type: 'image/png', bytes: 40 },
      '/ipfs/saved': { type: 'image/png', bytes: 500 },
    });
    let clock = 0;
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => ++clock, budget: 100 });
    await cache.handle(get('/ipfs/saved', { [PIN_HEADER]: 'exhibition:1' }));
    await cache.handle(get('/ipfs/a'));
    await settle();
    await cache.handle(get('/ipfs/b'));
    await settle();
    await cache.handle(get('/ipfs/a'));
    await settle();
    await cache.handle(get('/ipfs/c'));
    await settle();
    expect([...entries.keys()].sort()).toEqual(['/ipfs/a', '/ipfs/c', '/ipfs/saved']);
  });

  it('quota: a full storage evicts the oldest unpinned media, reports it, and the save learns when it still failed', async () => {
    const quota: string[] = [];
    const { backend, entries } = memoryBackend();
    const server = fakeServer({ '/ipfs/a': { type: 'image/png', bytes: 10 }, '/ipfs/b': { type: 'image/png', bytes: 10 }, '/ipfs/v': { type: 'video/mp4', bytes: 10 } });
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => 1, onQuota: () => quota.push('full') });
    await cache.handle(get('/ipfs/a'));
    await settle();
    const failing = memoryBackend({ failWrites: 1 });
    Object.assign(backend, { writeBody: failing.backend.writeBody });
    const stored = await cache.handle(get('/ipfs/b', { [PIN_HEADER]: 'exhibition:2' }));
    expect(stored.headers.get(PIN_RESULT_HEADER)).toBe('stored');
    expect(quota).toEqual(['full']);
    expect(entries.has('/ipfs/a')).toBe(false);
    const full = memoryBackend({ failWrites: 2 });
    Object.assign(backend, { writeBody: full.backend.writeBody });
    const refused = await cache.handle(get('/ipfs/v', { [PIN_HEADER]: 'exhibition:2' }));
    expect(refused.status).toBe(200);
    expect(refused.headers.get(PIN_RESULT_HEADER)).toBe('quota');
    expect(entries.has('/ipfs/v')).toBe(false);
  });

  it('unpin: a removed save releases its files; its videos go, its images stay under the budget', async () => {
    const { backend, entries } = memoryBackend();
    const server = fakeServer({ '/ipfs/img': { type: 'image/png', bytes: 10 }, '/ipfs/vid': { type: 'video/mp4', bytes: 10 } });
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => 1 });
    await cache.handle(get('/ipfs/img', { [PIN_HEADER]: 'exhibition:3' }));
    await cache.handle(get('/ipfs/vid', { [PIN_HEADER]: 'exhibition:3' }));
    await cache.handle(get('/ipfs/img', { [PIN_HEADER]: 'exhibition:4' }));
    expect(entries.get('/ipfs/img')?.pins).toEqual(['exhibition:3', 'exhibition:4']);
    await cache.unpin('exhibition:3');
    expect(entries.has('/ipfs/vid')).toBe(false);
    expect(entries.get('/ipfs/img')?.pins).toEqual(['exhibition:4']);
    await cache.unpin('exhibition:4');
    expect(entries.get('/ipfs/img')?.pins).toEqual([]);
  });

  it('errors pass through and are not stored; non-media paths go to the network', async () => {
    const { backend, entries } = memoryBackend();
    const server = fakeServer({});
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => 1 });
    expect((await cache.handle(get('/ipfs/nothing'))).status).toBe(404);
    expect((await cache.handle(get('/ipfs/a/b'))).status).toBe(404);
    await settle();
    expect(entries.size).toBe(0);
    server.goOffline();
    await expect(cache.handle(get('/ipfs/nothing'))).rejects.toThrow('Failed to fetch');
  });
  it('trustless gateway: raw-block and CAR requests (Accept or ?format=) go to the network, never served from or kept in the cache', async () => {
    const { backend, entries } = memoryBackend();
    const server = fakeServer({ '/ipfs/img1': { type: 'image/png', bytes: 10 } });
    const cache = createMediaCache({ backend, fetch: server.fetch, now: () => 1_000 });
    // Not kept: asked as a raw block, as a CAR, or by ?format=.
    await cache.handle(get('/ipfs/img1', { Accept: 'application/vnd.ipld.raw' }));
    await cache.handle(get('/ipfs/img1', { Accept: 'application/vnd.ipld.car; version=1' }));
    await cache.handle(get('/ipfs/img1?format=car'));
    await settle();
    expect(entries.size).toBe(0);
    expect(server.requests).toHaveLength(3);
    // The file kept from a plain view does not answer a raw-block request: that still goes to the network.
    await cache.handle(get('/ipfs/img1'));
    await settle();
    expect(entries.has('/ipfs/img1')).toBe(true);
    await cache.handle(get('/ipfs/img1', { Accept: 'application/vnd.ipld.raw' }));
    await cache.handle(get('/ipfs/img1?format=raw'));
    expect(server.requests).toHaveLength(6);
    expect(server.requests.at(-2)!.headers.get('Accept')).toBe('application/vnd.ipld.raw');
  });
});
