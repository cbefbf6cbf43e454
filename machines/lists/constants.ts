// Seed 000 §9 "Page sizes", named as the seed names them.
export const PAGE_SIZE = {
  default: 20,
  comments: 20,
  collections: 5,
  tokens: 15,
  offers: 12,
  favorites: 10,
  exploreCollectionList: 4,
  exploreTokenLists: 15,
  collectionDisplay: 12,
  siblingQuery: 4,
} as const;

// Seed 000 §9: the sibling query shows at most 3 thumbnails.
export const SIBLING_THUMBNAILS_SHOWN = 3;

// Seed 000 §9 "Infinite scroll triggers at 10% visibility" (IntersectionObserver threshold).
export const INFINITE_SCROLL_THRESHOLD = 0.1;

// Seed 000 §9 "Live-event list refresh delay 2 seconds".
export const LIVE_REFRESH_DELAY_MS = 2000;
