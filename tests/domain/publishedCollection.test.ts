import { describe, expect, it } from 'vitest';
import { PUBLISHED_KEEP_MS, isPublishedHere, parsePublishedOnChain, stillPending, type PublishedOnChain } from '../../domain/publishedCollection';

const ADDRESS = '0xa16E02E87b7454126E5E10d957A927A7F5B5d2be';
const CREATOR = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const STORED = {
  canvasId: '7',
  chainId: 31337,
  address: ADDRESS,
  creator: CREATOR,
  tokenCount: 3,
  publishedAt: '2026-11-03T12:00:00.000Z',
  hash: `0x${'ab'.repeat(32)}`,
};

describe('parsePublishedOnChain', () => {
  it('default: reads a stored record, addresses in lower case', () => {
    expect(parsePublishedOnChain(STORED)).toEqual<PublishedOnChain>({ ...STORED, address: ADDRESS.toLowerCase(), creator: CREATOR.toLowerCase() });
  });

  it('parameters: keeps only the record fields (a stored extra field is dropped); zero tokens is a count', () => {
    expect(parsePublishedOnChain({ ...STORED, extra: 'x', tokenCount: 0 })).toEqual({ ...STORED, address: ADDRESS.toLowerCase(), creator: CREATOR.toLowerCase(), tokenCount: 0 });
  });

  it('behavior: anything that is not a whole record reads as none', () => {
    for (const value of [null, undefined, 'record', 42, [], {}]) expect(parsePublishedOnChain(value)).toBeNull();
    const broken: Array<Record<string, unknown>> = [
      { canvasId: '' },
      { canvasId: 7 },
      { chainId: 0 },
      { chainId: -1 },
      { chainId: 1.5 },
      { chainId: '31337' },
      { address: '0x1234' },
      { address: null },
      { creator: 'alice' },
      { tokenCount: -1 },
      { tokenCount: 2.5 },
      { tokenCount: '3' },
      { publishedAt: 'yesterday' },
      { publishedAt: 1_700_000_000_000 },
      { hash: '0x1234' },
      { hash: 'ab'.repeat(32) },
    ];
    for (const change of broken) expect([change, parsePublishedOnChain({ ...STORED, ...change })]).toEqual([change, null]);
    const { hash: _hash, ...withoutHash } = STORED;
    expect(parsePublishedOnChain(withoutHash)).toBeNull();
  });
});

describe('isPublishedHere and stillPending', () => {
  const record = parsePublishedOnChain(STORED)!;

  it('default: the record is of its address (any case) on its chain only', () => {
    expect(isPublishedHere(record, ADDRESS, 31337)).toBe(true);
    expect(isPublishedHere(record, ADDRESS.toLowerCase(), 31337)).toBe(true);
    expect(isPublishedHere(record, ADDRESS, 1)).toBe(false);
    expect(isPublishedHere(record, CREATOR, 31337)).toBe(false);
  });

  it('behavior: a record is kept for a day after its block time', () => {
    const published = Date.parse(STORED.publishedAt);
    expect(stillPending(record, published)).toBe(true);
    expect(stillPending(record, published + PUBLISHED_KEEP_MS - 1)).toBe(true);
    expect(stillPending(record, published + PUBLISHED_KEEP_MS)).toBe(false);
  });
});
