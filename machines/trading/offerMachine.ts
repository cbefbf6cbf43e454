import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sameAddress } from '../../domain/address';
import { NO_VIEWER, watchViewer, type Viewer, type ViewerChangedEvent } from '../token/watchViewer';
import type { ChainAction } from './chainActions';
import { notProvidedContractAction } from './contractActionSlot';
import { runSucceeded, tradeInput } from './tradeInput';
import { OFFER_UNAVAILABLE_MESSAGE } from './tradeRules';

// See docs/requirements.md#trading-offers: made, then retracted, accepted (sold), or invalidated when the sale is cancelled; an
// invalidated offer still holds the buyer's funds until they retract it. docs/requirements.md#trading-offers: only the seller accepts. This machine
// runs Accept (the seller) and Retract (the buyer) on the offers of one token page, one contractAction run at a time
// (the invoked child `trade`); it outlives the list's reloads, so a run's outcome is announced even if its row
// is refetched meanwhile.

/** One offer as the token page lists it (the API's state: made, retracted, accepted, invalidated). */
export interface OfferFacts {
  saleId: string;
  buyer: { address: string };
  /** The seller's address (a string) or person info. */
  seller: string | { address: string };
  price: { amount: string; currency: string };
  state: string;
}

export interface OfferInput {
  token: { tokenId: string; chainId: number };
}

export interface OfferContext extends OfferInput {
  viewer: Viewer;
  /** The offer being accepted or retracted. */
  offer: OfferFacts | null;
  /** Offers this page accepted or retracted: their buttons are gone until the list shows the new state. */
  settled: string[];
}

export type OfferEvent = ViewerChangedEvent | { type: 'offer.accept'; offer: OfferFacts } | { type: 'offer.retract'; offer: OfferFacts };

export type OfferTag = 'busy';

/** The buyer's notice for an offer whose sale is no longer active (cancelled or sold out): retract to get the funds. */
export const offerUnavailableNotice = (saleActive: boolean): string | null => (saleActive ? null : OFFER_UNAVAILABLE_MESSAGE);

/** An offer's identity on a token page: one offer per buyer and sale. */
export const offerKey = (offer: Pick<OfferFacts, 'saleId' | 'buyer'>): string => `${offer.saleId}:${offer.buyer.address.toLowerCase()}`;

const sellerOf = (offer: OfferFacts) => (typeof offer.seller === 'string' ? offer.seller : offer.seller.address);

export interface OfferRights {
  accept: boolean;
  retract: boolean;
  /** Shown to the buyer beside Retract. */
  notice: string | null;
}

/** What the viewer may do with an offer: the seller accepts an open offer, the buyer retracts an open or invalidated one. */
export function offerRights(viewer: Viewer, offer: OfferFacts, settled: readonly string[] = []): OfferRights {
  const none = { accept: false, retract: false, notice: null };
  if (!viewer.registered || settled.includes(offerKey(offer))) return none;
  if (sameAddress(viewer.address, sellerOf(offer)) && offer.state === 'made') return { accept: true, retract: false, notice: null };
  if (sameAddress(viewer.address, offer.buyer.address) && (offer.state === 'made' || offer.state === 'invalidated')) {
    return { accept: false, retract: true, notice: offerUnavailableNotice(offer.state !== 'invalidated') };
  }
  return none;
}

function actionOf(context: OfferContext, offer: OfferFacts, type: 'acceptOffer' | 'retractOffer'): ChainAction {
  const { chainId, tokenId } = context.token;
  if (type === 'retractOffer') return { type, chainId, saleId: offer.saleId, tokenId };
  return { type, chainId, saleId: offer.saleId, buyer: offer.buyer.address, tokenId, priceWei: offer.price.amount, currency: offer.price.currency };
}

const eventOffer = (event: OfferEvent) => (event.type === 'offer.accept' || event.type === 'offer.retract' ? event.offer : null);
const doneOutput = (event: unknown) => (event as { output?: { error: unknown; hash: string | null } }).output;

export const offerMachine = setup({
  types: {
    input: {} as OfferInput,
    context: {} as OfferContext,
    events: {} as OfferEvent,
    tags: {} as OfferTag,
  },
  actors: {
    // The contractAction machine with the chain effects, provided by src/services/flows/token.ts (loaded with the
    // first trade); not imported here, so the machine that decides what the page shows loads without it.
    contractAction: notProvidedContractAction('offerMachine'),
    watchViewer,
  },
  actions: {
    assignViewer: assign({ viewer: ({ context, event }) => (event.type === 'viewer.changed' ? event.viewer : context.viewer) }),
    assignOffer: assign({ offer: ({ event }) => eventOffer(event) }),
    settle: assign({ settled: ({ context }) => (context.offer ? [...context.settled, offerKey(context.offer)] : context.settled), offer: null }),
    release: assign({ offer: null }),
  },
  guards: {
    canAccept: ({ context, event }) => event.type === 'offer.accept' && offerRights(context.viewer, event.offer, context.settled).accept,
    canRetract: ({ context, event }) => event.type === 'offer.retract' && offerRights(context.viewer, event.offer, context.settled).retract,
    succeeded: ({ event }) => runSucceeded(doneOutput(event)),
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => ({ token: input.token, viewer: NO_VIEWER, offer: null, settled: [] }),
  invoke: { id: 'watchViewer', src: 'watchViewer' },
  on: { 'viewer.changed': { actions: 'assignViewer' } },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'offer.accept': { guard: 'canAccept', target: 'accepting', actions: 'assignOffer' },
        'offer.retract': { guard: 'canRetract', target: 'retracting', actions: 'assignOffer' },
      },
    },
    accepting: {
      tags: 'busy',
      invoke: {
        id: 'trade',
        src: 'contractAction',
        input: ({ context, self }) => tradeInput(self.system, actionOf(context, context.offer!, 'acceptOffer')),
        onDone: [{ guard: 'succeeded', target: 'idle', actions: 'settle' }, { target: 'idle', actions: 'release' }],
        onError: { target: 'idle', actions: 'release' },
      },
    },
    retracting: {
      tags: 'busy',
      invoke: {
        id: 'trade',
        src: 'contractAction',
        input: ({ context, self }) => tradeInput(self.system, actionOf(context, context.offer!, 'retractOffer')),
        onDone: [{ guard: 'succeeded', target: 'idle', actions: 'settle' }, { target: 'idle', actions: 'release' }],
        onError: { target: 'idle', actions: 'release' },
      },
    },
  },
});

export type OfferMachine = typeof offerMachine;
export type OfferActor = ActorRefFrom<typeof offerMachine>;

export interface OfferRow extends OfferRights {
  /** This row's action is running (its buttons disabled, its phase shown). */
  running: boolean;
  /** Another row's or this row's action runs: one wallet action at a time. */
  busy: boolean;
}

/** One row's view of the machine: what to show for `offer` (the view selects this, never re-derives it). */
export function offerRowOf(snapshot: SnapshotFrom<typeof offerMachine>, offer: OfferFacts): OfferRow {
  const { context } = snapshot;
  return {
    ...offerRights(context.viewer, offer, context.settled),
    running: context.offer !== null && offerKey(context.offer) === offerKey(offer),
    busy: snapshot.hasTag('busy'),
  };
}
