// Page sizes, named as the specification names them; each line's rule is in the area it points at.
import { EXPLORE_TOKEN_PAGE_SIZE } from '../../domain/firstReads/explore';

export const PAGE_SIZE = {
  default: 20, // docs/requirements.md#list-loading
  comments: 20, // docs/requirements.md#comments
  collections: 5, // docs/requirements.md#dashboard (My creations)
  tokens: 15, // docs/requirements.md#dashboard (collection tokens, purchased tokens)
  offers: 12, // docs/requirements.md#dashboard (received offers)
  favorites: 10, // docs/requirements.md#dashboard
  exploreCollectionList: 4, // docs/requirements.md#explore
  exploreTokenLists: EXPLORE_TOKEN_PAGE_SIZE, // docs/requirements.md#explore
  collectionDisplay: 12, // docs/requirements.md#collection-page
  siblingQuery: 4, // docs/requirements.md#token-page
} as const;

// See docs/requirements.md#token-page: the sibling query shows at most 3 thumbnails.
export const SIBLING_THUMBNAILS_SHOWN = 3;

// See docs/requirements.md#list-loading "Infinite scroll triggers at 10% visibility" (IntersectionObserver threshold).
export const INFINITE_SCROLL_THRESHOLD = 0.1;

// See docs/requirements.md#live-events "Live-event list refresh delay 2 seconds".
export const LIVE_REFRESH_DELAY_MS = 2000;
