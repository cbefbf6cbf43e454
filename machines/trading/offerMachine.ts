import { assign, setup, type ActorRefFrom } from 'xstate';
import { OFFER_UNAVAILABLE_MESSAGE } from './tradeRules';

// Seed 000 §4 "Offer": made, then retracted, accepted (sold), or invalidated when the sale is cancelled; an
// invalidated offer still holds the buyer's funds until they retract it.

export type OfferEvent = { type: 'offer.retracted' } | { type: 'offer.accepted' } | { type: 'sale.cancelled' };

export const offerMachine = setup({
  types: {
    events: {} as OfferEvent,
    // The buyer's message in that state, if any.
    context: {} as { notice: string | null },
  },
}).createMachine({
  id: 'offer',
  context: { notice: null },
  initial: 'made',
  states: {
    made: {
      on: {
        'offer.retracted': 'retracted',
        'offer.accepted': 'accepted',
        'sale.cancelled': 'invalidated',
      },
    },
    invalidated: {
      entry: assign({ notice: OFFER_UNAVAILABLE_MESSAGE }),
      exit: assign({ notice: null }),
      on: { 'offer.retracted': 'retracted' },
    },
    retracted: { type: 'final' },
    accepted: { type: 'final' },
  },
});

/** What the buyer reads for an offer in `state` (the API's offer state or the machine's). */
export const offerNotice = (state: string): string | null => (state === 'invalidated' ? OFFER_UNAVAILABLE_MESSAGE : null);

export type OfferActor = ActorRefFrom<typeof offerMachine>;
