// A token's dashboard (/account/dashboard/token/$id), provided once: every actor and action name of its machine
// mapped to src/services. A module of its own so the route's first load carries this flow only, not the dashboard's
// tabs, creation cards and sell panels (the phone-performance work).
import { fromPromise } from 'xstate';
import { createTokenDashboardMachine } from '../../../machines/dashboard/tokenDashboardMachine';
import { lazyContractAction } from '../chain/lazyContractAction';
import { fetchTokenDashboard } from '../dashboard/tokenDashboard';
import type { TokenDetail, TokenOffer } from '../token';
import { formDraftHooks } from '../formDrafts';
import { navigateTo } from './navigation';

/** The token dashboard: load, list for sale / cancel listing / accept through one contractAction child at a time. */
export const tokenDashboardFlow = createTokenDashboardMachine<TokenDetail, TokenOffer>().provide({
  actors: {
    fetchDashboard: fromPromise(({ input, signal }) => fetchTokenDashboard(input, signal)),
    // Fetched with the first List, Cancel or Accept (lazyContractAction: a run waits for its code, shown as its first step).
    contractAction: lazyContractAction.logic,
    ...formDraftHooks.actors,
  },
  actions: { leaveToExplore: () => navigateTo({ to: '/explore', replace: true }), ...formDraftHooks.actions },
});

export type TokenDashboardFlow = typeof tokenDashboardFlow;
