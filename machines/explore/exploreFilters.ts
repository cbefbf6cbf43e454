// The explore filters (docs/requirements.md#explore) and their URL form, fixed by the team brief:
// search params view, sort, media[], artist, chain[]; defaults omitted; invalid values fall back to defaults.

export const EXPLORE_VIEWS = ['token', 'collection', 'myFavorites'] as const;
export type ExploreView = (typeof EXPLORE_VIEWS)[number];

export const EXPLORE_SORT_NAMES = ['newest', 'oldest', 'most_liked', 'highest_price', 'lowest_price'] as const;
export type ExploreSortName = (typeof EXPLORE_SORT_NAMES)[number];

// The media types a visitor can filter by (docs/requirements.md#explore): image, gif, multipart/image, multipart/mixed, video, sound.
export const EXPLORE_MEDIA_TYPES = ['image', 'gif', 'multipart/image', 'multipart/mixed', 'video', 'sound'] as const;
export type ExploreMediaType = (typeof EXPLORE_MEDIA_TYPES)[number];

export interface ExploreFilters {
  view: ExploreView;
  sort: ExploreSortName;
  media: ExploreMediaType[];
  /** Creator address (lower case), or null for every artist. */
  artist: string | null;
  chain: number[];
}

/** The search params of /explore: only what differs from the defaults. */
export interface ExploreSearch {
  view?: ExploreView;
  sort?: ExploreSortName;
  media?: ExploreMediaType[];
  artist?: string;
  chain?: number[];
}

export const DEFAULT_EXPLORE_FILTERS: ExploreFilters = { view: 'token', sort: 'newest', media: [], artist: null, chain: [] };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** Filters from raw search params: every unknown or malformed value is dropped (falls back to the default). */
export function filtersFromSearch(search: Record<string, unknown>): ExploreFilters {
  const media = EXPLORE_MEDIA_TYPES.filter((type) => asList(search.media).includes(type));
  const chain = [...new Set(asList(search.chain).map((value) => Number(value)))]
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .sort((a, b) => a - b);
  const artist = typeof search.artist === 'string' && ADDRESS.test(search.artist) ? search.artist.toLowerCase() : null;
  return {
    view: oneOf(EXPLORE_VIEWS, search.view) ?? DEFAULT_EXPLORE_FILTERS.view,
    sort: oneOf(EXPLORE_SORT_NAMES, search.sort) ?? DEFAULT_EXPLORE_FILTERS.sort,
    media,
    artist,
    chain,
  };
}

/** The URL form of filters, defaults omitted, so equal filters always give the same link. */
export function searchFromFilters(filters: ExploreFilters): ExploreSearch {
  const search: ExploreSearch = {};
  if (filters.view !== DEFAULT_EXPLORE_FILTERS.view) search.view = filters.view;
  if (filters.sort !== DEFAULT_EXPLORE_FILTERS.sort) search.sort = filters.sort;
  if (filters.media.length) search.media = EXPLORE_MEDIA_TYPES.filter((type) => filters.media.includes(type));
  if (filters.artist) search.artist = filters.artist;
  if (filters.chain.length) search.chain = [...filters.chain].sort((a, b) => a - b);
  return search;
}

/** The route's validateSearch: raw params in, normalised params out. */
export const validateExploreSearch = (search: Record<string, unknown>): ExploreSearch => searchFromFilters(filtersFromSearch(search));

export const sameFilters = (a: ExploreFilters, b: ExploreFilters) =>
  JSON.stringify(searchFromFilters(a)) === JSON.stringify(searchFromFilters(b));

export const isDefaultFilters = (filters: ExploreFilters) => sameFilters(filters, DEFAULT_EXPLORE_FILTERS);

/**
 * How many values the reader chose, for the Filters button's badge: the view and the sort when not the default, each
 * media type and chain, and the artist. The favourites view lists likes as they are, so only its view counts there.
 */
export function chosenFilterCount(filters: ExploreFilters): number {
  const view = filters.view !== DEFAULT_EXPLORE_FILTERS.view ? 1 : 0;
  if (filters.view === 'myFavorites') return view;
  const sort = filters.sort !== DEFAULT_EXPLORE_FILTERS.sort ? 1 : 0;
  return view + sort + filters.media.length + filters.chain.length + (filters.artist ? 1 : 0);
}
