import type { ExploreFilters } from '../../../machines/explore/exploreFilters';
import { PAGE_SIZE } from '../../../machines/lists/constants';
import { listSnapshotKey } from '../../components/tokens/listSnapshots';
import { marketplaceFilter, type TokenListParams } from '../../services/marketplace';

// Explore's lists: one key per view, so each keeps its own items and scroll offset (docs/requirements.md#explore).
export const EXPLORE_LIST_KEYS = {
  token: 'explore-tokens',
  collection: 'explore-collections',
  myFavorites: 'explore-favourites',
} as const;

// See docs/requirements.md#explore: explore token lists 15, explore collection list 4; favourites in explore are a token list (15).
export const EXPLORE_PAGE_SIZES = {
  token: PAGE_SIZE.exploreTokenLists,
  collection: PAGE_SIZE.exploreCollectionList,
  myFavorites: PAGE_SIZE.exploreTokenLists,
} as const;

/**
 * The amount in wei of a kept price bound ('0.5'; exploreFilters.ts priceBound): the API's minPrice and maxPrice. Not
 * machines/trading/amounts.ts toBaseUnits: importing it here splits it into a chunk of its own, which put the token and
 * studio pages over their first-load budgets; a kept bound needs none of its checks.
 */
export function priceBoundWei(bound: string): string {
  const [whole = '0', fraction = ''] = bound.split('.');
  return `${whole}${fraction.padEnd(18, '0')}`.replace(/^0+(?=\d)/, '');
}

/** What the token and collection views ask the server for. */
export function exploreListParams(filters: ExploreFilters): TokenListParams {
  const filter = marketplaceFilter({
    ...filters,
    // Status filters artworks only (the API refuses it for collections).
    status: filters.view === 'token' ? filters.status : [],
    minPriceWei: filters.minPrice === null ? null : priceBoundWei(filters.minPrice),
    maxPriceWei: filters.maxPrice === null ? null : priceBoundWei(filters.maxPrice),
  });
  return filter ? { sort: filters.sort, filters: filter } : { sort: filters.sort };
}

/** The saved-list key of the list these filters show (favourites: per account). */
export function exploreListKey(filters: ExploreFilters, account: string | null): string {
  if (filters.view === 'myFavorites') return listSnapshotKey(EXPLORE_LIST_KEYS.myFavorites, { account: account?.toLowerCase() ?? '' });
  return listSnapshotKey(EXPLORE_LIST_KEYS[filters.view], exploreListParams(filters));
}
