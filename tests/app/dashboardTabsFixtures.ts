// Fixtures of the dashboard tabs' app tests: a signed-in wallet (collector or creator), GraphQL answers by
// operation, the wallet session's REST calls, and a live socket the test scripts.
import { fromCallback } from 'xstate';
import { liveEventsMachine, type LiveEventsEvent } from '../../machines/live/liveEventsMachine';
import type { Page } from '../../machines/lists/pagedListMachine';
import type { DashboardOffer, SentOffer, TokenWithOffers } from '../../src/services/dashboard/tabs';
import type { MarketplaceToken } from '../../src/services/marketplace';
import { makeToken } from './fixtures';
import { graphqlFetch } from './tokenFixtures';
import { chainRpcFetch, fakeWalletSession, loginOf } from './walletHarness';
import type { LiveEventName } from '../../domain/contracts/live';
import type { LivePayload } from '../../domain/contracts/liveEvents';
import { liveMessage } from '../domain/liveEventSamples';

// The signed-in account: hardhat #3 as a collector, or #1 as a creator.
export const VIEWER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
export const OTHER = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
// A person the answers name by address only.
const person = (address: string) => ({ id: null, address, alias: null, avatar: null, firstName: null, lastName: null });

export const emptyPage = { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasNextPage: false, hasPreviousPage: false }, edges: [] };

export function pageOfNodes<T>(nodes: T[], cursor: (node: T) => string): Page<T> {
  return {
    totalCount: nodes.length,
    pageInfo: { startCursor: nodes[0] ? cursor(nodes[0]) : null, endCursor: nodes.at(-1) ? cursor(nodes.at(-1)!) : null, hasNextPage: false, hasPreviousPage: false },
    edges: nodes.map((node) => ({ cursor: cursor(node), node })),
  };
}

export const tokenPageOf = (tokens: MarketplaceToken[]) => pageOfNodes(tokens, (token) => token._id);

/** A token the viewer holds (holding h<n>), as getBoughtTokens and the offer lists return it. */
export const heldToken = (n: number, overrides: Partial<MarketplaceToken> = {}) =>
  makeToken(n, { tokenHolding: { id: `h${n}`, chainId: 31337, createdAt: '2026-11-02T10:00:00.000Z', salePrice: null, owner: person(VIEWER) }, ...overrides });

export function makeDashboardOffer(n: number, overrides: Partial<DashboardOffer> = {}): DashboardOffer {
  return {
    id: `o${n}`,
    chainId: 31337,
    saleId: String(20 + n),
    allOutSaleId: null,
    marketplace: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    tokenId: String(n),
    token_id: String(n),
    container_id: '1',
    seller: VIEWER,
    amount: '1',
    price: { amount: '80000000000000000', currency: 'ETH' },
    state: 'made',
    // Local time 03 Nov 2026 09:0n, shown as DD MMM HH:mm.
    createdAt: new Date(2026, 10, 3, 9, n).toISOString(),
    buyer: { id: String(40 + n), address: OTHER, alias: `bidder${n}`, firstName: null, lastName: null, avatar: null },
    ...overrides,
  };
}

export function tokenWithOffers(n: number, offers: DashboardOffer[]): TokenWithOffers {
  return { id: String(n), token: heldToken(n), offers };
}

export function sentOffer(n: number, overrides: Partial<SentOffer> = {}): SentOffer {
  return {
    ...makeDashboardOffer(n, { seller: OTHER, buyer: { id: '3', address: VIEWER, alias: 'june', firstName: null, lastName: null, avatar: null } }),
    token: makeToken(n, { name: `Wanted ${n}`, tokenHolding: { id: `s${n}`, chainId: 31337, createdAt: '2026-11-02T10:00:00.000Z', salePrice: null, owner: person(OTHER) } }),
    sellerInfo: { id: '5', address: OTHER, alias: 'ines.kodama', firstName: 'Ines', lastName: 'Kodama', avatar: null },
    saleActive: true,
    ...overrides,
  };
}

export type Answers = Parameters<typeof graphqlFetch>[0];

/** GraphQL by operation (every dashboard read empty unless given), the session's REST calls, the chain's RPC. */
export function stubDashboardBackend(answers: Answers = {}) {
  const api = graphqlFetch({
    getBoughtTokens: () => emptyPage,
    getMyTokensWithOffers: () => emptyPage,
    getMyBazaarOffers: () => emptyPage,
    getLikedTokensByAccount: () => emptyPage,
    getCreatedCollections: () => emptyPage,
    getCollectionListing: () => emptyPage,
    getTokenListing: () => emptyPage,
    ...answers,
  });
  const chain = chainRpcFetch();
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/graphql')) return api.fetchImpl(input, init);
    if (url.includes('/api/v1/trade/check')) return Response.json({ ok: true });
    if (url.includes('/api/v1/account/banned/')) return Response.json({ banned: false });
    if (url.includes('/api/v1/likes/account')) return Response.json({ likes: [] });
    if (url.startsWith('/api/')) return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
    return chain.fetchImpl(input, init);
  };
  return { calls: api.calls, fetchImpl, callsOf: (name: string) => api.calls.filter((call) => call.operationName === name) };
}

/** The viewer's registered session; `isCreator` as the account record says. */
export const viewerSession = (isCreator: boolean) =>
  fakeWalletSession({
    restored: { address: VIEWER, chainId: 31337, connectorId: 'demo:1' },
    stored: loginOf(VIEWER, { id: '3', alias: 'june', isCreator }),
  }).machine;

/** The live socket, scripted: the test pushes seed events; effects are the real ones (patches, list refresh). */
export function scriptedLive() {
  let push: ((event: LiveEventsEvent) => void) | null = null;
  const machine = liveEventsMachine.provide({
    actors: {
      liveSocket: fromCallback(({ sendBack }) => {
        push = sendBack;
        sendBack({ type: 'socket.connected' });
        return () => {
          push = null;
        };
      }),
    },
  });
  return { machine, emit: <N extends LiveEventName>(name: N, fields: Partial<LivePayload<N>>) => push?.({ type: 'live.event', ...liveMessage(name, fields) }) };
}
