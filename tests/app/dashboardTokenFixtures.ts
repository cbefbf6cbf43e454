import { fromCallback } from 'xstate';
import { liveEventsMachine, type LiveEventsEvent } from '../../machines/live/liveEventsMachine';
import type { TokenDetail, TokenOffer, TokenSale } from '../../src/services/token';
import { chainRpcFetch, fakeWalletSession, loginOf } from './walletHarness';
import { COLLECTOR, graphqlFetch, makeOffer, makeTokenDetail, offerPage } from './tokenFixtures';
import type { LiveEventName } from '../../domain/contracts/live';
import type { LivePayload } from '../../domain/contracts/liveEvents';
import { liveMessage } from '../domain/liveEventSamples';

// The dashboard's owner is the signed-in wallet (hardhat account #3, "june").
export const OWNER = COLLECTOR;
export const BUYER = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';

export function makeSale(saleId: string, overrides: Partial<TokenSale> = {}): TokenSale {
  return {
    id: `s${saleId}`,
    saleId,
    allOutSaleId: null,
    chainId: 31337,
    marketplace: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
    seller: OWNER,
    amount: '1',
    soldAmount: '0',
    price: { amount: '20000000000000000', currency: 'ETH' },
    wasCancelled: false,
    ...overrides,
  };
}

const june = { id: '4', address: OWNER, alias: 'june', firstName: null, lastName: null, avatar: null };

/** The owner's token (holding 41, one unit) with the given open sales. */
export function ownedToken(sales: TokenSale[] = [], amount = '1'): TokenDetail {
  const token = makeTokenDetail();
  return { ...token, ownerInfo: june, tokenHolding: { ...token.tokenHolding!, amount, salePrice: sales[0]?.price ?? null, owner: june, bazaarSales: sales } };
}

export function offerFrom(n: number, saleId: string, overrides: Partial<TokenOffer> = {}): TokenOffer {
  return makeOffer(n, { saleId, seller: OWNER, buyer: { id: String(10 + n), address: BUYER, alias: `bidder${n}`, firstName: null, lastName: null, avatar: null }, ...overrides });
}

/** Answers GraphQL by operation, the REST calls of the wallet session and the trade check, and the chain's RPC. */
export function stubBackend(answers: { token: () => TokenDetail | null; offers?: () => TokenOffer[] }) {
  const api = graphqlFetch({
    getTokenFromHolding: () => answers.token(),
    getOffersByToken: () => offerPage(answers.offers?.() ?? []),
  });
  const chain = chainRpcFetch();
  const checks: unknown[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.endsWith('/graphql')) return api.fetchImpl(input, init);
    if (url.includes('/api/v1/trade/check')) {
      checks.push(JSON.parse(String(init?.body)));
      return Response.json({ ok: true });
    }
    if (url.includes('/api/v1/account/banned/')) return Response.json({ banned: false });
    if (url.includes('/api/v1/likes/account')) return Response.json({ likes: [] });
    if (url.startsWith('/api/')) return Response.json({ ...june, email: 'june@example.com', isCreator: false, isBanned: false });
    return chain.fetchImpl(input, init);
  };
  return { calls: api.calls, checks, fetchImpl };
}

/** The owner's registered wallet session. */
export const ownerSession = () =>
  fakeWalletSession({ restored: { address: OWNER, chainId: 31337, connectorId: 'demo:1' }, stored: loginOf(OWNER, { alias: 'june', id: '4' }) }).machine;

/** The liveEvents actor over a socket the test drives: `emit(name, doc)` is an event from the server. */
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
  return {
    machine,
    /** A whole payload of the event (tests/domain/liveEventSamples.ts) with `fields` set, as the socket passes it on. */
    emit: <N extends LiveEventName>(name: N, fields: Partial<LivePayload<N>>) => push?.({ type: 'live.event', ...liveMessage(name, fields) }),
  };
}
