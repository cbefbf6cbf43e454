// The explore filters (docs/requirements.md#explore) and their URL form, fixed by the team brief:
// search params view, sort, media[], artist[] (the seed's creatorsIds), chain[], and the seed's filter state's status[] (buy_now, has_offers) and
// minPrice, maxPrice (a decimal amount of the listing currency: 0.5); defaults omitted; invalid values fall back to
// defaults.

export const EXPLORE_VIEWS = ['token', 'collection', 'myFavorites'] as const;
export type ExploreView = (typeof EXPLORE_VIEWS)[number];

export const EXPLORE_SORT_NAMES = [
  'newest',
  'oldest',
  'most_liked',
  'highest_price',
  'lowest_price',
  'recently_listed',
  'recently_sold',
  'highest_last_sale',
] as const;
export type ExploreSortName = (typeof EXPLORE_SORT_NAMES)[number];
/** The seed's sorts of listing and sale facts, which only artworks have: the collections view falls back to newest. */
export const ARTWORK_ONLY_SORTS: readonly ExploreSortName[] = ['recently_listed', 'recently_sold', 'highest_last_sale'];
/** The sorts a view offers. */
export const sortsOfView = (view: ExploreView): readonly ExploreSortName[] =>
  view === 'token' ? EXPLORE_SORT_NAMES : EXPLORE_SORT_NAMES.filter((sort) => !ARTWORK_ONLY_SORTS.includes(sort));

// The media types a visitor can filter by (docs/requirements.md#explore): image, gif, multipart/image, multipart/mixed, video, sound.
export const EXPLORE_MEDIA_TYPES = ['image', 'gif', 'multipart/image', 'multipart/mixed', 'video', 'sound'] as const;
export type ExploreMediaType = (typeof EXPLORE_MEDIA_TYPES)[number];

// The seed's status filters this marketplace has (no auctions or bids): listed for sale, with an open offer. Artworks only.
export const EXPLORE_STATUSES = ['buy_now', 'has_offers'] as const;
export type ExploreStatus = (typeof EXPLORE_STATUSES)[number];

export interface ExploreFilters {
  view: ExploreView;
  sort: ExploreSortName;
  media: ExploreMediaType[];
  /** The seed's creatorsIds: creator addresses (lower case, in the order chosen), none for every artist. */
  artists: string[];
  chain: number[];
  /** Artworks only: the collections view leaves it out of its request. */
  status: ExploreStatus[];
  /** The price range's ends as decimal amounts ('0.5'), or null for no bound; listed artworks only once either is set. */
  minPrice: string | null;
  maxPrice: string | null;
}

/** The search params of /explore: only what differs from the defaults. */
export interface ExploreSearch {
  view?: ExploreView;
  sort?: ExploreSortName;
  media?: ExploreMediaType[];
  /** The chosen artists' addresses (a single ?artist=0x… from an older link reads as one). */
  artist?: string[];
  chain?: number[];
  status?: ExploreStatus[];
  /** Numbers, so the URL reads minPrice=0.5 (the router quotes a string that looks like a number). */
  minPrice?: number;
  maxPrice?: number;
}

export const DEFAULT_EXPLORE_FILTERS: ExploreFilters = { view: 'token', sort: 'newest', media: [], artists: [], chain: [], status: [], minPrice: null, maxPrice: null };

// One end of the price range: a plain decimal amount with at most 4 decimals (a listing price's step is 0.0001, so a
// finer bound matches nothing more) and at most 9 whole digits, so a number holds it exactly (13 significant digits).
// Kept small: this file is in every route's first load (the explore route's validateSearch).
const PRICE_BOUND = /^\d{0,9}(\.\d{0,4})?$/;

/** One end of the range as kept (and put in the URL): the amount in its shortest form ('00.50' is '0.5'), or null. */
export function priceBound(value: unknown): string | null {
  const text = String(value ?? '').trim();
  return PRICE_BOUND.test(text) && /\d/.test(text) ? String(Number(text)) : null;
}

/** Whether the kept range's minimum is above its maximum (it matches nothing). */
export const priceRangeReversed = (min: string | null, max: string | null): boolean => min !== null && max !== null && Number(min) > Number(max);

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** At most this many artists at once (the server takes at most 20 creatorsIds). */
export const MAX_EXPLORE_ARTISTS = 10;

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

/** Filters from raw search params: every unknown or malformed value is dropped (falls back to the default). */
export function filtersFromSearch(search: Record<string, unknown>): ExploreFilters {
  const media = EXPLORE_MEDIA_TYPES.filter((type) => asList(search.media).includes(type));
  const chain = [...new Set(asList(search.chain).map((value) => Number(value)))]
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .sort((a, b) => a - b);
  const artists = [
    ...new Set(asList(search.artist).flatMap((value) => (typeof value === 'string' && ADDRESS.test(value) ? [value.toLowerCase()] : []))),
  ].slice(0, MAX_EXPLORE_ARTISTS);
  // A range whose minimum is above its maximum matches nothing: the link falls back to no range.
  const reversed = priceRangeReversed(priceBound(search.minPrice), priceBound(search.maxPrice));
  const view = oneOf(EXPLORE_VIEWS, search.view) ?? DEFAULT_EXPLORE_FILTERS.view;
  return {
    view,
    sort: oneOf(sortsOfView(view), search.sort) ?? DEFAULT_EXPLORE_FILTERS.sort,
    media,
    artists,
    chain,
    status: EXPLORE_STATUSES.filter((status) => asList(search.status).includes(status)),
    minPrice: reversed ? null : priceBound(search.minPrice),
    maxPrice: reversed ? null : priceBound(search.maxPrice),
  };
}

/** The URL form of filters, defaults omitted, so equal filters always give the same link. */
export function searchFromFilters(filters: ExploreFilters): ExploreSearch {
  const search: ExploreSearch = {};
  if (filters.view !== DEFAULT_EXPLORE_FILTERS.view) search.view = filters.view;
  if (filters.sort !== DEFAULT_EXPLORE_FILTERS.sort) search.sort = filters.sort;
  if (filters.media.length) search.media = EXPLORE_MEDIA_TYPES.filter((type) => filters.media.includes(type));
  if (filters.artists.length) search.artist = [...filters.artists];
  if (filters.chain.length) search.chain = [...filters.chain].sort((a, b) => a - b);
  if (filters.status.length) search.status = EXPLORE_STATUSES.filter((status) => filters.status.includes(status));
  if (filters.minPrice !== null) search.minPrice = Number(filters.minPrice);
  if (filters.maxPrice !== null) search.maxPrice = Number(filters.maxPrice);
  return search;
}

/** The route's validateSearch: raw params in, normalised params out. */
export const validateExploreSearch = (search: Record<string, unknown>): ExploreSearch => searchFromFilters(filtersFromSearch(search));
