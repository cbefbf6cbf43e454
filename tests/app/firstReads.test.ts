// Offline-first, a first visit's reads: the page records the reads it sends while no worker controls it and hands them to
// the worker when it first takes control (src/services/offline/firstReads.ts); the worker asks for each again and
// stores the answers, and never sends what is not a read (src/offline/handedReads.ts over the real data cache).
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createDataCache } from '../../src/offline/dataRoute';
import { openDataStore } from '../../src/offline/dataStore';
import { storeHandedAnswers, storeHandedReads } from '../../src/offline/handedReads';
import { STORED_ANSWER_HEADER, type HandedRead, type PageToWorkerMessage } from '../../src/offline/protocol';
import { handAnswer, handFirstReadsToWorker, recordRead, takeRecordedReads } from '../../src/services/offline/firstReads';

const ORIGIN = 'https://artbazaar.test';
const TOKEN_QUERY = 'query getTokenFromHolding($id: ID!) { getTokenFromHolding(id: $id) { id name } }';
const LIKE_MUTATION = 'mutation likeToken($id: ID!) { likeToken(id: $id) }';
const body = (query: string, variables: unknown) => JSON.stringify({ query, variables, operationName: /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] });

/** A service worker container: no controller until `control()`; controllerchange listeners as the browser calls them. */
function container() {
  const posted: PageToWorkerMessage[] = [];
  const listeners = new Set<() => void>();
  const self = {
    controller: null as { postMessage(message: PageToWorkerMessage): void } | null,
    addEventListener: (_type: 'controllerchange', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'controllerchange', listener: () => void) => listeners.delete(listener),
    posted,
    listeners,
    control() {
      self.controller = { postMessage: (message) => posted.push(message) };
      for (const listener of [...listeners]) listener();
    },
  };
  return self;
}

describe('the page hands its first reads to the worker', () => {
  it('records reads only while no worker controls the page, and hands them over once on the first control', () => {
    takeRecordedReads([]);
    const sw = container();
    const stop = handFirstReadsToWorker(sw, () => [{ url: `${ORIGIN}/ipfs/bafyimage`, method: 'GET', headers: {} }]);
    recordRead(`${ORIGIN}/graphql`, { method: 'POST', body: body(TOKEN_QUERY, { id: '7' }), headers: { accept: 'application/json' } }, sw);
    recordRead(`${ORIGIN}/api/v1/config`, { headers: { Accept: 'application/json' } }, sw);
    // A form body is not a read the worker could replay: not recorded.
    recordRead(`${ORIGIN}/api/v1/canvas`, { method: 'POST', body: new FormData() }, sw);
    expect(sw.posted).toEqual([]);

    sw.control();
    expect(sw.posted).toHaveLength(1);
    const message = sw.posted[0] as Extract<PageToWorkerMessage, { type: 'offline.storeReads' }>;
    expect(message.type).toBe('offline.storeReads');
    expect(message.reads).toEqual([
      { url: `${ORIGIN}/graphql`, method: 'POST', headers: { accept: 'application/json' }, body: body(TOKEN_QUERY, { id: '7' }) },
      { url: `${ORIGIN}/api/v1/config`, method: 'GET', headers: { accept: 'application/json' } },
      { url: `${ORIGIN}/ipfs/bafyimage`, method: 'GET', headers: {} },
    ]);
    // Controlled now: later reads go through the worker itself, nothing more is recorded or handed over.
    recordRead(`${ORIGIN}/api/v1/config`, {}, sw);
    expect(takeRecordedReads([])).toEqual([]);
    expect(sw.listeners.size).toBe(0);
    stop();
  });

  it('an image of the page still loading when the worker takes control is handed over once it has loaded', () => {
    takeRecordedReads([]);
    const sw = container();
    handFirstReadsToWorker(sw, () => []);
    const loading = document.createElement('img');
    loading.src = '/ipfs/thumbnail/bafyloading';
    const other = document.createElement('img');
    other.src = 'https://elsewhere.test/ipfs/bafyother';
    document.body.append(loading, other);
    try {
      sw.control();
      // Nothing recorded and no loaded image: the handover itself has nothing to send.
      expect(sw.posted).toEqual([]);
      loading.dispatchEvent(new Event('load'));
      other.dispatchEvent(new Event('load'));
      expect(sw.posted).toEqual([{ type: 'offline.storeReads', reads: [{ url: `${location.origin}/ipfs/thumbnail/bafyloading`, method: 'GET', headers: {} }] }]);
      // Once only.
      loading.dispatchEvent(new Event('load'));
      expect(sw.posted).toHaveLength(1);
    } finally {
      loading.remove();
      other.remove();
    }
  });

  it('a loaded image the resource timeline does not list yet (its entry comes a moment after the load) is handed over once', () => {
    takeRecordedReads([]);
    const sw = container();
    handFirstReadsToWorker(sw);
    const loaded = document.createElement('img');
    loaded.src = '/ipfs/bafyloaded?w=640';
    Object.defineProperty(loaded, 'complete', { value: true });
    Object.defineProperty(loaded, 'naturalWidth', { value: 640 });
    const broken = document.createElement('img');
    broken.src = '/ipfs/bafybroken';
    Object.defineProperty(broken, 'complete', { value: true });
    document.body.append(loaded, broken);
    try {
      expect(performance.getEntriesByType('resource')).toEqual([]);
      sw.control();
      expect(sw.posted).toEqual([{ type: 'offline.storeReads', reads: [{ url: `${location.origin}/ipfs/bafyloaded?w=640`, method: 'GET', headers: {} }] }]);
    } finally {
      loaded.remove();
      broken.remove();
    }
  });

  it('a page the worker already controls hands nothing over', () => {
    const sw = container();
    sw.control();
    handFirstReadsToWorker(sw, () => []);
    recordRead(`${ORIGIN}/api/v1/config`, {}, sw);
    expect(sw.listeners.size).toBe(0);
    expect(takeRecordedReads([])).toEqual([]);
  });

  it('a signed read gets a fresh Nonce when handed over (the server refuses a nonce it has seen)', () => {
    takeRecordedReads([]);
    const sw = container();
    recordRead(`${ORIGIN}/graphql`, { method: 'POST', body: body(TOKEN_QUERY, {}), headers: { Authorization: 'Bearer 0xabc:key', Nonce: '1-old' } }, sw);
    const [read] = takeRecordedReads([]);
    expect(read!.headers.authorization).toBe('Bearer 0xabc:key');
    expect(read!.headers.nonce).toMatch(/^\d+-[0-9a-f]{24}$/);
    expect(read!.headers.nonce).not.toBe('1-old');
  });
});

describe('the worker stores the handed reads', () => {
  function worker() {
    const sent: Array<{ method: string; url: string; body: string }> = [];
    const network = { up: true };
    const data = createDataCache({
      store: openDataStore(new IDBFactory()),
      fetch: async (request) => {
        if (!network.up) throw new TypeError('Failed to fetch');
        sent.push({ method: request.method, url: request.url, body: await request.clone().text() });
        return new Response(JSON.stringify({ data: { ok: true } }), { status: 200, headers: { 'content-type': 'application/json' } });
      },
      now: () => Date.UTC(2026, 10, 27, 10),
      lifetimeMs: 60 * 60_000,
      budgetBytes: 1024 * 1024,
      graphqlPath: '/graphql',
      notify: () => {},
    });
    const media = { store: vi.fn(async (_request: Request) => {}) };
    return { sent, data, media, network };
  }
  const read = (overrides: Partial<HandedRead>): HandedRead => ({ url: `${ORIGIN}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body: body(TOKEN_QUERY, { id: '7' }), ...overrides });

  it('asks for each read again and stores it; media goes to the media cache', async () => {
    const w = worker();
    await storeHandedReads(
      [read({}), read({ url: `${ORIGIN}/api/v1/config`, method: 'GET', headers: {}, body: undefined }), read({ url: `${ORIGIN}/ipfs/bafyimage`, method: 'GET', headers: {}, body: undefined })],
      { origin: ORIGIN, data: w.data, media: w.media },
    );
    expect(w.sent.map((request) => `${request.method} ${new URL(request.url).pathname}`).sort()).toEqual(['GET /api/v1/config', 'POST /graphql']);
    expect(w.media.store).toHaveBeenCalledTimes(1);
    expect(w.media.store.mock.calls[0]![0].url).toBe(`${ORIGIN}/ipfs/bafyimage`);
    // Stored: offline, the data cache answers the same read from its copy.
    w.network.up = false;
    const stored = await w.data.handle(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(TOKEN_QUERY, { id: '7' }) }));
    expect(stored.headers.get(STORED_ANSWER_HEADER)).not.toBeNull();
    expect(await stored.json()).toEqual({ data: { ok: true } });
  });

  it('never sends a write or anything not a read: mutations, other origins, other methods, bodiless POSTs', async () => {
    const w = worker();
    await storeHandedReads(
      [
        read({ body: body(LIKE_MUTATION, { id: '7' }) }),
        read({ url: 'https://elsewhere.test/graphql' }),
        read({ url: `${ORIGIN}/api/v1/likes`, method: 'DELETE' as 'GET' }),
        read({ url: `${ORIGIN}/api/v1/account`, body: undefined }),
        read({ url: `${ORIGIN}/api/v1/canvas/1/upload/x`, method: 'GET', body: undefined }),
        read({ url: 'not a url' }),
      ],
      { origin: ORIGIN, data: w.data, media: w.media },
    );
    expect(w.sent).toEqual([]);
    expect(w.media.store).not.toHaveBeenCalled();
  });

  it('ignores a message whose reads are not a list', async () => {
    const w = worker();
    await storeHandedReads({ url: `${ORIGIN}/api/v1/config` }, { origin: ORIGIN, data: w.data, media: w.media });
    expect(w.sent).toEqual([]);
  });
});

describe('a read answered in the page is handed to the worker with its answer', () => {
  const init = (): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: body(TOKEN_QUERY, { id: '7' }) });
  const answer = { body: JSON.stringify({ data: { getTokenFromHolding: { id: '7', name: 'In the page' } } }), at: Date.UTC(2026, 10, 27, 9, 59) };

  it('while a worker controls the page: posted once as offline.storeAnswers, with the read and the server time', () => {
    const c = container();
    c.control();
    handAnswer('/graphql', init(), answer, c);
    expect(c.posted).toEqual([
      {
        type: 'offline.storeAnswers',
        answers: [{ read: { url: new URL('/graphql', globalThis.location?.href ?? ORIGIN).href, method: 'POST', headers: { 'content-type': 'application/json' }, body: body(TOKEN_QUERY, { id: '7' }) }, body: answer.body, fetchedAt: answer.at }],
      },
    ]);
  });

  it('before a worker controls the page: nothing posted (recordRead has the read, the worker asks for it itself)', () => {
    const c = container();
    handAnswer('/graphql', init(), answer, c);
    expect(c.posted).toEqual([]);
    handAnswer('/graphql', init(), answer, null);
  });

  function worker(now = Date.UTC(2026, 10, 27, 10)) {
    const sent: string[] = [];
    const data = createDataCache({
      store: openDataStore(new IDBFactory()),
      fetch: async (request) => {
        sent.push(request.url);
        throw new TypeError('Failed to fetch');
      },
      now: () => now,
      lifetimeMs: 60 * 60_000,
      budgetBytes: 1024 * 1024,
      graphqlPath: '/graphql',
      notify: () => {},
    });
    return { sent, data };
  }
  const handed = (overrides: Partial<HandedRead> = {}, answerBody = answer.body, fetchedAt = answer.at) => ({
    read: { url: `${ORIGIN}/graphql`, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: body(TOKEN_QUERY, { id: '7' }), ...overrides },
    body: answerBody,
    fetchedAt,
  });
  const ask = (w: ReturnType<typeof worker>) => w.data.handle(new Request(`${ORIGIN}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(TOKEN_QUERY, { id: '7' }) }));

  it('the worker stores the answer without asking the server: offline the same read gets it, with the server time', async () => {
    const w = worker();
    await storeHandedAnswers([handed()], { origin: ORIGIN, data: w.data });
    expect(w.sent).toEqual([]);
    const stored = await ask(w);
    expect(stored.headers.get(STORED_ANSWER_HEADER)).toBe(String(answer.at));
    expect(await stored.json()).toEqual({ data: { getTokenFromHolding: { id: '7', name: 'In the page' } } });
  });

  it('stores no mutation, other origin, GET of media, answer with errors, non-JSON or timeless answer', async () => {
    const w = worker();
    await storeHandedAnswers(
      [
        handed({ body: body(LIKE_MUTATION, { id: '7' }) }),
        handed({ url: 'https://elsewhere.test/graphql' }),
        handed({ url: `${ORIGIN}/ipfs/bafyimage`, method: 'GET', headers: {}, body: undefined }),
        handed({}, JSON.stringify({ data: null, errors: [{ message: 'Token not found' }] })),
        handed({}, 'not json'),
        { ...handed(), fetchedAt: 'yesterday' },
        null,
      ],
      { origin: ORIGIN, data: w.data },
    );
    await expect(ask(w)).rejects.toThrow('Failed to fetch');
    await storeHandedAnswers('not a list', { origin: ORIGIN, data: w.data });
    expect(w.sent).toEqual([`${ORIGIN}/graphql`]);
  });

  it('an answer older than the stored copy does not replace it', async () => {
    const w = worker();
    await storeHandedAnswers([handed({}, JSON.stringify({ data: { getTokenFromHolding: { id: '7', name: 'Newer' } } }), answer.at + 30_000)], { origin: ORIGIN, data: w.data });
    await storeHandedAnswers([handed()], { origin: ORIGIN, data: w.data });
    expect(await (await ask(w)).json()).toEqual({ data: { getTokenFromHolding: { id: '7', name: 'Newer' } } });
  });
});
