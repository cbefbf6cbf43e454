// The dashboard's flows (/account/dashboard; a token's dashboard is ./tokenDashboard), each provided once: every
// actor and action name of their machines mapped to src/services. Views run them with useFlow(flow, { input }); unit tests
// replace them by machine id through FlowOverridesProvider (src/app/flows.tsx).
import { fromPromise } from 'xstate';
import { collectionCoverMachine } from '../../../machines/collection/collectionCoverMachine';
import { chainActionMachine } from '../../../machines/dashboard/chainActionMachine';
import { dashboardTabsMachine } from '../../../machines/dashboard/dashboardTabsMachine';
import { validateDashboardSearch } from '../../../machines/dashboard/tabs';
import { collectionSellMachine } from '../../../machines/dashboard/collectionSellMachine';
import { createCreationCardMachine } from '../../../machines/dashboard/creationCardMachine';
import { provideContractAction } from '../chain/contractAction';
import { createPagedListMachine, fetchPageActor } from '../../../machines/lists/pagedListMachine';
import { fetchCreatedCollectionsPage, getCreatedCollection, getCreationListings, type CreatedCollection, type CreatedCollectionsParams, type CreationListings } from '../dashboard/creations';
import { formDraftHooks } from '../formDrafts';
import { saveCover } from './collection';
import { navigateTo, routeSearch } from './navigation';

/** Accept (received offers) and Retract (sent offers) on a dashboard offer row: one contractAction child. */
export const dashboardChainActionFlow = chainActionMachine.provide({ actors: { contractAction: provideContractAction() } });

/**
 * A My creations card: its collection and current listings (refreshed on live staleness, after edits and mined
 * actions), its sell panel, whose List collection / Cancel collection sale run as contractAction children, and its
 * cover editor, whose saved cover shows once the card has refreshed; View All Offers opens its received offers.
 */
export const creationCardFlow = createCreationCardMachine<CreatedCollection, CreationListings>().provide({
  actors: {
    loadCard: fromPromise(async ({ input, signal }) => {
      const [collection, listings] = await Promise.all([
        input.fresh ? getCreatedCollection(input.id, signal) : Promise.resolve(null),
        getCreationListings(input.id, input.seller, signal),
      ]);
      return { collection, listings };
    }),
    // Both keep their typing (a price, a chosen cover) as per-account drafts in the form-drafts store.
    collectionSell: collectionSellMachine.provide({ actors: { contractAction: provideContractAction(), ...formDraftHooks.actors }, actions: formDraftHooks.actions }),
    collectionCover: collectionCoverMachine.provide({ actors: { saveCover, ...formDraftHooks.actors }, actions: formDraftHooks.actions }),
  },
  actions: {
    // The dashboard's received offers, filtered by its `collection` search param.
    goToOffers: (_, { collectionId }) => navigateTo({ href: `/account/dashboard?tab=received&collection=${encodeURIComponent(collectionId)}` }),
  },
});

/** My creations: the creator's collections, PAGE_SIZE.collections at a time (each card refreshes itself). */
export const createdCollectionsFlow = createPagedListMachine<CreatedCollection, CreatedCollectionsParams>().provide({
  actors: { fetchPage: fetchPageActor(fetchCreatedCollectionsPage) },
});

/** The dashboard's tabs: the shown tab follows the URL and the account's role; a chosen tab goes into the URL. */
export const dashboardTabsFlow = dashboardTabsMachine.provide({
  actors: {
    routeSearch: routeSearch('/_auth/account/dashboard/', (search) => ({ type: 'tab.requested', tab: validateDashboardSearch(search).tab ?? null })),
  },
  actions: {
    // Another tab drops the collection filter: it belongs to the received offers it was opened for.
    showTabInUrl: (_, { tab, replace }) => navigateTo({ to: '/account/dashboard', search: { tab }, replace }),
  },
});
