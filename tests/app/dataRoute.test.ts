// The worker's data cache (src/offline/dataRoute.ts over dataStore.ts) with fake IndexedDB, a scripted network and
// an injected clock: what is stored and served, per account, the 3-second rule, pins, eviction, forgetting an
// account, quota errors and reachability messages.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataCache, type DataCacheOptions } from '../../src/offline/dataRoute';
import { openDataStore, type DataStore } from '../../src/offline/dataStore';
import { PIN_HEADER, STORED_ANSWER_HEADER, type WorkerToPageMessage } from '../../src/offline/protocol';

const ORIGIN = 'https://artbazaar.test';
const MINUTE = 60_000;
const LIFETIME = 60 * MINUTE;
const ALICE = '0xa11ce00000000000000000000000000000000001';
const BOB = '0xb0b0000000000000000000000000000000000002';

const TOKEN_QUERY = 'query getTokenFromHolding($id: ID!) { getTokenFromHolding(id: $id) { id name } }';
const EXHIBITION_QUERY = 'query getCurrentExhibition($cDate: String!) { getCurrentExhibition(cDate: $cDate) { id endDate } }';

function graphqlRequest(query: string, variables: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables, operationName: /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] }),
  });
}

const bearer = (address: string) => ({ Authorization: `Bearer ${address}:key-${address.slice(2, 6)}` });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

interface Harness {
  cache: ReturnType<typeof createDataCache>;
  store: DataStore;
  clock: { now: number };
  network: { answer: (request: Request) => Promise<Response>; calls: number };
  messages: WorkerToPageMessage[];
  sleeping: Array<() => void>;
  /** Answers the request and waits for everything the worker does after (storing). */
  ask: (request: Request) => Promise<Response>;
}

function harness(overrides: Partial<DataCacheOptions> = {}): Harness {
  const store = overrides.store ?? openDataStore(new IDBFactory());
  const clock = { now: Date.UTC(2026, 10, 27, 10, 0, 0) };
  const network = { answer: (_request: Request) => Promise.resolve(json({ data: {} })), calls: 0 };
  const messages: WorkerToPageMessage[] = [];
  const sleeping: Array<() => void> = [];
  const cache = createDataCache({
    store,
    fetch: (request) => {
      network.calls += 1;
      return network.answer(request);
    },
    now: () => clock.now,
    lifetimeMs: LIFETIME,
    budgetBytes: 1024 * 1024,
    graphqlPath: '/graphql',
    notify: (message) => messages.push(message),
    sleep: () => new Promise<void>((resolve) => sleeping.push(resolve)),
    ...overrides,
  });
  const ask = async (request: Request) => {
    const background: Promise<unknown>[] = [];
    const response = await cache.handle(request, (work) => background.push(work));
    await Promise.all(background);
    return response;
  };
  return { cache, store, clock, network, messages, sleeping, ask };
}

let h: Harness;
beforeEach(() => {
  h = harness();
});

describe('what the data cache answers', () => {
  it('same-origin GraphQL POSTs and GET reads under /api/ and /content/; not navigations, media, uploads or other origins', () => {
    const matches = (request: Request) => h.cache.matches(request, ORIGIN);
    expect(matches(graphqlRequest(TOKEN_QUERY, { id: '1' }))).toBe(true);
    expect(matches(new Request(`${ORIGIN}/api/v1/config`))).toBe(true);
    expect(matches(new Request(`${ORIGIN}/content/terms`))).toBe(true);
    expect(matches(new Request(`${ORIGIN}/ipfs/bafy`))).toBe(false);
    expect(matches(new Request(`${ORIGIN}/socket.io/?EIO=4`))).toBe(false);
    expect(matches(new Request(`${ORIGIN}/api/v1/canvas/3/upload/abc`))).toBe(false);
    expect(matches(new Request(`${ORIGIN}/api/v1/canvas/`, { method: 'POST', body: '{}' }))).toBe(false);
    expect(matches(new Request('https://other.test/api/v1/config'))).toBe(false);
    expect(matches({ url: `${ORIGIN}/api/v1/config`, method: 'GET', mode: 'navigate' } as Request)).toBe(false);
  });
});

describe('online', () => {
  it('default: the server’s answer passes through unchanged and is stored with its fetch time, per account', async () => {
    h.network.answer = () => Promise.resolve(json({ data: { getTokenFromHolding: { id: '1', name: 'Dawn' } } }));
    const response = await h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }, bearer(ALICE.toUpperCase().replace('0X', '0x'))));
    expect(response.headers.get(STORED_ANSWER_HEADER)).toBeNull();
    expect(await response.json()).toEqual({ data: { getTokenFromHolding: { id: '1', name: 'Dawn' } } });
    const [stored] = await h.store.all();
    expect(stored).toMatchObject({ key: `${ALICE}|getTokenFromHolding|{"id":"1"}`, account: ALICE, fetchedAt: h.clock.now, usedAt: h.clock.now, status: 200, pins: [] });
  });

  it('behavior: mutations pass through and are never stored', async () => {
    await h.ask(graphqlRequest('mutation likeToken($id: ID!) { likeToken(id: $id) { id } }', { id: '1' }));
    expect(h.network.calls).toBe(1);
    expect(await h.store.all()).toEqual([]);
  });

  it('behavior: 4xx/5xx answers and answers with errors pass through untouched and are not stored', async () => {
    h.network.answer = () => Promise.resolve(json({ error: 'not_found' }, 404));
    expect((await h.ask(new Request(`${ORIGIN}/api/v1/account/${ALICE}`))).status).toBe(404);
    h.network.answer = () => Promise.resolve(json({ data: null, errors: [{ message: 'boom' }] }));
    expect(await (await h.ask(graphqlRequest(TOKEN_QUERY, { id: '2' }))).json()).toEqual({ data: null, errors: [{ message: 'boom' }] });
    h.network.answer = () => Promise.resolve(json({ data: null }, 503));
    expect((await h.ask(graphqlRequest(TOKEN_QUERY, { id: '3' }))).status).toBe(503);
    expect(await h.store.all()).toEqual([]);
  });
});

describe('offline', () => {
  it('behavior: a failed network answers with the stored copy marked with its fetch time; every failure is posted (a page opened since has not heard of the first), a recovery once', async () => {
    const fetchedAt = h.clock.now;
    h.network.answer = () => Promise.resolve(json({ config: 'v1' }));
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    h.clock.now += 12 * MINUTE;
    h.network.answer = offline;
    const stored = await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    expect(stored.headers.get(STORED_ANSWER_HEADER)).toBe(String(fetchedAt));
    expect(await stored.json()).toEqual({ config: 'v1' });
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    // Nothing stored for this one: the failure reaches the page.
    await expect(h.ask(new Request(`${ORIGIN}/api/v1/likes/account`))).rejects.toThrow('Failed to fetch');
    h.network.answer = () => Promise.resolve(json({ config: 'v2' }));
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    expect(h.messages).toEqual([
      { type: 'offline.network', reachable: false },
      { type: 'offline.network', reachable: false },
      { type: 'offline.network', reachable: false },
      { type: 'offline.network', reachable: true },
    ]);
  });

  it('per account: one account’s stored answer is never served to another, nor to a visitor', async () => {
    h.network.answer = () => Promise.resolve(json({ data: { getTokenFromHolding: { id: '1', name: 'Alice sees' } } }));
    await h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }, bearer(ALICE)));
    h.network.answer = offline;
    await expect(h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }, bearer(BOB)))).rejects.toThrow('Failed to fetch');
    await expect(h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }))).rejects.toThrow('Failed to fetch');
    expect((await h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }, bearer(ALICE)))).headers.get(STORED_ANSWER_HEADER)).not.toBeNull();
  });

  it('window: served inside it, not at its edge; eviction removes it', async () => {
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    h.network.answer = offline;
    h.clock.now += LIFETIME - 1;
    expect((await h.ask(new Request(`${ORIGIN}/api/v1/config`))).status).toBe(200);
    h.clock.now += 1;
    await expect(h.ask(new Request(`${ORIGIN}/api/v1/config`))).rejects.toThrow('Failed to fetch');
    await h.cache.evict();
    expect(await h.store.all()).toEqual([]);
  });

  it('current exhibition: found under another cDate; past its end date it counts as none', async () => {
    const endDate = new Date(h.clock.now + 30 * MINUTE).toISOString();
    h.network.answer = () => Promise.resolve(json({ data: { getCurrentExhibition: { id: '4', endDate } } }));
    await h.ask(graphqlRequest(EXHIBITION_QUERY, { cDate: new Date(h.clock.now).toISOString() }));
    h.network.answer = offline;
    h.clock.now += 10 * MINUTE;
    const later = await h.ask(graphqlRequest(EXHIBITION_QUERY, { cDate: new Date(h.clock.now).toISOString() }));
    expect(await later.json()).toEqual({ data: { getCurrentExhibition: { id: '4', endDate } } });
    h.clock.now += 21 * MINUTE;
    await expect(h.ask(graphqlRequest(EXHIBITION_QUERY, { cDate: new Date(h.clock.now).toISOString() }))).rejects.toThrow('Failed to fetch');
  });
});

describe('a slow network (3-second rule)', () => {
  it('after a failed request, the stored copy answers once the network is 3 s late; the late answer is still stored', async () => {
    h.network.answer = () => Promise.resolve(json({ n: 1 }));
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    h.network.answer = offline;
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    let arrive!: (response: Response) => void;
    h.network.answer = () => new Promise((resolve) => (arrive = resolve));
    const background: Promise<unknown>[] = [];
    const answering = h.cache.handle(new Request(`${ORIGIN}/api/v1/config`), (work) => background.push(work));
    await expect.poll(() => h.sleeping.length).toBe(1);
    h.sleeping[0]!();
    const response = await answering;
    expect(response.headers.get(STORED_ANSWER_HEADER)).not.toBeNull();
    expect(await response.json()).toEqual({ n: 1 });
    h.clock.now += MINUTE;
    arrive(json({ n: 2 }));
    await Promise.all(background);
    expect((await h.store.all())[0]).toMatchObject({ body: '{"n":2}', fetchedAt: h.clock.now });
  });

  it('after a good request, a slow server is waited for: a busy server never turns into stale data', async () => {
    h.network.answer = () => Promise.resolve(json({ n: 1 }));
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    let arrive!: (response: Response) => void;
    h.network.answer = () => new Promise((resolve) => (arrive = resolve));
    const answering = h.ask(new Request(`${ORIGIN}/api/v1/config`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Nobody even started the 3-second timer.
    expect(h.sleeping).toHaveLength(0);
    arrive(json({ n: 2 }));
    const response = await answering;
    expect(response.headers.get(STORED_ANSWER_HEADER)).toBeNull();
    expect(await response.json()).toEqual({ n: 2 });
  });
});

describe('pins, eviction and forgetting', () => {
  it('a pinned read outlives the window until unpinned; eviction keeps it, unpin lets it go', async () => {
    await h.ask(new Request(`${ORIGIN}/api/v1/config`, { headers: { [PIN_HEADER]: 'exhibition:4' } }));
    await h.ask(new Request(`${ORIGIN}/api/v1/likes/account`));
    h.clock.now += 3 * LIFETIME;
    await h.cache.evict();
    expect((await h.store.all()).map((entry) => [entry.key, entry.pins])).toEqual([['public|GET /api/v1/config|{}', ['exhibition:4']]]);
    h.network.answer = offline;
    expect((await h.ask(new Request(`${ORIGIN}/api/v1/config`))).status).toBe(200);
    // A later unpinned read of the same entry keeps its pin.
    h.network.answer = () => Promise.resolve(json({ again: true }));
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    expect((await h.store.all())[0]!.pins).toEqual(['exhibition:4']);
    await h.cache.unpin('exhibition:4');
    h.clock.now += 2 * LIFETIME;
    await h.cache.evict();
    expect(await h.store.all()).toEqual([]);
  });

  it('forgetAccount removes that account’s entries only', async () => {
    await h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }, bearer(ALICE)));
    await h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }, bearer(BOB)));
    await h.ask(graphqlRequest(TOKEN_QUERY, { id: '1' }));
    await h.cache.forgetAccount(ALICE.toUpperCase().replace('0X', '0x'));
    expect((await h.store.all()).map((entry) => entry.account).sort()).toEqual([BOB, 'public']);
  });

  it('periodically: a fetch more than 5 minutes after the last eviction evicts', async () => {
    await h.cache.evict();
    await h.ask(new Request(`${ORIGIN}/api/v1/likes/account`));
    h.clock.now += LIFETIME;
    await h.ask(new Request(`${ORIGIN}/api/v1/config`));
    expect((await h.store.all()).map((entry) => entry.key)).toEqual(['public|GET /api/v1/config|{}']);
  });
});

describe('storage faults', () => {
  it('a quota error is reported once, the oldest entries are evicted and the write retried once', async () => {
    const real = openDataStore(new IDBFactory());
    // The first write of full/a is refused; both writes of full/b are.
    const refusals = new Map([
      ['public|GET /api/v1/full/a|{}', 1],
      ['public|GET /api/v1/full/b|{}', 2],
    ]);
    const flaky: DataStore = {
      ...real,
      put: async (entry) => {
        const left = refusals.get(entry.key) ?? 0;
        if (left > 0) {
          refusals.set(entry.key, left - 1);
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return real.put(entry);
      },
    };
    h = harness({ store: flaky });
    for (const n of [1, 2, 3, 4]) {
      await h.ask(new Request(`${ORIGIN}/api/v1/item/${n}`));
      h.clock.now += 1000;
    }
    await h.ask(new Request(`${ORIGIN}/api/v1/full/a`));
    // Evicted the oldest used (a quarter of the bytes at least), then stored on the retry.
    expect((await real.all()).map((entry) => entry.key).sort()).toEqual([
      'public|GET /api/v1/full/a|{}',
      'public|GET /api/v1/item/2|{}',
      'public|GET /api/v1/item/3|{}',
      'public|GET /api/v1/item/4|{}',
    ]);
    // Refused twice more: not stored, not reported again, no error reaches the page.
    expect((await h.ask(new Request(`${ORIGIN}/api/v1/full/b`))).status).toBe(200);
    expect(await real.get('public|GET /api/v1/full/b|{}')).toBeUndefined();
    expect(h.messages.filter((message) => message.type === 'offline.quota')).toHaveLength(1);
  });
});
