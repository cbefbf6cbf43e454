import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { createPagedListMachine, type PagedListEvent } from '../lists/pagedListMachine';
import { watchLive } from '../live/watchLive';

// See docs/requirements.md#trading-offers: the live events that add, retract, invalidate or settle offers on a token.
export const OFFER_LIST_EVENTS = ['OfferMade', 'OfferRetracted', 'CancelledSale', 'Sold'] as const;

/** One transaction's events arrive together (a sale with its invalidated offers): one refetch per burst. */
export const OFFERS_REFETCH_DELAY_MS = 100;

export interface TokenOffersParams {
  /** The token's database id (`_id`), as live events carry it in `token_id`. */
  token: string;
  seller?: string | null;
}

export interface TokenOffersInput<TParams extends TokenOffersParams> {
  pageSize: number;
  params: TParams;
}

export interface TokenOffersContext<TParams extends TokenOffersParams> {
  pageSize: number;
  params: TParams;
}

export type TokenOffersEvent<TParams extends TokenOffersParams> =
  /** The view's params (token, current owner as seller): a change reloads the list. */
  | { type: 'offers.params'; params: TParams }
  /** Every live event the app's liveEvents actor emits, heard through the invoked watchLive. */
  | { type: 'live.received'; name: string; doc: { token_id?: unknown } }
  /** The live socket is back after a disconnect: what was missed meanwhile is refetched. */
  | { type: 'live.reconnected' };

/** The live event changes the offers of token `tokenId` (pure; the machine's guard). */
export function changesTokenOffers(name: string, doc: { token_id?: unknown }, tokenId: string): boolean {
  if (!(OFFER_LIST_EVENTS as readonly string[]).includes(name)) return false;
  return doc.token_id !== undefined && doc.token_id !== null && String(doc.token_id) === tokenId;
}

const sameParams = (a: TokenOffersParams, b: TokenOffersParams) => a.token === b.token && (a.seller ?? null) === (b.seller ?? null);

/**
 * The token page's offers list: a pagedList child (`list`, its fetchPage provided by the flow module) that loads
 * page 1 at start and again when the params change, after a reconnect, and OFFERS_REFETCH_DELAY_MS after a burst
 * of live offer events for this token (live → pending → live). It hears the live feed itself (invoked watchLive).
 */
export function createTokenOffersMachine<TOffer, TParams extends TokenOffersParams = TokenOffersParams>() {
  const offersList = createPagedListMachine<TOffer, TParams>();
  return setup({
    types: {
      context: {} as TokenOffersContext<TParams>,
      events: {} as TokenOffersEvent<TParams>,
      input: {} as TokenOffersInput<TParams>,
    },
    actors: { offersList, watchLive },
    actions: {
      refetch: sendTo('list', ({ context }): PagedListEvent<TParams> => ({ type: 'list.reset', params: context.params })),
      assignParams: assign({ params: ({ context, event }) => (event.type === 'offers.params' ? event.params : context.params) }),
    },
    guards: {
      changesOffers: ({ context, event }) => event.type === 'live.received' && changesTokenOffers(event.name, event.doc, context.params.token),
      paramsChanged: ({ context, event }) => event.type === 'offers.params' && !sameParams(event.params, context.params),
    },
    delays: { offersRefetch: OFFERS_REFETCH_DELAY_MS },
  }).createMachine({
    id: 'tokenOffers',
    context: ({ input }) => ({ pageSize: input.pageSize, params: input.params }),
    invoke: [
      { id: 'list', src: 'offersList', input: ({ context }) => ({ pageSize: context.pageSize, params: context.params }) },
      { id: 'watchLive', src: 'watchLive' },
    ],
    entry: 'refetch',
    initial: 'live',
    on: {
      'offers.params': { guard: 'paramsChanged', target: '.live', actions: ['assignParams', 'refetch'] },
      'live.reconnected': { target: '.live', actions: 'refetch' },
    },
    states: {
      live: {
        on: { 'live.received': { guard: 'changesOffers', target: 'pending' } },
      },
      // A refetch is due; further offer events for this token restart the wait.
      pending: {
        after: { offersRefetch: { target: 'live', actions: 'refetch' } },
        on: { 'live.received': { guard: 'changesOffers', target: 'pending', reenter: true } },
      },
    },
  });
}

export type TokenOffersMachine<TOffer, TParams extends TokenOffersParams = TokenOffersParams> = ReturnType<typeof createTokenOffersMachine<TOffer, TParams>>;
export type TokenOffersActor<TOffer, TParams extends TokenOffersParams = TokenOffersParams> = ActorRefFrom<TokenOffersMachine<TOffer, TParams>>;
