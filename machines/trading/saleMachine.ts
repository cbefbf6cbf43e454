import { assign, emit, setup, type ActorRefFrom } from 'xstate';
import { CANCEL_AT_COLLECTION_MESSAGE } from './tradeRules';

// Seed 000 §4 "Sale": created, then offer made, then retracted, accepted (sold) or cancelled; a per-token listing
// of a whole-collection (all-out) sale is cancelled only at the collection.

export interface SaleInput {
  saleId: string;
  /** Set when this listing belongs to an all-out sale. */
  allOutSaleId: string | null;
}

export interface SaleContext extends SaleInput {
  /** Open offers on the listing. */
  openOffers: number;
}

export type SaleEvent =
  | { type: 'offer.made' }
  | { type: 'offer.retracted' }
  | { type: 'offer.accepted' }
  /** The seller cancels this listing on its own. */
  | { type: 'sale.cancel' }
  /** The seller cancels the whole-collection sale this listing belongs to. */
  | { type: 'allOutSale.cancel' };

export type SaleEmitted = { type: 'sale.notice'; text: string };

const cancelling = {
  'sale.cancel': [
    { guard: 'isStandalone', target: '#sale.cancelled' },
    { actions: 'explainCancelAtCollection' },
  ],
  'allOutSale.cancel': { guard: 'isInAllOutSale', target: '#sale.cancelled' },
} as const;

export const saleMachine = setup({
  types: {
    input: {} as SaleInput,
    context: {} as SaleContext,
    events: {} as SaleEvent,
    emitted: {} as SaleEmitted,
  },
  guards: {
    isStandalone: ({ context }) => context.allOutSaleId === null,
    isInAllOutSale: ({ context }) => context.allOutSaleId !== null,
    isLastOffer: ({ context }) => context.openOffers <= 1,
  },
  actions: {
    addOffer: assign({ openOffers: ({ context }) => context.openOffers + 1 }),
    removeOffer: assign({ openOffers: ({ context }) => Math.max(context.openOffers - 1, 0) }),
    explainCancelAtCollection: emit({ type: 'sale.notice', text: CANCEL_AT_COLLECTION_MESSAGE }),
  },
}).createMachine({
  id: 'sale',
  context: ({ input }) => ({ ...input, openOffers: 0 }),
  initial: 'created',
  states: {
    created: {
      on: {
        'offer.made': { target: 'offered', actions: 'addOffer' },
        ...cancelling,
      },
    },
    offered: {
      on: {
        'offer.made': { actions: 'addOffer' },
        'offer.retracted': [
          { guard: 'isLastOffer', target: 'created', actions: 'removeOffer' },
          { actions: 'removeOffer' },
        ],
        'offer.accepted': { target: 'sold', actions: 'removeOffer' },
        ...cancelling,
      },
    },
    sold: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type SaleActor = ActorRefFrom<typeof saleMachine>;
