import { useEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { filtersFromSearch, type ExploreFilters, type ExploreSearch } from '../../../machines/explore/exploreFilters';
import type { ExplorePageActor } from '../../../machines/explore/explorePageMachine';
import { useSystemActor } from '../../app/appActorContext';
import { useFlow } from '../../app/flows';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { CollectionList } from '../../components/collections/CollectionList';
import { TokenList } from '../../components/tokens/TokenList';
import { exploreFlow } from '../../services/flows/explore';
import { marketplaceCollectionsList, marketplaceTokensList } from '../../services/flows/marketplaceLists';
import { FavouritesList } from './FavouritesList';
import { FilterPanel, VIEW_LABELS } from './FilterPanel';
import { EXPLORE_LIST_KEYS, EXPLORE_PAGE_SIZES, exploreListParams } from './exploreLists';
import '../../styles/explore.css';

export interface ExploreViewProps {
  /** The validated search params of /explore: the source of truth for the filters. */
  search: ExploreSearch;
}

function ExploreList({ filters, page }: { filters: ExploreFilters; page: ExplorePageActor }) {
  const params = exploreListParams(filters);
  if (filters.view === 'collection') {
    return (
      <CollectionList
        listKey={EXPLORE_LIST_KEYS.collection}
        list={marketplaceCollectionsList}
        params={params}
        pageSize={EXPLORE_PAGE_SIZES.collection}
        label="Collections"
        endsPage
      />
    );
  }
  if (filters.view === 'myFavorites') return <FavouritesList page={page} />;
  return (
    <TokenList
      listKey={EXPLORE_LIST_KEYS.token}
      list={marketplaceTokensList}
      params={params}
      pageSize={EXPLORE_PAGE_SIZES.token}
      label="Artworks"
      progressive
      endsPage
    />
  );
}

/** Explore: the filter panel beside the artworks, collections or favourites it selects, page by page. */
export function ExploreView({ search }: ExploreViewProps) {
  useDocumentTitle('Explore art');
  const searchKey = JSON.stringify(search);
  const filters = useMemo(() => filtersFromSearch(JSON.parse(searchKey) as Record<string, unknown>), [searchKey]);
  const page = useFlow(exploreFlow, { input: { filters } });
  const panel = useSelector(page, (snapshot) => snapshot.children.panel);
  const picker = useSelector(page, (snapshot) => snapshot.children.picker);
  // The chosen artists' names (src/services/flows/explore.ts).
  const artists = useSelector(page, (snapshot) => snapshot.context.artists);
  const config = useSystemActor('config');
  const chains = useSelector(config, (snapshot) => snapshot.context.config?.evms ?? []);

  // 'Show results' in the phone drawer lands on the results: focus (and with it the scroll) moves to them.
  const results = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!panel) return;
    const subscription = panel.on('panel.resultsShown', () => {
      results.current?.focus({ preventScroll: true });
      results.current?.scrollIntoView({ block: 'start' });
    });
    return () => subscription.unsubscribe();
  }, [panel]);

  return (
    <div className="page explore">
      <header className="page-header">
        <h1 className="page-title">Explore art</h1>
        <p className="page-subheading">Artworks and collections from the artists of the marketplace.</p>
      </header>
      <div className="explore-layout">
        {panel && (
          <FilterPanel
            panel={panel}
            chains={chains}
            picker={picker}
            artists={artists}
            onChooseArtist={(artist) => page.send({ type: 'artists.choose', artist })}
          />
        )}
        <section ref={results} className="explore-results" aria-label={VIEW_LABELS[filters.view]} tabIndex={-1}>
          <ExploreList filters={filters} page={page} />
        </section>
      </div>
    </div>
  );
}
