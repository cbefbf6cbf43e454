import { and, assign, enqueueActions, setup, stateIn, type ActorRefFrom } from 'xstate';
import { sameAddress } from '../../domain/address';
import { orderBlock } from '../../domain/trading';
import { notifyThroughSystem } from '../system/systemActors';
import { systemActor } from '../system/systemRegistry';
import { openWalletModalThroughSystem } from '../wallet/walletModalMachine';
import { NO_VIEWER, watchViewer, type Viewer, type ViewerChangedEvent } from '../token/watchViewer';
import type { ChainAction } from './chainActions';
import { changeHeardLive, type PurchaseTerms } from './listingCheck';
import { tradeInput, runSucceeded } from './tradeInput';
import { notProvidedContractAction } from './contractActionSlot';
import { parsePrice } from './tradeRules';

// See docs/requirements.md#token-page, docs/requirements.md#trading-offers: a listed token seen by a buyer. Buy at the listed price or make an
// offer, each one contractAction run invoked as the child `trade`; the panel shows only while the listing is open to
// this viewer (a sale exists, the token is not sold, the viewer is not its owner).

export interface SaleListing {
  saleId: string;
  seller: string;
  price: { amount: string; currency: string };
  wasCancelled: boolean;
}

/** The token as the page shows it (fetched): its holding, owner and sales. */
export interface SaleToken {
  _id: string;
  tokenId: string;
  chainId: number;
  isSold: boolean;
  tokenHolding?: { owner: { address: string }; bazaarSales?: SaleListing[] | null } | null;
}

/** What a live patch (sold, new owner) changes before the token is fetched again. */
export interface SalePatch {
  isSold?: boolean;
  ownerAddress?: string;
}

export interface SaleInput {
  token: SaleToken;
  patch?: SalePatch;
}

export interface SaleContext {
  token: SaleToken;
  patch: SalePatch;
  viewer: Viewer;
  /** The offer being typed, and the price rule's message for it (null while empty or valid). */
  offer: string;
  offerError: string | null;
  /** The offer's currency: null for the sale's own (native) currency, or an allow-listed ERC-20's address (WETH). */
  offerCurrency: string | null;
  /** The account a running purchase buys for (the wallet may change while it runs). */
  buyer: string | null;
  /** The listing a running purchase is for, as the buyer saw it (its sale, seller and price). */
  purchase: (PurchaseTerms & { seller: string }) | null;
  /** The wallet session is still settling (restoring after a full navigation, signing in): Buy and Make offer wait. */
  sessionSettling: boolean;
}

/** Why Buy and Make offer are disabled while the wallet session settles (the phone-performance work: a click said 'Please connect'). */
export const SESSION_SETTLING_REASON = 'Checking your wallet session…';

export type SaleEvent =
  /** The page's current token and live patch (a refetch, a Sold or new owner patch). */
  | { type: 'sale.token'; token: SaleToken; patch?: SalePatch }
  | ViewerChangedEvent
  | { type: 'sale.buy' }
  | { type: 'offer.open' }
  | { type: 'offer.change'; value: string }
  /** The offer form's currency choice: null = the native currency, else an allow-listed token's address. */
  | { type: 'offer.currency'; currency: string | null }
  | { type: 'offer.submit' }
  | { type: 'offer.cancel' };

export type SaleTag = 'available' | 'busy';

/** The owner's active listing of this token, if any (a cancelled sale is no listing). */
export function activeSale(token: SaleToken): SaleListing | null {
  const owner = token.tokenHolding?.owner.address;
  const sales = (token.tokenHolding?.bazaarSales ?? []).filter((sale) => !sale.wasCancelled);
  return sales.find((sale) => sameAddress(sale.seller, owner)) ?? sales[0] ?? null;
}

const ownerOf = (context: SaleContext) => context.patch.ownerAddress ?? context.token.tokenHolding?.owner.address ?? null;

/** Buy and Make offer are shown: a sale exists, the token was not (just) sold, the viewer is not the owner. */
export function isOpenToViewer(context: SaleContext): boolean {
  const sold = context.token.isSold || context.patch.isSold === true;
  return activeSale(context.token) !== null && !sold && !sameAddress(context.viewer.address, ownerOf(context));
}

const blockOf = (kind: 'order' | 'offer', context: SaleContext) => {
  const sale = activeSale(context.token);
  return sale ? orderBlock(kind, context.viewer, { seller: sale.seller, owner: ownerOf(context) }) : null;
};

function actionOf(context: SaleContext, purchase: boolean): ChainAction {
  const { token } = context;
  const sale = activeSale(token)!;
  const price = purchase ? { wei: sale.price.amount } : (parsePrice(context.offer) as { wei: string });
  // token_id (the database id) lets the server's trade check find the token without a lookup by sale.
  return {
    type: 'makeOffer',
    chainId: token.chainId,
    saleId: sale.saleId,
    tokenId: token.tokenId,
    amount: '1',
    // A token-currency offer (docs/requirements.md#trading-offers) names the token; the contract action approves and calls makeOfferWithToken.
    currency: purchase ? sale.price.currency : (context.offerCurrency ?? sale.price.currency),
    token_id: token._id,
    priceWei: price.wei,
    ...(purchase ? { purchase: true } : {}),
  };
}

const doneOutput = (event: unknown) => (event as { output?: { error: unknown; hash: string | null } }).output;

export const saleMachine = setup({
  types: {
    input: {} as SaleInput,
    context: {} as SaleContext,
    events: {} as SaleEvent,
    tags: {} as SaleTag,
  },
  actors: {
    // The contractAction machine with the chain effects, provided by src/services/flows/token.ts (loaded with the
    // first trade); not imported here, so the machine that decides what the page shows loads without it.
    contractAction: notProvidedContractAction('saleMachine'),
    watchViewer,
  },
  actions: {
    assignToken: assign(({ context, event }) => (event.type === 'sale.token' ? { token: event.token, patch: event.patch ?? {} } : context)),
    assignViewer: assign(({ context, event }) =>
      event.type === 'viewer.changed' ? { viewer: event.viewer, sessionSettling: event.settling ?? false } : context,
    ),
    assignOffer: assign(({ context, event }) => {
      if (event.type !== 'offer.change') return context;
      const parsed = parsePrice(event.value);
      return { offer: event.value, offerError: event.value.trim() === '' || !('error' in parsed) ? null : parsed.error };
    }),
    assignOfferCurrency: assign({ offerCurrency: ({ context, event }) => (event.type === 'offer.currency' ? event.currency : context.offerCurrency) }),
    clearOffer: assign({ offer: '', offerError: null, offerCurrency: null }),
    // A refused order or offer says why; without a registered wallet the wallet modal opens too.
    explainBlock: ({ context, system }, params: { kind: 'order' | 'offer' }) => {
      const block = blockOf(params.kind, context);
      if (!block) return;
      notifyThroughSystem(system, 'error', block.message);
      if (block.openWallet) openWalletModalThroughSystem(system);
    },
    // A running purchase hears what the page heard of its listing: sold, cancelled or repriced, it stops before the
    // wallet signs (the contract action decides whether it still can).
    reportListingChange: enqueueActions(({ context, enqueue }) => {
      const terms = context.purchase;
      if (!terms) return;
      // Sold: the token says so, or a live patch names another owner than the purchase's seller.
      const newOwner = context.patch.ownerAddress;
      const sold = context.token.isSold || context.patch.isSold === true || (newOwner !== undefined && !sameAddress(newOwner, terms.seller));
      const sale = activeSale(context.token);
      const change = changeHeardLive(terms, { sold, listing: sale && { saleId: sale.saleId, priceWei: sale.price.amount } });
      if (change) enqueue.sendTo('trade', { type: 'listing.changed', change });
    }),
    // The purchase is shown at once (SOLD, the buyer as owner) wherever the token is, before the Sold event.
    markPurchased: ({ context, system }) => {
      const ownerAddress = context.buyer ?? undefined;
      systemActor(system, 'liveEvents')?.send({ type: 'live.patch', id: context.token._id, patch: { isSold: true, ...(ownerAddress ? { ownerAddress } : {}) } });
    },
  },
  guards: {
    isOpen: ({ context }) => isOpenToViewer(context),
    sessionSettled: ({ context }) => !context.sessionSettling,
    orderBlocked: ({ context }) => blockOf('order', context) !== null,
    offerBlocked: ({ context }) => blockOf('offer', context) !== null,
    offerValid: ({ context }) => !('error' in parsePrice(context.offer)),
    succeeded: ({ event }) => runSucceeded(doneOutput(event)),
  },
}).createMachine({
  id: 'sale',
  context: ({ input }) => ({
    token: input.token,
    patch: input.patch ?? {},
    viewer: NO_VIEWER,
    offer: '',
    offerError: null,
    offerCurrency: null,
    buyer: null,
    purchase: null,
    sessionSettling: false,
  }),
  invoke: { id: 'watchViewer', src: 'watchViewer' },
  type: 'parallel',
  states: {
    // Whether Buy and Make offer are shown, decided again whenever the token, its patch or the viewer changes.
    listing: {
      initial: 'deciding',
      on: {
        'sale.token': { target: '.deciding', actions: 'assignToken' },
        'viewer.changed': { target: '.deciding', actions: 'assignViewer' },
      },
      states: {
        deciding: { always: [{ guard: 'isOpen', target: 'available' }, { target: 'unavailable' }] },
        available: { tags: 'available' },
        unavailable: {},
      },
    },
    // The offer input (opened by Make offer); it closes when the offer is placed, and stays open after a failure.
    form: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'offer.open': { guard: and([stateIn('#sale.trade.idle'), 'sessionSettled']), target: 'open' } },
        },
        open: {
          on: {
            'offer.change': { actions: 'assignOffer' },
            // The currency is fixed while an offer runs (its approval and offer are for that token).
            'offer.currency': { guard: stateIn('#sale.trade.idle'), actions: 'assignOfferCurrency' },
            'offer.cancel': { guard: stateIn('#sale.trade.idle'), target: 'closed', actions: 'clearOffer' },
            'xstate.done.actor.trade': { guard: and([stateIn('#sale.trade.offering'), 'succeeded']), target: 'closed', actions: 'clearOffer' },
          },
        },
      },
    },
    trade: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ buyer: null, purchase: null }),
          on: {
            // While the wallet session settles, who buys is not known yet: Buy and Make offer wait (disabled, with why).
            'sale.buy': [
              {
                guard: and([stateIn('#sale.listing.available'), 'sessionSettled', 'orderBlocked']),
                actions: { type: 'explainBlock', params: { kind: 'order' } },
              },
              { guard: and([stateIn('#sale.listing.available'), 'sessionSettled']), target: 'buying' },
            ],
            'offer.submit': [
              {
                guard: and([stateIn('#sale.listing.available'), stateIn('#sale.form.open'), 'sessionSettled', 'offerValid', 'offerBlocked']),
                actions: { type: 'explainBlock', params: { kind: 'offer' } },
              },
              { guard: and([stateIn('#sale.listing.available'), stateIn('#sale.form.open'), 'sessionSettled', 'offerValid']), target: 'offering' },
            ],
          },
        },
        buying: {
          tags: 'busy',
          entry: assign({
            buyer: ({ context }) => context.viewer.address,
            purchase: ({ context }) => {
              const sale = activeSale(context.token)!;
              return { saleId: sale.saleId, seller: sale.seller, priceWei: sale.price.amount };
            },
          }),
          // After the page's listing region took the token in (regions act in document order).
          on: { 'sale.token': { actions: 'reportListingChange' } },
          invoke: {
            id: 'trade',
            src: 'contractAction',
            input: ({ context, self }) => tradeInput(self.system, actionOf(context, true)),
            onDone: [{ guard: 'succeeded', target: 'idle', actions: 'markPurchased' }, { target: 'idle' }],
            onError: { target: 'idle' },
          },
        },
        offering: {
          tags: 'busy',
          invoke: {
            id: 'trade',
            src: 'contractAction',
            input: ({ context, self }) => tradeInput(self.system, actionOf(context, false)),
            onDone: { target: 'idle' },
            onError: { target: 'idle' },
          },
        },
      },
    },
  },
});

export type SaleMachine = typeof saleMachine;
export type SaleActor = ActorRefFrom<typeof saleMachine>;
