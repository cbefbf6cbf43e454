// The token page's flows (/token/$id), each provided once: every actor and action name of their machines mapped to
// src/services. Views run them with useFlow(flow, { input }); unit tests replace them by machine id through
// FlowOverridesProvider (src/app/flows.tsx).
import { fromPromise, type ActorRefFrom } from 'xstate';
import { createPagedListMachine, fetchPageActor } from '../../../machines/lists/pagedListMachine';
import { createTokenOffersMachine } from '../../../machines/token/tokenOffersMachine';
import { createTokenPageMachine } from '../../../machines/token/tokenPageMachine';
import { offerMachine } from '../../../machines/trading/offerMachine';
import { saleMachine } from '../../../machines/trading/saleMachine';
import { lazyContractAction } from '../chain/lazyContractAction';
import { lazyCommentThread } from './lazyCommentThread';
import { fetchTokenOffersPage, fetchTokenPage, type OfferListParams, type TokenOffer, type TokenPageData } from '../token';
import { navigateTo } from './navigation';

/** The offers list, 12 a page, reloaded by this token's live offer events. */
export const tokenOffersFlow = createTokenOffersMachine<TokenOffer, OfferListParams>().provide({
  actors: {
    offersList: createPagedListMachine<TokenOffer, OfferListParams>().provide({ actors: { fetchPage: fetchPageActor(fetchTokenOffersPage) } }),
  },
});

/**
 * Buy at the listed price and make an offer: one contractAction run (check, network, signing, mining) at a time. Its
 * code loads with the page's first trade (lazyContractAction), not with the page.
 */
export const tokenSaleFlow = saleMachine.provide({ actors: { contractAction: lazyContractAction.logic } });

/** Accept (the seller) and Retract (the buyer) on the token's offers: the same lazily loaded contract action. */
export const tokenOfferActionsFlow = offerMachine.provide({ actors: { contractAction: lazyContractAction.logic } });

/**
 * The page: load by holding id, refetch on its sale's live events, 'Token has been sold' and explore when gone; its
 * children (the sale, the offers list, the offer actions, the comment thread) provided here, each by its machine's id.
 * The thread's code loads with the comments panel near the screen (lazyCommentThread), not with the page.
 */
export const tokenPageFlow = createTokenPageMachine<TokenPageData, TokenOffer>().provide({
  actors: {
    fetchTokenPage: fromPromise(({ input, signal }) => fetchTokenPage(input.id, signal)),
    sale: tokenSaleFlow,
    tokenOffers: tokenOffersFlow,
    offer: tokenOfferActionsFlow,
    loadCommentThread: fromPromise(async () => {
      await lazyCommentThread.load();
    }),
    commentThread: lazyCommentThread.logic,
  },
  actions: { leaveToExplore: () => navigateTo({ to: '/explore', replace: true }) },
});

export type TokenPageActor = ActorRefFrom<typeof tokenPageFlow>;
