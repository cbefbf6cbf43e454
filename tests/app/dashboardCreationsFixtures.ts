// Fixtures for the My creations tab and the collection tokens view: a scripted GraphQL backend (unit tests only).
import type { CollectionListing, CreatedCollection, TokenListing } from '../../src/services/dashboard/creations';
import type { MarketplaceToken } from '../../src/services/marketplace';
import { makeToken } from './fixtures';
import { ALICE, HARDHAT_ACCOUNTS } from './walletHarness';

export const CREATOR = ALICE.toLowerCase();
export const COLLECTOR = HARDHAT_ACCOUNTS[3]!.toLowerCase();
export const TIDE_ADDRESS = '0xa16e02e87b7454126e5e10d957a927a7f5b5d2be';
export const ORBIT_ADDRESS = '0xb7a5bd0345ef1cc5e66bf61bdec17d2461fbd968';

export function createdCollection(n: number, overrides: Partial<CreatedCollection> = {}): CreatedCollection {
  return {
    id: String(n),
    _id: String(n),
    name: `Collection ${n}`,
    symbol: `C${n}`,
    description: `About collection ${n}.`,
    chainId: 31337,
    cover: `/ipfs/bafkreicover${n}`,
    thumbnail: `/ipfs/bafkreicover${n}?thumb=1`,
    address: `0x${String(n).padStart(40, 'c')}`,
    mediaType: 'image',
    tokenCount: 4,
    soldOut: false,
    createdAt: '2026-11-01T12:00:00.000Z',
    creatorInfo: { id: '2', address: CREATOR, alias: 'lumen', avatar: null, firstName: null, lastName: null },
    ...overrides,
  };
}

export const tideLoops = () => createdCollection(7, { name: 'Tidal Loops', address: TIDE_ADDRESS, description: 'Waves drawn by a pendulum.' });
export const quietOrbit = () => createdCollection(8, { name: 'Quiet Orbit', address: ORBIT_ADDRESS, soldOut: true });

export function allOutSale(containerId: string, overrides: Partial<CollectionListing> = {}): CollectionListing {
  return {
    id: `allout-${containerId}`,
    allOutSaleId: '3',
    container_id: containerId,
    chainId: 31337,
    seller: CREATOR,
    price: { amount: '20000000000000000', currency: 'ETH' },
    tokensListed: 4,
    createdAt: '2026-11-02T12:00:00.000Z',
    ...overrides,
  };
}

export function tokenListing(n: number, overrides: Partial<TokenListing> = {}): TokenListing {
  return {
    id: `listing-${n}`,
    saleId: String(10 + n),
    allOutSaleId: null,
    tokenHolding_id: String(40 + n),
    chainId: 31337,
    listedDate: '2026-11-02T12:00:00.000Z',
    sale_price: { amount: '15000000000000000', currency: 'ETH' },
    amount: '1',
    token: { id: `31337-${n}`, _id: String(n), tokenId: String(n), name: `Wave ${n}`, thumbnailUrl: null },
    ...overrides,
  };
}

/** A token of the collection tokens view held by `owner` through holding `holdingId` (or without holding info). */
export function heldToken(n: number, owner: string | null, holdingId = String(100 + n)): MarketplaceToken {
  return makeToken(n, {
    name: `Wave ${n}`,
    collection: { id: '7', _id: '7', name: 'Tidal Loops', address: TIDE_ADDRESS, chainId: 31337, attributes: null },
    tokenHolding: owner
      ? { id: holdingId, chainId: 31337, createdAt: '2026-11-02T12:00:00.000Z', salePrice: null, owner: { id: null, address: owner, alias: null, avatar: null, firstName: null, lastName: null } }
      : null,
  });
}

export interface CreationsBackendState {
  created: CreatedCollection[];
  allOut: Record<string, CollectionListing | null>;
  listings: Record<string, TokenListing[]>;
  tokens: MarketplaceToken[];
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function connection<T>(nodes: T[], after: string | undefined, perPage: number, cursorOf: (node: T, index: number) => string) {
  const start = after ? nodes.findIndex((node, index) => cursorOf(node, index) === after) + 1 : 0;
  const page = nodes.slice(start, start + perPage);
  const edges = page.map((node, i) => ({ cursor: cursorOf(node, start + i), node }));
  return {
    totalCount: nodes.length,
    pageInfo: { startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null, hasNextPage: start + perPage < nodes.length, hasPreviousPage: start > 0 },
    edges,
  };
}

/** Answers the GraphQL operations of these views from `state`, records every call; the trade check says ok. */
export function creationsBackend(state: CreationsBackendState) {
  const calls: Array<{ operationName: string; variables: Record<string, unknown> }> = [];
  const rest: Array<{ url: string; method: string }> = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === '/graphql') {
      const body = JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push(body);
      const v = body.variables;
      const pagination = (v.pagination ?? {}) as { after?: string; perPage?: number };
      const filters = (v.filters ?? {}) as Record<string, string | string[]>;
      switch (body.operationName) {
        case 'getCreatedCollections':
          return json({ data: { getCreatedCollections: connection(state.created, pagination.after, pagination.perPage ?? 20, (c) => `c${c._id}`) } });
        case 'getCreatedCollection': {
          const ids = v.ids as string[];
          return json({ data: { getCollections: connection(state.created.filter((c) => ids.includes(c._id)), undefined, 1, (c) => `c${c._id}`) } });
        }
        case 'getCollectionListing': {
          const sale = state.allOut[filters.container_id as string] ?? null;
          return json({ data: { getCollectionListing: connection(sale ? [sale] : [], undefined, pagination.perPage ?? 20, (s) => s.id) } });
        }
        case 'getTokenListing':
          return json({ data: { getTokenListing: connection(state.listings[filters.container_id as string] ?? [], undefined, pagination.perPage ?? 20, (l) => l.id) } });
        case 'getCollections': {
          const match = state.created.find((c) => c.address === v.address && c.chainId === v.chainId);
          return json({ data: { getCollections: connection(match ? [match] : [], undefined, 1, (c) => `c${c._id}`) } });
        }
        case 'getDashboardCollectionTokens':
          return json({ data: { getDashboardCollectionTokens: connection(state.tokens, pagination.after, pagination.perPage ?? 20, (t) => `t${t._id}`) } });
        default:
          return json({ errors: [{ message: `unexpected operation ${body.operationName}` }] });
      }
    }
    rest.push({ url, method: init.method ?? 'GET' });
    const edited = /^\/api\/v1\/collection\/(\d+)$/.exec(url);
    if (edited && init.method === 'PUT') {
      const description = (init.body as FormData).get('description');
      state.created = state.created.map((c) => (c._id === edited[1] && typeof description === 'string' ? { ...c, description } : c));
      return json(state.created.find((c) => c._id === edited[1]) ?? {});
    }
    if (url === '/api/v1/likes/account') return json({ likes: [] });
    if (url === '/api/v1/trade/check') return json({ ok: true });
    return json({ error: 'not_found', message: 'Not found' }, 404);
  };
  return { fetchImpl, calls, rest };
}
