// The service worker's data-cache policy (one data cache, owned by the service worker) with an injected clock: the window and its 1440 fallback,
// per-account keys, the current exhibition keyed without cDate and bounded by its end date, eviction order, the
// 3-second rule and the operation-type reading that keeps mutations out.
import { describe, expect, it } from 'vitest';
import {
  STORED_ANSWER_AFTER_MS,
  accountOf,
  answerFromStore,
  cacheLifetimeMs,
  entryBytes,
  evictionPlan,
  expiresAtOf,
  isCachedReadPath,
  isInsideWindow,
  isQueryDocument,
  isServable,
  operationNameOf,
  operationTypesOf,
  quotaEvictionPlan,
  requestKey,
} from '../../src/offline/dataPolicy';
import type { StoredEntry } from '../../src/offline/protocol';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const ALICE = '0xAbCd000000000000000000000000000000000001';

function entry(key: string, fields: Partial<StoredEntry> = {}): StoredEntry {
  return { key, account: 'public', fetchedAt: T0, usedAt: T0, status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":{}}', pins: [], ...fields };
}

describe('the cache window', () => {
  it('default: VITE_CACHE_LIFETIME_MINUTES in minutes (60 in .env)', () => {
    expect(cacheLifetimeMs('60')).toBe(60 * MINUTE);
    expect(cacheLifetimeMs('5')).toBe(5 * MINUTE);
  });

  it.each([undefined, '', '  ', 'soon', '0', '-3', null])('fallback: %j gives the seed’s 1440 minutes', (setting) => {
    expect(cacheLifetimeMs(setting)).toBe(1440 * MINUTE);
  });

  it('behavior: inside the window an entry answers; at its edge and after it, it does not', () => {
    const lifetime = 60 * MINUTE;
    const stored = entry('k');
    expect(isInsideWindow(stored, T0, lifetime)).toBe(true);
    expect(isServable(stored, T0 + lifetime - 1, lifetime)).toBe(true);
    expect(isServable(stored, T0 + lifetime, lifetime)).toBe(false);
    expect(isServable(stored, T0 + lifetime + MINUTE, lifetime)).toBe(false);
  });

  it('behavior: a pinned entry (saved exhibition) answers past the window until unpinned', () => {
    expect(isServable(entry('k', { pins: ['exhibition:7'] }), T0 + 30 * 24 * 60 * MINUTE, 60 * MINUTE)).toBe(true);
  });
});

describe('request keys', () => {
  it('per account: the lowercased address of Bearer <address>:<key>, else public', () => {
    expect(accountOf(`Bearer ${ALICE}:secret-key`)).toBe(ALICE.toLowerCase());
    expect(accountOf(null)).toBe('public');
    expect(accountOf('')).toBe('public');
    expect(accountOf('Basic abc')).toBe('public');
    const variables = { id: '1' };
    expect(requestKey(accountOf(`Bearer ${ALICE}:k`), 'getTokenFromHolding', variables)).toBe(`${ALICE.toLowerCase()}|getTokenFromHolding|{"id":"1"}`);
    expect(requestKey('public', 'getTokenFromHolding', variables)).not.toBe(requestKey(ALICE.toLowerCase(), 'getTokenFromHolding', variables));
  });

  it('stable: variables in any key order give one key; undefined members are left out', () => {
    expect(requestKey('public', 'q', { b: 1, a: { d: [1, 2], c: 'x' } })).toBe(requestKey('public', 'q', { a: { c: 'x', d: [1, 2] }, b: 1, z: undefined }));
    expect(requestKey('public', 'GET /api/v1/config', undefined)).toBe('public|GET /api/v1/config|{}');
  });

  it('current exhibition: keyed without cDate, so a later visit finds it; other operations keep every variable', () => {
    const morning = requestKey('public', 'getCurrentExhibition', { cDate: '2026-11-27T08:00:00.000Z' });
    const evening = requestKey('public', 'getCurrentExhibition', { cDate: '2026-11-27T20:00:00.000Z' });
    expect(morning).toBe(evening);
    expect(morning).toBe('public|getCurrentExhibition|{}');
    expect(requestKey('public', 'getPastExhibitions', { cDate: 'x' })).toBe('public|getPastExhibitions|{"cDate":"x"}');
  });

  it('current exhibition: the entry ends at the exhibition’s end date; an ended one counts as none', () => {
    const end = '2026-11-30T00:00:00.000Z';
    const expiresAt = expiresAtOf('getCurrentExhibition', { data: { getCurrentExhibition: { id: '3', endDate: end } } });
    expect(expiresAt).toBe(Date.parse(end));
    expect(expiresAtOf('getCurrentExhibition', { data: { getCurrentExhibition: null } })).toBeUndefined();
    expect(expiresAtOf('getPastExhibitions', { data: { getCurrentExhibition: { endDate: end } } })).toBeUndefined();
    const stored = entry('public|getCurrentExhibition|{}', { expiresAt, pins: ['exhibition:3'] });
    expect(isServable(stored, Date.parse(end), 1440 * MINUTE)).toBe(true);
    expect(isServable(stored, Date.parse(end) + 1, 1440 * MINUTE)).toBe(false);
  });
});

describe('eviction order', () => {
  const lifetime = 60 * MINUTE;
  const now = T0 + 2 * lifetime;

  it('first every unpinned entry past the window or its end date, then least recently used unpinned past the budget', () => {
    const entries = [
      entry('fresh-used-late', { fetchedAt: now - MINUTE, usedAt: now - MINUTE }),
      entry('expired', { fetchedAt: now - lifetime - 1, usedAt: now }),
      entry('fresh-used-early', { fetchedAt: now - 10 * MINUTE, usedAt: now - 9 * MINUTE }),
      entry('pinned-old', { fetchedAt: T0 - 100 * lifetime, usedAt: T0 - 100 * lifetime, pins: ['exhibition:1'] }),
      entry('ended', { fetchedAt: now - MINUTE, usedAt: now, expiresAt: now - 1 }),
      entry('fresh-used-middle', { fetchedAt: now - 5 * MINUTE, usedAt: now - 5 * MINUTE }),
    ];
    const size = entryBytes(entries[0]!);
    // Room for everything that is still good: only the expired and the ended go.
    expect(evictionPlan(entries, now, lifetime, 100 * size)).toEqual(['expired', 'ended']);
    // Room for three entries: the pinned one stays whatever its age, the least recently used fresh ones go first.
    expect(evictionPlan(entries, now, lifetime, 3 * size)).toEqual(['expired', 'ended', 'fresh-used-early']);
    expect(evictionPlan(entries, now, lifetime, 2 * size)).toEqual(['expired', 'ended', 'fresh-used-early', 'fresh-used-middle']);
    // No room at all: pinned entries are still never evicted for size.
    expect(evictionPlan(entries, now, lifetime, 0)).toEqual(['expired', 'ended', 'fresh-used-early', 'fresh-used-middle', 'fresh-used-late']);
  });

  it('after a quota error: the oldest-used unpinned entries, at least a quarter of their bytes', () => {
    const entries = [0, 1, 2, 3, 4, 5, 6, 7].map((n) => entry(`e${n}`, { usedAt: T0 + (8 - n) * MINUTE }));
    entries.push(entry('pinned', { usedAt: T0 - MINUTE, pins: ['exhibition:1'] }));
    const size = entryBytes(entries[0]!);
    expect(quotaEvictionPlan(entries, 1)).toEqual(['e7', 'e6']);
    expect(quotaEvictionPlan(entries, 3 * size)).toEqual(['e7', 'e6', 'e5']);
  });
});

describe('answer from the stored copy?', () => {
  it('network failed: yes; network slow past 3 s: only when the previous request to the server failed too', () => {
    expect(STORED_ANSWER_AFTER_MS).toBe(3000);
    expect(answerFromStore('network-failed', false)).toBe(true);
    expect(answerFromStore('network-failed', true)).toBe(true);
    expect(answerFromStore('network-slow', true)).toBe(true);
    // A busy server must not turn into stale data.
    expect(answerFromStore('network-slow', false)).toBe(false);
  });
});

describe('what the data cache answers', () => {
  it('queries only: the first keyword of each definition, past comments, strings and fragments', () => {
    expect(operationTypesOf('query getArticles($p: PaginationInput) { getArticles(pagination: $p) { totalCount } }')).toEqual(['query']);
    expect(operationTypesOf('# mutation in a comment\n  { getLastToken { id } }')).toEqual(['query']);
    expect(operationTypesOf('fragment mutation on Token { id }\nquery q { getLastToken { ...mutation } }')).toEqual(['query']);
    expect(operationTypesOf('mutation likeToken($id: ID!) { likeToken(id: $id) { id } }')).toEqual(['mutation']);
    expect(operationTypesOf('\uFEFF  mutation { a }')).toEqual(['mutation']);
    expect(operationTypesOf('query q($s: String = "mutation {") { a(s: $s) } subscription s { b }')).toEqual(['query', 'subscription']);
    expect(operationTypesOf('query q { a(where: { b: [1, 2] }) { c } } mutation m { d }')).toEqual(['query', 'mutation']);
    expect(isQueryDocument('query q { a }')).toBe(true);
    expect(isQueryDocument('query q { a } mutation m { b }')).toBe(false);
    expect(isQueryDocument('subscription s { a }')).toBe(false);
    expect(isQueryDocument('')).toBe(false);
  });

  it('names the operation by the body’s operationName, else the first named query', () => {
    expect(operationNameOf('query getSale($id: ID!) { getSale(id: $id) { id } }', undefined)).toBe('getSale');
    expect(operationNameOf('query a { x } query b { y }', 'b')).toBe('b');
    expect(operationNameOf('{ x }', null)).toBe('anonymous');
  });

  it('GET reads under /api/ and /content/, never uploads, nonces, challenges or health', () => {
    expect(isCachedReadPath('/api/v1/config')).toBe(true);
    expect(isCachedReadPath(`/api/v1/account/${ALICE}`)).toBe(true);
    expect(isCachedReadPath('/api/v1/likes/account')).toBe(true);
    expect(isCachedReadPath('/content/about')).toBe(true);
    expect(isCachedReadPath('/ipfs/bafy')).toBe(false);
    expect(isCachedReadPath('/socket.io/')).toBe(false);
    expect(isCachedReadPath('/api/v1/canvas/7/upload/abc')).toBe(false);
    expect(isCachedReadPath('/api/v1/upload')).toBe(false);
    expect(isCachedReadPath('/api/v1/account/nonce')).toBe(false);
    expect(isCachedReadPath('/api/v1/connect/challenge')).toBe(false);
    expect(isCachedReadPath('/api/v1/health')).toBe(false);
    expect(isCachedReadPath('/explore')).toBe(false);
  });
});
