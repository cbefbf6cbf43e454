import { and, assign, fromPromise, not, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { ChainAction } from '../trading/chainActions';
import { parsePrice } from '../trading/tradeRules';
import {
  acceptableOffers,
  acceptOfferAction,
  belongsToAllOutSale,
  cancelSaleAction,
  concernsToken,
  createSaleAction,
  openListings,
  ownsHolding,
  TOKEN_DASHBOARD_REFETCH_DELAY_MS,
  unlistedUnits,
  type DashboardOffer,
  type DashboardToken,
  type TokenDashboardData,
} from './tokenDashboardRules';

export * from './tokenDashboardRules';
// The token page's notice for a holding that no longer exists (seed 000 §2 "Token detail").
export { TOKEN_SOLD_NOTICE } from '../token/tokenPageMachine';

export interface TokenDashboardInput {
  /** The TokenHolding id from /account/dashboard/token/$id. */
  id: string;
  /** The signed-in wallet address. */
  viewer: string | null;
}

export interface TokenDashboardContext<TToken extends DashboardToken, TOffer extends DashboardOffer> {
  id: string;
  viewer: string | null;
  token: TToken | null;
  /** Offers on the viewer's sales of this token, as fetched (the view shows acceptableOffers of them). */
  offers: TOffer[];
  /** The listing price as typed (ETH). */
  price: string;
  /** Shown after a submit with an invalid price, and kept up to date while the user corrects it. */
  priceError: string | null;
  /** The chain action the wallet is working on. */
  running: ChainAction | null;
  error: string | null;
}

export interface FetchDashboardInput {
  id: string;
  viewer: string | null;
}

export type TokenDashboardEvent =
  | { type: 'dashboard.retry' }
  /** Lists are stale (socket reconnected): refetch now. */
  | { type: 'dashboard.refresh' }
  | { type: 'viewer.changed'; address: string | null }
  | { type: 'live.event'; name: string; doc: { token_id?: unknown } }
  | { type: 'price.change'; value: string }
  | { type: 'listing.submit' }
  | { type: 'listing.cancel'; saleId: string }
  | { type: 'offer.accept'; offerId: string }
  /** The running chain action was confirmed on chain. */
  | { type: 'trade.succeeded' }
  /** The running chain action ended otherwise (rejected, reverted, failed: its notice is already shown). */
  | { type: 'trade.finished' };

export type TokenDashboardTag = 'loading' | 'owner' | 'canList' | 'busy';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : 'Unexpected error';

type Role = 'visitor' | 'listable' | 'fullyListed';

/**
 * The token dashboard (seed 000 §2): loading → ready | notFound | failed; once shown, a refetch without the holding
 * → sold (sell form and listings gone). `ready` runs three regions: the viewer's role (visitor, owner with units
 * to list, owner with every unit listed), the one chain action at a time, and refetching on live events.
 */
export function createTokenDashboardMachine<TToken extends DashboardToken = DashboardToken, TOffer extends DashboardOffer = DashboardOffer>() {
  type Context = TokenDashboardContext<TToken, TOffer>;
  const roleOf = (context: Context): Role => {
    if (!context.token || !ownsHolding(context.token, context.viewer)) return 'visitor';
    return unlistedUnits(context.token, context.viewer) > 0n ? 'listable' : 'fullyListed';
  };
  const dataOf = (event: unknown) => (event as { output: TokenDashboardData<TToken, TOffer> }).output;

  // On each sync state, not on the region: a region-level reentering transition would exit all of `ready`.
  const refetchTriggers = {
    'viewer.changed': { target: 'fetching', reenter: true, actions: 'assignViewer' },
    'dashboard.refresh': { target: 'fetching', reenter: true },
    'live.event': { guard: 'concernsToken', target: 'scheduled', reenter: true },
    // Decided before the trade region leaves running (transitions are chosen on the current state).
    'trade.succeeded': { guard: stateIn('#tokenDashboard.ready.trade.running'), target: 'scheduled', reenter: true },
  } as const;

  return setup({
    types: {
      context: {} as Context,
      events: {} as TokenDashboardEvent,
      input: {} as TokenDashboardInput,
      tags: {} as TokenDashboardTag,
    },
    actors: {
      fetchDashboard: fromPromise<TokenDashboardData<TToken, TOffer> | null, FetchDashboardInput>(async () => {
        throw new Error('tokenDashboardMachine: actor "fetchDashboard" not provided');
      }),
    },
    actions: {
      announceSold: () => undefined,
      leaveToExplore: () => undefined,
      // Starts the contract action (approval first for a sale); the view reports trade.succeeded / trade.finished.
      runChainAction: (_, _params: { action: ChainAction }) => undefined,
      assignViewer: assign({ viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.address : context.viewer) }),
      // Named so both fetches share it; done events are not in the machine's own event union.
      assignData: assign(({ event }) => {
        const data = dataOf(event);
        return { token: data.token, offers: data.offers, error: null };
      }),
    },
    guards: {
      isMissing: ({ event }) => (event as { output?: unknown }).output == null,
      roleIs: ({ context }, params: { role: Role }) => roleOf(context) === params.role,
      priceInvalid: ({ context }) => 'error' in parsePrice(context.price),
      concernsToken: ({ context, event }) => event.type === 'live.event' && concernsToken(event.name, event.doc, context.token?._id),
      cancellable: ({ context, event }) =>
        event.type === 'listing.cancel' &&
        !!context.token &&
        openListings(context.token, context.viewer).some((sale) => sale.saleId === event.saleId && !belongsToAllOutSale(sale)),
      acceptable: ({ context, event }) =>
        event.type === 'offer.accept' &&
        !!context.token &&
        acceptableOffers(context.offers, context.token, context.viewer).some((offer) => offer.id === event.offerId),
    },
    delays: { refetch: TOKEN_DASHBOARD_REFETCH_DELAY_MS },
  }).createMachine({
    id: 'tokenDashboard',
    context: ({ input }) => ({
      id: input.id,
      viewer: input.viewer,
      token: null,
      offers: [],
      price: '',
      priceError: null,
      running: null,
      error: null,
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        on: {
          'viewer.changed': { target: 'loading', reenter: true, actions: 'assignViewer' },
        },
        invoke: {
          id: 'fetchDashboard',
          src: 'fetchDashboard',
          input: ({ context }) => ({ id: context.id, viewer: context.viewer }),
          onDone: [{ guard: 'isMissing', target: 'notFound' }, { target: 'ready', actions: 'assignData' }],
          onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        },
      },
      failed: {
        on: { 'dashboard.retry': 'loading' },
      },
      // Never shown: 'Token has been sold' and off to explore, as on the token page.
      notFound: {
        entry: ['announceSold', 'leaveToExplore'],
      },
      // The holding went away while shown: the token stays on screen read-only, without sell form or listings.
      sold: {},
      ready: {
        type: 'parallel',
        on: {
          'price.change': {
            actions: assign(({ context, event }) => {
              const parsed = parsePrice(event.value);
              // Validates on submit; once an error shows it follows the corrections.
              return { price: event.value, priceError: context.priceError === null ? null : 'error' in parsed ? parsed.error : null };
            }),
          },
        },
        states: {
          role: {
            initial: 'visitor',
            states: {
              visitor: {
                always: [
                  { guard: { type: 'roleIs', params: { role: 'listable' } }, target: 'listable' },
                  { guard: { type: 'roleIs', params: { role: 'fullyListed' } }, target: 'fullyListed' },
                ],
              },
              listable: {
                tags: ['owner', 'canList'],
                always: [
                  { guard: { type: 'roleIs', params: { role: 'visitor' } }, target: 'visitor' },
                  { guard: { type: 'roleIs', params: { role: 'fullyListed' } }, target: 'fullyListed' },
                ],
              },
              // Every unit held is already listed: cancel a listing to list again.
              fullyListed: {
                tags: 'owner',
                always: [
                  { guard: { type: 'roleIs', params: { role: 'visitor' } }, target: 'visitor' },
                  { guard: { type: 'roleIs', params: { role: 'listable' } }, target: 'listable' },
                ],
              },
            },
          },
          trade: {
            initial: 'idle',
            states: {
              idle: {
                on: {
                  'listing.submit': [
                    {
                      guard: and([stateIn('#tokenDashboard.ready.role.listable'), 'priceInvalid']),
                      actions: assign({ priceError: ({ context }) => (parsePrice(context.price) as { error: string }).error }),
                    },
                    {
                      guard: stateIn('#tokenDashboard.ready.role.listable'),
                      target: 'running',
                      actions: assign({
                        priceError: null,
                        running: ({ context }) => createSaleAction(context.token!, (parsePrice(context.price) as { wei: string }).wei),
                      }),
                    },
                  ],
                  'listing.cancel': {
                    guard: 'cancellable',
                    target: 'running',
                    actions: assign({
                      running: ({ context, event }) =>
                        cancelSaleAction(context.token!, openListings(context.token!, context.viewer).find((sale) => sale.saleId === event.saleId)!),
                    }),
                  },
                  'offer.accept': {
                    guard: and(['acceptable', not(stateIn('#tokenDashboard.ready.role.visitor'))]),
                    target: 'running',
                    actions: assign({
                      running: ({ context, event }) => acceptOfferAction(context.token!, context.offers.find((offer) => offer.id === event.offerId)!),
                    }),
                  },
                },
              },
              running: {
                tags: 'busy',
                entry: { type: 'runChainAction', params: ({ context }) => ({ action: context.running! }) },
                on: {
                  'trade.succeeded': {
                    target: 'idle',
                    // A confirmed listing clears the form; the refetch shows it under Listings.
                    actions: assign(({ context }) =>
                      context.running?.type === 'createSale' ? { running: null, price: '', priceError: null } : { running: null },
                    ),
                  },
                  'trade.finished': { target: 'idle', actions: assign({ running: null }) },
                },
              },
            },
          },
          sync: {
            initial: 'idle',
            states: {
              idle: { on: refetchTriggers },
              // Debounced: a burst of events (or the indexer catching up on a receipt) gives one refetch.
              scheduled: {
                on: refetchTriggers,
                after: { refetch: 'fetching' },
              },
              fetching: {
                on: refetchTriggers,
                invoke: {
                  id: 'refetchDashboard',
                  src: 'fetchDashboard',
                  input: ({ context }) => ({ id: context.id, viewer: context.viewer }),
                  onDone: [{ guard: 'isMissing', target: '#tokenDashboard.sold' }, { target: 'idle', actions: 'assignData' }],
                  // The last data stays on screen; the next live event or reconnect refetches.
                  onError: { target: 'idle' },
                },
              },
            },
          },
        },
      },
    },
  });
}

export const tokenDashboardMachine = createTokenDashboardMachine();
export type TokenDashboardMachine = typeof tokenDashboardMachine;
export type TokenDashboardActor = ActorRefFrom<TokenDashboardMachine>;
