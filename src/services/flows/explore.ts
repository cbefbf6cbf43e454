// The explore page flow (explorePageMachine), provided once: the artist picker's search among every artist, the
// chosen artists' names, the wallet session settling before the favourites view speaks, and the navigation a filter
// change makes.
import { fromPromise } from 'xstate';
import { filtersFromSearch, searchFromFilters } from '../../../machines/explore/exploreFilters';
import { explorePageMachine, type ArtistPickerResults } from '../../../machines/explore/explorePageMachine';
import { createSearchMachine } from '../../../machines/search/searchMachine';
import { walletOf } from '../../../machines/system/systemActors';
import { systemActor } from '../../../machines/system/systemRegistry';
import { forgetListSnapshot } from '../../components/tokens/listSnapshots';
import { exploreListKey } from '../../views/explore/exploreLists';
import { fetchArtistNames, searchArtistsByName } from '../exploreArtists';
import { settledWalletSession } from '../wallet/routeGuard';
import { navigateTo, routeSearch } from './navigation';

/** The artist picker: the search machine, artists only (its text is not in the URL: the chosen artists are). */
export const artistPickerFlow = createSearchMachine<ArtistPickerResults>().provide({
  actors: { search: fromPromise(({ input, signal }) => searchArtistsByName(input.text, signal)) },
});

export const exploreFlow = explorePageMachine.provide({
  actors: {
    artistPicker: artistPickerFlow,
    loadArtists: fromPromise(({ input, signal }) => fetchArtistNames(input.addresses, signal)),
    walletSettled: fromPromise(async ({ system }) => {
      const session = systemActor(system, 'walletSession');
      if (session) await settledWalletSession(session);
    }),
    // Back, Forward and shared links set the filters: the URL is their source of truth.
    routeSearch: routeSearch('/explore', (search) => ({ type: 'filters.sync', filters: filtersFromSearch(search) })),
  },
  actions: {
    showFilters: ({ system }, { filters }) => {
      const wallet = walletOf(system);
      const account = wallet?.registered ? wallet.address : null;
      // A filter chosen in the panel loads its list from the first page, even if it was seen before.
      forgetListSnapshot(exploreListKey(filters, account));
      // Each filter change is a history entry (Back returns to the previous filters).
      navigateTo({ to: '/explore', search: { ...searchFromFilters(filters) } });
    },
  },
});
