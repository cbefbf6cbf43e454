// The sorts and filters the GraphQL bench measures getMarketplaceTokens with (scripts/bench.ts, explainTokens.ts).
import { EXPLORE_SORTS } from '../../domain/firstReads/explore';

/** Every sort explore offers, as the app sends it. */
export const BENCH_SORTS = EXPLORE_SORTS;

export const BENCH_FILTERS: Record<string, Record<string, unknown>> = {
  none: {},
  mediaTypes: { mediaTypes: ['image'] },
  chainIds: { chainIds: [31337] },
  // The first benchmark creator (scripts/seed/benchmark.ts hexAddress(0xbe0c, 1)).
  creator: { creator: '0xbe0c000000000000000000000000000000000001' },
  // The market filters (issue 32): a price range over part of the seeded prices (0.01 to 50 ETH), listed, with offers.
  priceRange: { minPrice: '1000000000000000000', maxPrice: '2000000000000000000' },
  buyNow: { status: ['buy_now'] },
  hasOffers: { status: ['has_offers'] },
};

/**
 * What a visitor types into search, key by key and then a whole name (scripts/seed/benchmark.ts names tokens
 * '<word> #<n>' and collections '<word> <word> <n>' from 16 words): a common word's prefix matches thousands, a name few.
 */
export const BENCH_SEARCH_TEXTS = ['bl', 'blo', 'bloom', 'bloom #4', 'meridian tide', 'tide 4321'];
