import { vi } from 'vitest';
import type { Page } from '../../machines/lists/pagedListMachine';
import type { MarketplaceCollection, MarketplaceToken } from '../../src/services/marketplace';
import { makeToken } from './fixtures';

// jsdom has no IntersectionObserver; this stand-in lets a test say "the sentinel is now visible".
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  static showObserved() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.elements].map((target) => ({ target, isIntersecting: true, intersectionRatio: 0.1 }) as IntersectionObserverEntry);
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

/** Items from..from+perPage-1 of a list of totalCount (numbered from 1), cursors c<n>. */
export function pageOf<T>(make: (n: number) => T, from: number, perPage: number, totalCount: number): Page<T> {
  const count = Math.max(0, Math.min(perPage, totalCount - from + 1));
  const edges = Array.from({ length: count }, (_, i) => ({ cursor: `c${from + i}`, node: make(from + i) }));
  const last = from + count - 1;
  return {
    totalCount,
    pageInfo: { startCursor: count ? `c${from}` : null, endCursor: count ? `c${last}` : null, hasNextPage: last < totalCount, hasPreviousPage: from > 1 },
    edges,
  };
}

export const tokenPage = (from: number, perPage: number, totalCount: number): Page<MarketplaceToken> => pageOf(makeToken, from, perPage, totalCount);

export function makeCollection(n: number, overrides: Partial<MarketplaceCollection> = {}): MarketplaceCollection {
  return {
    id: `c-${n}`,
    _id: String(n),
    name: `Collection ${n}`,
    symbol: `C${n}`,
    description: null,
    chainId: 31337,
    cover: `/ipfs/bafkreicover${n}`,
    coverThumbnail: `/ipfs/thumbnail/bafkreicover${n}`,
    thumbnail: null,
    address: `0x${String(n).padStart(40, 'a')}`,
    mediaType: 'image',
    tokenCount: 6,
    soldOut: false,
    likesCount: 0,
    floorPrice: { amount: '20000000000000000', currency: 'ETH' },
    createdAt: '2026-11-01T10:00:00.000Z',
    creatorInfo: { id: null, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', alias: 'lumen', avatar: null, firstName: null, lastName: null },
    ...overrides,
  };
}

export interface GraphqlCall {
  operationName: string;
  variables: { filters?: unknown; sort?: unknown; pagination?: { after?: string; perPage?: number }; account?: string };
}

/** Replaces the network under the real graphql service: each operation answers from `answer` (data object). */
export function stubGraphql(answer: (call: GraphqlCall) => unknown | Promise<unknown>) {
  const calls: GraphqlCall[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (!String(url).endsWith('/graphql')) return new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404 });
    const call = JSON.parse(init?.body as string) as GraphqlCall;
    calls.push(call);
    const headers = { 'Content-Type': 'application/json' };
    try {
      return new Response(JSON.stringify({ data: await answer(call) }), { status: 200, headers });
    } catch (error) {
      // A resolver error, as graphql-yoga reports one.
      return new Response(JSON.stringify({ data: null, errors: [{ message: (error as Error).message }] }), { status: 200, headers });
    }
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch, of: (operationName: string) => calls.filter((call) => call.operationName === operationName) };
}

/** Token pages after a cursor c<n>, `total` tokens in all. */
export const tokensAnswer = (total: number) => (call: GraphqlCall) => {
  const after = call.variables.pagination?.after;
  const from = after ? Number(after.slice(1)) + 1 : 1;
  return tokenPage(from, call.variables.pagination?.perPage ?? 20, total);
};
