import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHED_KEEP_MS, type PublishedOnChain } from '../../domain/publishedCollection';
import { JUST_PUBLISHED_KEY, forgetPublished, justPublished, rememberPublished } from '../../src/services/studio/justPublished';

const NOW = Date.parse('2026-11-03T12:00:00.000Z');
const ADDRESS = '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be';

const record = (overrides: Partial<PublishedOnChain> = {}): PublishedOnChain => ({
  canvasId: '7',
  chainId: 31337,
  address: ADDRESS.toLowerCase(),
  creator: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  tokenCount: 3,
  publishedAt: new Date(NOW - 5_000).toISOString(),
  hash: `0x${'ab'.repeat(32)}`,
  ...overrides,
});
/** The n-th of several collections (their addresses differ in the last bytes). */
const nth = (n: number) => record({ canvasId: String(n), address: `0x${n.toString(16).padStart(40, '0')}` });
const stored = () => JSON.parse(localStorage.getItem(JUST_PUBLISHED_KEY) ?? 'null') as unknown;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('justPublished', () => {
  it('default: a remembered collection is found by its address in any case on its chain, and only there', () => {
    rememberPublished(record());
    expect(justPublished(ADDRESS, 31337)).toEqual(record());
    expect(justPublished(ADDRESS.toLowerCase(), 31337)).toEqual(record());
    expect(justPublished(ADDRESS, 1)).toBeNull();
    expect(justPublished(nth(2).address, 31337)).toBeNull();
  });

  it('behavior: one record per collection: remembering it again replaces it; others are kept', () => {
    rememberPublished(nth(1));
    rememberPublished(record());
    rememberPublished(record({ tokenCount: 4 }));
    expect(justPublished(ADDRESS, 31337)?.tokenCount).toBe(4);
    expect(justPublished(nth(1).address, 31337)).toEqual(nth(1));
    expect(stored()).toHaveLength(2);
  });

  it('behavior: forgetting removes the record (and the storage key once none is left); forgetting another changes nothing', () => {
    rememberPublished(record());
    rememberPublished(nth(1));
    forgetPublished(ADDRESS.toUpperCase().replace('0X', '0x'), 31337);
    expect(justPublished(ADDRESS, 31337)).toBeNull();
    expect(justPublished(nth(1).address, 31337)).toEqual(nth(1));
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    forgetPublished(ADDRESS, 31337);
    expect(setItem).not.toHaveBeenCalled();
    forgetPublished(nth(1).address, 31337);
    expect(localStorage.getItem(JUST_PUBLISHED_KEY)).toBeNull();
  });

  it('behavior: a record older than a day is dropped', () => {
    rememberPublished(record());
    vi.setSystemTime(Date.parse(record().publishedAt) + PUBLISHED_KEEP_MS - 1);
    expect(justPublished(ADDRESS, 31337)).not.toBeNull();
    vi.setSystemTime(Date.parse(record().publishedAt) + PUBLISHED_KEEP_MS);
    expect(justPublished(ADDRESS, 31337)).toBeNull();
    // The next write leaves it out.
    const later = { ...nth(1), publishedAt: new Date(Date.now()).toISOString() };
    rememberPublished(later);
    expect(stored()).toEqual([later]);
  });

  it('behavior: keeps the 20 newest', () => {
    for (let n = 1; n <= 21; n += 1) rememberPublished(nth(n));
    expect(stored()).toHaveLength(20);
    expect(justPublished(nth(1).address, 31337)).toBeNull();
    expect(justPublished(nth(2).address, 31337)).toEqual(nth(2));
    expect(justPublished(nth(21).address, 31337)).toEqual(nth(21));
  });

  it('behavior: stored data that is not records reads as none, and a broken entry is skipped', () => {
    localStorage.setItem(JUST_PUBLISHED_KEY, '{not json');
    expect(justPublished(ADDRESS, 31337)).toBeNull();
    localStorage.setItem(JUST_PUBLISHED_KEY, JSON.stringify({ address: ADDRESS }));
    expect(justPublished(ADDRESS, 31337)).toBeNull();
    localStorage.setItem(JUST_PUBLISHED_KEY, JSON.stringify([{ ...record(), hash: 'nope' }, nth(1)]));
    expect(justPublished(ADDRESS, 31337)).toBeNull();
    expect(justPublished(nth(1).address, 31337)).toEqual(nth(1));
  });

  it('behavior: storage that refuses the write is not an error (the page waits for the indexer)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => rememberPublished(record())).not.toThrow();
    expect(justPublished(ADDRESS, 31337)).toBeNull();
  });
});
