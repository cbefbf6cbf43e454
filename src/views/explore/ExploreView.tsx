import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { filtersFromSearch, searchFromFilters, type ExploreFilters, type ExploreSearch } from '../../../machines/explore/exploreFilters';
import { filterPanelMachine } from '../../../machines/explore/filterPanelMachine';
import { useSystemActor } from '../../app/appActorContext';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { CollectionList } from '../../components/collections/CollectionList';
import { forgetListSnapshot } from '../../components/tokens/listSnapshots';
import { TokenList } from '../../components/tokens/TokenList';
import {
  fetchLikedTokensPage,
  fetchMarketplaceCollectionsPage,
  fetchMarketplaceTokensPage,
  getMarketplaceArtists,
  type FetchCollectionPage,
  type FetchLikedTokenPage,
  type FetchTokenPage,
  type PersonInfo,
} from '../../services/marketplace';
import { FavouritesList } from './FavouritesList';
import { FilterPanel, VIEW_LABELS } from './FilterPanel';
import { EXPLORE_LIST_KEYS, EXPLORE_PAGE_SIZES, exploreListKey, exploreListParams } from './exploreLists';
import '../../styles/explore.css';

export interface ExploreServices {
  fetchTokens: FetchTokenPage;
  fetchCollections: FetchCollectionPage;
  fetchFavourites: FetchLikedTokenPage;
  fetchArtists: (signal?: AbortSignal) => Promise<PersonInfo[]>;
}

export const exploreServices: ExploreServices = {
  fetchTokens: fetchMarketplaceTokensPage,
  fetchCollections: fetchMarketplaceCollectionsPage,
  fetchFavourites: fetchLikedTokensPage,
  fetchArtists: getMarketplaceArtists,
};

export interface ExploreViewProps {
  /** The validated search params of /explore: the source of truth for the filters. */
  search: ExploreSearch;
  /** Navigates to new search params (the route replaces nothing: each filter change is a history entry). */
  onSearchChange: (search: ExploreSearch) => void;
  services?: Partial<ExploreServices>;
}

function useArtists(fetchArtists: ExploreServices['fetchArtists']): PersonInfo[] {
  const [artists, setArtists] = useState<PersonInfo[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    // The artist list only helps filtering: without it the panel still offers "All artists" and a linked artist.
    fetchArtists(controller.signal).then(setArtists, () => undefined);
    return () => controller.abort();
  }, [fetchArtists]);
  return artists;
}

function ExploreList({ filters, services }: { filters: ExploreFilters; services: ExploreServices }) {
  const params = exploreListParams(filters);
  if (filters.view === 'collection') {
    return (
      <CollectionList
        listKey={EXPLORE_LIST_KEYS.collection}
        fetchPage={services.fetchCollections}
        params={params}
        pageSize={EXPLORE_PAGE_SIZES.collection}
        label="Collections"
        emptyText="No collections found"
      />
    );
  }
  if (filters.view === 'myFavorites') return <FavouritesList fetchPage={services.fetchFavourites} />;
  return (
    <TokenList
      listKey={EXPLORE_LIST_KEYS.token}
      fetchPage={services.fetchTokens}
      params={params}
      pageSize={EXPLORE_PAGE_SIZES.token}
      label="Artworks"
      emptyText="No artworks found"
    />
  );
}

/** Explore: the filter panel beside the artworks, collections or favourites it selects, page by page. */
export function ExploreView({ search, onSearchChange, services: overrides }: ExploreViewProps) {
  useDocumentTitle('Explore art');
  const services = useMemo(() => ({ ...exploreServices, ...overrides }), [overrides]);
  const searchKey = JSON.stringify(search);
  const filters = useMemo(() => filtersFromSearch(JSON.parse(searchKey) as Record<string, unknown>), [searchKey]);
  const panel = useActorRef(filterPanelMachine, { input: { filters } });
  const config = useSystemActor('config');
  const chains = useSelector(config, (snapshot) => snapshot.context.config?.evms ?? []);
  const wallet = useSystemActor('walletSession');
  const account = useSelector(wallet, (snapshot) => (snapshot.hasTag('registered') ? snapshot.context.address : null));
  const artists = useArtists(services.fetchArtists);

  // The URL is the source of truth: Back, Forward and shared links set the panel.
  useEffect(() => panel.send({ type: 'filters.sync', filters }), [panel, filters]);

  useEffect(() => {
    const subscription = panel.on('filters.changed', ({ filters: next }) => {
      // A filter chosen in the panel loads its list from the first page, even if it was seen before.
      forgetListSnapshot(exploreListKey(next, account));
      onSearchChange(searchFromFilters(next));
    });
    return () => subscription.unsubscribe();
  }, [panel, onSearchChange, account]);

  return (
    <div className="page explore">
      <header className="page-header">
        <h1 className="page-title">Explore art</h1>
        <p className="page-subheading">Artworks and collections from the artists of the marketplace.</p>
      </header>
      <div className="explore-layout">
        <FilterPanel panel={panel} chains={chains} artists={artists} />
        <section className="explore-results" aria-label={VIEW_LABELS[filters.view]}>
          <ExploreList filters={filters} services={services} />
        </section>
      </div>
    </div>
  );
}
