import { and, assign, fromPromise, not, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { FormDraftParams } from '../forms/formMachine';
import { priceDraftRecord, restoredPriceDraft } from '../forms/priceDraft';
import { watchListsStale, type ListsStaleEvent } from '../live/watchListsStale';
import { announceViewedToken } from '../live/announceViewedToken';
import { watchLive, type LiveFeedEvent } from '../live/watchLive';
import { notifyThroughSystem, walletOf, watchWallet, type WalletChangedEvent } from '../system/systemActors';
import { notProvidedContractAction } from '../trading/contractActionSlot';
import { TRADE_CHILD_ID, tradeSucceeded } from './dashboardTrade';
import { TOKEN_SOLD_NOTICE } from '../token/tokenPageMachine';
import type { ChainAction } from '../trading/chainActions';
import { parsePrice } from '../trading/tradeRules';
import { tradeInput } from '../trading/tradeInput';
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
import { errorMessage } from '../system/errorMessage';
import { notProvided } from '../system/notProvided';

export * from './tokenDashboardRules';
// The token page's notice for a holding that no longer exists (docs/requirements.md#token-page).
export { TOKEN_SOLD_NOTICE };

export interface TokenDashboardInput {
  /** The TokenHolding id from /account/dashboard/token/$id. */
  id: string;
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
  /** The chain action the invoked contract action (child 'trade') is working on. */
  running: ChainAction | null;
  error: string | null;
}

export interface FetchDashboardInput {
  id: string;
  viewer: string | null;
}

/**
 * `wallet.changed` comes from the invoked wallet watcher, `live.received` from the invoked live feed and
 * `lists.stale` (after a burst of list-changing events, at once after a reconnect: refetch now) from the invoked
 * stale-lists watcher. `live.reconnected` is not handled: `lists.stale` follows every reconnect.
 */
export type TokenDashboardEvent =
  | { type: 'dashboard.retry' }
  | WalletChangedEvent
  | Extract<LiveFeedEvent, { type: 'live.received' }>
  | ListsStaleEvent
  | { type: 'price.change'; value: string }
  | { type: 'listing.submit' }
  | { type: 'listing.cancel'; saleId: string }
  | { type: 'offer.accept'; offerId: string };

export type TokenDashboardTag = 'loading' | 'owner' | 'canList' | 'busy';

type Role = 'visitor' | 'listable' | 'fullyListed';

/** The draft key of one account's listing price for one holding. */
export const listingDraftKey = (id: string, viewer: string) => `listing:${id}:${viewer.toLowerCase()}`;

/**
 * Nothing typed is lost offline: the typed listing price is a draft per account (listingDraftKey): read back before the page is
 * ready (restoring), kept on every change (persistDraft), sent only by List for sale; a mined listing forgets it, a
 * failed one keeps it; another wallet never sees it.
 *
 * The token dashboard (docs/requirements.md#dashboard): loading → restoring → ready | notFound | failed; once shown, a refetch without
 * the holding → sold (sell form and listings gone). `ready` runs three regions: the viewer's role (visitor, owner with units
 * to list, owner with every unit listed), the one chain action at a time, and refetching on live events.
 */
export function createTokenDashboardMachine<TToken extends DashboardToken = DashboardToken, TOffer extends DashboardOffer = DashboardOffer>() {
  type Context = TokenDashboardContext<TToken, TOffer>;
  const roleOf = (context: Context): Role => {
    if (!context.token || !ownsHolding(context.token, context.viewer)) return 'visitor';
    return unlistedUnits(context.token, context.viewer) > 0n ? 'listable' : 'fullyListed';
  };
  const dataOf = (event: unknown) => (event as { output: TokenDashboardData<TToken, TOffer> }).output;
  // The draft of the price now, for the viewer (none without a wallet; an empty price forgets it).
  const keepDraft = {
    type: 'persistDraft' as const,
    params: ({ context }: { context: Context }): FormDraftParams | null =>
      context.viewer ? { key: listingDraftKey(context.id, context.viewer), record: priceDraftRecord(context.price) } : null,
  };

  // On each sync state, not on the region: a region-level reentering transition would exit all of `ready`.
  const refetchTriggers = {
    'wallet.changed': { guard: 'viewerDiffers', target: 'fetching', reenter: true, actions: 'assignViewer' },
    'lists.stale': { target: 'fetching', reenter: true },
    'live.received': { guard: 'concernsToken', target: 'scheduled', reenter: true },
    // The contract action child confirmed on chain (the trade region goes back to idle on the same event).
    [`xstate.done.actor.${TRADE_CHILD_ID}`]: { guard: 'tradeSucceeded', target: 'scheduled', reenter: true },
  } as const;

  return setup({
    types: {
      context: {} as Context,
      events: {} as TokenDashboardEvent,
      input: {} as TokenDashboardInput,
      tags: {} as TokenDashboardTag,
    },
    actors: {
      fetchDashboard: notProvided<TokenDashboardData<TToken, TOffer> | null, FetchDashboardInput>('tokenDashboardMachine', 'fetchDashboard'),
      // List for sale (approval first), Cancel listing, Accept: provided with its wallet effects by the flow module,
      // which loads it with the first action (not imported here, so the page's first load carries none of it).
      contractAction: notProvidedContractAction('tokenDashboard'),
      watchWallet,
      watchLive,
      watchListsStale,
      announceViewedToken,
      // Provided by the flow: the record stored under the key (checked by restoredPriceDraft); null when none.
      loadDraft: fromPromise<unknown, string>(async () => null),
    },
    actions: {
      // Provided by the flow: keeps the record for a reload (src/services/formDrafts.ts); params null without a wallet.
      persistDraft: (_, _params: FormDraftParams | null) => undefined,
      restoreDraft: assign(({ context, event }) => {
        const price = restoredPriceDraft((event as { output?: unknown }).output);
        return price === null || context.price !== '' ? {} : { price };
      }),
      announceSold: ({ system }) => notifyThroughSystem(system, 'info', TOKEN_SOLD_NOTICE),
      // Provided by the flow module (the router).
      leaveToExplore: () => undefined,
      // Another wallet: the price typed for the last one is not shown (it stays in its draft).
      assignViewer: assign(({ context, event }) => (event.type === 'wallet.changed' ? { viewer: event.address, price: '', priceError: null } : { viewer: context.viewer })),
      // Named so both fetches share it; done events are not in the machine's own event union.
      assignData: assign(({ event }) => {
        const data = dataOf(event);
        return { token: data.token, offers: data.offers, error: null };
      }),
    },
    guards: {
      // The wallet's address as this flow hears it (walletOf at start, then every wallet.changed): xstate guards get
      // only context and event, so systemActors' hasWalletAddress(system) is read into `viewer` instead.
      hasWalletAddress: ({ context }) => context.viewer !== null,
      hasNoWalletAddress: ({ context }) => context.viewer === null,
      tradeSucceeded,
      viewerDiffers: ({ context, event }) => event.type === 'wallet.changed' && (event.address?.toLowerCase() ?? null) !== (context.viewer?.toLowerCase() ?? null),
      isMissing: ({ event }) => (event as { output?: unknown }).output == null,
      roleIs: ({ context }, params: { role: Role }) => roleOf(context) === params.role,
      priceInvalid: ({ context }) => 'error' in parsePrice(context.price),
      concernsToken: ({ context, event }) => event.type === 'live.received' && concernsToken(event.name, event.doc, context.token?._id),
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
    context: ({ input, self }) => ({
      id: input.id,
      // The signed-in wallet now; the wallet watcher reports every later change.
      viewer: walletOf(self.system)?.address ?? null,
      token: null,
      offers: [],
      price: '',
      priceError: null,
      running: null,
      error: null,
    }),
    invoke: [{ src: 'watchWallet' }, { src: 'watchLive' }, { src: 'watchListsStale' }],
    initial: 'loading',
    states: {
      loading: {
        tags: 'loading',
        on: {
          'wallet.changed': { guard: 'viewerDiffers', target: 'loading', reenter: true, actions: 'assignViewer' },
        },
        invoke: {
          id: 'fetchDashboard',
          src: 'fetchDashboard',
          input: ({ context }) => ({ id: context.id, viewer: context.viewer }),
          onDone: [{ guard: 'isMissing', target: 'notFound' }, { target: 'restoring', actions: 'assignData' }],
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        },
      },
      // The viewer's draft listing price is read (no wallet: none) before the sell form shows.
      restoring: {
        tags: 'loading',
        always: { guard: 'hasNoWalletAddress', target: 'ready' },
        on: {
          // Another wallet: its data is loaded from the start (nothing of the last viewer's is kept).
          'wallet.changed': { guard: 'viewerDiffers', target: 'loading', actions: ['assignViewer', assign({ token: null, offers: [] })] },
        },
        invoke: {
          id: 'loadDraft',
          src: 'loadDraft',
          input: ({ context }) => listingDraftKey(context.id, context.viewer ?? ''),
          onDone: { target: 'ready', actions: 'restoreDraft' },
          onError: { target: 'ready' },
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
      sold: {
        invoke: { id: 'announceViewedToken', src: 'announceViewedToken', input: ({ context }) => ({ tokenId: context.token!._id }) },
      },
      ready: {
        type: 'parallel',
        // Live sale notices name the token on screen only.
        invoke: { id: 'announceViewedToken', src: 'announceViewedToken', input: ({ context }) => ({ tokenId: context.token!._id }) },
        on: {
          'price.change': {
            actions: [
              assign(({ context, event }) => {
                const parsed = parsePrice(event.value);
                // Validates on submit; once an error shows it follows the corrections.
                return { price: event.value, priceError: context.priceError === null ? null : 'error' in parsed ? parsed.error : null };
              }),
              keepDraft,
            ],
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
                      guard: and([stateIn('#tokenDashboard.ready.role.listable'), 'hasWalletAddress']),
                      target: 'running',
                      actions: assign({
                        priceError: null,
                        running: ({ context }) => createSaleAction(context.token!, (parsePrice(context.price) as { wei: string }).wei),
                      }),
                    },
                  ],
                  'listing.cancel': {
                    guard: and(['cancellable', 'hasWalletAddress']),
                    target: 'running',
                    actions: assign({
                      running: ({ context, event }) =>
                        cancelSaleAction(context.token!, openListings(context.token!, context.viewer).find((sale) => sale.saleId === event.saleId)!),
                    }),
                  },
                  'offer.accept': {
                    guard: and(['acceptable', not(stateIn('#tokenDashboard.ready.role.visitor')), 'hasWalletAddress']),
                    target: 'running',
                    actions: assign({
                      running: ({ context, event }) => acceptOfferAction(context.token!, context.offers.find((offer) => offer.id === event.offerId)!),
                    }),
                  },
                },
              },
              // The contract action runs as a child (server check, network, approval, wallet, receipt, notices);
              // its end comes back as its done event: mined, or failed / cancelled (its notice is already shown).
              running: {
                tags: 'busy',
                invoke: {
                  id: TRADE_CHILD_ID,
                  src: 'contractAction',
                  input: ({ context, self }) => tradeInput(self.system, context.running!),
                  onDone: [
                    {
                      guard: 'tradeSucceeded',
                      target: 'idle',
                      // A confirmed listing clears the form; the refetch shows it under Listings.
                      actions: [
                        assign(({ context }) => (context.running?.type === 'createSale' ? { running: null, price: '', priceError: null } : { running: null })),
                        // A mined listing forgets its draft (after another action the same record is kept again).
                        keepDraft,
                      ],
                    },
                    { target: 'idle', actions: assign({ running: null }) },
                  ],
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
